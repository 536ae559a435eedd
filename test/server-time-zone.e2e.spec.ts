/**
 * PostgreSQL's session `TimeZone` changes no answer (issue 20 §6): the local-time filters and the
 * gaming-day boundaries are computed in the casino's zone, named in every query, and instants are
 * compared as instants. The same questions — rounds by gaming day, by a wall-clock window that wraps
 * past midnight, in October's repeated hour, by instants with their offsets; the sessions; the
 * inspector's day across midnight; the access log's window — are asked of servers whose connections
 * run under UTC, under UTC+14 (Pacific/Kiritimati, a calendar day ahead) and under America/Los_Angeles
 * (a day behind), and must be answered alike.
 */
import type { INestApplication } from '@nestjs/common';
import { Pool } from 'pg';
import { Runtime, startRuntime } from '../libs/platform/src';
import { adminHeaders } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { recordPlainDay } from './support/round-day';
import { serveOnLoopback } from './support/served';

describe("the database server's TimeZone changes no answer", () => {
  let db: TestDatabase;
  let auth: Record<string, string>;
  /** the access log's window: the reads of the setup, up to a moment before the questions */
  let accessWindow: string;

  // March: 02:00 CET becomes 03:00 CEST on the 29th; October: 03:00 CEST becomes 02:00 CET on the 25th
  const march = ['2026-03-28T22:30:00.000Z', '2026-03-28T23:30:00.000Z', '2026-03-29T00:59:59.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T01:45:00.000Z'];
  const october = ['2026-10-24T23:59:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T02:10:00.000Z'];
  const QUESTIONS = [
    '/api/v1/rounds?gamingDay=2026-03-28',
    '/api/v1/rounds?gamingDay=2026-03-28&from=23:00&to=00:30',
    '/api/v1/rounds?gamingDay=2026-03-28&from=01:30&to=03:00',
    '/api/v1/rounds?gamingDay=2026-10-24&from=02:00&to=02:59',
    `/api/v1/rounds?gamingDay=2026-10-24&from=${encodeURIComponent('2026-10-25T02:00:00+01:00')}&to=${encodeURIComponent('2026-10-25T02:59:59+01:00')}`,
    `/api/v1/rounds?from=${encodeURIComponent('2026-03-29T00:00:00+01:00')}&to=${encodeURIComponent('2026-03-29T03:30:00+02:00')}`,
    '/api/v1/rounds?limit=2',
    '/api/v1/sessions',
    '/api/v1/sessions?gamingDay=2026-10-24',
    '/api/v1/reports/inspector?gamingDay=2026-03-28',
    '/api/v1/reports/inspector?gamingDay=2026-10-24&format=csv',
  ];

  beforeAll(async () => {
    db = await createTestDatabase('ca_server_tz');
    await setServerZone('UTC');
    const runtime = await startRuntime({ databaseUrl: db.url });
    await recordPlainDay(runtime.ingestion, 'casino-dst', '2026-03-28', [{ sessionId: 'tz-mar', tableId: 'RL-1', starts: march }]);
    await recordPlainDay(runtime.ingestion, 'casino-dst', '2026-10-24', [{ sessionId: 'tz-oct', tableId: 'RL-1', starts: october }]);
    await runtime.projector.catchUp();
    auth = await adminHeaders(runtime);
    const { app, base } = await serveOnLoopback(runtime);
    await (await fetch(`${base}/api/v1/sessions`, { headers: auth })).text(); // something in the access log
    await app.close();
    await runtime.close();
    accessWindow = `from=${new Date().toISOString().slice(0, 10)}&to=${encodeURIComponent(new Date().toISOString())}`;
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
  });

  /** Every connection opened from now on runs under `zone` (the database's default for its sessions). */
  async function setServerZone(zone: string) {
    const pool = new Pool({ connectionString: db.url, max: 1 });
    await pool.query(`ALTER DATABASE ${db.name} SET TimeZone = '${zone}'`);
    await pool.end();
  }

  /** The answers of a server whose connections run under `zone`. */
  async function answersUnder(zone: string): Promise<Record<string, unknown>> {
    await setServerZone(zone);
    const runtime: Runtime = await startRuntime({ databaseUrl: db.url });
    let app: INestApplication | undefined;
    try {
      expect((await runtime.pool.query('SHOW TimeZone')).rows[0].TimeZone).toBe(zone);
      const served = await serveOnLoopback(runtime);
      app = served.app;
      const answers: Record<string, unknown> = {};
      for (const q of [...QUESTIONS, `/api/v1/access-log?${accessWindow}`]) {
        const res = await fetch(`${served.base}${q}`, { headers: auth });
        expect(res.status).toBe(200);
        answers[q] = /format=csv/.test(q) ? await res.text() : await res.json();
      }
      return answers;
    } finally {
      await app?.close();
      await runtime.close();
    }
  }

  it('answers alike under UTC, UTC+14 and America/Los_Angeles', async () => {
    const utc = await answersUnder('UTC');
    // the answers hold what they should: each day's rounds, across midnight and the changes
    const ids = (q: string) => ((utc[q] as any).rounds as Array<{ roundId: string }>).map((r) => r.roundId);
    expect(ids(QUESTIONS[0])).toHaveLength(5);
    expect(ids(QUESTIONS[1])).toEqual(['tz-mar-r00001', 'tz-mar-r00002']);
    expect(ids(QUESTIONS[2])).toEqual(['tz-mar-r00003', 'tz-mar-r00004']);
    expect(ids(QUESTIONS[3])).toEqual(['tz-oct-r00002', 'tz-oct-r00003']);
    expect(ids(QUESTIONS[4])).toEqual(['tz-oct-r00003']);
    expect(ids(QUESTIONS[5])).toEqual(['tz-mar-r00002', 'tz-mar-r00003', 'tz-mar-r00004']);
    expect((utc[QUESTIONS[9]] as any).sessions.map((s: any) => s.sessionId)).toEqual(['tz-mar']);
    expect((utc[`/api/v1/access-log?${accessWindow}`] as any).records.length).toBeGreaterThan(0);
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles']) expect(await answersUnder(zone)).toEqual(utc);
  }, 120_000);
});
