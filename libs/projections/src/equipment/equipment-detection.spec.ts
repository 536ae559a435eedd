/**
 * Issue 21 §4 and §6: the equipment read model's fold and tests, on simulated play (seeded, so the same
 * every run). Four gaming days at one casino: a roulette with pocket 17 at 2×, a roulette with six
 * neighbours from 32 at 1.3×, a craps table with a die whose six comes twice as often, and an honest
 * roulette and craps table beside them. The faults are found by the test the manifest names, across the
 * casino's tables at the configured 1 %; the honest tables raise nothing.
 *
 * Outside truth: critical values of the chi-square distribution from the NIST/SEMATECH e-Handbook of
 * Statistical Methods, §1.3.6.7.4 "Critical Values of the Chi-Square Distribution"
 * (https://www.itl.nist.gov/div898/handbook/eda/section3/eda3674.htm): df 5 — 9.236 (upper 10 %),
 * 11.070 (5 %), 15.086 (1 %); df 36 — 58.619 (1 %).
 */
import { demoEquipmentBias, floorPlan, SimulationManifest, simulateDay } from '../../../simulator/src';
import { seededRandom } from '../../../rules/src';
import { goodnessOfFitPower, withOneCellWeighted } from '../../../statistics/src';
import { casinoEquipment, diceSums, pocketPower, sectorWidth, wheelDesign } from './equipment-report';
import { EquipmentCountsRow, EquipmentState, foldEquipmentFact } from './equipment.projection';

const TABLES = ['french-roulette', 'french-roulette', 'french-roulette', 'craps', 'craps'];
const DAYS = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
const ROUNDS = 600;

describe('equipment: what only statistics can see (issue 21 §4, §6)', () => {
  const state: EquipmentState = { sessions: new Map(), counts: new Map(), shoes: new Map() };
  const manifests: SimulationManifest[] = [];
  let rows: ReturnType<typeof casinoEquipment>;

  beforeAll(() => {
    const plans = floorPlan(TABLES.length, seededRandom(1), { tableGames: TABLES, jurisdiction: 'euskadi' });
    const bias = demoEquipmentBias(plans);
    let position = 0;
    DAYS.forEach((gamingDay, d) => {
      const manifest: { value?: SimulationManifest } = {};
      const changed = { sessions: new Set<string>(), counts: new Set<string>(), shoes: new Set<string>() };
      for (const batch of simulateDay(
        {
          casinoId: 'casino-eq',
          gamingDay,
          tables: TABLES.length,
          tableGames: TABLES,
          jurisdiction: 'euskadi',
          rounds: ROUNDS,
          seed: 21 + d,
          equipmentBias: bias,
        },
        manifest,
      )) {
        for (const e of batch) foldEquipmentFact(state, { ...e, streamId: `session-${e.data.sessionId}`, globalPosition: ++position }, changed);
      }
      manifests.push(manifest.value!);
    });
    rows = casinoEquipment([...state.counts.values()], 0.01);
  }, 120_000);

  it('the floor plan keeps its table ids from day to day, so a table is followed across days', () => {
    expect(manifests.map((m) => m.tables.map((t) => `${t.tableId} ${t.game}`))).toEqual(
      DAYS.map(() => manifests[0].tables.map((t) => `${t.tableId} ${t.game}`)),
    );
    const wheel = rows.find((r) => r.kind === 'wheel' && r.tableId === manifests[0].tables[2].tableId)!;
    expect(wheel).toMatchObject({ sessions: 4, firstDay: DAYS[0], lastDay: DAYS[3] });
    expect(wheel.observations).toBe(wheel.cells.reduce((t, c) => t + c.observed, 0));
    expect(wheel.observations).toBeGreaterThanOrEqual(4 * ROUNDS * 0.9);
  });

  it('finds each injected fault by the test the manifest names, and only at its table', () => {
    const injected = manifests[0].injected.filter((i) => i.detector === 'statistics');
    expect(injected.map((i) => i.kind).sort()).toEqual(['loaded-die', 'weighted-pocket', 'weighted-sector']);
    for (const fault of injected) {
      const row = rows.find((r) => r.tableId === fault.tableId && r.setId === '')!;
      const test = row.tests.find((t) => t.test === fault.test)!;
      expect({ table: fault.tableId, kind: fault.kind, status: test.status }).toEqual({ table: fault.tableId, kind: fault.kind, status: 'finding' });
    }
    const faulty = new Set(injected.map((i) => i.tableId));
    const honest = rows.filter((r) => !faulty.has(r.tableId));
    expect(new Set(honest.map((r) => r.kind))).toEqual(new Set(['wheel', 'dice']));
    for (const r of honest)
      for (const t of r.tests) expect({ table: r.tableId, set: r.setId, test: t.test, status: t.status }).not.toMatchObject({ status: 'finding' });
  });

  it('points at the weighted sector: the worst sector holds the weighted pockets', () => {
    const sector = manifests[0].injected.find((i) => i.kind === 'weighted-sector')!;
    const row = rows.find((r) => r.tableId === sector.tableId && r.kind === 'wheel')!;
    const test = row.tests.find((t) => t.test === 'sectors')!;
    expect(test.width).toBe(6);
    const weighted = new Set(['32', '15', '19', '4', '21', '2']);
    expect(test.worstSector!.filter((p) => weighted.has(p)).length).toBeGreaterThanOrEqual(4);
    // the wheel's own order, from the rulebook: 0 sits between 26 and 32 on the single-zero wheel
    const order = wheelDesign('french-roulette', 'euskadi', {})!.order!;
    expect(order.slice(0, 3)).toEqual(['0', '32', '15']);
    expect(order.at(-1)).toBe('26');
    // and which wheel that order is, for a page to lay the pockets out by; none where the rulebook holds no order
    expect(row.wheel).toBe('single-zero');
    expect(wheelDesign('american-roulette-double-zero', 'cantabria', {})!.wheel).toBe('double-zero');
    expect(wheelDesign('boule', 'euskadi', {})!.wheel).toBe('boule');
    expect(wheelDesign('wheel-of-fortune', 'euskadi', {})).toMatchObject({ order: null, wheel: null });
  });

  it('counts dice per set where the facts name it (the six dice a craps session is given)', () => {
    const die = manifests[0].injected.find((i) => i.kind === 'loaded-die')!;
    const sets = rows.filter((r) => r.tableId === die.tableId && r.setId !== '');
    expect(sets.length).toBe(DAYS.length);
    expect(sets.every((r) => r.setId.startsWith('issued:'))).toBe(true);
    const all = rows.find((r) => r.tableId === die.tableId && r.setId === '')!;
    expect(sets.reduce((t, r) => t + r.observations, 0)).toBe(all.observations);
    expect(all.sums!['2'].map((c) => c.key)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
  });
});

describe('equipment tests against published figures', () => {
  const counts = (kind: 'wheel' | 'dice', counts: Record<string, number>, sums: Record<string, Record<string, number>> = {}): EquipmentCountsRow => ({
    equipment_key: kind,
    casino_id: 'c',
    table_id: kind,
    kind,
    game: kind === 'wheel' ? 'french-roulette' : 'craps',
    jurisdiction: 'euskadi',
    options: {},
    set_id: '',
    counts,
    sums,
    observations: Object.values(counts).reduce((t, n) => t + n, 0),
    sessions: 1,
    first_day: '2026-11-21',
    last_day: '2026-11-21',
    last_session: 's',
    last_position: 1,
  });

  it('a die 600 times: 90, 110, 100, 100, 80, 120 gives χ² = 10 by hand, between the 10 % (9.236) and 5 % (11.070) critical values for df 5', () => {
    const [row] = casinoEquipment([counts('dice', { 1: 90, 2: 110, 3: 100, 4: 100, 5: 80, 6: 120 })], 0.01);
    const faces = row.tests.find((t) => t.test === 'faces')!;
    expect(faces.statistic).toBeCloseTo(10, 10);
    expect(faces.degreesOfFreedom).toBe(5);
    expect(faces.p).toBeGreaterThan(0.05);
    expect(faces.p).toBeLessThan(0.1);
    expect(faces.status).toBe('pass');
  });

  it('a roulette whose pockets give χ² just above 58.619 (df 36, 1 %) is a finding alone; just below, it is not', () => {
    // 37 pockets × 100 spins, then pocket 17 raised and pocket 0 lowered by d: χ² = 2d²/100
    const wheel = (d: number) => {
      const c: Record<string, number> = {};
      for (let p = 0; p <= 36; p++) c[String(p)] = 100;
      c['17'] += d;
      c['0'] -= d;
      return counts('wheel', c);
    };
    const above = casinoEquipment([wheel(54.2)], 0.01)[0].tests.find((t) => t.test === 'pockets')!; // 2·54.2²/100 = 58.75
    const below = casinoEquipment([wheel(54.1)], 0.01)[0].tests.find((t) => t.test === 'pockets')!; // 58.54
    expect(above.degreesOfFreedom).toBe(36);
    expect(above.statistic).toBeCloseTo(58.7528, 3);
    expect([above.status, below.status]).toEqual(['finding', 'pass']);
  });

  it('says too few while a cell expects fewer than five (Cochran), and tests nothing then', () => {
    const wheel = (each: number) => {
      const c: Record<string, number> = {};
      for (let p = 0; p <= 36; p++) c[String(p)] = each;
      return casinoEquipment([counts('wheel', c)], 0.01)[0].tests.map((t) => [t.test, t.status, t.adjustedP]);
    };
    // the 37th pocket makes a sector of its own: both tests wait for five spins a pocket
    expect(wheel(4)).toEqual([
      ['pockets', 'too-few', null],
      ['sectors', 'too-few', null],
    ]);
    expect(wheel(5)).toEqual([
      ['pockets', 'pass', 1],
      ['sectors', 'pass', 1],
    ]);
  });

  it('the sums of two dice are 1/36, 2/36 … 6/36 … 1/36; sectors of a 37-pocket wheel hold 6 pockets', () => {
    const two = diceSums(2);
    expect([...two.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect([...two.values()].map((p) => Math.round(p * 36))).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    expect(sectorWidth(37)).toBe(6);
  });

  it('states the spins needed to find a pocket at 1.2× its share at 1 % with 90 % power', () => {
    const design = wheelDesign('french-roulette', 'euskadi', {})!;
    const power = pocketPower(design, 0.01, 1000);
    expect(power).toMatchObject({ share: 1 / 37, factor: 1.2, level: 0.01, power: 0.9, spinsRecorded: 1000 });
    // the smallest n whose power reaches 90 %: one spin fewer does not
    const p = [...design.shares.values()];
    const alternative = withOneCellWeighted(p, [...design.shares.keys()].indexOf(power.pocket), 1.2);
    expect(goodnessOfFitPower(power.spinsNeeded, p, alternative, 0.01)).toBeGreaterThanOrEqual(0.9);
    expect(goodnessOfFitPower(power.spinsNeeded - 1, p, alternative, 0.01)).toBeLessThan(0.9);
    expect(power.spinsNeeded).toBeGreaterThan(30_000);
  });
});
