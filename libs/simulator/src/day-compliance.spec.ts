/**
 * The simulated casino and the gaming day's rules (issue 15): an honest day breaks none of them in any
 * jurisdiction (its jefes, its dice, its ternas, the tables in service), and every injected violation is
 * found by the day's judge, with nothing else found. The day is folded as the read model folds it.
 */
import type { Envelope } from '../../ledger/src';
import { DayComplianceRow, foldDayFact, judgeDayRow, TableDiceRow } from '../../projections/src/day-compliance/day-compliance.projection';
import { JURISDICTIONS, registeredGames } from '../../rules/src';
import { dayDetection } from './day-compliance';
import { simulateDay, SimulationManifest } from './simulate';

/** The day's rows, folded from the simulated facts in recording order. */
function judgeDays(events: readonly Envelope[]): DayComplianceRow[] {
  const days = new Map<string, DayComplianceRow>();
  const dice = new Map<string, TableDiceRow>();
  const openings = new Map<string, { casinoId: string; gamingDay: string }>();
  for (const e of events) {
    const sessionId = typeof e.data.sessionId === 'string' ? e.data.sessionId : undefined;
    if (!sessionId) continue;
    if (e.type === 'TableSessionOpened') openings.set(sessionId, { casinoId: String(e.data.casinoId), gamingDay: String(e.data.gamingDay) });
    const opening = openings.get(sessionId);
    if (opening) foldDayFact(days, dice, { eventId: e.eventId, type: e.type, data: e.data, occurredAt: e.occurredAt }, sessionId, opening);
  }
  return [...days.values()].map(judgeDayRow);
}

const gamesOf = (jurisdiction: string) =>
  registeredGames()
    .filter((g) => g.rulebooks[jurisdiction as 'euskadi'] && g.play)
    .map((g) => g.game);

describe('the simulated gaming day and its rules', () => {
  it('an honest day breaks no gaming-day rule in any jurisdiction, and records the dice and ternas it keeps', () => {
    const flagged: string[] = [];
    const kept = new Set<string>();
    for (const jurisdiction of JURISDICTIONS) {
      const games = gamesOf(jurisdiction);
      if (!games.length) continue;
      const events = [...simulateDay({ tables: games.length, tableGames: games, rounds: 40, seed: 5, jurisdiction })].flat();
      for (const day of judgeDays(events)) for (const f of day.findings) flagged.push(`${jurisdiction} ${f.tableId} ${f.rule}: ${f.message}`);
      for (const e of events) if (['DiceIssued', 'DiceTernaChanged', 'DiceThrowerChanged'].includes(e.type)) kept.add(`${jurisdiction} ${e.type}`);
    }
    // and a casino whose tables each play under their game's first catalogue (the simulator's default floor)
    const mixed = [...simulateDay({ tables: 24, rounds: 30, seed: 7 })].flat();
    for (const day of judgeDays(mixed)) for (const f of day.findings) flagged.push(`mixed ${f.tableId} ${f.rule}: ${f.message}`);
    expect(flagged).toEqual([]);
    expect([...kept]).toEqual(expect.arrayContaining(['euskadi DiceIssued', 'cantabria DiceIssued', 'illes-balears DiceIssued', 'galicia DiceIssued']));
  });

  it('banca francesa in cantabria changes its terna and its thrower within every hour of a long session', () => {
    const events = [...simulateDay({ tables: 1, tableGames: ['banca-francesa'], rounds: 200, seed: 3, jurisdiction: 'cantabria' })].flat();
    const changes = events.filter((e) => e.type === 'DiceTernaChanged');
    expect(changes.length).toBeGreaterThan(0);
    expect(judgeDays(events).flatMap((d) => d.findings)).toEqual([]);
    expect(
      judgeDays(events)
        .flatMap((d) => d.notes)
        .filter((n) => /rotation/.test(n)),
    ).toEqual([]);
  });

  it('a blackjack table turns its reversible cloth once, after closing, onto a numbered cloth with a float of its own: no finding', () => {
    for (const jurisdiction of ['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const) {
      const games = gamesOf(jurisdiction);
      const events = [...simulateDay({ tables: games.length, tableGames: games, rounds: 30, seed: 8, jurisdiction, reversibleCloths: true })].flat();
      const opened = events.filter((e) => e.type === 'TableSessionOpened' && e.data.clothNumber);
      expect(opened.map((e) => e.data.game)).toEqual(['blackjack', expect.not.stringMatching(/^blackjack$/)]);
      expect(new Set(opened.map((e) => e.data.tableId)).size).toBe(1);
      expect({ jurisdiction, findings: judgeDays(events).flatMap((d) => d.findings.map((f) => `${f.rule}: ${f.message}`)) }).toEqual({
        jurisdiction,
        findings: [],
      });
    }
  });

  it('a turned cloth unnumbered, or opened before the first game closed, is found, and nothing else (galicia L254, seeds 2–7)', () => {
    const games = gamesOf('galicia');
    const kinds = new Set<string>();
    for (const seed of [2, 3, 4, 5, 6, 7]) {
      const manifest: { value?: SimulationManifest } = {};
      const events = [
        ...simulateDay(
          { tables: games.length, tableGames: games, rounds: 30, seed, errorRate: 0.5, jurisdiction: 'galicia', reversibleCloths: true },
          manifest,
        ),
      ].flat();
      const tables = new Map(manifest.value!.sessions.map((s) => [s.sessionId, s.tableId]));
      const detection = dayDetection(
        manifest.value!.injected,
        judgeDays(events).flatMap((d) => d.findings),
        (id) => tables.get(id),
      );
      expect({ seed, missed: detection.missed, falsePositives: detection.falsePositives }).toEqual({ seed, missed: [], falsePositives: [] });
      for (const kind of Object.keys(detection.byKind)) kinds.add(kind);
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['cloth-unnumbered', 'cloth-before-close']));
  });

  it('violations asked for are injected once each where the floor allows, and found with nothing else (a jefe over his ratio, dice, cloths turned twice or before the close, the last roulette closed for half an hour)', () => {
    const asked = [
      ['euskadi', ['overloaded-jefe', 'dice-unmarked', 'roulette-gap']],
      ['cantabria', ['overloaded-jefe', 'dice-short', 'cloth-twice']],
      ['illes-balears', ['cloth-twice']],
      ['galicia', ['dice-unmarked', 'cloth-before-close', 'roulette-gap']],
      ['euskadi', ['cloth-unnumbered']],
    ] as const;
    for (const [jurisdiction, kinds] of asked) {
      const games = gamesOf(jurisdiction);
      const manifest: { value?: SimulationManifest } = {};
      const events = [...simulateDay({ tables: games.length, tableGames: games, rounds: 20, seed: 9, jurisdiction, dayViolations: kinds }, manifest)].flat();
      const tables = new Map(manifest.value!.sessions.map((s) => [s.sessionId, s.tableId]));
      const detection = dayDetection(
        manifest.value!.injected,
        judgeDays(events).flatMap((d) => d.findings),
        (id) => tables.get(id),
      );
      expect({ jurisdiction, byKind: detection.byKind, missed: detection.missed, falsePositives: detection.falsePositives }).toEqual({
        jurisdiction,
        byKind: Object.fromEntries(kinds.map((k) => [k, 1])),
        missed: [],
        falsePositives: [],
      });
    }
  });

  it('a second change of game is no violation in euskadi (no limit per day, euskadi L1386–1390): not injected there', () => {
    const games = gamesOf('euskadi');
    const manifest: { value?: SimulationManifest } = {};
    [...simulateDay({ tables: games.length, tableGames: games, rounds: 20, seed: 9, jurisdiction: 'euskadi', dayViolations: ['cloth-twice'] }, manifest)];
    expect(manifest.value!.injected.filter((i) => i.detector === 'day')).toEqual([]);
  });

  it('a roulette gap is injected only where the text wants a roulette in service (not in cantabria)', () => {
    const games = gamesOf('cantabria');
    const manifest: { value?: SimulationManifest } = {};
    [...simulateDay({ tables: games.length, tableGames: games, rounds: 20, seed: 9, jurisdiction: 'cantabria', dayViolations: ['roulette-gap'] }, manifest)];
    expect(manifest.value!.injected.filter((i) => i.detector === 'day')).toEqual([]);
  });

  it.each([11, 1, 4])('finds every injected gaming-day violation and nothing else, in every jurisdiction (seed %i)', (seed) => {
    const kinds = new Set<string>();
    for (const jurisdiction of JURISDICTIONS) {
      const games = gamesOf(jurisdiction);
      if (!games.length) continue;
      const manifest: { value?: SimulationManifest } = {};
      const events = [...simulateDay({ tables: games.length, tableGames: games, rounds: 40, seed, errorRate: 0.3, jurisdiction }, manifest)].flat();
      const tables = new Map(manifest.value!.sessions.map((s) => [s.sessionId, s.tableId]));
      const detection = dayDetection(
        manifest.value!.injected,
        judgeDays(events).flatMap((d) => d.findings),
        (id) => tables.get(id),
      );
      expect({ jurisdiction, missed: detection.missed, falsePositives: detection.falsePositives }).toEqual({ jurisdiction, missed: [], falsePositives: [] });
      for (const kind of Object.keys(detection.byKind)) kinds.add(kind);
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['overloaded-jefe']));
  });
});
