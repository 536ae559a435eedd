/**
 * `casino-audit simulate` and the demo's gaming day: generate play with the simulator, record it
 * through the same ingestion as the terminals, build the projections, and measure detection against
 * the ground truth of injected errors.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import type { Envelope } from '../../../libs/ledger/src';
import { argvLanguage, cliSay } from './language';
import { sessionStreamId } from '../../../libs/ledger/src';
import type { Runtime } from '../../../libs/platform/src';
import { judgeSession, RoundReplay, sessionJackpotPools } from '../../../libs/replay/src';
import { TABLE_BOOKS } from '../../../libs/projections/src';
import type { Finding } from '../../../libs/rules/src';
import {
  DEFAULT_CASINO,
  DEFAULT_GAMING_DAY,
  isConsequence,
  SESSION_DETECTOR_CODES,
  SessionDetection,
  sessionDetection,
  simulateDay,
  SimulationManifest,
  SimulationOptions,
} from '../../../libs/simulator/src';

const CHUNK = 2000;

export interface SimulationRun {
  readonly manifest: SimulationManifest;
  readonly appended: number;
  readonly duplicate: number;
  readonly seconds: number;
}

/** Simulate and record a day; `show` draws a progress bar on the terminal. */
export async function recordSimulation(runtime: Runtime, options: SimulationOptions, show = true, out?: string): Promise<SimulationRun> {
  const manifest: { value?: SimulationManifest } = {};
  const started = Date.now();
  const expected = options.tables * options.rounds + Object.values(options.roundsAt ?? {}).reduce((t, n) => t + n - options.rounds, 0);
  // cli-progress fills its own {value}, {total} and {events}: the catalogue words what surrounds them
  const say = cliSay(argvLanguage());
  const format = `${say.t('simulate.simulating')} [{bar}] {percentage}% · ${say.t('simulate.progress', { value: '{value}', total: '{total}', events: '{events}' })}`;
  const bar = show ? new SingleBar({ format, hideCursor: true }, Presets.shades_classic) : null;
  bar?.start(expected, 0, { events: 0 });
  let pending: Envelope[] = [];
  let appended = 0;
  let duplicate = 0;
  let rounds = 0;
  let events = 0;
  const file = out ? fs.openSync(out, 'w') : null;
  // whether the store held this day's first sessions before this run: then a refusal is the same casino, day and
  // seed played with other options (ids and sessions are drawn from them), not a fault of the simulator
  let heldBefore: boolean | undefined;
  const flush = async () => {
    if (!pending.length) return;
    if (file !== null) {
      fs.writeSync(file, pending.map((e) => JSON.stringify(e)).join('\n') + '\n');
    } else {
      if (heldBefore === undefined) {
        const sessions = [...new Set(pending.flatMap((e) => (typeof e.data.sessionId === 'string' ? [e.data.sessionId] : [])))];
        const versions = await runtime.store.streamVersions(sessions.map(sessionStreamId));
        heldBefore = Object.values(versions).some((v) => v > 0);
      }
      const result = await runtime.ingestion.ingest(pending.map((value) => ({ value })));
      if (!result.ok) {
        const r = result.refusals[0];
        if (heldBefore)
          throw new Error(
            say.t('simulate.sameSeedOtherDay', {
              day: options.gamingDay ?? DEFAULT_GAMING_DAY,
              casino: options.casinoId ?? DEFAULT_CASINO,
              seed: options.seed,
              field: r.field,
              reason: r.reason,
            }),
          );
        throw new Error(`the simulator produced a refused event (${r.field}: ${r.reason}); this is a bug in the simulator or the rules' croupier`);
      }
      appended += result.appended;
      duplicate += result.duplicate;
    }
    pending = [];
  };
  for (const batch of simulateDay(options, manifest)) {
    pending.push(...batch);
    events += batch.length;
    rounds += batch.filter((e) => e.type === 'RoundStarted').length;
    bar?.update(rounds, { events });
    if (pending.length >= CHUNK) await flush();
  }
  await flush();
  if (file !== null) fs.closeSync(file);
  bar?.stop();
  return { manifest: manifest.value!, appended, duplicate, seconds: (Date.now() - started) / 1000 };
}

export function manifestPath(runtime: Runtime, manifest: SimulationManifest, explicit?: string): string {
  if (explicit) return explicit;
  const home = runtime.database.home ?? path.resolve('.casino-audit');
  return path.join(home, 'simulations', `${manifest.casinoId}-${manifest.gamingDay}-seed${manifest.seed}.json`);
}

export function writeManifest(file: string, manifest: SimulationManifest) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
}

export interface DetectionRecord {
  readonly rounds: number;
  readonly injected: number;
  readonly found: number;
  readonly missed: Array<{ roundId?: string; kind: string; expectedCode: string }>;
  readonly falsePositives: Array<{ roundId: string; codes: string[] }>;
  /** findings in clean rounds that an earlier injected error causes (see InjectedError.consequences) */
  readonly consequences: number;
  readonly byKind: Record<string, { injected: number; found: number }>;
  readonly verdicts: RoundReplay[];
  /** the sessions' own rules (issue 15): injected violations against the session findings the table books hold */
  readonly sessions: SessionDetection;
}

/** Replay every round of the simulated sessions from the store and compare with the manifest. */
export async function detectionRecord(runtime: Runtime, manifest: SimulationManifest): Promise<DetectionRecord> {
  const verdicts: RoundReplay[] = [];
  for (const s of manifest.sessions) {
    const events = await runtime.store.readStream(sessionStreamId(s.sessionId));
    // with the pools as replay and the verdicts see them, so the record judges the jackpot rules too
    verdicts.push(...judgeSession(events, await sessionJackpotPools(runtime.store, events)));
  }
  const injected = manifest.injected.filter((i) => i.detector === 'rules');
  const byRound = new Map(injected.map((i) => [i.roundId!, i]));
  const byKind: Record<string, { injected: number; found: number }> = {};
  const missed: DetectionRecord['missed'] = [];
  const falsePositives: DetectionRecord['falsePositives'] = [];
  let found = 0;
  let consequences = 0;
  const roundsOf = new Map<string, string[]>();
  for (const v of verdicts) roundsOf.set(v.sessionId, [...(roundsOf.get(v.sessionId) ?? []), v.roundId]);
  for (const i of injected) byKind[i.kind] = { injected: (byKind[i.kind]?.injected ?? 0) + 1, found: byKind[i.kind]?.found ?? 0 };
  for (const v of verdicts) {
    const error = byRound.get(v.roundId);
    const codes = v.discrepancies.map((d) => d.code as string);
    if (error) {
      if (codes.includes(error.expectedCode)) {
        found++;
        byKind[error.kind].found++;
      } else missed.push({ roundId: error.roundId, kind: error.kind, expectedCode: error.expectedCode });
    } else if (codes.length) {
      const unexplained = v.discrepancies.filter((d) => !isConsequence(d, v.roundId, v.sessionId, injected, roundsOf.get(v.sessionId)!));
      consequences += v.discrepancies.length - unexplained.length;
      if (unexplained.length) falsePositives.push({ roundId: v.roundId, codes: unexplained.map((d) => d.code) });
    }
  }
  for (const i of injected)
    if (!verdicts.some((v) => v.roundId === i.roundId) && !missed.some((m) => m.roundId === i.roundId))
      missed.push({ roundId: i.roundId, kind: i.kind, expectedCode: i.expectedCode });
  // the session rules are judged by the table-book projection (the product's path): read its findings
  const books = await runtime.pool.query(`SELECT session_id, findings FROM ${TABLE_BOOKS} WHERE session_id = ANY ($1::text[])`, [
    manifest.sessions.map((s) => s.sessionId),
  ]);
  const sessionFindings = new Map<string, Finding[]>(
    books.rows.map((r) => [r.session_id as string, (r.findings as Finding[]).filter((f) => SESSION_DETECTOR_CODES.includes(f.code))]),
  );
  const sessions = sessionDetection(manifest.injected, sessionFindings);
  return { rounds: verdicts.length, injected: injected.length, found, missed, falsePositives, consequences, byKind, verdicts, sessions };
}
