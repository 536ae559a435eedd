/**
 * Lists are complete, or say they are not (issue 20 §3), and times are the casino's (§6): every page
 * of /rounds and /sessions by cursor, the code search from the verdicts read model only, and the
 * from/to filter and the times shown on Europe/Madrid's clock across both daylight-saving changes.
 */
import type { INestApplication } from '@nestjs/common';
import { serveOnLoopback } from './support/served';
import { encodeCursor } from '../apps/api/src/pagination';
import { Runtime, startRuntime } from '../libs/platform/src';
import { adminHeaders } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { everySeconds, recordPlainDay, redWins } from './support/round-day';
import { pdfTextLayer } from './support/pdf-text';

describe('lists by page, and local time', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let auth: Record<string, string>;

  // a day of three tables, 250 rounds each, a minute apart; five red wins per table paid wrong
  const DAY = '2026-11-21';
  const tables = ['A', 'B', 'C'].map((t) => ({
    sessionId: `lst-${t}`,
    tableId: `T-${t}`,
    starts: everySeconds('2026-11-21T19:00:00.000Z', 250, 60),
    paidWrong: new Set(redWins(250).slice(0, 5)),
  }));

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    ({ app, base } = await serveOnLoopback(runtime));
    auth = await adminHeaders(runtime);
    await recordPlainDay(runtime.ingestion, 'casino-lst', DAY, tables);
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    await db.drop();
  });

  // the reasons asserted here are the English ones (Spanish is the default: test/languages.e2e.spec.ts)
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { ...auth, 'accept-language': 'en' } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  /** Every page of a list, following `next`. */
  async function walk(path: string, rows: 'rounds' | 'sessions') {
    const pages: any[] = [];
    let next: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const page = await get(`${path}${next ? `${sep}cursor=${encodeURIComponent(next)}` : ''}`);
      expect(page.status).toBe(200);
      pages.push(page.body);
      next = page.body.next;
    } while (next && pages.length < 100);
    return { pages, rows: pages.flatMap((p) => p[rows]) };
  }

  it('answers a search by code from the verdicts read model only: 503 with Retry-After before it is built, never a replay', async () => {
    await runtime.projector.catchUp(runtime.projections.filter((p) => p.name === 'table-book'));
    const res = await get(`/api/v1/rounds?gamingDay=${DAY}&code=PAYOUT_MISMATCH`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body).toMatchObject({ field: 'code', reason: expect.stringMatching(/round verdicts read model is not built/) });
    // the plain list still answers, and says the verdicts are not all there
    const plain = await get(`/api/v1/rounds?gamingDay=${DAY}`);
    expect(plain.status).toBe(200);
    expect(plain.body.verdicts.complete).toBe(false);
    await runtime.projector.catchUp();
  });

  it('pages through every round of the day by cursor, each once, in order, with the total', async () => {
    const { pages, rows } = await walk(`/api/v1/rounds?gamingDay=${DAY}`, 'rounds');
    expect(pages).toHaveLength(8); // 750 rounds, 100 a page
    expect(pages.map((p) => p.rounds.length)).toEqual([100, 100, 100, 100, 100, 100, 100, 50]);
    expect(pages.every((p) => p.total === 750 && p.totalIsEstimate === false && p.verdicts.complete === true)).toBe(true);
    expect(pages[7].next).toBeNull();
    const expected = tables.flatMap((t) => t.starts.map((_, i) => `${t.sessionId}-r${String(i + 1).padStart(5, '0')}`));
    expect(rows.map((r: any) => r.roundId)).toEqual(expected);
    expect(rows.filter((r: any) => r.codes.includes('PAYOUT_MISMATCH'))).toHaveLength(15);

    const big = await get(`/api/v1/rounds?gamingDay=${DAY}&limit=1000`);
    expect(big.body.rounds).toHaveLength(750);
    expect(big.body.next).toBeNull();
    const small = await walk(`/api/v1/rounds?gamingDay=${DAY}&table=T-B&limit=7`, 'rounds');
    expect(small.rows.map((r: any) => r.roundId)).toEqual(expected.slice(250, 500));
  });

  it('finds every round flagged with a code, over pages, from the read model', async () => {
    const { pages, rows } = await walk(`/api/v1/rounds?gamingDay=${DAY}&code=PAYOUT_MISMATCH&limit=4`, 'rounds');
    expect(rows).toHaveLength(15);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toMatchObject({ total: 15, totalIsEstimate: false, verdicts: { complete: true, pendingEvents: 0 } });
    const expected = tables.flatMap((t) => [...t.paidWrong].map((i) => `${t.sessionId}-r${String(i + 1).padStart(5, '0')}`));
    expect(rows.map((r: any) => r.roundId)).toEqual(expected);
    expect(rows.every((r: any) => r.verdict === 'discrepancies' && r.codes.includes('PAYOUT_MISMATCH'))).toBe(true);
    expect((await get(`/api/v1/rounds?gamingDay=${DAY}&code=CARD_COUNT_EXCEEDED`)).body).toMatchObject({ rounds: [], next: null, total: 0 });
  });

  it('exports every matching round as CSV, all pages streamed', async () => {
    const all = await fetch(`${base}/api/v1/rounds?gamingDay=${DAY}&format=csv`, { headers: auth });
    expect(all.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await all.text()).trim().split('\n');
    expect(lines[0]).toBe('roundId,sessionId,casinoId,tableId,game,gamingDay,startedAt,startedAtLocal,verdict,codes');
    expect(lines).toHaveLength(751);
    expect(lines[751 - 1]).toMatch(
      /^lst-C-r00250,lst-C,casino-lst,T-C,french-roulette,2026-11-21,2026-11-21T23:09:00.000Z,2026-11-22 00:09:00 \+01:00,consistent,$/,
    );
    const flagged = (await (await fetch(`${base}/api/v1/rounds?gamingDay=${DAY}&code=PAYOUT_MISMATCH&format=csv`, { headers: auth })).text())
      .trim()
      .split('\n');
    expect(flagged).toHaveLength(16);
    expect(flagged.slice(1).every((l) => l.endsWith(',discrepancies,PAYOUT_MISMATCH'))).toBe(true);
  });

  it('pages through the sessions with a total', async () => {
    const { pages, rows } = await walk(`/api/v1/sessions?gamingDay=${DAY}&limit=2`, 'sessions');
    expect(pages.map((p) => p.sessions.length)).toEqual([2, 1]);
    expect(pages[0]).toMatchObject({ total: 3, totalIsEstimate: false });
    expect(rows.map((s: any) => s.sessionId)).toEqual(['lst-A', 'lst-B', 'lst-C']);
    expect(rows[0]).toMatchObject({ timeZone: 'Europe/Madrid', openedAtLocal: '2026-11-21 19:59:00 +01:00' });
  });

  it('describes the pages in the OpenAPI document: limit, cursor, next', async () => {
    const spec = (await (await fetch(`${base}/api/docs-json`)).json()) as any;
    for (const route of ['/api/v1/rounds', '/api/v1/sessions']) {
      const op = spec.paths[route].get;
      const params = Object.fromEntries(op.parameters.map((p: any) => [p.name, p]));
      expect(params.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
      expect(params.cursor.description).toMatch(/`next` of the previous page/);
      expect(op.responses['200'].content['application/json'].schema.properties.next.description).toMatch(/cursor of the next page/);
    }
    expect(spec.paths['/api/v1/rounds'].get.responses['503'].description).toMatch(/Retry-After/);
    expect(spec.paths['/api/v1/rounds'].get.parameters.find((p: any) => p.name === 'from').description).toMatch(/casino's clock/);
  });

  it('refuses a bad limit or cursor with 400 naming the field', async () => {
    for (const limit of ['0', '1001', 'ten', '2.5', '-1']) {
      const r = await get(`/api/v1/rounds?gamingDay=${DAY}&limit=${limit}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ field: 'limit', reason: expect.stringMatching(/whole number from 1 to 1000/) });
    }
    expect((await get(`/api/v1/rounds?cursor=not-a-cursor`)).body).toMatchObject({ field: 'cursor' });
    const first = await get(`/api/v1/rounds?gamingDay=${DAY}`);
    // a cursor of one list or one set of filters is refused on another
    const otherFilters = await get(`/api/v1/rounds?gamingDay=${DAY}&table=T-A&cursor=${first.body.next}`);
    expect(otherFilters.status).toBe(400);
    expect(otherFilters.body.reason).toMatch(/other filters/);
    const otherList = await get(`/api/v1/sessions?gamingDay=${DAY}&cursor=${first.body.next}`);
    expect(otherList.status).toBe(400);
    expect(otherList.body.reason).toMatch(/not a cursor of this list/);
    // a cursor made by hand for these filters, holding what the database cannot take, is a 400 too
    for (const key of [
      [DAY, 'casino-lst', 'T-A', 'lst-A', 2 ** 40],
      [DAY, 'casino-lst', 'T-A', 'lst-\u0000', 1],
      [DAY, 'c', 't', 's'],
    ]) {
      const forged = encodeCursor('rounds', { gamingDay: DAY }, key);
      const r = await get(`/api/v1/rounds?gamingDay=${DAY}&cursor=${forged}`);
      expect([r.status, r.body.field]).toEqual([400, 'cursor']);
      expect(r.body.reason).toMatch(/not a cursor this list issued/);
    }
    for (const [q, field] of [
      ['gamingDay=21-11-2026', 'gamingDay'],
      ['from=25:00', 'from'],
      ['to=2026-10-25T02:30:00', 'to'],
      ['code=payout', 'code'],
    ]) {
      const r = await get(`/api/v1/rounds?${q}`);
      expect([r.status, r.body.field]).toEqual([400, field]);
    }
  });
});

describe("times on the casino's clock across the daylight-saving changes (Europe/Madrid)", () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let auth: Record<string, string>;

  // March: 2026-03-29 01:00Z, 02:00 CET becomes 03:00 CEST; the gaming day of the 28th runs past midnight
  const march = ['2026-03-28T22:30:00.000Z', '2026-03-28T23:30:00.000Z', '2026-03-29T00:59:59.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T01:45:00.000Z'];
  // October: 2026-10-25 01:00Z, 03:00 CEST becomes 02:00 CET: 02:30 happens twice
  const october = ['2026-10-24T23:59:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T02:10:00.000Z'];

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    ({ app, base } = await serveOnLoopback(runtime));
    auth = await adminHeaders(runtime);
    await recordPlainDay(runtime.ingestion, 'casino-dst', '2026-03-28', [{ sessionId: 'dst-mar', tableId: 'RL-1', starts: march }]);
    await recordPlainDay(runtime.ingestion, 'casino-dst', '2026-10-24', [{ sessionId: 'dst-oct', tableId: 'RL-1', starts: october }]);
    await runtime.projector.catchUp();
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    await db.drop();
  });

  const rounds = async (q: string) => {
    const res = await fetch(`${base}/api/v1/rounds?${q}`, { headers: auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as any).rounds as Array<{ roundId: string; startedAt: string; startedAtLocal: string; timeZone: string }>;
  };
  const ids = (rows: Array<{ roundId: string }>) => rows.map((r) => r.roundId.replace(/^dst-\w+-r0*/, ''));

  it('shows each start on the local clock with its offset, one gaming day across midnight', async () => {
    const rows = await rounds('gamingDay=2026-03-28');
    expect(rows.map((r) => r.startedAtLocal)).toEqual([
      '2026-03-28 23:30:00 +01:00',
      '2026-03-29 00:30:00 +01:00',
      '2026-03-29 01:59:59 +01:00',
      '2026-03-29 03:00:00 +02:00',
      '2026-03-29 03:45:00 +02:00',
    ]);
    expect(rows.every((r) => r.timeZone === 'Europe/Madrid')).toBe(true);
    expect(rows[0].startedAt).toBe(march[0]); // the instant as recorded is kept
    const oct = await rounds('gamingDay=2026-10-24');
    expect(oct.map((r) => r.startedAtLocal)).toEqual([
      '2026-10-25 01:59:00 +02:00',
      '2026-10-25 02:30:00 +02:00',
      '2026-10-25 02:30:00 +01:00',
      '2026-10-25 03:10:00 +01:00',
    ]);
  });

  it('filters from/to on the local clock: the skipped hour is empty, the repeated hour holds both passes, a window wraps past midnight', async () => {
    expect(ids(await rounds('gamingDay=2026-03-28&from=02:00&to=02:59'))).toEqual([]);
    expect(ids(await rounds('gamingDay=2026-03-28&from=01:30&to=03:00'))).toEqual(['3', '4']);
    expect(ids(await rounds('gamingDay=2026-03-28&from=23:00&to=00:30'))).toEqual(['1', '2']);
    expect(ids(await rounds('gamingDay=2026-10-24&from=02:00&to=02:59'))).toEqual(['2', '3']);
    // an instant with its offset tells the two 02:30s apart
    expect(
      ids(await rounds(`gamingDay=2026-10-24&from=${encodeURIComponent('2026-10-25T02:00:00+01:00')}&to=${encodeURIComponent('2026-10-25T02:59:59+01:00')}`)),
    ).toEqual(['3']);
    expect(
      ids(await rounds(`gamingDay=2026-10-24&from=${encodeURIComponent('2026-10-25T02:00:00+02:00')}&to=${encodeURIComponent('2026-10-25T02:59:59+02:00')}`)),
    ).toEqual(['2']);
    // instants at the edges of what a date can say are compared, not refused by the database
    expect(
      ids(await rounds(`gamingDay=2026-10-24&from=${encodeURIComponent('0000-01-01T00:00:00Z')}&to=${encodeURIComponent('9999-12-31T23:59:59Z')}`)),
    ).toEqual(['1', '2', '3', '4']);
  });

  it("shows the reports' and the replay's times on the casino's clock: CSV, PDF, and the zone beside the JSON's instants", async () => {
    // the English words of the reports (Spanish is the default: test/languages.e2e.spec.ts)
    const get = (path: string) => fetch(`${base}${path}`, { headers: { ...auth, 'accept-language': 'en' } });
    const csv = await (await get('/api/v1/reports/inspector?gamingDay=2026-03-28&format=csv')).text();
    expect(csv).toContain('opened 2026-03-28 23:29:00 +01:00 · closed 2026-03-29 03:45:30 +02:00');
    const pdf = pdfTextLayer(Buffer.from(await (await get('/api/v1/reports/inspector?gamingDay=2026-10-24&format=pdf')).arrayBuffer()));
    expect(pdf).toContain('Europe/Madrid, with the offset from UTC');
    expect(pdf).toContain('2026-10-25 01:58:00 +02:00'); // opened a minute before the first round
    expect(pdf).toContain('2026-10-25 03:10:30 +01:00'); // closed after the change
    const json = (await (await get('/api/v1/reports/inspector?gamingDay=2026-10-24')).json()) as any;
    expect(json.timeZones).toEqual({ 'casino-dst': 'Europe/Madrid' });
    expect(json.sessions[0].openedAt).toBe('2026-10-24T23:58:00.000Z'); // the instant as recorded
    const replay = (await (await get('/api/v1/rounds/dst-oct-r00003/replay')).json()) as any;
    expect(replay.timeZone).toBe('Europe/Madrid');
    // the narrative (`replay` on the command line, ?format=text) reads its steps on that clock: round 3 began at 02:30 after the change
    const text = await (await get('/api/v1/rounds/dst-oct-r00003/replay?format=text')).text();
    expect(text).toContain('times on the Europe/Madrid clock');
    expect(text).toMatch(/^\s+1\. 02:30:00 \+01:00\s+/m);
  });
});

describe('a narrow search over many sessions', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let auth: Record<string, string>;

  // 205 sessions of one round each; only the last session's round starts at 03:00 local
  const tables = Array.from({ length: 205 }, (_, i) => ({
    sessionId: `many-${String(i).padStart(3, '0')}`,
    tableId: `M-${String(i).padStart(3, '0')}`,
    starts: [i === 204 ? '2026-11-21T02:00:00.000Z' : '2026-11-21T20:00:00.000Z'],
  }));

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    ({ app, base } = await serveOnLoopback(runtime));
    auth = await adminHeaders(runtime);
    await recordPlainDay(runtime.ingestion, 'casino-many', '2026-11-20', tables);
    await runtime.projector.catchUp();
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    await db.drop();
  });

  it('bounds the work of a page: a short page says more may follow, and the next one finds the round', async () => {
    const q = `/api/v1/rounds?gamingDay=2026-11-20&from=02:30&to=03:30`;
    const first = (await (await fetch(`${base}${q}`, { headers: auth })).json()) as any;
    expect(first).toMatchObject({ rounds: [], total: null });
    expect(first.next).toEqual(expect.any(String));
    const second = (await (await fetch(`${base}${q}&cursor=${first.next}`, { headers: auth })).json()) as any;
    expect(second.rounds.map((r: any) => [r.roundId, r.startedAtLocal])).toEqual([['many-204-r00001', '2026-11-21 03:00:00 +01:00']]);
    expect(second.next).toBeNull();
  });
});
