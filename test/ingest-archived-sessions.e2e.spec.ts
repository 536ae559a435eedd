/**
 * Ingestion once months are out of the store (`archive --drop`, store migration 16). Ingestion judges each fact against
 * its session's state, folded from the session's stream; once October's facts are dropped, a session with facts in
 * October can no longer be folded from its opening. Before this, every such session was an "unknown session": the
 * count room's late counts of a table closed in October and a dispute of an October round were refused, and a second
 * opening of the same session would have been taken. The drop now keeps each session's state at its last October fact.
 *
 * Two gaming days: 2026-10-30, whose tables open and close in October (their counts held back until after the drop),
 * and 2026-10-31, whose tables open in October and play on into November (the month turns half-way). October does not
 * leave while those tables are open (their next rounds are judged from their whole history); once they have closed,
 * it does. A second store gets the same facts without any drop: what it accepts, refuses and judges is what the store
 * after the drop must accept, refuse and judge.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { PostgresEventStore } from '../libs/event-store/src';
import { dropMonth, statesToKeep } from '../libs/event-store/src/postgres/month-drop';
import { exportMonth } from '../libs/event-store/src/postgres/month-export';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { writerRoleGrants } from '../libs/event-store/src/postgres/schema';
import type { ArchiveManifest } from '../libs/event-store/src/archive';
import { checkArchiveSource } from '../libs/event-store/src/archive-check';
import { openArchiveFile } from '../libs/event-store/src/archive-file';
import { sealOf } from '../libs/event-store/src/seal';
import { IngestionService, sessionStateKeeper, type Envelope as SimEvent, type IngestResult } from '../libs/ledger/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { simulateDay } from '../libs/simulator/src';
import { issueCredential } from './support/access';
import { cli } from './support/cli';
import { exportCheckAndDrop } from './support/drop-month';
import { createTestDatabase, TestDatabase } from './support/database';
import { serveOnLoopback } from './support/served';

jest.setTimeout(180_000);

const casinoId = 'casino-cut';
const closedDay = [...simulateDay({ tables: 2, rounds: 6, seed: 11, errorRate: 0, gamingDay: '2026-10-30', casinoId, jackpots: false })];
const spanningDay = [...simulateDay({ tables: 2, rounds: 10, seed: 7, errorRate: 0, gamingDay: '2026-10-31', casinoId, jackpots: false })];
const isCount = (e: SimEvent) => /BoxCounted$/.test(e.type);
/** the counts of the day closed in October: the count room sends them after the drop */
const lateCounts = closedDay.flat().filter(isCount);
const half = Math.floor(spanningDay.length / 2);
/** the rest of the day played across the turn, from half-way (counts included): sent after the drop */
const restOfDay = spanningDay.slice(half).flat();
const roundsOf = (events: readonly SimEvent[]) => events.filter((e) => e.type === 'RoundStarted').map((e) => String(e.data.roundId));
const sessionsOf = (events: readonly SimEvent[]) => [...new Set(events.filter((e) => e.type === 'TableSessionOpened').map((e) => String(e.data.sessionId)))];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-ingest-archived-'));
const databases: TestDatabase[] = [];
const runtimes: Runtime[] = [];

/** A store with the October facts (the closed day without its counts, the first half of the other day), the month turned between the halves. */
async function october(prefix: string): Promise<{ db: TestDatabase; runtime: Runtime }> {
  const db = await createTestDatabase(prefix);
  databases.push(db);
  const runtime = await startRuntime({ databaseUrl: db.url });
  runtimes.push(runtime);
  for (const batch of closedDay)
    await ingestAll(
      runtime,
      batch.filter((e) => !isCount(e)),
    );
  for (const batch of spanningDay.slice(0, half)) await ingestAll(runtime, batch);
  await turnMonth(runtime.pool, '2026-10');
  return { db, runtime };
}

async function ingestAll(runtime: Runtime, events: readonly SimEvent[]): Promise<IngestResult> {
  const r = await runtime.ingestion.ingest(events.map((value) => ({ value })));
  expect(r.refusals).toEqual([]);
  return r;
}

/** A runtime on `db` started afresh: its ingestion has no session in memory and must find each one in the store. */
async function restarted(db: TestDatabase): Promise<Runtime> {
  const runtime = await startRuntime({ databaseUrl: db.url });
  runtimes.push(runtime);
  return runtime;
}

const verdictsOf = async (runtime: Runtime, rounds: readonly string[]) =>
  (
    await runtime.pool.query(
      `SELECT round_id, verdict, finished, discrepancies::text AS discrepancies FROM round_verdicts WHERE round_id = ANY ($1::text[]) ORDER BY round_id`,
      [rounds],
    )
  ).rows;

/**
 * `event` sent to the store never dropped and to the one after the drop: taken by both, on the same stream at the same
 * version; the read models go on past it. Returns where it went.
 */
async function takenAsWithoutTheDrop(event: SimEvent): Promise<{ streamId: string; streamVersion: number }> {
  const want = await control.ingestion.ingest([{ value: event }]);
  expect(want.refusals).toEqual([]);
  const got = await dropped.runtime.ingestion.ingest([{ value: event }]);
  expect(got.refusals).toEqual([]);
  expect(got.events.map((e) => [e.streamId, e.streamVersion])).toEqual(want.events.map((e) => [e.streamId, e.streamVersion]));
  await dropped.runtime.projector.catchUp();
  return got.events[0];
}

/** What a fact is refused for, by field and reason key (nothing stored then). */
const refusalOf = (r: IngestResult) => r.refusals.map((x) => [x.field, x.reasonKey]);

let control: Runtime;
let dropped: { db: TestDatabase; runtime: Runtime };
let octoberManifest: ArchiveManifest;

beforeAll(async () => {
  control = (await october('ca_ingest_arch_control')).runtime;
  dropped = await october('ca_ingest_arch_dropped');
});

afterAll(async () => {
  for (const r of runtimes) await r.close().catch(() => undefined);
  for (const db of databases) await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ingestion after archive --drop', () => {
  it('does not take a month out while a table session with facts in it is open, naming the sessions', async () => {
    const written = await exportMonth(dropped.runtime.pool, '2026-10', dir);
    octoberManifest = written.manifest;
    const refusal = await statesToKeep(dropped.runtime.pool, written.manifest, sessionStateKeeper).then(
      () => undefined,
      (e: { because?: { key: string; values: Record<string, string> } }) => e.because,
    );
    const open = sessionsOf(spanningDay.flat());
    expect(refusal).toMatchObject({ key: 'archive.dropStreamsInPlay', values: { month: '2026-10', n: String(open.length), more: '0' } });
    for (const session of open) expect(refusal!.values.streams).toContain(`session-${session}`);
    // the drop itself refuses too, and changes nothing
    const closing = sealOf(written.closingSeal);
    const check = await checkArchiveSource(await openArchiveFile(written.file), { sequence: closing.sequence, sealHash: closing.sealHash });
    await expect(
      dropMonth(dropped.runtime.pool, { file: written.file, sha256: written.sha256, manifest: written.manifest, check }, { states: sessionStateKeeper }),
    ).rejects.toMatchObject({ because: { key: 'archive.dropStreamsInPlay' } });
    expect((await dropped.runtime.pool.query('SELECT count(*)::int AS n FROM ca_archived_months')).rows).toEqual([{ n: 0 }]);
    expect((await dropped.runtime.pool.query('SELECT count(*)::int AS n FROM ca_archived_event_ids')).rows).toEqual([{ n: 0 }]);
    // as the operator runs it: exit 2, before the read models' snapshots are taken, the sessions named in their language
    const byCli = await cli(['archive', '2026-10', '--dir', path.join(dir, 'cli'), '--drop', '--lang', 'es'], { DATABASE_URL: dropped.db.url });
    expect(byCli.code).toBe(2);
    expect(byCli.stderr).toContain('siguen abiertas');
    expect(byCli.stderr).toContain(`session-${open[0]}`);
    expect((await dropped.runtime.pool.query('SELECT count(*)::int AS n FROM ca_read_model_snapshots')).rows).toEqual([{ n: 0 }]);
    expect((await dropped.runtime.pool.query('SELECT count(*)::int AS n FROM ca_archived_months')).rows).toEqual([{ n: 0 }]);
  });

  it('takes it out once they have closed, keeping each session at its last October fact', async () => {
    // the rest of the day played across the turn, in November, to both stores: the tables close
    for (const runtime of [control, dropped.runtime]) await ingestAll(runtime, restOfDay);
    await control.projector.catchUp();
    await dropped.runtime.projector.catchUp();
    // the states folded a few facts a page (the drop reads 20,000 a page): the same states
    const byPages = await statesToKeep(dropped.runtime.pool, octoberManifest, sessionStateKeeper, { pageSize: 7 });
    await exportCheckAndDrop(dropped.runtime.pool, '2026-10', dir);
    await dropped.runtime.close();
    dropped.runtime = await restarted(dropped.db);

    const kept = (
      await dropped.runtime.pool.query(
        `SELECT s.stream_id, a.stream_version, a.state FROM ca_archived_stream_states a JOIN ca_stream_ids s USING (stream_number) ORDER BY s.stream_id`,
      )
    ).rows as Array<{ stream_id: string; stream_version: number; state: { opened: boolean; closed: boolean; rounds: Record<string, boolean> } }>;
    const closedInOctober = sessionsOf(closedDay.flat());
    const sessions = [...closedInOctober, ...sessionsOf(spanningDay.flat())].sort();
    expect(kept.map((k) => k.stream_id)).toEqual(sessions.map((s) => `session-${s}`));
    const heads = await control.store.streamVersions(kept.map((k) => k.stream_id));
    const octoberFacts = [...closedDay.flat().filter((e) => !isCount(e)), ...spanningDay.slice(0, half).flat()];
    for (const k of kept) {
      const sessionId = k.stream_id.slice('session-'.length);
      const closed = closedInOctober.includes(sessionId);
      expect([k.stream_id, k.state.opened, k.state.closed]).toEqual([k.stream_id, true, closed]);
      // its version: its facts in October (the closed day's counts were held back)
      expect(k.stream_version).toBe(octoberFacts.filter((e) => e.data.sessionId === sessionId).length);
      expect(k.stream_version).toBeLessThanOrEqual(heads[k.stream_id]);
    }
    // every round started in October is among its session's rounds
    expect(kept.flatMap((k) => Object.keys(k.state.rounds)).sort()).toEqual([...roundsOf(octoberFacts)].sort());
    const asKept = (rows: ReadonlyArray<{ stream_id: string; version: number; state: unknown }>) =>
      rows.map((r) => ({ stream_id: r.stream_id, stream_version: r.version, state: r.state })).sort((a, b) => a.stream_id.localeCompare(b.stream_id));
    expect(JSON.parse(JSON.stringify(asKept(byPages.rows)))).toEqual(
      asKept(kept.map((k) => ({ stream_id: k.stream_id, version: k.stream_version, state: k.state }))),
    );
    const months = (await dropped.runtime.pool.query('SELECT month, states_carried FROM ca_archived_months')).rows;
    expect(months).toEqual([{ month: '2026-10', states_carried: true }]);
  });

  it('accepts the late counts as the store without the drop does, and judges as it judged', async () => {
    for (const runtime of [control, dropped.runtime]) await ingestAll(runtime, lateCounts);
    const streams = [...sessionsOf(closedDay.flat()), ...sessionsOf(spanningDay.flat())].map((s) => `session-${s}`);
    expect(await dropped.runtime.store.streamVersions(streams)).toEqual(await control.store.streamVersions(streams));
    await control.projector.catchUp();
    await dropped.runtime.projector.catchUp();
    const after = roundsOf(restOfDay);
    expect(after.length).toBeGreaterThan(0);
    const want = await verdictsOf(control, after);
    expect(want).toHaveLength(after.length);
    expect(await verdictsOf(dropped.runtime, after)).toEqual(want);
    // the drop, tips and cagnotte reconciliation of the sessions closed in October, their counts now in
    const books = `SELECT to_jsonb(r) - 'last_position' AS row FROM reconciliations r WHERE session_id = ANY ($1::text[]) ORDER BY session_id`;
    const closed = sessionsOf(closedDay.flat());
    const book = (await control.pool.query(books, [closed])).rows;
    expect(book).toHaveLength(closed.length);
    expect((await dropped.runtime.pool.query(books, [closed])).rows).toEqual(book);
  });

  it('refuses what the store without the drop refuses, for the same reason, and takes a dispute of an October round', async () => {
    const closedSession = sessionsOf(closedDay.flat())[0];
    const opening = closedDay.flat().find((e) => e.type === 'TableSessionOpened' && e.data.sessionId === closedSession)!;
    const attempts: SimEvent[][] = [
      // a second opening of a session opened in October
      [{ ...opening, eventId: randomUUID() }],
      // a round at a table closed in October
      [{ ...opening, eventId: randomUUID(), type: 'RoundStarted', data: { sessionId: closedSession, roundId: `r-${randomUUID()}` } }],
      // a tip in a round nobody started
      [{ ...opening, eventId: randomUUID(), type: 'TipDeposited', data: { sessionId: closedSession, roundId: 'no-such-round', amount: 5 } }],
    ];
    for (const attempt of attempts) {
      const want = refusalOf(await control.ingestion.ingest(attempt.map((value) => ({ value }))));
      expect(want.length).toBeGreaterThan(0);
      expect(want.map(([, key]) => key)).not.toContain('ingest.unknownSession');
      expect(refusalOf(await dropped.runtime.ingestion.ingest(attempt.map((value) => ({ value }))))).toEqual(want);
    }
    // a dispute of a round whose every fact left the store: the round is found, the dispute stored, as without the drop
    const dispute = {
      eventId: randomUUID(),
      type: 'RoundDisputed',
      occurredAt: '2026-11-02T12:00:00.000Z',
      data: { roundId: roundsOf(closedDay.flat())[0], raisedBy: 'player seat 2', claim: 'paid short' },
    } as SimEvent;
    await takenAsWithoutTheDrop(dispute);
  });

  it('answers a re-send of an October fact as a duplicate, the same id with other content as a conflict, and takes a correction of one', async () => {
    const octoberFact = closedDay.flat().find((e) => e.type === 'BetPlaced')!;
    const stored = (await control.store.findEvents([octoberFact.eventId]))[0];
    // the re-send: a duplicate, at the version and position it has (in the archive file)
    for (const runtime of [control, dropped.runtime]) {
      const again = await runtime.ingestion.ingest([{ value: octoberFact }]);
      expect(again.refusals).toEqual([]);
      expect([again.appended, again.duplicate]).toEqual([0, 1]);
      expect(again.events).toEqual([
        {
          eventId: stored.eventId,
          status: 'duplicate',
          streamId: stored.streamId,
          streamVersion: stored.streamVersion,
          position: stored.globalPosition.toString(),
        },
      ]);
      // its id with other content: refused, naming the id
      const other = await runtime.ingestion.ingest([{ value: { ...octoberFact, occurredAt: '2026-10-30T23:59:59.000Z' } }]);
      expect(refusalOf(other)).toEqual([['eventId', 'ingest.idReused']]);
    }
    // a correction of it, on its session's stream, as without the drop
    const correction = {
      eventId: randomUUID(),
      type: 'CorrectionRecorded',
      occurredAt: '2026-11-03T10:00:00.000Z',
      data: { correctsEventId: octoberFact.eventId, reason: 'stake keyed twice', approvedBy: ['jefe de mesa', 'director de juegos'], amount: -5 },
    } as SimEvent;
    expect((await takenAsWithoutTheDrop(correction)).streamId).toBe(stored.streamId);
  });

  it('keeps a casino-scoped credential within its casino where the stream’s first fact left the store, writing and reading', async () => {
    const session = sessionsOf(closedDay.flat())[0];
    const octoberRound = roundsOf(closedDay.flat())[0];
    const octoberFact = closedDay.flat().find((e) => e.type === 'BetPlaced')!;
    const { app, base } = await serveOnLoopback(dropped.runtime);
    try {
      const as = async (role: 'finance' | 'compliance' | 'inspector', casinoId: string) =>
        (await issueCredential(dropped.runtime, role, { subject: `${role}-${casinoId}`, casinoId })).secret;
      const post = async (secret: string, events: unknown[]) => {
        const res = await fetch(`${base}/api/v1/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify(events),
        });
        return { status: res.status, body: JSON.stringify(await res.json()) };
      };
      const recount = { ...lateCounts.find((e) => e.data.sessionId === session)!, eventId: randomUUID() };
      const at = '2026-11-04T12:00:00.000Z';
      const dispute = { eventId: randomUUID(), type: 'RoundDisputed', occurredAt: at, data: { roundId: octoberRound, raisedBy: 'seat 1', claim: 'short' } };
      const correction = {
        eventId: randomUUID(),
        type: 'CorrectionRecorded',
        occurredAt: at,
        data: { correctsEventId: octoberFact.eventId, reason: 'miskeyed', approvedBy: ['a', 'b'], amount: -1 },
      };
      // another casino's credentials: each refused 403, naming the casino the drop kept; nothing stored
      const before = await dropped.runtime.store.streamVersions([`session-${session}`]);
      for (const [secret, event] of [
        [await as('finance', 'casino-other'), recount],
        [await as('compliance', 'casino-other'), dispute],
        [await as('compliance', 'casino-other'), correction],
      ] as const) {
        const refused = await post(secret, [event]);
        expect([refused.status, refused.body]).toEqual([403, expect.stringContaining('belongs to casino casino-cut')]);
      }
      expect(await dropped.runtime.store.streamVersions([`session-${session}`])).toEqual(before);
      // reading: the session's table book and the October round, to an inspector of another casino: 403
      const otherInspector = await as('inspector', 'casino-other');
      for (const route of [`/api/v1/sessions/${session}/table-book`, `/api/v1/rounds/${octoberRound}/replay`]) {
        const res = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${otherInspector}`, 'accept-language': 'en' } });
        expect([route, res.status]).toEqual([route, 403]);
      }
      // its own casino's: taken, and read
      for (const [secret, event] of [
        [await as('finance', casinoId), recount],
        [await as('compliance', casinoId), dispute],
        [await as('compliance', casinoId), correction],
      ] as const) {
        const taken = await post(secret, [event]);
        expect([taken.status, taken.body]).toEqual([200, expect.stringContaining('"appended":1')]);
      }
      const ownInspector = await as('inspector', casinoId);
      const book = await fetch(`${base}/api/v1/sessions/${session}/table-book`, { headers: { authorization: `Bearer ${ownInspector}` } });
      expect(book.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('reads the kept states as the application’s role may: read, never write', async () => {
    const role = `ca_states_reader_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    const admin = dropped.runtime.pool;
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(writerRoleGrants(role));
    const url = new URL(dropped.db.url);
    url.username = role;
    const asApp = new Pool({ connectionString: url.toString(), max: 2 });
    try {
      const ingestion = new IngestionService(new PostgresEventStore(asApp));
      const session = sessionsOf(closedDay.flat())[1];
      // a recount of the drop box: a fact ingestion takes after the close, judged against the kept state
      const recount = { ...lateCounts.find((e) => e.data.sessionId === session)!, eventId: randomUUID() };
      const r = await ingestion.ingest([{ value: recount }]);
      expect(r.refusals).toEqual([]);
      expect(r.appended).toBe(1);
      const denied = await asApp.query(`DELETE FROM ca_archived_stream_states`).then(
        () => '',
        (e: { code?: string }) => e.code,
      );
      expect(denied).toBe('42501');
    } finally {
      await asApp.end();
      await admin.query(`DROP OWNED BY ${role}`).catch(() => undefined);
      await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
    }
  });
});

describe('a month dropped without the sessions’ states (as before store migration 16)', () => {
  it('refuses every fact of a session with facts in it, naming the month and the version, over HTTP too; nothing stored', async () => {
    const { db, runtime } = await october('ca_ingest_arch_nostate');
    await runtime.projector.catchUp();
    const written = await exportMonth(runtime.pool, '2026-10', dir);
    const closing = sealOf(written.closingSeal);
    const check = await checkArchiveSource(await openArchiveFile(written.file), { sequence: closing.sequence, sealHash: closing.sealHash });
    await dropMonth(runtime.pool, { file: written.file, sha256: written.sha256, manifest: written.manifest, check });
    expect((await runtime.pool.query('SELECT states_carried FROM ca_archived_months')).rows).toEqual([{ states_carried: false }]);
    const fresh = await restarted(db);
    const r = await fresh.ingestion.ingest(lateCounts.slice(0, 1).map((value) => ({ value })));
    expect(r.appended).toBe(0);
    expect(refusalOf(r)).toEqual([['data.sessionId', 'ingest.sessionOutOfStore']]);
    expect(r.refusals[0].reason).toContain('2026-10');
    const session = String(lateCounts[0].data.sessionId);
    const head = (await fresh.store.streamVersions([`session-${session}`]))[`session-${session}`];
    expect(r.refusals[0].reasonValues).toMatchObject({ session, version: String(head), months: '2026-10' });

    const { app, base } = await serveOnLoopback(fresh);
    try {
      const post = async (secret: string) => {
        const res = await fetch(`${base}/api/v1/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'accept-language': 'es' },
          body: JSON.stringify(lateCounts.slice(0, 1)),
        });
        return { status: res.status, body: JSON.stringify(await res.json()) };
      };
      // a credential of every casino: the session cannot be judged, 422 naming the field, in the caller's language
      const unscoped = await post((await issueCredential(fresh, 'finance', { subject: 'count-room' })).secret);
      expect(unscoped.status).toBe(422);
      expect(unscoped.body).toContain('data.sessionId');
      expect(unscoped.body).toContain('fuera del almacén');
      // one scoped to a casino: which casino the session belongs to is not known, so not taken to be its own (403)
      const scoped = await post((await issueCredential(fresh, 'finance', { subject: 'count-room-cut', casinoId })).secret);
      expect(scoped.status).toBe(403);
      expect(scoped.body).toContain('no guardó su casino');
      expect((await fresh.store.streamVersions([`session-${session}`]))[`session-${session}`]).toBe(head);
    } finally {
      await app.close();
    }
  });
});
