/**
 * Equipment only statistics can see (issue 21 §6): a wheel with one pocket weighted, a wheel with a
 * sector of neighbouring pockets weighted (a worn fret, a tilted wheel), a loaded die. Every round at
 * such a table is legal; the croupier plays it with the faulty equipment (`PlayContext.bias`), and the
 * ground-truth manifest says which table and which test must find it.
 */
import type { EquipmentBias } from '../../rules/src';
import { wheelOf, WheelKind } from '../../rules/src/core/wheel';
import type { InjectedError, EquipmentErrorKind } from './injected-error';
import type { TablePlan } from './table-plan';
import { inEnglish, statement, type Statement } from './statement';

export type { EquipmentErrorKind } from './injected-error';

/** One table's faulty equipment, for as long as the table plays (across sessions and days). */
export interface EquipmentBiasSpec {
  readonly tableId: string;
  readonly kind: EquipmentErrorKind;
  /** weighted-pocket: the pocket; weighted-sector: the pockets, neighbours in the wheel's order */
  readonly pockets?: readonly string[];
  /** loaded-die: the favoured face */
  readonly face?: number;
  /** how much more often than designed the pocket (sector, face) comes up */
  readonly factor: number;
}

/** The croupier's view of the faulty equipment. */
export function equipmentBias(spec: EquipmentBiasSpec): EquipmentBias {
  if (spec.kind === 'loaded-die') return { loadedDie: [1, 2, 3, 4, 5, 6].map((f) => (f === spec.face ? spec.factor : 1)) };
  return { wheel: Object.fromEntries((spec.pockets ?? []).map((p) => [p, spec.factor])) };
}

/** What the faulty equipment is, at its table (`cli:demo.injection.*`; the manifest keeps the English). */
export function equipmentStatement(spec: EquipmentBiasSpec): Statement {
  const factor = { number: spec.factor };
  const what =
    spec.kind === 'loaded-die'
      ? statement('demo.injection.loadedDie', { face: String(spec.face), factor })
      : statement(spec.kind === 'weighted-pocket' ? 'demo.injection.weightedPocket' : 'demo.injection.weightedSector', {
          pockets: spec.pockets?.join(', ') ?? '',
          factor,
        });
  return statement('demo.injection.atTable', { table: spec.tableId, what });
}

/** The manifest's record of it, at the table's session. */
export function equipmentInjection(spec: EquipmentBiasSpec, sessionId: string): InjectedError {
  return {
    kind: spec.kind,
    sessionId,
    tableId: spec.tableId,
    detector: 'statistics',
    expectedCode: 'EQUIPMENT_BIAS',
    test: spec.kind === 'loaded-die' ? 'faces' : spec.kind === 'weighted-pocket' ? 'pockets' : 'sectors',
    description: inEnglish(equipmentStatement(spec)),
  };
}

/** `width` neighbours on a roulette's wheel starting at `from`, in the wheel's order (the rulebook's wheel). */
export function wheelSector(kind: WheelKind, from: string, width: number): string[] {
  const order = wheelOf(kind).order.map(String);
  const at = order.indexOf(from);
  return Array.from({ length: width }, (_, i) => order[(at + i) % order.length]);
}

/**
 * A floor's usual faults for a demonstration: the first single-zero roulette with pocket 17 at 2×, the
 * next roulette with six neighbours from 32 at 1.3×, the first craps or sic bo table with a die whose six
 * comes twice as often.
 */
export function demoEquipmentBias(plans: readonly TablePlan[]): EquipmentBiasSpec[] {
  const roulettes = plans.filter((p) => p.game === 'french-roulette' || p.game === 'american-roulette-single-zero');
  const dice = plans.find((p) => p.game === 'craps' || p.game === 'sic-bo');
  const out: EquipmentBiasSpec[] = [];
  if (roulettes[0]) out.push({ tableId: roulettes[0].tableId, kind: 'weighted-pocket', pockets: ['17'], factor: 2 });
  if (roulettes[1]) out.push({ tableId: roulettes[1].tableId, kind: 'weighted-sector', pockets: wheelSector('single-zero', '32', 6), factor: 1.3 });
  if (dice) out.push({ tableId: dice.tableId, kind: 'loaded-die', face: 6, factor: 2 });
  return out;
}

/**
 * The demo's faulty equipment, on tables the other injections leave alone: the wheel of fortune with its red
 * joker cell (1 of 54) at 3×, the second dice table with a die whose six comes twice as often. Not a roulette:
 * demoPlayerInjections takes the last roulette, and a roulette spinning long enough to be tested (37 pockets
 * × 5 spins at the least, Cochran) outlasts the card tables, so the last roulette could no longer close while
 * they play (the demo's roulette-gap violation); not the first craps table, whose croupier's favourite must
 * show in her result alone. One gaming day is far too short for the 1.2× pocket the equipment read model
 * states its power for (about 37,600 spins of a roulette at 1 %): the joker at 3× is found at 90 % within
 * about 410 spins even at 0.1 %, the pair's first die with its six at 2× within about 290 throws (the other die
 * is true, so the faces' test sees half the load; observationsToDetect, libs/statistics).
 */
export function demoDayEquipmentBias(plans: readonly TablePlan[]): EquipmentBiasSpec[] {
  const wheel = plans.find((p) => p.game === 'wheel-of-fortune');
  const dice = plans.filter((p) => p.family === 'dice')[1];
  const out: EquipmentBiasSpec[] = [];
  if (wheel) out.push({ tableId: wheel.tableId, kind: 'weighted-pocket', pockets: ['red-joker'], factor: 3 });
  if (dice) out.push({ tableId: dice.tableId, kind: 'loaded-die', face: 6, factor: 2 });
  return out;
}
