/**
 * Replay once months are out of the store (`archive --drop`). A simulated gaming day whose tables stay open across the
 * month's turn: its first rounds in October, the rest in November, every session spanning the cut. After October
 * leaves:
 * - a November round replays from the state stored with its verdict, to the verdict it had before the drop;
 * - the same round with `--full` (its session folded from the opening) is refused, naming the months: the opening and
 *   every fact before the cut are gone, and a fold of what is left judged the round on part of its table's history;
 * - an October round is said to be out of the store, not "no round".
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { wordReason } from '../libs/i18n/src/reasons';
import { Runtime, startRuntime } from '../libs/platform/src';
import { replayRound, RoundArchivedError, RoundNotFoundError } from '../libs/replay/src';
import { simulateDay } from '../libs/simulator/src';
import { issueCredential } from './support/access';
import { exportCheckAndDrop } from './support/drop-month';
import { createTestDatabase, TestDatabase } from './support/database';
import { serveOnLoopback } from './support/served';

jest.setTimeout(120_000);

let db: TestDatabase;
let runtime: Runtime;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-replay-archived-'));
/** rounds whose RoundStarted came before the turn (October), and after it (November) */
const october: string[] = [];
const november: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase('ca_replay_archived');
  runtime = await startRuntime({ databaseUrl: db.url });
  const batches = [...simulateDay({ tables: 2, rounds: 10, seed: 7, errorRate: 0, gamingDay: '2026-10-31', casinoId: 'casino-cut', jackpots: false })];
  const half = Math.floor(batches.length / 2);
  for (const [i, batch] of batches.entries()) {
    if (i === half) await turnMonth(runtime.pool, '2026-10');
    const r = await runtime.ingestion.ingest(batch.map((value) => ({ value })));
    expect(r.refusals).toEqual([]);
    for (const e of batch) if (e.type === 'RoundStarted') (i < half ? october : november).push(String(e.data.roundId));
  }
  await runtime.projector.catchUp();
});

afterAll(async () => {
  await runtime?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('replay after a month leaves the store', () => {
  it('replays a round after the cut from its stored state, refuses --full and names an archived round', async () => {
    expect(october.length).toBeGreaterThan(0);
    expect(november.length).toBeGreaterThan(0);
    const late = november[november.length - 1];
    const before = await replayRound(runtime.store, late);
    const beforeFull = await replayRound(runtime.store, late, { snapshot: false });
    expect(beforeFull.verdict).toBe(before.verdict);

    const written = await exportCheckAndDrop(runtime.pool, '2026-10', dir);

    // from the state stored with its verdict: as before the drop
    const after = await replayRound(runtime.store, late);
    expect(after.start.source).toBe('snapshot');
    expect([after.verdict, after.discrepancies]).toEqual([before.verdict, before.discrepancies]);

    // from the session's opening: refused, never judged on what is left
    const full = await replayRound(runtime.store, late, { snapshot: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(full).toBeInstanceOf(RoundArchivedError);
    expect((full as RoundArchivedError).code).toBe('unavailable');
    expect((full as RoundArchivedError).because).toMatchObject({ key: 'replay.sessionArchived', values: { roundId: late } });
    expect(wordReason((full as RoundArchivedError).because, 'es')).toContain('2026-10');

    // a round of October: out of the store, said so
    const gone = await replayRound(runtime.store, october[0]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(gone).toBeInstanceOf(RoundArchivedError);
    expect((gone as RoundArchivedError).code).toBe('not-found');
    expect((gone as RoundArchivedError).because).toMatchObject({ key: 'replay.roundArchived', values: { roundId: october[0] } });
    expect(String((gone as RoundArchivedError).because.values?.months)).toContain(`2026-10 (${written.file})`);
    // a round nobody recorded is still no round
    await expect(replayRound(runtime.store, 'no-such-round')).rejects.toBeInstanceOf(RoundNotFoundError);

    // over HTTP: the same refusals, their field and reason named, never a 500
    const { app, base } = await serveOnLoopback(runtime);
    try {
      const { secret } = await issueCredential(runtime, 'compliance', { subject: 'replay-archived' });
      const get = async (route: string) => {
        const res = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${secret}`, 'accept-language': 'en' } });
        return { status: res.status, body: (await res.json()) as { field?: string; reason?: string } };
      };
      const ok = await get(`/api/v1/rounds/${late}/replay`);
      expect(ok.status).toBe(200);
      const refusedFull = await get(`/api/v1/rounds/${late}/replay?full=true`);
      expect(refusedFull.status).toBe(503);
      expect(refusedFull.body).toMatchObject({ field: 'roundId' });
      expect(refusedFull.body.reason).toContain('2026-10');
      const archived = await get(`/api/v1/rounds/${october[0]}/replay`);
      expect(archived.status).toBe(404);
      expect(archived.body.reason).toContain('out of the store');
    } finally {
      await app.close();
    }
  });
});
