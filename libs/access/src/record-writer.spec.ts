import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { AccessService } from './access-service';
import { RecordWriter } from './record-writer';

/** A row as AccessService.record makes it (record-writer.ts, RECORD_COLUMNS), for request `n`. */
const row = (n: number, outcome = 'allowed') => [
  'cred-1',
  'terminal RF01',
  ['terminal'],
  'write',
  'POST',
  '/api/v1/events',
  '/api/v1/events',
  '{}',
  JSON.stringify({ n }),
  'json',
  outcome,
  null,
  200,
  '127.0.0.1',
  `req-${n}`,
];

describe('access log: rows written in groups (record-writer.ts)', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('ca_record_writer');
    pool = new Pool({ connectionString: db.url, max: 8 });
    await new AccessService(pool).ready();
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });
  // the log refuses DELETE and TRUNCATE (append-only): each test reads only its own requests' rows, by request id

  const rowsOf = async (prefix: string) =>
    (
      await pool.query<{ id: string; request_id: string; tx: string }>(
        `SELECT id, request_id, xmin::text AS tx FROM ca_access_log WHERE request_id LIKE $1 ORDER BY id`,
        [`${prefix}%`],
      )
    ).rows;

  it('a lone record is committed when its promise resolves, seen from another connection', async () => {
    const writer = new RecordWriter(pool);
    await writer.write(row(1).map((v, i) => (i === 14 ? 'lone-1' : v)));
    const other = await pool.connect();
    try {
      const seen = await other.query(`SELECT kind, outcome, status, query FROM ca_access_log WHERE request_id = 'lone-1'`);
      expect(seen.rows).toEqual([{ kind: 'write', outcome: 'allowed', status: 200, query: { n: 1 } }]);
    } finally {
      other.release();
    }
  });

  it('records sent together share commits, and every one is stored once, in the order they were sent', async () => {
    const writer = new RecordWriter(pool);
    const n = 300;
    await Promise.all(Array.from({ length: n }, (_, i) => writer.write(row(i).map((v, c) => (c === 14 ? `burst-${String(i).padStart(3, '0')}` : v)))));
    const rows = await rowsOf('burst-');
    expect(rows.map((r) => r.request_id)).toEqual(Array.from({ length: n }, (_, i) => `burst-${String(i).padStart(3, '0')}`));
    // rows of one INSERT share its transaction id: 300 records went in far fewer transactions than 300
    const transactions = new Set(rows.map((r) => r.tx)).size;
    expect(transactions).toBeLessThanOrEqual(3);
    expect(transactions).toBeGreaterThanOrEqual(1);
  });

  it('a row PostgreSQL refuses fails its own record only: the others of its group are stored', async () => {
    const writer = new RecordWriter(pool);
    const sent = Array.from({ length: 20 }, (_, i) =>
      // request 7's outcome breaks the table's CHECK (outcome IN ('allowed', 'denied'))
      writer.write(row(i, i === 7 ? 'maybe' : 'allowed').map((v, c) => (c === 14 ? `mixed-${String(i).padStart(2, '0')}` : v))),
    );
    const settled = await Promise.allSettled(sent);
    expect(settled.map((s) => s.status)).toEqual(Array.from({ length: 20 }, (_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    expect(String((settled[7] as PromiseRejectedResult).reason)).toMatch(/check constraint/);
    const stored = (await rowsOf('mixed-')).map((r) => r.request_id);
    expect(stored).toEqual(Array.from({ length: 20 }, (_, i) => `mixed-${String(i).padStart(2, '0')}`).filter((id) => id !== 'mixed-07'));
  });

  it('refuses a row of the wrong width before it reaches the database', () => {
    expect(() => new RecordWriter(pool).write(['only', 'three', 'values'])).toThrow(/15 values, not 3/);
  });

  it('AccessService.record still stores each access with its principal, and concurrent records all land', async () => {
    const access = new AccessService(pool);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        access.record({
          principal: { subject: 'finance', roles: ['finance'], credentialId: 'cred-9' },
          kind: 'report',
          method: 'GET',
          route: '/api/v1/sessions/:id/book',
          path: `/api/v1/sessions/s${i}/book`,
          params: { id: `s${i}` },
          format: 'json',
          outcome: 'allowed',
          status: 200,
          requestId: `svc-${String(i).padStart(2, '0')}`,
        }),
      ),
    );
    const stored = await pool.query(`SELECT subject, roles, params->>'id' AS id FROM ca_access_log WHERE request_id LIKE 'svc-%' ORDER BY ca_access_log.id`);
    expect(stored.rows).toHaveLength(40);
    expect(stored.rows[0]).toEqual({ subject: 'finance', roles: ['finance'], id: 's0' });
    expect(new Set(stored.rows.map((r) => r.id)).size).toBe(40);
  });
});
