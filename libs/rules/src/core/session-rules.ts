/**
 * Judging above the round: what a table's opening, a limit change or a new shoe says before any coup
 * is dealt (issue 14 §2–§4). The facts are accepted and stored (contract §1.1); what breaks a rule is a
 * finding on the session, shown with the table book and in the inspector's report.
 *
 * - settings: every bet's house edge under the session's options, computed through the game's own
 *   settlement (`GameRules.houseEdges`); a bet the player has the edge on is `PLAYER_EDGE_SETTING`,
 *   and the game's own opening checks (`GameRules.judgeOpening`) add theirs;
 * - a shoe: its decks and where the cut card went, against `GameRules.shoeRules`;
 * - a coup begun after the cut card came out, beyond those the rules allow (judged with the round, in
 *   `judge-round.ts`, from the shoe's count the session tracker keeps).
 */
import { deckCards } from './cards';
import type { GameRules, LimitCheck, RoundEnv, SessionOpening } from './game';
import { BetEdge, playerEdges } from './house-edge';
import { amount, phrase, term } from './phrase';
import type { Finding, ShoeInPlay } from './types';

/** Session findings, and what could not be judged (never a finding). */
export interface SessionJudgement {
  readonly findings: Finding[];
  readonly notes: string[];
}

const percent = (x: number) => `${(x * 100).toFixed(3).replace(/\.?0+$/, '')} %`;

/**
 * House edges by game, jurisdiction and settings: the same settings open many tables (every session of
 * a day), and some games' figures take an enumeration or a simulation to compute.
 */
const edgesBySettings = new Map<string, readonly BetEdge[]>();
const EDGE_CACHE_SIZE = 512;

function houseEdgesOf(rules: GameRules, env: RoundEnv): readonly BetEdge[] {
  const key = `${rules.game}|${env.rulebook.jurisdiction}|${JSON.stringify(env.options)}`;
  let edges = edgesBySettings.get(key);
  if (!edges) {
    edges = rules.houseEdges!(env);
    if (edgesBySettings.size >= EDGE_CACHE_SIZE) edgesBySettings.delete(edgesBySettings.keys().next().value!);
    edgesBySettings.set(key, edges);
  }
  return edges;
}

/** The opening (or a change of limits): the game's own checks and every bet's house edge. */
export function judgeSettings(rules: GameRules, env: RoundEnv, opening: SessionOpening, what: { houseEdges?: boolean } = {}): SessionJudgement {
  const findings: Finding[] = [...(rules.judgeOpening?.(opening, env) ?? [])];
  const notes: string[] = [];
  if (rules.houseEdges && what.houseEdges !== false) {
    let edges;
    try {
      edges = houseEdgesOf(rules, env);
    } catch (error) {
      // an edge that cannot be computed is no accusation: it is said, and the session judged without it
      notes.push(`house edges not computed under these settings: ${(error as Error).message}`);
    }
    for (const e of playerEdges(edges ?? [])) {
      const what = e.selection === undefined ? e.betType : `${e.betType} ${JSON.stringify(e.selection)}`;
      findings.push({
        code: 'PLAYER_EDGE_SETTING',
        eventId: opening.eventId,
        expected: 'a house edge above 0 on every bet',
        recorded: {
          betType: e.betType,
          selection: e.selection,
          houseEdge: e.houseEdge,
          returnPerUnit: e.returnPerUnit,
          method: e.method,
          settings: e.settings,
        },
        rule: `${rules.game}/house-edge`,
        citation: e.citation,
        message:
          e.houseEdge < 0
            ? `under this table's settings the ${what} bet returns ${e.returnPerUnit.toFixed(4)} per unit staked: the player has an edge of ${percent(-e.houseEdge)}`
            : `under this table's settings the ${what} bet returns exactly its stake on average: the house has no edge on it`,
        messagePhrase: phrase('finding.houseEdge', { bet: what, returns: e.returnPerUnit.toFixed(4), edge: e.houseEdge < 0 ? percent(-e.houseEdge) : 'none' }),
      });
    }
  }
  return { findings, notes };
}

/** A new shoe (`ShoeStarted`): the decks it holds and where the cut card went. */
export function judgeShoe(
  rules: GameRules,
  env: RoundEnv,
  shoe: { shoeId: string; decks: number; cutCardPosition?: number; eventId?: string },
): SessionJudgement {
  const required = rules.shoeRules?.(env);
  if (!required) return { findings: [], notes: [] };
  const findings: Finding[] = [];
  const notes: string[] = [];
  const game = rules.game;
  if (!required.decks.value.includes(shoe.decks)) {
    findings.push({
      code: 'SESSION_RULE_VIOLATION',
      eventId: shoe.eventId,
      expected: required.decks.value.length === 1 ? required.decks.value[0] : required.decks.value,
      recorded: shoe.decks,
      rule: `${game}/shoe-decks`,
      citation: required.decks.cite,
      message: `shoe ${shoe.shoeId} was started with ${shoe.decks} decks; the rules require ${required.decks.value.join(' or ')}`,
      messagePhrase: phrase('finding.shoe.decks', { shoe: shoe.shoeId, decks: shoe.decks, required: required.decks.value.join(' / ') }),
    });
  }
  const behindRule = required.cardsBehindCut;
  const deck = rules.deck?.(env);
  if (behindRule && deck) {
    if (shoe.cutCardPosition === undefined) {
      notes.push(`shoe ${shoe.shoeId}: the cut card's position was not recorded, so where it went is not judged`);
    } else {
      const behind = deckCards(deck).length * shoe.decks - shoe.cutCardPosition;
      const { exactly, atLeast } = behindRule.value;
      const wrong = (exactly !== undefined && behind !== exactly) || (atLeast !== undefined && behind < atLeast);
      if (wrong) {
        findings.push({
          code: 'SESSION_RULE_VIOLATION',
          eventId: shoe.eventId,
          expected: exactly !== undefined ? `${exactly} cards behind the cut card` : `at least ${atLeast} cards behind the cut card`,
          recorded: `${behind} cards behind the cut card (cutCardPosition ${shoe.cutCardPosition})`,
          rule: `${game}/cut-card`,
          citation: behindRule.cite,
          message: `shoe ${shoe.shoeId}: the cut card leaves ${behind} cards behind it; the rules require ${exactly !== undefined ? exactly : `at least ${atLeast}`}`,
          messagePhrase: phrase('finding.shoe.cutCard', { shoe: shoe.shoeId, behind, exactly: exactly ?? 'none', atLeast: atLeast ?? 0 }),
        });
      }
    }
  }
  return { findings, notes };
}

/**
 * A coup begun once the cut card had come out: allowed for the first `coupsAfterCut` of them only.
 * The cut card "comes out" when a card behind it is dealt, so a coup that reached the cut card is
 * the one in which it came out, and only the coups begun after that one count.
 */
export function judgeCoupAfterCut(rules: GameRules, env: RoundEnv, shoe: ShoeInPlay | undefined): Finding | null {
  const allowed = rules.shoeRules?.(env).coupsAfterCut;
  if (!allowed || !shoe || shoe.cutCardPosition === undefined || shoe.cardsDealt === undefined) return null;
  if (shoe.cardsDealt <= shoe.cutCardPosition) return null;
  const nth = (shoe.coupsAfterCut ?? 0) + 1;
  if (nth <= allowed.value) return null;
  return {
    code: 'SEQUENCE_VIOLATION',
    expected: allowed.value === 0 ? 'a new shoe once the cut card has come out' : `at most ${allowed.value} coup(s) after the cut card came out`,
    recorded: `coup ${nth} after the cut card of shoe ${shoe.shoeId}`,
    rule: `${rules.game}/cut-card-reached`,
    citation: allowed.cite,
    message: `this coup was dealt from shoe ${shoe.shoeId} after its cut card had come out (${shoe.cardsDealt} cards dealt, the cut card before card ${shoe.cutCardPosition + 1}); the rules allow ${allowed.value} more coup(s) after it`,
    messagePhrase: phrase('finding.shoe.afterCut', { shoe: shoe.shoeId, dealt: shoe.cardsDealt ?? 0, card: shoe.cutCardPosition + 1, allowed: allowed.value }),
  };
}

/**
 * A table that declares a per-bet-type maximum above the regulated one: the declared maximum would
 * otherwise stand in for the rules' (`TableSessionOpened.limits[betType]`), so it is a finding.
 * `context` says what the cap was computed from ("with a minimum of 500").
 */
export function declaredAboveCap(opening: SessionOpening, betType: string, declared: number, cap: LimitCheck, context: string): Finding | null {
  if (declared <= cap.amount) return null;
  return {
    code: 'SESSION_RULE_VIOLATION',
    eventId: opening.eventId,
    expected: cap.amount,
    recorded: declared,
    rule: cap.rule,
    citation: cap.citation,
    message: `the table declares a ${betType} maximum of ${declared}; the rules allow at most ${cap.amount} ${context}`,
    messagePhrase: phrase('finding.declaredAboveCap', { betType: term('betType', betType), declared: amount(declared), cap: amount(cap.amount) }),
  };
}
