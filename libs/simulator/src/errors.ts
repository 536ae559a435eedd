/**
 * Error injection: the mistakes a croupier or a count room makes, applied to a correctly played round,
 * each written down in a ground-truth manifest with the discrepancy code the rules must report.
 */
import type { PlayedFact } from '../../rules/src';
import type { DayErrorKind, EquipmentErrorKind, ErrorKind, InjectedError, PlayerErrorKind, SessionErrorKind } from './injected-error';
import { deckCards, Discrepancy, GameRules, judgeRound, RoundEnv } from '../../rules/src';
import { Occupancy, occupancyData, PLAYERS_SEATED, SeatedCarried, WHOLE_TABLE } from '../../rules/src/core/players-seated';

export type { ErrorKind, InjectedError } from './injected-error';

type Injector = (
  facts: PlayedFact[],
  ctx: InjectionContext,
) => { facts: PlayedFact[]; error: Omit<InjectedError, 'sessionId' | 'roundId' | 'detector'> } | null;

export interface InjectionContext {
  readonly random: () => number;
  readonly chip: number;
  readonly rules: GameRules;
  readonly env: RoundEnv;
  readonly newEventId: () => string;
}

const indexes = (facts: PlayedFact[], type: string) => facts.map((f, i) => (f.type === type ? i : -1)).filter((i) => i >= 0);
const pick = <T>(items: T[], random: () => number): T => items[Math.floor(random() * items.length)];

const replace = (facts: PlayedFact[], at: number, data: Record<string, unknown>): PlayedFact[] => {
  const out = [...facts];
  out[at] = { type: facts[at].type, data: { ...facts[at].data, ...data } };
  return out;
};

const INJECTORS: Record<Exclude<ErrorKind, 'count-variance' | SessionErrorKind | DayErrorKind | EquipmentErrorKind | PlayerErrorKind>, Injector> = {
  'wrong-payout': (facts, { random, chip }) => {
    const at = indexes(facts, 'BetSettled').filter((i) => facts[i].data.outcome === 'win');
    if (!at.length) return null;
    const i = pick(at, random);
    const payout = Number(facts[i].data.payout);
    const delta = chip * (1 + Math.floor(random() * 3)) * (random() < 0.5 && payout > 3 * chip ? -1 : 1);
    return {
      facts: replace(facts, i, { payout: payout + delta }),
      error: {
        kind: 'wrong-payout',
        betId: String(facts[i].data.betId),
        expectedCode: 'PAYOUT_MISMATCH',
        description: `paid ${payout + delta} instead of ${payout}`,
      },
    };
  },
  // a drawing decision reversed: the last card of the coup was required; without it the hand stood
  // where the table says draw. Only a removal the drawing rules call a violation is an error (an
  // optional draw left out is none), so the rules are asked which removal breaks a draw rule.
  'skipped-draw': (facts, ctx) => {
    const cards = indexes(facts, 'CardDealt');
    if (cards.length < 2) return null;
    const i = cards[cards.length - 1];
    const candidate = [...facts.slice(0, i), ...facts.slice(i + 1)];
    if (!breaksDrawRule(candidate, ctx)) return null;
    return {
      facts: candidate,
      error: {
        kind: 'skipped-draw',
        expectedCode: 'DRAW_RULE_VIOLATION',
        description: `the draw of ${facts[i].data.card} to ${facts[i].data.to} was left out`,
        consequences: outcomeConsequences(ctx),
      },
    };
  },
  'extra-draw': (facts, ctx) => {
    const cards = indexes(facts, 'CardDealt');
    if (!cards.length) return null;
    const last = cards[cards.length - 1];
    const to = facts[last].data.to;
    const deck = ctx.rules.deck?.(ctx.env);
    const pool = deck ? deckCards(deck).filter((c) => c !== 'JK') : ['2C', '3D', '4H', '5S', '9C', '10D', 'KH', 'QS'];
    const spare = pool[Math.floor(ctx.random() * pool.length)];
    const extra: PlayedFact = { type: 'CardDealt', data: { ...facts[last].data, card: spare, to } };
    const candidate = [...facts.slice(0, last + 1), extra, ...facts.slice(last + 1)];
    if (!breaksDrawRule(candidate, ctx)) return null;
    return {
      facts: candidate,
      error: {
        kind: 'extra-draw',
        expectedCode: 'DRAW_RULE_VIOLATION',
        description: `an extra card ${spare} was drawn to ${to}`,
        consequences: [
          { code: 'CARD_COUNT_EXCEEDED', scope: 'later-rounds', card: spare },
          ...(ctx.rules.shoeRules?.(ctx.env).coupsAfterCut
            ? [{ code: 'SEQUENCE_VIOLATION' as const, scope: 'later-rounds' as const, rule: `${ctx.rules.game}/cut-card-reached` }]
            : []),
          // trente et quarante annuls the coup in progress when the red card appears: a later coup the croupier deals
          // past it (his shoe is a card behind the record) is found there (`trente-et-quarante/red-card`)
          ...(ctx.rules.game === 'trente-et-quarante'
            ? [{ code: 'DRAW_RULE_VIOLATION' as const, scope: 'later-rounds' as const, rule: 'trente-et-quarante/red-card' }]
            : []),
          ...outcomeConsequences(ctx),
        ],
      },
    };
  },
  'wrong-cagnotte': (facts, { random, chip }) => {
    const at = indexes(facts, 'CagnotteDeducted');
    if (!at.length) return null;
    const i = pick(at, random);
    const amount = Number(facts[i].data.amount);
    const wrong = amount >= 2 * chip && random() < 0.5 ? amount - chip : amount + chip;
    return {
      facts: replace(facts, i, { amount: wrong }),
      error: { kind: 'wrong-cagnotte', expectedCode: 'CAGNOTTE_MISMATCH', description: `cagnotte ${wrong} taken instead of ${amount}` },
    };
  },
  'wrong-commission': (facts, { random, chip }) => {
    const at = indexes(facts, 'CommissionCharged');
    if (!at.length) return null;
    const i = pick(at, random);
    const amount = Number(facts[i].data.amount);
    const wrong = amount + chip;
    return {
      facts: replace(facts, i, { amount: wrong }),
      error: {
        kind: 'wrong-commission',
        betId: String(facts[i].data.betId),
        expectedCode: 'COMMISSION_MISMATCH',
        description: `commission ${wrong} charged instead of ${amount}`,
      },
    };
  },
  'bet-after-close': (facts, { random }) => {
    const close = facts.findIndex((f) => f.type === 'BetsClosed');
    const bets = indexes(facts, 'BetPlaced');
    const end = facts.findIndex((f) => f.type === 'RoundCompleted');
    if (close < 0 || !bets.length || end < 0) return null;
    const model = facts[pick(bets, random)];
    const betId = `${model.data.betId}-late`;
    const late: PlayedFact = { type: 'BetPlaced', data: { ...model.data, betId } };
    const voided: PlayedFact = {
      type: 'BetSettled',
      data: { sessionId: model.data.sessionId, roundId: model.data.roundId, betId, outcome: 'void', payout: 0 },
    };
    const out = [...facts.slice(0, close + 1), late, ...facts.slice(close + 1, end), voided, ...facts.slice(end)];
    return {
      facts: out,
      error: {
        kind: 'bet-after-close',
        betId,
        expectedCode: 'BET_AFTER_CLOSE',
        description: `a ${model.data.betType} bet of ${model.data.amount} accepted after the close`,
      },
    };
  },
  // players step away before the cards and are back after the coup: the croupier deals it with fewer players
  // than the text requires at the table (chemin de fer: four, euskadi L5103–5106) or at one paño (two,
  // L6214–6217), and the terminal records both changes. Seats without a bet in the coup leave first; the rules
  // are asked when the table has become too short. Only where the session records who plays (`PlayersSeated`).
  'too-few-players': (facts, ctx) => {
    const seated = (ctx.env.ctx.carried as SeatedCarried | undefined)?.seated;
    if (!seated || !ctx.rules.factTypes?.[PLAYERS_SEATED]) return null;
    const first = facts.findIndex((f) => f.type === 'CardDealt' && f.data.to !== 'burn');
    const end = facts.findIndex((f) => f.type === 'RoundCompleted');
    if (first < 0 || end < 0) return null;
    const ids = { sessionId: facts[0].data.sessionId, roundId: facts[0].data.roundId };
    const recorded = (occupancy: Occupancy): PlayedFact => ({ type: PLAYERS_SEATED, data: { ...ids, ...occupancyData(occupancy) } });
    const playing = new Set(facts.filter((f) => f.data.seat !== undefined && f.type !== 'BetSettled').map((f) => String(f.data.seat)));
    const area = pick(Object.keys(seated), ctx.random);
    const leaving = [...seated[area].seats].sort((a, b) => Number(playing.has(a)) - Number(playing.has(b)));
    let left: Occupancy = { ...seated, [area]: { ...seated[area], behind: 0 } };
    for (const seat of [undefined, ...leaving]) {
      if (seat !== undefined) left = { ...left, [area]: { ...left[area], seats: left[area].seats.filter((s) => s !== seat) } };
      const candidate = [...facts.slice(0, first), recorded(left), ...facts.slice(first, end), recorded(seated), ...facts.slice(end)];
      if (!findsIn(candidate, ctx, (d) => d.rule === `${ctx.rules.game}/minimum-players`)) continue;
      const where = area === WHOLE_TABLE ? 'at the table' : `at paño ${area}`;
      const gone = seated[area].seats.filter((s) => !left[area].seats.includes(s));
      return {
        facts: candidate,
        error: {
          kind: 'too-few-players',
          expectedCode: 'SESSION_RULE_VIOLATION',
          description: `the coup was dealt with ${left[area].seats.length} player(s) ${where}: seat(s) ${gone.join(', ') || '—'}${seated[area].behind ? ` and ${seated[area].behind} behind` : ''} stepped away before the cards`,
        },
      };
    }
    return null;
  },
  'short-jackpot': (facts, { random, chip }) => {
    const at = indexes(facts, 'JackpotWon');
    if (!at.length) return null;
    const i = pick(at, random);
    const amount = Number(facts[i].data.amount);
    if (amount < 2 * chip) return null;
    return {
      facts: replace(facts, i, { amount: amount - chip }),
      error: { kind: 'short-jackpot', expectedCode: 'JACKPOT_MISMATCH', description: `jackpot paid ${amount - chip} instead of ${amount}` },
    };
  },
};

/** A game that carries state between rounds (the bank, a prison) sees a changed outcome next round. */
function outcomeConsequences(ctx: InjectionContext) {
  if (!ctx.rules.carry) return [];
  const next = [
    { code: 'SEQUENCE_VIOLATION' as const, scope: 'next-round' as const },
    // an outcome changed changes which bets went to prison (a refait, a zero): later claims to the prison follow the record
    { code: 'BET_NOT_ALLOWED' as const, scope: 'later-rounds' as const, rule: `${ctx.rules.game}/prison` },
    { code: 'SETTLED_UNKNOWN_BET' as const, scope: 'later-rounds' as const, rule: `${ctx.rules.game}/prison` },
  ];
  // at circle poker the hand's outcome moves the players' stacks (resto), which cap what a player can win of
  // later pots (side pots), and a blank hand's pot is carried into the next (cantabria's draw): later payouts
  // and cagnottes follow the recorded stacks and pots, not the croupier's
  return ctx.rules.family === 'circle-poker'
    ? [...next, { code: 'PAYOUT_MISMATCH' as const, scope: 'later-rounds' as const }, { code: 'CAGNOTTE_MISMATCH' as const, scope: 'later-rounds' as const }]
    : next;
}

/**
 * Is this finding, in a round where nothing was injected, the consequence of an error injected
 * earlier at the same table? `rounds` lists the session's round ids in order.
 */
export function isConsequence(
  finding: { code: string; message: string; rule?: string },
  roundId: string,
  sessionId: string,
  injected: readonly InjectedError[],
  rounds: readonly string[],
): boolean {
  const at = rounds.indexOf(roundId);
  return injected.some((e) => {
    if (e.sessionId !== sessionId || !e.roundId || !e.consequences) return false;
    const from = rounds.indexOf(e.roundId);
    return e.consequences.some(
      (c) =>
        c.code === finding.code &&
        (c.scope === 'next-round' ? at === from + 1 : at > from) &&
        (!c.card || finding.message.startsWith(`${c.card} `)) &&
        (!c.rule || finding.rule === c.rule),
    );
  });
}

/** Do the rules find, in this round, a discrepancy that `test` accepts? */
function findsIn(facts: PlayedFact[], ctx: InjectionContext, test: (d: Discrepancy) => boolean): boolean {
  let n = 0;
  const judged = judgeRound(
    ctx.rules,
    ctx.env,
    facts.map((f) => ({ eventId: `probe-${++n}`, type: f.type, data: f.data })),
  );
  return judged.discrepancies.some(test);
}

const breaksDrawRule = (facts: PlayedFact[], ctx: InjectionContext): boolean => findsIn(facts, ctx, (d) => d.code === 'DRAW_RULE_VIOLATION');

/** Inject one error into a round, trying the kinds in random order; null when none applies. */
export function injectError(
  facts: PlayedFact[],
  ctx: InjectionContext,
  sessionId: string,
  roundId: string,
): { facts: PlayedFact[]; error: InjectedError } | null {
  // a kind that cannot apply to this game is not drawn, so that adding one leaves the other games' days as they were
  const kinds = (Object.keys(INJECTORS) as Array<keyof typeof INJECTORS>).filter(
    (kind) => kind !== 'too-few-players' || !!ctx.rules.factTypes?.[PLAYERS_SEATED],
  );
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(ctx.random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  // payouts and late bets apply almost everywhere: try the rarer kinds first so every kind occurs
  kinds.sort((a, b) => Number(a === 'wrong-payout' || a === 'bet-after-close') - Number(b === 'wrong-payout' || b === 'bet-after-close'));
  for (const kind of kinds) {
    const result = INJECTORS[kind](facts, ctx);
    if (result) return { facts: result.facts, error: { ...result.error, sessionId, roundId, detector: 'rules' } };
  }
  return null;
}
