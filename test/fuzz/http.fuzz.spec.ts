import { randomUUID } from 'node:crypto';
/**
 * Fuzzing `POST /api/v1/events` over real HTTP: one Nest app from `createHttpApp` and one PostgreSQL
 * database for every case, authenticated as an admin (and as a table terminal for part of the cases).
 * Properties, for every request: never a 5xx; a refused request stores nothing (the row count is
 * unchanged) and every refusal names a field and a reason; an accepted one stores exactly its events;
 * a mutation that cannot be a fact is refused. Then hostile bodies: bytes that are not UTF-8, broken or
 * scalar JSON, deep nesting, wrong content types, an oversized body.
 */
import type { INestApplication } from '@nestjs/common';
import * as fc from 'fast-check';
import { createHttpApp } from '../../apps/api/src/http-app';
import { verifyStore } from '../../libs/event-store/src';
import { Runtime, startRuntime } from '../../libs/platform/src';
import { adminHeaders, issueCredential } from '../support/access';
import { createTestDatabase, TestDatabase } from '../support/database';
import { hostileCase, HostileCase } from './hostile';

const RUNS = Number(process.env.CA_FUZZ_HTTP_RUNS) || 400;

describe('fuzz: POST /api/v1/events with hostile input', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let admin: Record<string, string>;
  let terminal: Record<string, string>;
  const stats = { requests: 0, events: 0, bodies: 0, statuses: new Map<number, number>() };

  beforeAll(async () => {
    db = await createTestDatabase('ca_fuzz_http');
    runtime = await startRuntime({ databaseUrl: db.url });
    app = await createHttpApp(runtime);
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = await adminHeaders(runtime);
    terminal = (await issueCredential(runtime, 'terminal', { casinoId: 'casino-fz', tableIds: ['T-FZ'] })).headers;
  });
  afterAll(async () => {
    console.log(
      `HTTP fuzz: ${stats.requests} requests with ${stats.events} generated events, ${stats.bodies} hostile bodies; statuses ${[...stats.statuses].map(([k, v]) => `${k}×${v}`).join(', ')}`,
    );
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  const count = async () => Number((await runtime.pool.query("SELECT count(*) FROM ca_events WHERE stream_id <> 'seal-store'")).rows[0].count);
  const post = async (body: string | Uint8Array, type: string | null, headers = admin) => {
    const res = await fetch(`${base}/api/v1/events`, {
      method: 'POST',
      headers: { 'accept-language': 'en', ...headers, ...(type ? { 'content-type': type } : {}) },
      body: body as BodyInit,
    });
    stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* checked below */
    }
    return { status: res.status, json, text };
  };

  /** No 5xx; all or nothing; every refusal names a field and a reason. */
  async function checkRefusalOrSuccess(answer: { status: number; json: any; text: string }, before: number, what: string) {
    if (answer.status >= 500) throw new Error(`${answer.status} for ${what}: ${answer.text.slice(0, 300)}`);
    const after = await count();
    if (answer.status === 200) {
      expect(after - before).toBe(answer.json.appended);
      return;
    }
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(after).toBe(before);
    const refusals = answer.json?.refusals;
    if (!Array.isArray(refusals) || !refusals.length) throw new Error(`${answer.status} without refusals for ${what}: ${answer.text.slice(0, 300)}`);
    for (const r of refusals) {
      if (typeof r.field !== 'string' || !r.field.length || typeof r.reason !== 'string' || !r.reason.trim().length) {
        throw new Error(`a refusal without field or reason for ${what}: ${JSON.stringify(r).slice(0, 300)}`);
      }
    }
  }

  const encode = (c: HostileCase, how: number) => {
    const lines = c.events.map((e) => (e === undefined ? 'null' : JSON.stringify(e)));
    if (how === 0) return { body: `[${lines.join(',')}]`, type: 'application/json' };
    if (how === 1) return { body: lines.join('\r\n'), type: 'application/x-ndjson' };
    return { body: `${lines.join('\n')}\n`, type: how === 2 ? 'text/plain; charset=utf-8' : 'application/ndjson' };
  };

  it(`${RUNS} generated batches over HTTP, as an admin and as a table terminal`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom('admin', 'terminal')
          .chain((who) => fc.tuple(fc.constant(who), who === 'terminal' ? hostileCase('T-FZ', 'casino-fz') : hostileCase(), fc.integer({ min: 0, max: 3 }))),
        async ([who, generated, how]) => {
          // fast-check replays a failing case while it shrinks: give every execution its own session and
          // round ids, so a replay is not refused as "already open" by what an earlier execution stored
          const c = withFreshIds(generated);
          stats.requests++;
          stats.events += c.events.length;
          const { body, type } = encode(c, how);
          const before = await count();
          const answer = await post(body, type, who === 'terminal' ? terminal : admin);
          await checkRefusalOrSuccess(answer, before, `${who} ${c.mutation}`);
          if (c.mustRefuse && answer.status === 200) throw new Error(`accepted, but must be refused: ${c.mutation}`);
          if (c.mutation === 'none' && answer.status !== 200) throw new Error(`a valid session was refused (${who}): ${answer.text.slice(0, 300)}`);
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.CA_FUZZ_SEED) || undefined },
    );
  }, 600_000);

  it('hostile bodies: not UTF-8, broken or scalar JSON, deep nesting, random bytes, wrong content types', async () => {
    const [valid] = fc.sample(
      hostileCase().filter((c) => c.mutation === 'none'),
      { numRuns: 1, seed: 11 },
    );
    const validJson = JSON.stringify(valid.events);
    const INVALID_UTF8 = [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xc0, 0xaf], [0x80]];
    const body = fc.oneof(
      // bytes that are not UTF-8 inside a string of an otherwise valid batch
      fc.tuple(fc.constantFrom(...INVALID_UTF8), fc.constantFrom('application/json', 'application/x-ndjson')).map(([bytes, type]) => {
        const at = validJson.indexOf('"inspector":"') + '"inspector":"'.length;
        const text = type === 'application/json' ? validJson : valid.events.map((e) => JSON.stringify(e)).join('\n');
        const pos = type === 'application/json' ? at : text.indexOf('"inspector":"') + '"inspector":"'.length;
        const enc = Buffer.from(text, 'utf8');
        const cut = Buffer.byteLength(text.slice(0, pos), 'utf8');
        return { body: new Uint8Array(Buffer.concat([enc.subarray(0, cut), Buffer.from(bytes), enc.subarray(cut)])), type, what: `invalid UTF-8 ${bytes}` };
      }),
      fc.integer({ min: 1, max: validJson.length - 1 }).map((n) => ({ body: validJson.slice(0, n), type: 'application/json', what: `truncated at ${n}` })),
      fc.uint8Array({ maxLength: 300 }).map((b) => ({ body: b, type: 'application/json', what: 'random bytes' })),
      fc.uint8Array({ maxLength: 300 }).map((b) => ({ body: b, type: 'application/x-ndjson', what: 'random bytes as NDJSON' })),
      fc.jsonValue({ maxDepth: 3 }).map((v) => ({ body: JSON.stringify(v) ?? 'null', type: 'application/json', what: 'a JSON value' })),
      fc
        .constantFrom('5', '"x"', 'null', 'true', '{}', '[]', '', ' ', '\n\n', '[null]', '[[]]', '[{}]', '\ufeff[]')
        .map((b) => ({ body: b, type: 'application/json', what: `body ${JSON.stringify(b)}` })),
      fc.integer({ min: 100, max: 200_000 }).map((n) => ({ body: '['.repeat(n) + ']'.repeat(n), type: 'application/json', what: `${n} nested arrays` })),
      fc.integer({ min: 100, max: 50_000 }).map((n) => ({
        body: `[${JSON.stringify({ ...(valid.events[0] as object), data: { x: 1 } }).slice(0, -1)}, "deep": ${'{"a":'.repeat(n)}1${'}'.repeat(n)}}]`,
        type: 'application/json',
        what: `an event nested ${n} deep`,
      })),
      fc
        .constantFrom(
          'text/html',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          null,
        )
        .map((type) => ({ body: validJson, type, what: `content type ${type}` })),
    );
    await fc.assert(
      fc.asyncProperty(body, async ({ body: b, type, what }) => {
        stats.bodies++;
        const before = await count();
        const answer = await post(b, type);
        await checkRefusalOrSuccess(answer, before, what);
        if (what.startsWith('invalid UTF-8')) {
          expect(answer.status).toBe(400);
          expect(answer.json.refusals[0]).toMatchObject({ field: '(body)', reason: expect.stringMatching(/not valid UTF-8/) });
        }
      }),
      { numRuns: 300, seed: Number(process.env.CA_FUZZ_SEED) || undefined },
    );
  }, 600_000);

  it('an oversized body is refused with 413, naming the body', async () => {
    const before = await count();
    const huge = `[${JSON.stringify({ eventId: 'x', type: 'BetPlaced', occurredAt: 'x', data: { pad: 'x'.repeat(21 * 1024 * 1024) } })}]`;
    const answer = await post(huge, 'application/json');
    expect(answer.status).toBe(413);
    expect(answer.json.refusals[0]).toMatchObject({ field: '(body)', reason: expect.stringMatching(/larger than 20mb/) });
    expect(await count()).toBe(before);
  });

  it('leaves a store that verifies', async () => {
    const report = await verifyStore(runtime.pool);
    expect(report.breaks).toEqual([]);
  });
});

/** The same case with a suffix, unique to this execution, on every session and round id it names. */
function withFreshIds<T extends { events: unknown[] }>(c: T): T {
  const suffix = `-${randomUUID().slice(0, 8)}`;
  const fresh = (id: unknown) => (typeof id === 'string' && id.length > 0 ? `${id.slice(0, 119)}${suffix}` : id);
  // event ids too (a repeated id within the case stays repeated: some mutations rely on it)
  const ids = new Map<string, string>();
  const freshEventId = (id: unknown) =>
    typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
      ? (ids.get(id.toLowerCase()) ?? ids.set(id.toLowerCase(), randomUUID()).get(id.toLowerCase()))
      : id;
  return {
    ...c,
    events: c.events.map((e) => {
      if (!e || typeof e !== 'object' || Array.isArray(e)) return e;
      const out: Record<string, unknown> = { ...(e as Record<string, unknown>) };
      if ('eventId' in out) out.eventId = freshEventId(out.eventId);
      const data = out.data;
      if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
      const d = { ...(data as Record<string, unknown>) };
      if ('sessionId' in d) d.sessionId = fresh(d.sessionId);
      if ('roundId' in d) d.roundId = fresh(d.roundId);
      out.data = d;
      return out;
    }),
  };
}
