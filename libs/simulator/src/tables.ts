/**
 * The floor plan of a simulated casino: which game at which table, under which catalogue, with what
 * limits, float, seats and pace. Games are taken from the rules library, families interleaved, so
 * that a dozen tables cover wheels, dice, cards and circle poker.
 */
import { JURISDICTIONS, JurisdictionId, judgeSettings, registeredGames, GameRules, roundEnv, type Registry } from '../../rules/src';
import { REFERENCE_PAY_TABLE } from '../../rules/src/games/sic-bo/rulebook';
import { superviseFloor } from './day-compliance';
import type { TablePlan } from './table-plan';

export type { TablePlan } from './table-plan';

/** What the simulated casino's authorisation says where the catalogue leaves it to the casino. */
function authorisedOptions(game: string): Record<string, unknown> | undefined {
  if (game === 'sic-bo') return { payTable: REFERENCE_PAY_TABLE };
  return undefined;
}

/**
 * Table maximums a casino sets, as multiples of the minimum, most usual first: the simulated casino opens
 * each table at the first one its catalogue allows (punto y banca 20–100× the minimum, craps at least
 * 20× or 100×, circle poker's minimum 20–40 % of the maximum…), asked of the game's own opening checks.
 */
const MAXIMUM_MULTIPLES = [50, 100, 20, 25, 4, 5, 1000];

function legalMaximum(rules: GameRules, jurisdiction: JurisdictionId, min: number, options: Record<string, unknown> | undefined): number {
  const rulebook = rules.rulebooks[jurisdiction];
  if (!rulebook || !rules.judgeOpening) return min * MAXIMUM_MULTIPLES[0];
  for (const multiple of MAXIMUM_MULTIPLES) {
    const limits = { min, max: min * multiple };
    const env = roundEnv(rulebook, { sessionId: 'plan', game: rules.game, jurisdiction, currency: 'EUR', limits, options: options ?? {}, smallestChip: 50 });
    if (!judgeSettings(rules, env, { limits, options: options ?? {} }, { houseEdges: false }).findings.length) return limits.max;
  }
  throw new Error(`no usual table maximum is legal for ${rules.game} in ${jurisdiction}`);
}

/**
 * Players a table of this game must seat, as its text requires: chemin de fer four at the table, the banker
 * among them (euskadi L5103–5106); two per paño with two paños (euskadi L6214–6217). A casino opens such a
 * table only with them; the croupier records them (`PlayersSeated`) and the judge holds every coup to it.
 */
function minimumSeats(rules: GameRules, jurisdiction: JurisdictionId): number {
  const rulebook = rules.rulebooks[jurisdiction] as { minimumPlayers?: { value: number }; minimumPlayersPerPano?: { value: number } } | undefined;
  return Math.max(rulebook?.minimumPlayers?.value ?? 0, 2 * (rulebook?.minimumPlayersPerPano?.value ?? 0));
}

/** Realistic paces per family (rounds per hour); circle poker hands are slow, craps throws fast. */
const PACE: Record<GameRules['family'], number> = { wheel: 38, dice: 90, cards: 60, 'circle-poker': 30 };
const PREFIX: Record<GameRules['family'], string> = { wheel: 'RL', dice: 'DC', cards: 'CD', 'circle-poker': 'PK' };

/** Standard float: 100, 25, 5, 1 euros and 50-cent chips (minor units). */
export const STANDARD_FLOAT = { '10000': 30, '2500': 80, '500': 200, '100': 300, '50': 200 };

export interface FloorOptions {
  /** only these games (default: every game with rules) */
  readonly games?: readonly string[];
  /** the game of each table, in order (overrides `games` and the family interleaving) */
  readonly tableGames?: readonly string[];
  /** the casino's region: only games its catalogue regulates (default: each game's first jurisdiction, rotating) */
  readonly jurisdiction?: JurisdictionId;
  /** the games to choose from (default: the rules library's registry; a test's own registry: test/registry-consistency.spec.ts) */
  readonly registry?: Pick<Registry, 'registeredGames'>;
}

export function floorPlan(tables: number, random: () => number, floor: FloorOptions = {}): TablePlan[] {
  const { games, jurisdiction: region } = floor;
  const registered = floor.registry?.registeredGames() ?? registeredGames();
  const families = new Map<string, GameRules[]>();
  for (const g of registered) {
    if (games && !games.includes(g.game)) continue;
    if (region ? !g.rulebooks[region] : !JURISDICTIONS.some((j) => g.rulebooks[j])) continue;
    families.set(g.family, [...(families.get(g.family) ?? []), g]);
  }
  // interleave families so a small floor still covers them all: wheel, dice, cards, poker, wheel, …
  let order: GameRules[] = [];
  const queues = [...families.values()].map((list) => [...list]);
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) order.push(q.shift()!);
  if (floor.tableGames) {
    order = floor.tableGames.map((id) => {
      const rules = registered.find((g) => g.game === id);
      if (!rules || (region && !rules.rulebooks[region])) throw new Error(`no rules for ${id}${region ? ` in ${region}` : ''}`);
      return rules;
    });
    tables = Math.min(tables, order.length) || order.length;
  }
  if (!order.length) throw new Error('no game has rules in the rules library');
  const counters = new Map<string, number>();
  const plans: TablePlan[] = [];
  for (let t = 0; t < tables; t++) {
    const rules = order[t % order.length];
    const jurisdictions = region ? [region] : JURISDICTIONS.filter((j) => rules.rulebooks[j]);
    const jurisdiction = jurisdictions[Math.floor(t / order.length) % jurisdictions.length];
    const n = (counters.get(rules.family) ?? 0) + 1;
    counters.set(rules.family, n);
    const min = [100, 500, 1000][Math.floor(random() * 3)];
    const options = authorisedOptions(rules.game);
    plans.push({
      tableId: `${PREFIX[rules.family]}-${String(n).padStart(2, '0')}`,
      game: rules.game,
      family: rules.family,
      jurisdiction,
      limits: { min, max: legalMaximum(rules, jurisdiction, min, options) },
      openingFloat: { ...STANDARD_FLOAT },
      seats: Math.max(minimumSeats(rules, jurisdiction), rules.family === 'circle-poker' ? 6 + Math.floor(random() * 3) : 3 + Math.floor(random() * 4)),
      roundsPerHour: Math.round(PACE[rules.family] * (0.8 + random() * 0.4)),
      staff: { inspector: `insp-${(t % 4) + 1}`, croupiers: [`cr-${2 * t + 1}`, `cr-${2 * t + 2}`] },
      options,
    });
  }
  // jefes as an honest casino assigns them: no more tables than the texts allow (issue 15, day-compliance.ts)
  return superviseFloor(plans);
}
