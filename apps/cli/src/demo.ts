/**
 * The README's main job, on the embedded default: simulate a gaming day for a casino (a dozen tables
 * across the game families), record it, build the projections, print the day's summary and the
 * detection record (discrepancies found against errors injected), then serve the API and pages.
 * Deterministic: a second run records nothing new.
 */
import * as path from 'node:path';
import type { Runtime } from '../../../libs/platform/src';
import { loadDayCompliance, loadEquipment, loadPerformance, tableBookReport, TABLE_BOOKS, withDayFindings } from '../../../libs/projections/src';
import { countCorrelation } from '../../../libs/projections/src/players/advantage-play';
import { loadAdvantagePlay } from '../../../libs/projections/src/players/advantage-play-report';
import { isSessionScoped, seededRandom } from '../../../libs/rules/src';
import { dayDetection, DayErrorKind, demoDayEquipmentBias, demoPlayerInjections, floorPlan, initialsOf, SimulationManifest, statisticalDetection, StatisticalDetection, TablePlan } from '../../../libs/simulator/src';
import { detectionRecord, DetectionRecord, manifestPath, recordSimulation, writeManifest } from './simulation';

export interface DemoOptions {
  readonly tableGames: readonly string[];
  readonly jurisdiction: 'euskadi';
  readonly tables: number;
  readonly rounds: number;
  readonly seed: number;
  readonly errorRate: number;
  readonly casinoId: string;
  readonly gamingDay: string;
  /** issue 15: the blackjack table turns its reversible cloth (honestly), and these gaming-day violations are injected once each */
  readonly reversibleCloths: boolean;
  readonly dayViolations: readonly DayErrorKind[];
  /**
   * issue 21 §6: a counter at the blackjack table, the craps croupier's favourite, a roulette seat's bets recorded
   * at a quarter, the wheel of fortune's red joker at 3×, the second craps table's die loaded on the six (false: the
   * same floor and rounds played honestly, the record then counts only false findings)
   */
  readonly statisticalInjections: boolean;
  /** the craps table throws all evening, so that each croupier deals past the rounds a performance finding needs */
  readonly crapsRounds: number;
  /** the faulty wheel spins and the faulty dice are thrown this long, so one day holds enough to find them */
  readonly wheelSpins: number;
  readonly loadedDieThrows: number;
  /** where the ground truth is written (default: the platform's home, simulations/) */
  readonly manifestDir?: string;
}

/**
 * A casino in Euskadi (the catalogue that regulates the most games): fifteen tables across the game
 * families, two caribbean stud tables sharing one progressive pool, a second craps table (sic bo and banca
 * francesa are Cantabria's alone, rules catalogue.ts: the loaded die is thrown at a craps table of its own).
 */
export const DEMO_TABLES = [
  'french-roulette', 'french-roulette', 'american-roulette-single-zero', 'wheel-of-fortune', 'craps', 'punto-banco', 'chemin-de-fer',
  'baccarat-two-tables', 'blackjack', 'trente-et-quarante', 'caribbean-stud', 'caribbean-stud', 'three-card-poker', 'circle-poker-texas-holdem',
  'craps',
];

export const DEMO_DEFAULTS: DemoOptions = {
  tableGames: DEMO_TABLES,
  jurisdiction: 'euskadi',
  tables: DEMO_TABLES.length,
  rounds: 80,
  seed: 2026,
  errorRate: 0.03,
  casinoId: 'casino-demo',
  gamingDay: '2026-11-21',
  reversibleCloths: true,
  // a jefe given a fifth table, a craps table's die without the casino's initials, the last roulette closed for
  // half an hour while the card tables play (euskadi L1470–1473, L3163–3165, L12952–12958)
  dayViolations: ['overloaded-jefe', 'dice-unmarked', 'roulette-gap'],
  statisticalInjections: true,
  crapsRounds: 600,
  wheelSpins: 600,
  loadedDieThrows: 400,
};

const eur = (minor: number) => `${(minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EUR`;

/** What the demo found, for its tests: the day's manifest and the statistical record it printed. */
export interface DemoRun {
  readonly manifest: SimulationManifest;
  readonly statistics: StatisticalDetection;
}

export async function runDemo(runtime: Runtime, out: (line: string) => void, options: DemoOptions = DEMO_DEFAULTS, progress = true): Promise<DemoRun> {
  out(`storage: ${runtime.database.embedded ? `embedded PostgreSQL in ${runtime.database.dataDir}` : 'DATABASE_URL'}`);
  const tableGames = options.tableGames.slice(0, options.tables);
  // the floor the simulator will draw from the seed (its first draws), to place the statistical injections on it
  const plans = floorPlan(tableGames.length, seededRandom(options.seed), { tableGames, jurisdiction: options.jurisdiction });
  const playerInjections = options.statisticalInjections ? demoPlayerInjections(plans, initialsOf(options.casinoId)) : [];
  // the faulty tables play as long with or without the faults, so an honest day is tested as far
  const faulty = demoDayEquipmentBias(plans);
  const equipmentBias = options.statisticalInjections ? faulty : [];
  const craps = plans.find((p) => p.game === 'craps');
  const roundsAt: Record<string, number> = Object.fromEntries(faulty.map((b) => [b.tableId, Math.max(options.rounds, b.kind === 'loaded-die' ? options.loadedDieThrows : options.wheelSpins)]));
  if (craps) roundsAt[craps.tableId] = Math.max(options.rounds, options.crapsRounds);
  const longer = Object.entries(roundsAt ?? {}).map(([table, n]) => ` (${table}: ${n})`).join('');
  out(`simulating gaming day ${options.gamingDay} at ${options.casinoId} (${options.jurisdiction}): ${options.tables} tables × ${options.rounds} rounds${longer}, seed ${options.seed}, error rate ${options.errorRate}`);
  const run = await recordSimulation(runtime, { ...options, tableGames, playerInjections, equipmentBias, roundsAt }, progress);
  out(`recorded ${run.manifest.events} events (${run.appended} new, ${run.duplicate} already stored) in ${run.seconds.toFixed(1)} s`);
  const file = options.manifestDir ? path.join(options.manifestDir, path.basename(manifestPath(runtime, run.manifest))) : manifestPath(runtime, run.manifest);
  writeManifest(file, run.manifest);
  out(`ground truth of injected errors: ${file}`);

  const started = Date.now();
  const applied = await runtime.projector.catchUp();
  out(`projections: applied ${applied} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // the table books with their sessions' findings the gaming day's judge made (dice, a reversed cloth)
  const day = await loadDayCompliance(runtime.pool, { gamingDay: options.gamingDay, casinoId: options.casinoId });
  const rows = withDayFindings((await runtime.pool.query(`SELECT * FROM ${TABLE_BOOKS} WHERE casino_id = $1 AND gaming_day = $2 ORDER BY table_id`, [options.casinoId, options.gamingDay])).rows.map(tableBookReport), day);
  out('');
  out(`  table   game                           jurisdiction    rounds          drop           win      cagnotte`);
  for (const b of rows) {
    out(`  ${b.tableId.padEnd(7)} ${b.game.padEnd(30)} ${b.jurisdiction.padEnd(14)} ${String(b.rounds).padStart(7)} ${eur(b.drop).padStart(16)} ${eur(b.win ?? 0).padStart(14)} ${eur(b.cagnotte).padStart(13)}`);
  }
  const total = (f: (b: (typeof rows)[number]) => number) => rows.reduce((t, b) => t + f(b), 0);
  out('');
  out(`  day total: drop ${eur(total((b) => b.drop))} · win ${eur(total((b) => b.win ?? 0))} · cagnotte ${eur(total((b) => b.cagnotte))} · tips ${eur(total((b) => b.tips))}`);
  out(`             jackpot contributions ${eur(total((b) => b.jackpotContributions))} · jackpots paid ${eur(total((b) => b.jackpotWins))}`);
  // the sessions' own verdicts: settings, limits and shoes judged at the opening and at every new shoe
  const withFindings = rows.filter((b) => b.sessionVerdict === 'findings');
  out(`  sessions: ${rows.length - withFindings.length} consistent, ${withFindings.length} with findings` +
    withFindings.map((b) => `\n    ${b.tableId}: ${b.sessionFindings.map((f) => `${f.code} ${f.rule}`).join(', ')}`).join(''));
  // the gaming day's own findings (issue 15): tables in service, jefes per table, changes of game
  const dayFindings = day.flatMap((d) => d.findings).filter((f) => !isSessionScoped(f));
  out(`  gaming day: ${dayFindings.length ? `${dayFindings.length} finding(s)` : 'no finding'} on the tables in service, the jefes per table and the changes of game` +
    dayFindings.map((f) => `\n    ${f.tableId ?? 'the day'}: ${f.code} ${f.rule}`).join(''));

  const detection = await detectionRecord(runtime, run.manifest);
  out('');
  out(`  replayed ${detection.rounds} rounds: ${detection.found} of ${detection.injected} injected errors found, ${detection.falsePositives.length} false positive(s)` +
    (detection.consequences ? `; ${detection.consequences} later finding(s) caused by injected errors` : ''));
  for (const [kind, n] of Object.entries(detection.byKind)) out(`    ${kind.padEnd(22)} ${n.found}/${n.injected}`);
  const s = detection.sessions;
  out(`  session rules (limit changes, closing, suspensions, bank deposits): ${s.found} of ${s.injected} injected violations found, ${s.falsePositives.length} false positive(s)`);
  for (const [kind, n] of Object.entries(s.byKind)) out(`    ${kind.padEnd(26)} ${n.found}/${n.injected}`);
  // the gaming day's rules are judged by the day-compliance projection (the product's path): read its findings
  const tableOf = new Map(run.manifest.sessions.map((x) => [x.sessionId, x.tableId]));
  const g = dayDetection(run.manifest.injected, day.flatMap((x) => x.findings), (id) => tableOf.get(id));
  out(`  gaming-day rules (jefes per table, dice, ternas, tables in service, cloths): ${g.found} of ${g.injected} injected violations found, ${g.falsePositives.length} false positive(s)`);
  for (const [kind, n] of Object.entries(g.byKind)) out(`    ${kind.padEnd(26)} ${n}`);
  const statistics = await printStatisticalRecord(runtime, out, run.manifest, plans, detection);
  const counts = run.manifest.injected.filter((i) => i.detector === 'reconciliation');
  if (counts.length) out(`  count-room variances injected: ${counts.length} (reconciliation's to find)`);
  const example = detection.verdicts.find((v) => v.verdict === 'discrepancies');
  if (example) out(`\n  try: node bin/casino-audit.js replay ${example.roundId}`);
  return { manifest: run.manifest, statistics };
}

/**
 * What no round verdict can see (issue 21 §6), read from the product's own figures: the performance findings
 * per table and croupier, the equipment tests, the players whose stakes follow the count; against the manifest
 * only afterwards.
 */
async function printStatisticalRecord(runtime: Runtime, out: (line: string) => void, manifest: SimulationManifest, plans: readonly TablePlan[], rounds: DetectionRecord): Promise<StatisticalDetection> {
  const q = { gamingDay: manifest.gamingDay, casinoId: manifest.casinoId };
  const performance = await loadPerformance(runtime.pool, { ...q, croupiers: true });
  const equipment = await loadEquipment(runtime.pool, { casinoId: manifest.casinoId });
  const advantage = await loadAdvantagePlay(runtime, q);
  const s = statisticalDetection(manifest.injected, plans, {
    performance: performance.findings,
    tables: performance.tables,
    equipment: equipment.rows,
    advantage: advantage.findings,
    roundRecord: rounds.byKind,
  });
  const tested = performance.tables.filter((t) => t.rounds >= performance.settings.minRounds).length;
  out(
    `  statistics (performance per table and croupier at ${100 * performance.settings.fdr} % FDR from ${performance.settings.minRounds} rounds, ` +
      `equipment, stakes against the count): ${s.found} of ${s.injected} injections found, ${s.falseFindings.length} false finding(s); ` +
      `${tested} table(s) and ${advantage.players.filter((p) => countCorrelation(p) !== null).length} player(s) tested`,
  );
  for (const e of s.entries) {
    const unit = e.test === 'pockets' || e.test === 'sectors' ? 'spins' : e.test === 'faces' ? 'throws' : 'rounds';
    const how = e.foundBy === 'statistics' ? `found after ${e.rounds} ${unit}` : e.foundBy === 'round record' ? 'found by the round record' : `not found${e.rounds !== null ? ` in ${e.rounds} rounds` : ''}`;
    out(`    ${e.kind.padEnd(22)} ${e.tableId.padEnd(6)} ${e.subject.padEnd(17)} ${how}: ${e.evidence}`);
    for (const also of e.alsoFound) out(`      also: ${also}`);
  }
  for (const f of s.falseFindings) out(`    false: ${f}`);
  // why the demo's wheel is weighted far more than the issue's 1.2× pocket: the spins a roulette needs for that
  const roulette = equipment.rows.filter((r) => r.power && r.setId === '' && r.wheel !== null).sort((x, y) => y.observations - x.observations)[0];
  if (roulette?.power) {
    const p = roulette.power;
    const weighted = manifest.injected.find((i) => i.kind === 'weighted-pocket');
    out(
      `    power: a roulette's pocket at ${p.factor}× its share (1/${Math.round(1 / p.share)}) is found by the test over the pockets with ${100 * p.power} % power at ${100 * p.level} % ` +
        `after ${p.spinsNeeded.toLocaleString('en-GB')} spins (${roulette.tableId} spun ${p.spinsRecorded.toLocaleString('en-GB')} today)` +
        (weighted ? `; the demo's wheel is weighted far more (${weighted.description})` : ''),
    );
  }
  return s;
}
