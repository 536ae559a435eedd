/**
 * Issue 21 §6, the demo as a user runs it (`casino-audit demo`), on the real database: its seed's gaming day
 * finds all five injections only statistics can see — the counter, the croupier's favourite, the bets recorded
 * smaller, the weighted wheel, the loaded die — each by the test the manifest names, with no false finding; the
 * same floor and seed played honestly (`--no-statistical-injections`) raises none, though its long wheel and
 * dice tables were tested. The record also states the spins a roulette's 1.2× pocket needs, from the equipment
 * read model, which is why the demo's wheel is weighted far more.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Runtime, startRuntime } from '../../../libs/platform/src';
import { loadEquipment } from '../../../libs/projections/src';
import { pocketPower, wheelDesign } from '../../../libs/projections/src/equipment/equipment-report';
import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { wordStatement } from '../../../libs/simulator/src';
import { DEMO_DEFAULTS, DemoRun, runDemo } from './demo';

describe('the demo finds the five statistical injections and nothing else (issue 21 §6)', () => {
  // each run in a store of its own, as each user's demo is: the same seed draws the same event ids
  const stores: Array<{ db: TestDatabase; runtime: Runtime }> = [];
  const runtimes: Record<string, Runtime> = {};
  let dir: string;
  const printed: Record<string, string[]> = { injected: [], honest: [] };
  const runs: Record<string, DemoRun> = {};

  const demo = async (name: 'injected' | 'honest', statisticalInjections: boolean) => {
    const db = await createTestDatabase(`ca_demo_${name}`);
    const runtime = await startRuntime({ databaseUrl: db.url });
    stores.push({ db, runtime });
    runtimes[name] = runtime;
    runs[name] = await runDemo(runtime, (l) => printed[name].push(l), { ...DEMO_DEFAULTS, statisticalInjections, manifestDir: dir }, false);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-stats-'));
    await demo('injected', true);
    await demo('honest', false);
  }, 300_000);

  afterAll(async () => {
    for (const { db, runtime } of stores) {
      await runtime.close();
      await db.drop();
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("finds each of the five by the test the manifest names, after its subject's rounds, and nothing else", () => {
    const s = runs.injected.statistics;
    expect(s.entries.map((e) => [e.kind, e.test, e.found]).sort()).toEqual(
      [
        ['advantage-player', 'count-correlation', true],
        ['bets-recorded-smaller', 'table-result', true],
        ['favoured-player', 'croupier-result', true],
        ['loaded-die', 'faces', true],
        ['weighted-pocket', 'pockets', true],
      ].sort(),
    );
    expect(s.falseFindings).toEqual([]);
    // the wheel and the die by their own tests over the day's spins and throws, on tables of their own
    const equipment = s.entries.filter((e) => e.kind === 'weighted-pocket' || e.kind === 'loaded-die');
    expect(equipment.map((e) => [e.foundBy, e.rounds])).toEqual(
      equipment.map((e) => ['statistics', e.kind === 'loaded-die' ? DEMO_DEFAULTS.loadedDieThrows : DEMO_DEFAULTS.wheelSpins]),
    );
    const others = s.entries.filter((e) => !equipment.includes(e)).map((e) => e.tableId);
    for (const e of equipment) expect(others).not.toContain(e.tableId);
    // and the printed record says so: by which test, p and adjusted p, after how many spins or throws
    const line = (kind: string) => printed.injected.find((l) => l.trimStart().startsWith(kind))!;
    expect(line('weighted-pocket')).toMatch(/found after 600 spins: \S+ pockets: χ² [\d.]+ \(df \d+\), p [\d.e-]+, adjusted p [\d.e-]+ over 600 spins/);
    expect(line('loaded-die')).toMatch(/found after 400 throws: \S+ faces: χ² [\d.]+ \(df 5\), p [\d.e-]+, adjusted p [\d.e-]+ over 400 throws \(800 faces\)/);
    expect(printed.injected.find((l) => l.includes('statistics (performance'))).toContain('5 of 5 injections found, 0 false finding(s)');
    // the same evidence as `demo --lang es` and `--lang ca` print it (issue 16): the language's words, its decimal comma
    const said = (kind: string, lang: 'es' | 'ca') => wordStatement(s.entries.find((e) => e.kind === kind)!.said.evidence, lang);
    expect(said('weighted-pocket', 'es')).toMatch(/^\S+ casillas: χ² \d+,\d \(gl \d+\), p \d,\de-\d+, p ajustada \d,\de-\d+ en 600 giros$/);
    expect(said('loaded-die', 'ca')).toMatch(/^\S+ cares: χ² \d+,\d \(gl 5\), p \d,\de-\d+, p ajustada \d,\de-\d+ en 400 tirades \(800 cares\)$/);
    expect(said('advantage-player', 'es')).toMatch(/^jugador \S+: las apuestas suben con la cuenta verdadera del distribuidor, ×\d+,\d\d por punto/);
  });

  it("prints the spins the equipment read model says a roulette's 1.2× pocket needs, beside the demo's far heavier weight", () => {
    const needed = pocketPower(wheelDesign('french-roulette', 'euskadi', {})!, 0.01, 0).spinsNeeded;
    const power = printed.injected.find((l) => l.trimStart().startsWith('power:'))!;
    expect(power).toContain(
      `a roulette's pocket at 1.2× its share (1/37) is found by the test over the pockets with 90 % power at 1 % after ${needed.toLocaleString('en-GB')} spins`,
    );
    expect(power).toMatch(/the demo's wheel is weighted far more \(\S+: pocket red-joker weighted 3×\)/);
    expect(needed).toBeGreaterThan(30 * DEMO_DEFAULTS.wheelSpins);
  });

  it('the same floor and seed played honestly: no injection, no false finding, and the long wheel and dice were tested', async () => {
    const s = runs.honest.statistics;
    expect(s.entries).toEqual([]);
    expect(s.falseFindings).toEqual([]);
    expect(printed.honest.find((l) => l.includes('statistics (performance'))).toContain('0 of 0 injections found, 0 false finding(s)');
    const equipment = await loadEquipment(runtimes.honest.pool, { casinoId: DEMO_DEFAULTS.casinoId });
    const long = equipment.rows.filter((r) => r.setId === '' && r.observations >= DEMO_DEFAULTS.loadedDieThrows);
    expect(long.map((r) => r.kind).sort()).toEqual(['dice', 'dice', 'wheel']);
    for (const r of long)
      for (const t of r.tests) expect({ table: r.tableId, test: t.test, status: t.status }).toEqual({ table: r.tableId, test: t.test, status: 'pass' });
  });
});
