/**
 * Wheel equipment shared by the roulettes and boule: pockets, colours, wheel order (for neighbour
 * bets), the 3 × 12 layout geometry that decides whether an inside bet is real, the outside bets, the
 * announced bets, and one pay table keyed by how many numbers a bet covers. Pure data and functions.
 *
 * Citations: the layout and colours are the same in the four texts with rules (docs/decisions/games.md#french-roulette,
 * euskadi L347–379, cantabria L162–196, illes-balears L107–127, galicia L100–108); the double-zero pocket and
 * its bets are cantabria L597–618; boule is docs/decisions/games.md#boule.
 */
import type { Cited } from './types';

/** A pocket: 0–36, or "00" on the double-zero wheel; boule uses 1–9. */
export type Pocket = number | '00';

export type WheelKind = 'single-zero' | 'double-zero' | 'boule';

export interface WheelSpec {
  readonly kind: WheelKind;
  /** every pocket, in wheel order (clockwise from 0, or from 1 for boule) */
  readonly order: readonly Pocket[];
  /** the pockets that belong to no even chance (0, 00; boule's 5) */
  readonly zeros: readonly Pocket[];
  readonly red: ReadonlySet<Pocket>;
  readonly black: ReadonlySet<Pocket>;
}

// The European wheel order; euskadi's own example (L1113–1116: 17 ± 2 = 2, 25, 17, 34, 6) and "cero y vecinos"
// (L617: 0, 3, 15, 26, 32) both hold on it. The order itself is INDUSTRY-STANDARD.
const EUROPEAN_ORDER: Pocket[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
// The American double-zero order; 00 sits opposite 0 (cantabria L597–600). INDUSTRY-STANDARD order.
const AMERICAN_ORDER: Pocket[] = [
  0,
  28,
  9,
  26,
  30,
  11,
  7,
  20,
  32,
  17,
  5,
  22,
  34,
  15,
  3,
  24,
  36,
  13,
  1,
  '00',
  27,
  10,
  25,
  29,
  12,
  8,
  19,
  31,
  18,
  6,
  21,
  33,
  16,
  4,
  23,
  35,
  14,
  2,
];

/** Red numbers: "black = even digit sum, plus 10 and 29; 19 is red" (euskadi L358–360, cantabria L174–176). */
export const ROULETTE_RED: ReadonlySet<Pocket> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const ROULETTE_BLACK: ReadonlySet<Pocket> = new Set(Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => !ROULETTE_RED.has(n)));

export const SINGLE_ZERO: WheelSpec = { kind: 'single-zero', order: EUROPEAN_ORDER, zeros: [0], red: ROULETTE_RED, black: ROULETTE_BLACK };
export const DOUBLE_ZERO: WheelSpec = { kind: 'double-zero', order: AMERICAN_ORDER, zeros: [0, '00'], red: ROULETTE_RED, black: ROULETTE_BLACK };
/** Boule: numbers 1–9, 1 3 6 8 black, 2 4 7 9 red, 5 neither (euskadi L2553–2556). */
export const BOULE: WheelSpec = {
  kind: 'boule',
  order: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  zeros: [5],
  red: new Set([2, 4, 7, 9]),
  black: new Set([1, 3, 6, 8]),
};

export const wheelOf = (kind: WheelKind): WheelSpec => (kind === 'double-zero' ? DOUBLE_ZERO : kind === 'boule' ? BOULE : SINGLE_ZERO);

/** A pocket as recorded (17, "17", "00") on this wheel, or null when no such pocket exists. */
export function parsePocket(raw: unknown, wheel: WheelSpec): Pocket | null {
  if (raw === '00') return wheel.order.includes('00') ? '00' : null;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n)) return null;
  return wheel.order.includes(n) ? n : null;
}

export const pocketKey = (p: Pocket): string => String(p);
export const samePocket = (a: Pocket, b: Pocket): boolean => pocketKey(a) === pocketKey(b);

// ---------------------------------------------------------------------------------------------------------
// Layout geometry (3 columns × 12 rows; row r holds 3r−2, 3r−1, 3r; column c holds the numbers ≡ c mod 3)

const row = (n: number) => Math.ceil(n / 3);
const col = (n: number) => ((n - 1) % 3) + 1;
const isNumber = (p: Pocket): p is number => typeof p === 'number' && p >= 1 && p <= 36;
const setKey = (ps: readonly Pocket[]) => ps.map(pocketKey).sort().join(',');

/** The zero-side combinations of each wheel (splits, streets, corners that touch 0 / 00). */
const ZERO_SPLITS: Record<'single-zero' | 'double-zero', Pocket[][]> = {
  // 0 borders 1, 2 and 3 on the single-zero layout (INDUSTRY-STANDARD geometry)
  'single-zero': [
    [0, 1],
    [0, 2],
    [0, 3],
  ],
  // 00 lies right of 0 (cantabria L602–604); split 0-00 at 17:1 (cantabria L614–618)
  'double-zero': [
    [0, 1],
    [0, 2],
    ['00', 2],
    ['00', 3],
    [0, '00'],
  ],
};
const ZERO_STREETS: Record<'single-zero' | 'double-zero', Pocket[][]> = {
  // the "transversales del 0" (euskadi L498–506, cantabria L266–277)
  'single-zero': [
    [0, 1, 2],
    [0, 2, 3],
  ],
  'double-zero': [
    [0, 1, 2],
    ['00', 2, 3],
    [0, '00', 2],
  ],
};
const ZERO_CORNERS: Record<'single-zero' | 'double-zero', Pocket[][]> = {
  // "cuatro primeros" 0-1-2-3 (euskadi L508–512, L584–585); on double zero the special 0-00-1-2-3 (cantabria L609–612)
  'single-zero': [[0, 1, 2, 3]],
  'double-zero': [[0, '00', 1, 2, 3]],
};

export type InsideBet = 'straight' | 'split' | 'street' | 'corner' | 'six-line';
export type OutsideBet = 'column' | 'dozen' | 'two-columns' | 'two-dozens' | EvenChance;
export type EvenChance = 'red' | 'black' | 'even' | 'odd' | 'low' | 'high';
export const EVEN_CHANCES: readonly EvenChance[] = ['red', 'black', 'even', 'odd', 'low', 'high'];
export const INSIDE_BETS: readonly InsideBet[] = ['straight', 'split', 'street', 'corner', 'six-line'];
export const OUTSIDE_BETS: readonly OutsideBet[] = ['column', 'dozen', 'two-columns', 'two-dozens', ...EVEN_CHANCES];

/** Is this set of pockets a real inside bet of this type on this layout? */
export function isRealInside(betType: InsideBet, pockets: readonly Pocket[], wheel: WheelSpec): boolean {
  if (wheel.kind === 'boule') return betType === 'straight' && pockets.length === 1;
  if (new Set(pockets.map(pocketKey)).size !== pockets.length) return false;
  const key = setKey(pockets);
  const nums = pockets.filter(isNumber).sort((a, b) => a - b);
  const allNumbers = nums.length === pockets.length;
  switch (betType) {
    case 'straight':
      return pockets.length === 1;
    case 'split':
      if (pockets.length !== 2) return false;
      if (ZERO_SPLITS[wheel.kind].some((s) => setKey(s) === key)) return true;
      return allNumbers && ((row(nums[0]) === row(nums[1]) && nums[1] - nums[0] === 1) || nums[1] - nums[0] === 3);
    case 'street':
      if (pockets.length !== 3) return false;
      if (ZERO_STREETS[wheel.kind].some((s) => setKey(s) === key)) return true;
      return allNumbers && col(nums[0]) === 1 && nums[1] === nums[0] + 1 && nums[2] === nums[0] + 2;
    case 'corner':
      if (ZERO_CORNERS[wheel.kind].some((s) => setKey(s) === key)) return true;
      return pockets.length === 4 && allNumbers && col(nums[0]) < 3 && nums[1] === nums[0] + 1 && nums[2] === nums[0] + 3 && nums[3] === nums[0] + 4;
    case 'six-line':
      return pockets.length === 6 && allNumbers && col(nums[0]) === 1 && nums.every((n, i) => n === nums[0] + i) && row(nums[5]) <= 12;
  }
}

/** The numbers an outside bet covers; selection is the column / dozen (1–3) or the pair of them. */
export function outsideCover(betType: OutsideBet, selection: readonly number[], wheel: WheelSpec): Pocket[] | null {
  const numbers = wheel.order.filter((p): p is number => typeof p === 'number' && !wheel.zeros.some((z) => samePocket(z, p)));
  const column = (c: number) => numbers.filter((n) => col(n) === c);
  const dozen = (d: number) => numbers.filter((n) => n > (d - 1) * 12 && n <= d * 12);
  const one = selection.length === 1 && [1, 2, 3].includes(selection[0]);
  // "a caballo": two adjacent columns / dozens, the chip on the line between them (euskadi L601–607)
  const adjacentPair = selection.length === 2 && [1, 2, 3].includes(selection[0]) && Math.abs(selection[0] - selection[1]) === 1;
  const half = wheel.kind === 'boule' ? 5 : 18;
  switch (betType) {
    case 'column':
      return one ? column(selection[0]) : null;
    case 'dozen':
      return one ? dozen(selection[0]) : null;
    case 'two-columns':
      return adjacentPair ? [...column(selection[0]), ...column(selection[1])] : null;
    case 'two-dozens':
      return adjacentPair ? [...dozen(selection[0]), ...dozen(selection[1])] : null;
    case 'red':
      return numbers.filter((n) => wheel.red.has(n));
    case 'black':
      return numbers.filter((n) => wheel.black.has(n));
    case 'even':
      return numbers.filter((n) => n % 2 === 0);
    case 'odd':
      return numbers.filter((n) => n % 2 === 1);
    // falta/manque 1–18 and pasa/passe 19–36; boule: falta < 5, pasa > 5 (euskadi L2561–2567)
    case 'low':
      return numbers.filter((n) => (half === 5 ? n < 5 : n <= 18));
    case 'high':
      return numbers.filter((n) => (half === 5 ? n > 5 : n > 18));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Announced bets (euskadi L609–649; illes-balears L387–415): each is a fixed set of chips on inside bets.

export type AnnouncedBet = 'neighbours' | 'voisins' | 'tiers' | 'orphelins';
export const ANNOUNCED_BETS: readonly AnnouncedBet[] = ['neighbours', 'voisins', 'tiers', 'orphelins'];

/** One chip position of an announced bet: an inside bet and how many units sit on it. */
export interface ChipPosition {
  readonly betType: InsideBet | OutsideBet;
  readonly pockets: readonly Pocket[];
  readonly units: number;
}

const chip = (betType: InsideBet, pockets: Pocket[], units = 1): ChipPosition => ({ betType, pockets, units });

/** The chips of an announced bet, or null when the selection is not real (neighbours of a pocket not on the wheel). */
export function announcedChips(betType: AnnouncedBet, selection: unknown, wheel: WheelSpec): ChipPosition[] | null {
  switch (betType) {
    case 'neighbours': {
      // the number and 2 on each side on the wheel, 5 straight-ups (euskadi L609–617, L1113–1116)
      const raw = Array.isArray(selection) ? (selection.length === 1 ? selection[0] : undefined) : selection;
      const centre = parsePocket(raw, wheel);
      if (centre === null || wheel.kind === 'boule') return null;
      const at = wheel.order.findIndex((p) => samePocket(p, centre));
      const len = wheel.order.length;
      return [-2, -1, 0, 1, 2].map((d) => chip('straight', [wheel.order[(at + d + len) % len]]));
    }
    case 'voisins': // serie grande: 2 × 0-2-3, 4-7, 12-15, 18-21, 19-22, 2 × 25-29, 32-35 (euskadi L620–628)
      return [
        chip('street', [0, 2, 3], 2),
        chip('split', [4, 7]),
        chip('split', [12, 15]),
        chip('split', [18, 21]),
        chip('split', [19, 22]),
        chip('corner', [25, 26, 28, 29], 2),
        chip('split', [32, 35]),
      ];
    case 'tiers': // serie pequeña: 5-8, 10-11, 13-16, 23-24, 27-30, 33-36 (euskadi L630–637)
      return [
        [5, 8],
        [10, 11],
        [13, 16],
        [23, 24],
        [27, 30],
        [33, 36],
      ].map((s) => chip('split', s));
    case 'orphelins': // huérfanos: 1; 6-9, 14-17, 17-20, 31-34 (euskadi L639–646)
      return [chip('straight', [1]), chip('split', [6, 9]), chip('split', [14, 17]), chip('split', [17, 20]), chip('split', [31, 34])];
  }
}

export const chipUnits = (chips: readonly ChipPosition[]): number => chips.reduce((t, c) => t + c.units, 0);

// ---------------------------------------------------------------------------------------------------------
// One bet resolved against the equipment

/** A bet as the wheel sees it: the chip positions it stands for (one for a plain bet). */
export interface ResolvedBet {
  readonly kind: 'inside' | 'outside' | 'announced';
  readonly evenChance: boolean;
  readonly chips: readonly ChipPosition[];
}

/** Numbers of a selection given as [n, …], a bare n, or "00". */
export function selectionPockets(selection: unknown, wheel: WheelSpec): Pocket[] | null {
  const raw = Array.isArray(selection) ? selection : selection === undefined || selection === null ? [] : [selection];
  const pockets = raw.map((r) => parsePocket(r, wheel));
  return pockets.every((p): p is Pocket => p !== null) ? pockets : null;
}

/** Resolve a bet to chip positions, or give the reason it cannot exist on this layout. */
export function resolveBet(betType: string, selection: unknown, wheel: WheelSpec): ResolvedBet | { error: string; field: string } {
  if ((INSIDE_BETS as readonly string[]).includes(betType)) {
    const pockets = selectionPockets(selection, wheel);
    if (!pockets || !pockets.length) return { field: 'data.selection', error: `${betType} needs pockets of this wheel, got ${JSON.stringify(selection)}` };
    if (!isRealInside(betType as InsideBet, pockets, wheel))
      return { field: 'data.selection', error: `${JSON.stringify(selection)} is not a ${betType} on the ${wheel.kind} layout` };
    return { kind: 'inside', evenChance: false, chips: [chip(betType as InsideBet, pockets)] };
  }
  if ((OUTSIDE_BETS as readonly string[]).includes(betType)) {
    const even = (EVEN_CHANCES as readonly string[]).includes(betType);
    const sel = even ? [] : (Array.isArray(selection) ? selection : [selection]).map(Number);
    const cover = outsideCover(betType as OutsideBet, sel, wheel);
    if (!cover || !cover.length) return { field: 'data.selection', error: `${JSON.stringify(selection)} is not a ${betType} selection` };
    // an outside bet is a chip on `cover`; the bet type stays for the pay table and the limits
    return { kind: 'outside', evenChance: even, chips: [{ betType: betType as OutsideBet, pockets: cover, units: 1 }] };
  }
  if ((ANNOUNCED_BETS as readonly string[]).includes(betType)) {
    const chips = announcedChips(betType as AnnouncedBet, selection, wheel);
    if (!chips) return { field: 'data.selection', error: `${JSON.stringify(selection)} is not a pocket to play neighbours of` };
    return { kind: 'announced', evenChance: false, chips };
  }
  return { field: 'data.betType', error: `${betType} is not a bet of this game` };
}

export const isResolved = (r: ReturnType<typeof resolveBet>): r is ResolvedBet => !('error' in r);

// ---------------------------------------------------------------------------------------------------------
// Pay table by number of numbers covered, shared by the roulettes and boule

/** numbers covered → net odds "N to 1" (0.5 = "1 to 2"), each cited */
export type PayTable = Readonly<Record<number, Cited<number>>>;

export function covers(chipPosition: ChipPosition, result: Pocket): boolean {
  return chipPosition.pockets.some((p) => samePocket(p, result));
}

/** Odds of a chip position from the pay table, or undefined when the table has no row for it. */
export const oddsFor = (table: PayTable, pockets: readonly Pocket[]): Cited<number> | undefined => table[pockets.length];

/** "35:1", "1:2" */
export function oddsText(odds: number): string {
  return odds >= 1 ? `${odds}:1` : `1:${Math.round(1 / odds)}`;
}

/** n × k × m: the maximum of a bet covering n numbers at tier k with straight-up minimum m (docs/decisions/games.md#french-roulette). */
export const tierMaximum = (numbers: number, tier: number, minimum: number): number => numbers * tier * minimum;

/** Every real position of an inside bet on this layout (for the croupier and the tests). */
export function allInside(betType: InsideBet, wheel: WheelSpec): Pocket[][] {
  if (wheel.kind === 'boule') return betType === 'straight' ? wheel.order.map((p) => [p]) : [];
  const zk = wheel.kind;
  const out: Pocket[][] = [];
  const n36 = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (betType) {
    case 'straight':
      return wheel.order.map((p) => [p]);
    case 'split':
      out.push(...ZERO_SPLITS[zk]);
      for (const n of n36) {
        if (col(n) < 3) out.push([n, n + 1]);
        if (n <= 33) out.push([n, n + 3]);
      }
      return out;
    case 'street':
      out.push(...ZERO_STREETS[zk]);
      for (let r = 1; r <= 12; r++) out.push([3 * r - 2, 3 * r - 1, 3 * r]);
      return out;
    case 'corner':
      out.push(...ZERO_CORNERS[zk]);
      for (const n of n36) if (col(n) < 3 && n <= 32) out.push([n, n + 1, n + 3, n + 4]);
      return out;
    case 'six-line':
      for (let r = 1; r <= 11; r++) out.push(Array.from({ length: 6 }, (_, i) => 3 * r - 2 + i));
      return out;
  }
}
