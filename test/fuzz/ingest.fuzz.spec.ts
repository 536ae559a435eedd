/**
 * Fuzzing ingestion (the one path of `POST /events` and `casino-audit import`), through parseNdjson as
 * the CLI reads a file, against a real PostgreSQL: one runtime and one database for every case.
 * Properties, for every generated batch: no crash; a refused batch stores nothing (the row count is
 * unchanged) and every refusal names a field and a reason; an accepted batch stores exactly its
 * events; a mutation that cannot be a fact is refused. At the end the whole store verifies.
 */
import * as fc from 'fast-check';
import { verifyStore } from '../../libs/event-store/src';
import { IngestResult, parseNdjson, parseNdjsonBytes } from '../../libs/ledger/src';
import { Runtime, startRuntime } from '../../libs/platform/src';
import { createTestDatabase, TestDatabase } from '../support/database';
import { hostileCase, HostileCase } from './hostile';

const RUNS = Number(process.env.CA_FUZZ_RUNS) || 500;

describe('fuzz: ingestion of hostile NDJSON', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  const stats = { requests: 0, events: 0, refused: 0, accepted: 0, mutations: new Map<string, number>() };

  beforeAll(async () => {
    db = await createTestDatabase('ca_fuzz_ingest');
    runtime = await startRuntime({ databaseUrl: db.url });
  });
  afterAll(async () => {
    console.log(
      `ingestion fuzz: ${stats.requests} batches, ${stats.events} generated events (${stats.accepted} batches accepted, ${stats.refused} refused); mutations: ${[...stats.mutations].map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
    await runtime?.close();
    await db?.drop();
  });

  const count = async () => Number((await runtime.pool.query("SELECT count(*) FROM ca_events WHERE stream_id <> 'seal-store'")).rows[0].count);

  /** The properties every answer must have. */
  function checkAnswer(c: HostileCase, result: IngestResult, before: number, after: number) {
    if (!result.ok) {
      expect(after).toBe(before);
      expect(result.appended).toBe(0);
      expect(result.refusals.length).toBeGreaterThan(0);
      for (const r of result.refusals) {
        expect(typeof r.field).toBe('string');
        expect(r.field.length).toBeGreaterThan(0);
        expect(typeof r.reason).toBe('string');
        expect(r.reason.trim().length).toBeGreaterThan(0);
      }
    } else {
      expect(after - before).toBe(result.appended);
    }
    if (c.mustRefuse && result.ok) throw new Error(`accepted, but must be refused: ${c.mutation}`);
    if (c.mutation === 'none' && !result.ok) throw new Error(`a valid session was refused: ${JSON.stringify(result.refusals.slice(0, 3))}`);
  }

  it(`${RUNS} generated batches: all or nothing, every refusal names field and reason`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileCase(), async (c) => {
        const text = c.events.map((e) => (e === undefined ? 'undefined' : JSON.stringify(e))).join('\n');
        stats.requests++;
        stats.events += c.events.length;
        stats.mutations.set(c.kind, (stats.mutations.get(c.kind) ?? 0) + 1);
        const before = await count();
        const result = await runtime.ingestion.ingest(parseNdjson(text));
        checkAnswer(c, result, before, await count());
        if (result.ok) stats.accepted++;
        else stats.refused++;
      }),
      { numRuns: RUNS, seed: Number(process.env.CA_FUZZ_SEED) || undefined },
    );
    expect(stats.accepted).toBeGreaterThan(0);
    expect(stats.refused).toBeGreaterThan(0);
  }, 600_000);

  it('refuses a reused id with other content against what is stored, and NDJSON lines that are not JSON', async () => {
    const [c] = fc.sample(
      hostileCase().filter((x) => x.mutation === 'none'),
      { numRuns: 1, seed: 7 },
    );
    const first = await runtime.ingestion.ingest(parseNdjson(c.events.map((e) => JSON.stringify(e)).join('\n')));
    expect(first.ok).toBe(true);
    const before = await count();
    const again = (c.events as any[]).map((e, i) => (i === 1 ? { ...e, data: { ...e.data, amount: (e.data.amount ?? 1) + 1, extra: undefined } } : e));
    const conflict = await runtime.ingestion.ingest(parseNdjson(again.map((e) => JSON.stringify(e)).join('\n')));
    expect(conflict).toMatchObject({
      ok: false,
      refusals: [{ field: 'eventId', reason: expect.stringMatching(/already used for an event with other content/) }],
    });
    const broken = await runtime.ingestion.ingest(parseNdjson(`${JSON.stringify(c.events[0])}\n{"eventId": \n\u0000\n[1,2`));
    expect(broken.ok).toBe(false);
    expect(broken.refusals.map((r) => [r.line, r.field])).toEqual([
      [2, '(line)'],
      [3, '(line)'],
      [4, '(line)'],
    ]);
    expect(await count()).toBe(before);
  });

  it('refuses a file line that is not UTF-8 (parseNdjsonBytes, as `import` reads a file), naming the line', async () => {
    const INVALID_UTF8 = [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xc0, 0xaf], [0x80]];
    await fc.assert(
      fc.asyncProperty(
        hostileCase().filter((c) => c.kind === 'none'),
        fc.constantFrom(...INVALID_UTF8),
        fc.nat(),
        async (c, bytes, at) => {
          const lines = c.events.map((e) => Buffer.from(JSON.stringify(e), 'utf8'));
          const line = at % lines.length;
          const text = lines[line];
          const cut = text.indexOf('"occurredAt"');
          lines[line] = Buffer.concat([text.subarray(0, cut + 14), Buffer.from(bytes), text.subarray(cut + 14)]);
          stats.events += lines.length;
          const before = await count();
          const result = await runtime.ingestion.ingest(parseNdjsonBytes(Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]))));
          expect(result.ok).toBe(false);
          expect(result.refusals).toEqual([expect.objectContaining({ line: line + 1, field: '(line)', reason: expect.stringMatching(/not valid UTF-8/) })]);
          expect(await count()).toBe(before);
        },
      ),
      { numRuns: 50 },
    );
    // and a file that is all UTF-8 reads exactly as parseNdjson reads its text
    const text = '{"a": "é漢🎰"}\r\n\n[1]\n{';
    expect(parseNdjsonBytes(Buffer.from(text, 'utf8'))).toEqual(parseNdjson(text));
  });

  it('leaves a store that verifies: what was accepted is stored exactly as sent', async () => {
    const report = await verifyStore(runtime.pool);
    expect(report.breaks).toEqual([]);
    expect(report.events).toBeGreaterThan(0);
  });
});
