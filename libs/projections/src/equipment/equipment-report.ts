/**
 * The equipment report (issue 21 §4): each table's wheel and dice tested against their design, across
 * its sessions and days, and each shoe's cards per rank. The design comes from the rulebook of the
 * table's game (the wheel's pockets and their weights, and its pocket order; six faces a die); the tests
 * from libs/statistics: Pearson's goodness of fit over the pockets, over the wheel's own sectors
 * (neighbouring pockets in the wheel's order) and over the dice's faces and sums. A test is a finding
 * when it survives Benjamini–Hochberg across all the tests of the casino's tables at the configured
 * rate (`CASINO_AUDIT_EQUIPMENT_FDR`, default 1 %): a 30-table casino does not cry wolf every night.
 */
import type { Pool } from 'pg';
import { emptySession, evolveSession, sessionEnv } from '../../../ledger/src';
import { setting } from '../../../platform/src/config';
import { DECK_52, deckCards, gameRules, RoundEnv, said, type Phrase, type Said } from '../../../rules/src';
import { optionOr } from '../../../rules/src/core/roulette';
import { WheelKind, wheelOf } from '../../../rules/src/core/wheel';
import { benjaminiHochberg, GoodnessOfFit, goodnessOfFit, observationsToDetect, sectorGoodnessOfFit, withOneCellWeighted } from '../../../statistics/src';
import { EQUIPMENT_COUNTS, EQUIPMENT_SHOES, EquipmentCountsRow, EquipmentShoeRow } from './equipment.projection';

type Db = { pool: Pool } | Pool;
const poolOf = (db: Db): Pool => ('pool' in db ? db.pool : db);

/** The power the spins-to-detect statement is made at. */
export const DETECTION_POWER = 0.9;
/** The alternative the power is stated for: one pocket at 1.2× its share (issue 21 §4). */
export const POCKET_FACTOR = 1.2;

export interface EquipmentTest {
  readonly test: 'pockets' | 'sectors' | 'faces' | 'sums';
  /** dice thrown together, for `sums` */
  readonly dice?: number;
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  readonly p: number;
  readonly observations: number;
  /** `too-few`: some cell expects fewer than 5 (Cochran's rule): not tested until more play */
  readonly status: 'finding' | 'pass' | 'too-few';
  /** Benjamini–Hochberg adjusted p across the casino's tests (null: not tested) */
  readonly adjustedP: number | null;
  /** sectors: their width and the sector furthest above its share */
  readonly width?: number;
  readonly worstSector?: readonly string[];
}

export interface EquipmentCell {
  readonly key: string;
  readonly observed: number;
  readonly expected: number;
}

export interface EquipmentPower {
  /** the pocket (cell) the statement is for: the smallest share, the hardest to find */
  readonly pocket: string;
  readonly share: number;
  readonly factor: number;
  readonly level: number;
  readonly power: number;
  /** spins before Pearson's test over the pockets finds that pocket at `factor`× its share */
  readonly spinsNeeded: number;
  /** spins recorded so far against that number */
  readonly spinsRecorded: number;
}

export interface EquipmentRow {
  readonly casinoId: string;
  readonly tableId: string;
  readonly kind: 'wheel' | 'dice';
  readonly game: string;
  readonly jurisdiction: string;
  /** '' = the table's equipment over all its sets; else `terna:<id>` or `issued:<serials>` */
  readonly setId: string;
  readonly options: Record<string, unknown>;
  readonly observations: number;
  readonly sessions: number;
  readonly firstDay: string;
  readonly lastDay: string;
  /**
   * the wheel whose pocket order `cells` follow (libs/rules wheel.ts: a page lays the pockets out by it); null
   * for dice and where the rulebook holds no order of the cells (the wheel of fortune: its combinations)
   */
  readonly wheel: WheelKind | null;
  /** pockets in the wheel's order (or cells, or faces 1–6) */
  readonly cells: readonly EquipmentCell[];
  /** dice: number of dice → sums with observed and expected */
  readonly sums?: Readonly<Record<string, readonly EquipmentCell[]>>;
  readonly tests: readonly EquipmentTest[];
  readonly power: EquipmentPower | null;
  /** what could not be tested, and why */
  readonly notes: readonly string[];
  /** the notes as phrases of the `narrative` catalogue, one for each in the same order (issue 16: worded at the edge) */
  readonly notePhrases: readonly Phrase[];
}

export interface ShoeRow {
  readonly casinoId: string;
  readonly tableId: string;
  readonly sessionId: string;
  readonly shoeId: string;
  readonly gamingDay: string;
  readonly game: string;
  readonly decks: number;
  readonly size: number;
  readonly dealt: number;
  readonly ended: boolean;
  /** every card of the shoe was dealt */
  readonly complete: boolean;
  readonly ranks: ReadonlyArray<{ rank: string; dealt: number; inShoe: number }>;
  /** dealt to the end: every rank as the design has it; null when the shoe was not dealt to the end */
  readonly asDesigned: boolean | null;
}

export interface EquipmentReport {
  readonly casinoId: string | null;
  readonly tableId: string | null;
  /** the false discovery rate */
  readonly level: number;
  readonly rows: readonly EquipmentRow[];
  readonly shoes: readonly ShoeRow[];
  readonly findings: number;
}

/** The rules' environment of a design (game, jurisdiction, options): a session opened with them. */
function designEnv(game: string, jurisdiction: string, options: Record<string, unknown>): RoundEnv | undefined {
  const s = evolveSession(emptySession('design'), 'TableSessionOpened', { game, jurisdiction, options, limits: { min: 1, max: 1 }, openingFloat: {} });
  return sessionEnv(s);
}

export interface WheelDesign {
  /** result key → probability */
  readonly shares: ReadonlyMap<string, number>;
  /** the pockets in the wheel's order, where the rulebook holds it */
  readonly order: readonly string[] | null;
  /** the wheel that order is of */
  readonly wheel: WheelKind | null;
}

/** A wheel's design from its rulebook: each result's weight (`roundOutcomes`), and its pocket order. */
export function wheelDesign(game: string, jurisdiction: string, options: Record<string, unknown>): WheelDesign | null {
  const env = designEnv(game, jurisdiction, options);
  const rules = gameRules(game);
  if (!env || !rules?.roundOutcomes) return null;
  const weights = new Map<string, number>();
  for (const o of rules.roundOutcomes(env).outcomes) {
    const spun = o.facts.find((f) => f.type === 'WheelSpun');
    if (spun) weights.set(String(spun.data.result), (weights.get(String(spun.data.result)) ?? 0) + o.weight);
  }
  const total = [...weights.values()].reduce((t, w) => t + w, 0);
  if (!(total > 0)) return null;
  const rb = env.rulebook as { wheel?: { value: WheelKind; cite: string } };
  const wheel = rb.wheel ? optionOr(env, 'wheel', rb.wheel).value : null;
  const order = wheel ? wheelOf(wheel).order.map(String) : null;
  // the wheel's order where it holds exactly the designed pockets; otherwise the design's own order
  const ordered = order && order.length === weights.size && order.every((k) => weights.has(k)) ? order : null;
  const keys = ordered ?? [...weights.keys()];
  return { shares: new Map(keys.map((k) => [k, weights.get(k)! / total])), order: ordered, wheel: ordered ? wheel : null };
}

/** How many pockets a sector holds: the wheel cut into about six arcs of neighbours, at least two pockets each. */
export const sectorWidth = (pockets: number) => Math.max(2, Math.round(pockets / 6));

/** The distribution of the sum of `n` fair dice (by convolution). */
export function diceSums(n: number): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < n; i++) {
    const next = new Map<number, number>();
    for (const [s, p] of dist) for (let f = 1; f <= 6; f++) next.set(s + f, (next.get(s + f) ?? 0) + p / 6);
    dist = next;
  }
  return dist;
}

const powerCache = new Map<string, EquipmentPower>();

/** Spins needed to find the smallest-share pocket at 1.2× its share at level α with 90 % power (cached per design). */
export function pocketPower(design: WheelDesign, level: number, spinsRecorded: number): EquipmentPower {
  const keys = [...design.shares.keys()];
  const probabilities = keys.map((k) => design.shares.get(k)!);
  let cell = 0;
  probabilities.forEach((p, i) => p < probabilities[cell] && (cell = i));
  const cacheKey = JSON.stringify([probabilities, cell, level]);
  let power = powerCache.get(cacheKey);
  if (!power) {
    const spinsNeeded = observationsToDetect(probabilities, withOneCellWeighted(probabilities, cell, POCKET_FACTOR), level, DETECTION_POWER);
    power = { pocket: keys[cell], share: probabilities[cell], factor: POCKET_FACTOR, level, power: DETECTION_POWER, spinsNeeded, spinsRecorded: 0 };
    powerCache.set(cacheKey, power);
  }
  return { ...power, spinsRecorded };
}

type PendingTest = Omit<EquipmentTest, 'status' | 'adjustedP'> & { readonly tested: boolean };

function fitTest(test: EquipmentTest['test'], fit: GoodnessOfFit, extra: Partial<EquipmentTest> = {}): PendingTest {
  return {
    test,
    statistic: fit.statistic,
    degreesOfFreedom: fit.degreesOfFreedom,
    p: fit.p,
    observations: fit.observations,
    tested: fit.cellsBelowFive === 0 && fit.observations > 0,
    ...extra,
  };
}

const cellsOf = (keys: readonly string[], counts: Record<string, number>, share: (k: string) => number, n: number): EquipmentCell[] =>
  keys.map((key) => ({ key, observed: counts[key] ?? 0, expected: n * share(key) }));

/** One counts row's cells and tests (before the casino's false discovery control). */
export function analyseEquipment(row: EquipmentCountsRow, level: number): { row: Omit<EquipmentRow, 'tests'>; tests: PendingTest[] } {
  const base = {
    casinoId: row.casino_id,
    tableId: row.table_id,
    kind: row.kind,
    game: row.game,
    jurisdiction: row.jurisdiction,
    setId: row.set_id,
    options: row.options,
    observations: row.observations,
    sessions: row.sessions,
    firstDay: row.first_day,
    lastDay: row.last_day,
  };
  const notes: Said[] = [];
  const told = () => ({ notes: notes.map((n) => n.text), notePhrases: notes.map((n) => n.phrase) });
  const tests: PendingTest[] = [];
  if (row.kind === 'wheel') {
    const design = wheelDesign(row.game, row.jurisdiction, row.options);
    if (!design) {
      notes.push(
        said(`no wheel design for ${row.game} in ${row.jurisdiction}: not tested`, 'equipment.note.noDesign', {
          game: row.game,
          jurisdiction: row.jurisdiction,
        }),
      );
      return { row: { ...base, wheel: null, cells: [], power: null, ...told() }, tests };
    }
    const keys = [...design.shares.keys()];
    const share = (k: string) => design.shares.get(k)!;
    const strays = Object.keys(row.counts).filter((k) => !design.shares.has(k));
    if (strays.length)
      notes.push(
        said(`results not on this wheel's design, left out of the tests: ${strays.join(', ')}`, 'equipment.note.strays', { results: strays.join(', ') }),
      );
    const counts = keys.map((k) => row.counts[k] ?? 0);
    const n = counts.reduce((t, c) => t + c, 0);
    const cells = cellsOf(keys, row.counts, share, n);
    tests.push(fitTest('pockets', goodnessOfFit(counts, keys.map(share))));
    if (design.order) {
      const width = sectorWidth(design.order.length);
      const sectors = sectorGoodnessOfFit(row.counts, design.order, share, width);
      tests.push(fitTest('sectors', sectors, { width, worstSector: sectors.worstSector }));
    } else
      notes.push(said(`the rulebook holds no order of ${row.game}'s cells: no test over neighbouring cells`, 'equipment.note.noOrder', { game: row.game }));
    return { row: { ...base, wheel: design.wheel, cells, power: pocketPower(design, level, n), ...told() }, tests };
  }
  const faces = ['1', '2', '3', '4', '5', '6'];
  const faceCounts = faces.map((f) => row.counts[f] ?? 0);
  const thrownFaces = faceCounts.reduce((t, c) => t + c, 0);
  const cells = cellsOf(faces, row.counts, () => 1 / 6, thrownFaces);
  tests.push(
    fitTest(
      'faces',
      goodnessOfFit(
        faceCounts,
        faces.map(() => 1 / 6),
      ),
    ),
  );
  const sums: Record<string, EquipmentCell[]> = {};
  for (const [dice, bySum] of Object.entries(row.sums)) {
    const dist = diceSums(Number(dice));
    const keys = [...dist.keys()].map(String);
    const observed = keys.map((k) => bySum[k] ?? 0);
    const n = observed.reduce((t, c) => t + c, 0);
    sums[dice] = cellsOf(keys, bySum, (k) => dist.get(Number(k))!, n);
    if (Number(dice) >= 2)
      tests.push(
        fitTest(
          'sums',
          goodnessOfFit(
            observed,
            keys.map((k) => dist.get(Number(k))!),
          ),
          { dice: Number(dice) },
        ),
      );
  }
  return { row: { ...base, wheel: null, cells, sums, power: null, ...told() }, tests };
}

/**
 * Every row of one casino analysed, its tests controlled together: Benjamini–Hochberg over the p of
 * every test with enough data, at `level`.
 */
export function casinoEquipment(rows: readonly EquipmentCountsRow[], level: number): EquipmentRow[] {
  const analysed = rows.map((r) => analyseEquipment(r, level));
  const tested = analysed.flatMap((a) => a.tests.filter((t) => t.tested));
  const discoveries = benjaminiHochberg(
    tested.map((t) => t.p),
    level,
  );
  const verdict = new Map(tested.map((t, i) => [t, discoveries[i]]));
  return analysed.map(({ row, tests }) => ({
    ...row,
    tests: tests.map(({ tested: _tested, ...t }, i) => {
      const d = verdict.get(tests[i]);
      return { ...t, status: d ? (d.finding ? 'finding' : 'pass') : 'too-few', adjustedP: d ? d.adjustedP : null };
    }),
  }));
}

/** A shoe's cards per rank against what its decks hold. */
export function shoeComposition(row: EquipmentShoeRow): ShoeRow {
  const env = designEnv(row.game, row.jurisdiction, row.options);
  const rules = gameRules(row.game);
  const deck = (env && rules?.deck?.(env)) || DECK_52;
  const perDeck = new Map<string, number>();
  for (const code of deckCards(deck)) {
    const rank = code === 'JK' ? 'JK' : code.slice(0, -1);
    perDeck.set(rank, (perDeck.get(rank) ?? 0) + 1);
  }
  const size = deckCards(deck).length * row.decks;
  const ranks = [...new Set([...perDeck.keys(), ...Object.keys(row.ranks)])].map((rank) => ({
    rank,
    dealt: row.ranks[rank] ?? 0,
    inShoe: (perDeck.get(rank) ?? 0) * row.decks,
  }));
  const complete = row.dealt >= size;
  return {
    casinoId: row.casino_id,
    tableId: row.table_id,
    sessionId: row.session_id,
    shoeId: row.shoe_id,
    gamingDay: row.gaming_day,
    game: row.game,
    decks: row.decks,
    size,
    dealt: row.dealt,
    ended: row.ended,
    complete,
    ranks,
    asDesigned: complete ? ranks.every((r) => r.dealt === r.inShoe) : null,
  };
}

/** The equipment report of one casino (or all), for one table or all: the findings are always controlled across the casino's tables. */
export async function loadEquipment(db: Db, q: { casinoId?: string | null; tableId?: string | null; level?: number } = {}): Promise<EquipmentReport> {
  const level = q.level ?? setting('CASINO_AUDIT_EQUIPMENT_FDR');
  const pool = poolOf(db);
  const where = q.casinoId ? 'WHERE casino_id = $1' : '';
  const params = q.casinoId ? [q.casinoId] : [];
  const counts = (await pool.query(`SELECT * FROM ${EQUIPMENT_COUNTS} ${where} ORDER BY casino_id, table_id, kind, game, set_id, equipment_key`, params))
    .rows as EquipmentCountsRow[];
  const byCasino = new Map<string, EquipmentCountsRow[]>();
  for (const r of counts) byCasino.set(r.casino_id, [...(byCasino.get(r.casino_id) ?? []), r]);
  const rows = [...byCasino.values()].flatMap((rs) => casinoEquipment(rs, level)).filter((r) => !q.tableId || r.tableId === q.tableId);
  const shoeWhere = [q.casinoId ? 'casino_id = $1' : null, q.tableId ? `table_id = $${params.length + 1}` : null].filter(Boolean);
  const shoes = (
    await pool.query(
      `SELECT * FROM ${EQUIPMENT_SHOES} ${shoeWhere.length ? `WHERE ${shoeWhere.join(' AND ')}` : ''} ORDER BY casino_id, table_id, gaming_day, session_id, last_position`,
      [...params, ...(q.tableId ? [q.tableId] : [])],
    )
  ).rows as EquipmentShoeRow[];
  return {
    casinoId: q.casinoId ?? null,
    tableId: q.tableId ?? null,
    level,
    rows,
    shoes: shoes.map(shoeComposition),
    findings: rows.reduce((t, r) => t + r.tests.filter((x) => x.status === 'finding').length, 0),
  };
}
