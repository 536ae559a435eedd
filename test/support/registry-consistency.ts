/**
 * Every place a game is written down, held to the registry (issue 22 §4; the checklist is libs/rules/README.md):
 *
 * - the catalogue matrix: a row for every registered game, and a registered game for every row whose text
 *   gives rules (ingestion opens a session for any jurisdiction the catalogue marks `rules`);
 * - the rulebooks: one for exactly the jurisdictions the catalogue marks `rules`, each naming its game and
 *   jurisdiction, its source section, and a citation for every option and warning;
 * - the game fact types: one declaration per type across games (ingestion validates a type once, whatever
 *   the session's game: libs/ledger/src/schema.ts takes the first declaration);
 * - the simulator: a table of the game opens in every jurisdiction with rules at a legal maximum, and rounds
 *   its own croupier (`play`) deals are judged consistent;
 * - the replay drawing (apps/web/src/drawing.ts): a wheel game has its layout, and any other game describes
 *   a played round with something the drawing shows (dice, hands, a board, a pot).
 *
 * A registry is passed in (`registryOf`), so that a test can hold a game of its own to the same checks.
 */
import { WHEEL_LAYOUTS, drawnParts } from '../../apps/web/src/drawing';
import { floorPlan } from '../../libs/simulator/src/tables';
import {
  JURISDICTIONS,
  judgeSettings,
  roundEnv,
  seededRandom,
  type CatalogueStatus,
  type GameRules,
  type JurisdictionId,
  type Registry,
  type RulebookBase,
} from '../../libs/rules/src';
import { playSession } from '../../libs/rules/src/core/baccarat-testing';
import { judge } from '../../libs/rules/src/core/testing';

export type Catalogue = Readonly<Record<string, Partial<Record<JurisdictionId, CatalogueStatus>>>>;

export interface RegistryUnderTest {
  readonly registry: Registry;
  readonly catalogue: Catalogue;
  /** rounds of one session the simulator's croupier plays per game and jurisdiction (default 4) */
  readonly rounds?: number;
}

const withRules = (row: Catalogue[string] | undefined): JurisdictionId[] => JURISDICTIONS.filter((j) => row?.[j]?.status === 'rules');

function catalogueProblems({ registry, catalogue }: RegistryUnderTest): string[] {
  const problems: string[] = [];
  for (const g of registry.registeredGames()) if (!catalogue[g.game]) problems.push(`${g.game}: registered, but no row in the catalogue`);
  for (const [game, row] of Object.entries(catalogue)) {
    const rules = withRules(row);
    if (rules.length && !registry.gameRules(game)) problems.push(`${game}: catalogued with rules in ${rules.join(', ')}, but no game is registered`);
  }
  return problems;
}

function rulebookProblems({ registry, catalogue }: RegistryUnderTest): string[] {
  const problems: string[] = [];
  for (const g of registry.registeredGames()) {
    const expected = withRules(catalogue[g.game]);
    const written = JURISDICTIONS.filter((j) => g.rulebooks[j]);
    if (expected.join() !== written.join())
      problems.push(`${g.game}: rulebooks for [${written.join(', ')}], the catalogue gives rules in [${expected.join(', ')}]`);
    for (const j of written) {
      const book: RulebookBase = g.rulebooks[j]!;
      if (book.game !== g.game || book.jurisdiction !== j) problems.push(`${g.game} ${j}: the rulebook says it is ${book.game} ${book.jurisdiction}`);
      if (!book.source?.trim()) problems.push(`${g.game} ${j}: the rulebook names no source section`);
      for (const [name, option] of Object.entries(book.options ?? {}))
        if (!option?.cite?.trim()) problems.push(`${g.game} ${j}: option ${name} has no citation`);
      for (const warning of book.warnings ?? []) if (!warning.cite?.trim()) problems.push(`${g.game} ${j}: warning "${warning.value}" has no citation`);
    }
  }
  return problems;
}

function factTypeProblems({ registry }: RegistryUnderTest): string[] {
  const seen = new Map<string, { game: string; spec: string }>();
  const problems: string[] = [];
  for (const g of registry.registeredGames()) {
    for (const [type, spec] of Object.entries(g.factTypes ?? {})) {
      // ingestion checks a fact type's fields once, whatever the session's game: every declaring game gives the same kinds
      const fields = Object.entries(spec.fields)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, f]) => ({ name, kind: f.kind, optional: f.optional === true, oneOf: f.oneOf }));
      const text = JSON.stringify({ fields, roundScoped: spec.roundScoped });
      const first = seen.get(type);
      if (!first) seen.set(type, { game: g.game, spec: text });
      else if (first.spec !== text) problems.push(`fact type ${type}: ${first.game} declares ${first.spec}, ${g.game} ${text}`);
    }
  }
  return problems;
}

/** The simulator's table of this game in this jurisdiction, and rounds its croupier deals there, judged; then the drawing of each. */
function playedProblems(under: RegistryUnderTest, g: GameRules, j: JurisdictionId): string[] {
  const where = `${g.game} ${j}`;
  let plan;
  try {
    [plan] = floorPlan(1, seededRandom(7), { registry: under.registry, tableGames: [g.game], jurisdiction: j });
  } catch (e) {
    return [`${where}: the simulator opens no table (${(e as Error).message})`];
  }
  const problems: string[] = [];
  const options = plan.options ?? {};
  const env = roundEnv(g.rulebooks[j]!, { sessionId: 'plan', game: g.game, jurisdiction: j, currency: 'EUR', limits: plan.limits, options, smallestChip: 100 });
  for (const f of judgeSettings(g, env, { limits: plan.limits, options }, { houseEdges: false }).findings)
    problems.push(`${where}: the simulator's table opens with a finding: ${f.code} ${f.message}`);
  const seats = Array.from({ length: plan.seats }, (_, i) => i + 1);
  const rounds = playSession(g, j, 11, under.rounds ?? 4, { limits: plan.limits, options }, seats);
  for (const [i, r] of rounds.entries()) {
    const judged = judge(g, r.env, r.round);
    for (const d of judged.discrepancies) problems.push(`${where}: round ${i + 1} dealt by its croupier is judged ${d.code}: ${d.message}`);
    const described = (judged.steps[judged.steps.length - 1]?.state as { game?: Record<string, unknown> } | undefined)?.game;
    if (g.family === 'wheel') {
      if (described?.result === undefined) problems.push(`${where}: a played round's description has no result for the wheel layout to mark`);
    } else if (!drawnParts(g.game, described).length) {
      problems.push(`${where}: the replay drawing shows nothing of a played round (describe gave ${JSON.stringify(described)})`);
    }
  }
  return problems;
}

function simulatorProblems(under: RegistryUnderTest): string[] {
  const problems: string[] = [];
  for (const g of under.registry.registeredGames()) {
    if (!g.play) {
      problems.push(`${g.game}: no croupier (play): the simulator cannot deal it`);
      continue;
    }
    for (const j of JURISDICTIONS.filter((j) => g.rulebooks[j])) problems.push(...playedProblems(under, g, j));
  }
  return problems;
}

function drawingProblems({ registry }: RegistryUnderTest): string[] {
  const problems: string[] = [];
  for (const g of registry.registeredGames()) {
    if (g.family === 'wheel' && !WHEEL_LAYOUTS[g.game]) problems.push(`${g.game}: a wheel game with no layout in the replay drawing (apps/web/src/drawing.ts)`);
    if (g.family !== 'wheel' && WHEEL_LAYOUTS[g.game]) problems.push(`${g.game}: drawn on a wheel layout, but a ${g.family} game`);
  }
  for (const game of Object.keys(WHEEL_LAYOUTS))
    if (!registry.gameRules(game)) problems.push(`${game}: a wheel layout in the replay drawing for no registered game`);
  return problems;
}

/** Every disagreement between the registry and the places a game is written down; empty when they agree. */
export function registryProblems(under: RegistryUnderTest): string[] {
  return [...catalogueProblems(under), ...rulebookProblems(under), ...factTypeProblems(under), ...drawingProblems(under), ...simulatorProblems(under)];
}
