/**
 * The simulated casino keeps the gaming day's rules (issue 15, core/day-compliance.ts): its jefes hold no
 * more tables than the texts allow (the ratio of each game, every table counted), each craps table is given
 * six new dice marked with their serial and the casino's initials, and a banca francesa table in cantabria
 * changes its terna and its thrower within the hour. With an error rate, the day may carry violations of
 * these, written down in the ground-truth manifest (detector `day`) with the code and rule the judge must
 * report. Chance comes from a generator of its own, so the rest of the day stays as its seed made it.
 */
import {
  DayFinding,
  DICE_CUSTODY,
  HOURLY_ROTATIONS,
  JurisdictionId,
  REVERSIBLE_CLOTHS,
  serviceKind,
  supervisionCapacity,
  TABLES_IN_SERVICE,
} from '../../rules/src';
import type { InjectedError, DayErrorKind } from './injected-error';
import type { TablePlan } from './table-plan';

export type { DayErrorKind } from './injected-error';

/** Tables a jefe holds where no text sets a ratio for any of them (the casino's own practice). */
const USUAL_TABLES_PER_JEFE = 4;

/**
 * Jefes for a floor, as an honest casino staffs it: neighbouring tables share a jefe while every one of
 * them allows that many (individual video recording as the texts' relaxed ratios assume).
 */
export function superviseFloor(plans: readonly TablePlan[]): TablePlan[] {
  let jefe = 0;
  let held = 0;
  let capacity = 0;
  return plans.map((plan) => {
    const mine = supervisionCapacity(plan.game, plan.jurisdiction) ?? USUAL_TABLES_PER_JEFE;
    if (!held || held + 1 > Math.min(capacity, mine)) {
      jefe++;
      held = 0;
      capacity = mine;
    }
    held++;
    capacity = Math.min(capacity, mine);
    return { ...plan, staff: { ...plan.staff, inspector: `insp-${jefe}` } };
  });
}

const injection = (kind: DayErrorKind, sessionId: string, rule: string, expectedCode: InjectedError['expectedCode'], description: string): InjectedError => ({
  kind,
  sessionId,
  detector: 'day',
  rule,
  expectedCode,
  description,
});

/**
 * One more table handed to a jefe who already holds as many as one of his tables allows: the table moved
 * from its own jefe at the opening. Null when the floor has no such jefe.
 */
export function overloadJefe(plans: TablePlan[], random: () => number, sessionIdOf: (plan: TablePlan) => string): InjectedError | null {
  const groups = new Map<string, TablePlan[]>();
  for (const p of plans) groups.set(p.staff.inspector, [...(groups.get(p.staff.inspector) ?? []), p]);
  const full = [...groups].filter(([, tables]) => {
    const ratios = tables.map((t) => supervisionCapacity(t.game, t.jurisdiction)).filter((c): c is number => c !== null);
    return ratios.length && tables.length >= Math.min(...ratios);
  });
  if (!full.length) return null;
  const [jefe, tables] = full[Math.floor(random() * full.length)];
  const others = plans.filter((p) => p.staff.inspector !== jefe);
  if (!others.length) return null;
  // the table opened first after the jefe's own, so the jefe holds them all at once
  const last = Math.max(...tables.map((t) => plans.indexOf(t)));
  const moved = others.find((p) => plans.indexOf(p) > last) ?? others[0];
  const index = plans.indexOf(moved);
  plans[index] = { ...moved, staff: { ...moved.staff, inspector: jefe } };
  const ratioTable = tables.find((t) => supervisionCapacity(t.game, t.jurisdiction) !== null)!;
  return injection(
    'overloaded-jefe',
    sessionIdOf(moved),
    `${ratioTable.game}/supervision-ratio`,
    'SUPERVISION_VIOLATION',
    `${jefe} given ${moved.tableId} on top of ${tables.map((t) => t.tableId).join(', ')}`,
  );
}

/** The dice a craps table is given at its opening (null: not a craps table under a text that numbers them). */
export function diceForSession(
  plan: TablePlan,
  sessionId: string,
  serialPrefix: string,
  initials: string,
  random: () => number,
  errorRate: number,
  forced?: 'dice-short' | 'dice-unmarked',
): { dice: Array<{ serial: string; initials?: string }>; injected?: InjectedError } | null {
  const rule = plan.game === 'craps' ? DICE_CUSTODY[plan.jurisdiction] : undefined;
  if (!rule) return null;
  const dice: Array<{ serial: string; initials?: string }> = Array.from({ length: rule.perSession }, (_, i) => ({
    serial: `${serialPrefix}-${plan.tableId}-${i + 1}`,
    initials,
  }));
  if (forced || (errorRate > 0 && random() < errorRate)) {
    if (forced ? forced === 'dice-short' : random() < 0.5) {
      dice.pop();
      return {
        dice,
        injected: injection('dice-short', sessionId, 'craps/dice-per-session', 'EQUIPMENT_CUSTODY_VIOLATION', `${plan.tableId} given ${dice.length} dice`),
      };
    }
    delete dice[0].initials;
    return {
      dice,
      injected: injection(
        'dice-unmarked',
        sessionId,
        'craps/dice-marks',
        'EQUIPMENT_CUSTODY_VIOLATION',
        `${plan.tableId} given a die without the casino's initials`,
      ),
    };
  }
  return { dice };
}

/** Banca francesa where the text rotates the terna and the thrower hourly: change both this often. */
export const ROTATE_EVERY_MS = 50 * 60_000;
export const rotatesHourly = (plan: TablePlan) => plan.game === 'banca-francesa' && !!HOURLY_ROTATIONS[plan.jurisdiction as JurisdictionId];

/** The day's injected violations against the day's findings: each found (by code, rule and session or table), nothing else found. */
export function dayDetection(injected: readonly InjectedError[], findings: readonly DayFinding[], tableOf: (sessionId: string) => string | undefined) {
  const mine = injected.filter((i) => i.detector === 'day');
  const explains = (i: InjectedError, f: DayFinding) => {
    if (f.code !== i.expectedCode) return false;
    if (i.kind === 'overloaded-jefe') return ((f.recorded as { tables?: string[] }).tables ?? []).includes(tableOf(i.sessionId) ?? '');
    if (i.kind === 'roulette-gap') return f.rule === i.rule; // the day as a whole: no session or table
    return f.sessionId === i.sessionId && f.rule === i.rule;
  };
  const missed = mine.filter((i) => !findings.some((f) => explains(i, f))).map((i) => `${i.kind} ${i.sessionId}`);
  const falsePositives = findings.filter((f) => !mine.some((i) => explains(i, f))).map((f) => `${f.code} ${f.rule} ${f.tableId ?? ''}: ${f.message}`);
  const byKind: Record<string, number> = {};
  for (const i of mine) byKind[i.kind] = (byKind[i.kind] ?? 0) + 1;
  return { injected: mine.length, found: mine.length - missed.length, missed, falsePositives, byKind };
}

/** Games played on blackjack-like tables, which a reversible cloth may turn into one another (euskadi L1460–1462, cantabria L706–709). */
const BLACKJACK_LIKE = ['blackjack', 'punto-banco', 'three-card-poker', 'caribbean-stud', 'texas-holdem-bonus', 'casino-holdem'];

/** A table whose cloth is turned once in the day: its second game's plan (at that table), and each session's cloth number. */
export interface ClothChange {
  readonly tableId: string;
  /** the table's first game, and the second it turns to */
  readonly first: TablePlan;
  readonly next: TablePlan;
  readonly clothNumbers: readonly [string, string];
  /**
   * an injected violation of the change: the second game's cloth unnumbered, opened before the first closed,
   * or the cloth turned back to the first game once the second closes (a second change the same day, where
   * the text allows one: cantabria L693–709, illes-balears L503–510, galicia L254)
   */
  readonly error?: 'cloth-unnumbered' | 'cloth-before-close' | 'cloth-twice';
}

/**
 * The first blackjack table of a floor whose jurisdiction has reversible cloths turns its cloth once, after
 * closing, to another blackjack-like game of the floor (its plan: limits, pace, seats), with a float of its
 * own and numbered cloths. Null when the floor has no such pair.
 */
export function planClothChange(plans: readonly TablePlan[], random: () => number, errorRate: number, forced?: ClothChange['error']): ClothChange | null {
  const first = plans.find((p) => p.game === 'blackjack' && REVERSIBLE_CLOTHS[p.jurisdiction]);
  const other = first && plans.find((p) => p.game !== 'blackjack' && BLACKJACK_LIKE.includes(p.game) && p.jurisdiction === first.jurisdiction);
  if (!first || !other) return null;
  // a second change is a violation only where the text allows one a day (euskadi sets no limit)
  if (forced === 'cloth-twice' && REVERSIBLE_CLOTHS[first.jurisdiction]!.changesPerDay === null) forced = undefined;
  const error = forced ?? (errorRate > 0 && random() < Math.min(1, errorRate * 2) ? (random() < 0.5 ? 'cloth-unnumbered' : 'cloth-before-close') : undefined);
  return {
    tableId: first.tableId,
    first,
    next: { ...other, tableId: first.tableId, staff: first.staff },
    clothNumbers: [`${first.tableId}-P1`, `${first.tableId}-P2`],
    error,
  };
}

/** The injected violation of a cloth change, for the manifest (the second session is the one the finding names). */
export function clothChangeError(change: ClothChange, sessionId: string): InjectedError | null {
  if (change.error === 'cloth-unnumbered')
    return injection(
      'cloth-unnumbered',
      sessionId,
      'reversible-cloth/cloth-number',
      'CLOTH_CHANGE_VIOLATION',
      `${change.tableId} turned its cloth to ${change.next.game} without the cloth's number`,
    );
  if (change.error === 'cloth-before-close')
    return injection(
      'cloth-before-close',
      sessionId,
      'reversible-cloth/previous-closed',
      'CLOTH_CHANGE_VIOLATION',
      `${change.tableId} opened ${change.next.game} before closing the first game`,
    );
  return null;
}

/** The injected second change (the third session, back to the first game), for the manifest. */
export function clothTwiceError(change: ClothChange, sessionId: string): InjectedError {
  return injection(
    'cloth-twice',
    sessionId,
    'reversible-cloth/changes-per-day',
    'CLOTH_CHANGE_VIOLATION',
    `${change.tableId} turned its cloth back to ${change.first.game}, a second change of game the same day`,
  );
}

/** How long the last roulette stays closed before it reopens, when a gap in service is injected. */
export const ROULETTE_GAP_MS = 30 * 60_000;

/**
 * A roulette gap (injected): where the text wants a roulette in service all the gaming hours (euskadi
 * L12952–12958, galicia L56), the last roulette open closes while a card table still plays and reopens
 * half an hour later. Whether this closing table is that roulette.
 */
export function leavesNoRoulette(closing: { plan: TablePlan }, open: ReadonlyArray<{ plan: TablePlan }>): boolean {
  if (!TABLES_IN_SERVICE[closing.plan.jurisdiction] || serviceKind(closing.plan.game) !== 'roulette') return false;
  return !open.some((r) => serviceKind(r.plan.game) === 'roulette') && open.some((r) => serviceKind(r.plan.game) === 'cards');
}

/** The injected gap, for the manifest (the reopened session names it; the finding is the day's). */
export function rouletteGapError(plan: TablePlan, sessionId: string): InjectedError {
  return injection(
    'roulette-gap',
    sessionId,
    'tables-in-service/roulette',
    'TABLES_IN_SERVICE_VIOLATION',
    `${plan.tableId}, the last roulette in service, closed for ${ROULETTE_GAP_MS / 60_000} minutes while the card tables played`,
  );
}
