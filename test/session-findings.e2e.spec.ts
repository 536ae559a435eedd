/**
 * Findings on the session (issue 14 §2–§4), end to end on a real PostgreSQL: a table opened with a
 * setting that hands the player the edge, a shoe with the wrong number of decks or its cut card in the
 * wrong place, and a clean table. The opening and the shoe are accepted and stored (contract §1.1); the
 * findings stand beside the table book (read model, HTTP, CLI) and in the inspector's day report (JSON,
 * CSV, PDF), and a rebuild from the first event finds the same.
 *
 * Worked out from the texts, not from the code:
 * - punto y banca, euskadi, banker commission 2.5 %: the shoe holds six decks (euskadi L3849–3850) and
 *   the stop card leaves seven cards behind it (L4300–4304); a banker win pays 0.975, a banker loss
 *   costs 1, a tie pushes; with 6 decks P(banker) = 0.458653, P(player) = 0.446279 (Thorp, as tabled at
 *   https://www.multiplayerbaccarat.com/odds.html), so the banker bet returns
 *   1 + 0.458653 × 0.975 − 0.446279 = 1.000908 per unit: the player has the edge.
 * - the cantabria 64-cell wheel as printed (cantabria L3379–3398, L3482–3498): the 40 symbol stands on
 *   2 cells and pays 40 to 1: 2 × 41 / 64 = 1.28125 per unit staked.
 */
import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createHttpApp } from '../apps/api/src/http-app';
import { Runtime, startRuntime } from '../libs/platform/src';
import { loadInspectorDay, loadTableBook, rebuildProjection, TableBookProjection } from '../libs/projections/src';
import { inspectorCsv, inspectorPdf, tableBookCsv } from '../libs/reports/src';
import { issueCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { pdfTextLayer } from './support/pdf-text';
import { reportCli } from './support/report-cli';

const DAY = '2026-11-23';
let clock = Date.parse('2026-11-23T20:00:00.000Z');
const ev = (type: string, data: Record<string, unknown>) => ({
  eventId: randomUUID(),
  type,
  occurredAt: new Date((clock += 1000)).toISOString(),
  recordedBy: 'terminal:test',
  data,
});
const FLOAT = { '10000': 10, '500': 100 };
const staff = { inspector: 'insp-1', croupiers: ['cr-1'] };
const open = (sessionId: string, tableId: string, game: string, jurisdiction: string, options?: Record<string, unknown>) =>
  ev('TableSessionOpened', {
    sessionId,
    casinoId: 'casino-f',
    tableId,
    gamingDay: DAY,
    game,
    jurisdiction,
    limits: { min: 500, max: 50000 },
    openingFloat: FLOAT,
    staff,
    ...(options ? { options } : {}),
  });

describe('findings on the session', () => {
  let db: TestDatabase;
  let runtime: Runtime;

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 3 });
    const day = [
      open('pb-low', 'PB-01', 'punto-banco', 'euskadi', { commissionRate: 0.025 }),
      open('pb-shoe', 'PB-02', 'punto-banco', 'euskadi'),
      // 5 decks: the text says six; then six decks with the stop card 7 cards from the end (6 × 52 − 7 = 305), then 12 from the end
      ev('ShoeStarted', { sessionId: 'pb-shoe', shoeId: 'pb-shoe-1', decks: 5, cutCardPosition: 5 * 52 - 7 }),
      ev('ShoeStarted', { sessionId: 'pb-shoe', shoeId: 'pb-shoe-2', decks: 6, cutCardPosition: 6 * 52 - 7 }),
      ev('ShoeStarted', { sessionId: 'pb-shoe', shoeId: 'pb-shoe-3', decks: 6, cutCardPosition: 6 * 52 - 12 }),
      open('wf-c', 'WF-01', 'wheel-of-fortune', 'cantabria'),
      open('fr-ok', 'RF-01', 'french-roulette', 'euskadi'),
      // staff recorded as formulas (issue 18 §5): they must reach a spreadsheet as text
      {
        ...open('fr-hostile', 'RF-02', 'french-roulette', 'euskadi'),
        data: { ...open('fr-hostile', 'RF-02', 'french-roulette', 'euskadi').data, staff: { inspector: '@SUM(1+1)', croupiers: ['+1+1', '=2+3'] } },
      },
    ];
    const r = await runtime.ingestion.ingest(day.map((value) => ({ value })));
    expect(r.refusals).toEqual([]);
    await runtime.projector.catchUp();
  });
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('flags a banker commission under which the player has the edge, with the figure and the citation', async () => {
    const book = (await loadTableBook(runtime, 'pb-low'))!;
    expect(book.sessionVerdict).toBe('findings');
    expect(book.options).toEqual({ commissionRate: 0.025 });
    const banker = book.sessionFindings.filter((f) => f.code === 'PLAYER_EDGE_SETTING');
    expect(banker.map((f) => (f.recorded as { betType: string }).betType)).toEqual(['banker']);
    const edge = (banker[0].recorded as { houseEdge: number }).houseEdge;
    expect(edge).toBeCloseTo(1 - 1.000908, 5);
    expect(banker[0].message).toMatch(/player has an edge/);
    expect(banker[0].citation).toMatch(/euskadi L\d+/);
  });

  it('flags a shoe with decks no text allows and a stop card in the wrong place, and passes one made as the rules say', async () => {
    const book = (await loadTableBook(runtime, 'pb-shoe'))!;
    expect(book.sessionFindings.map((f) => [f.code, f.rule, f.recorded])).toEqual([
      ['SESSION_RULE_VIOLATION', 'punto-banco/shoe-decks', 5],
      ['SESSION_RULE_VIOLATION', 'punto-banco/cut-card', '12 cards behind the cut card (cutCardPosition 300)'],
    ]);
    expect(book.sessionFindings.map((f) => f.citation)).toEqual([expect.stringMatching(/euskadi L\d+/), expect.stringMatching(/euskadi L\d+/)]);
  });

  it("flags the 64-cell wheel's 40 as printed, and leaves a clean table consistent", async () => {
    const wheel = (await loadTableBook(runtime, 'wf-c'))!;
    const flagged = wheel.sessionFindings
      .filter((f) => f.code === 'PLAYER_EDGE_SETTING')
      .map((f) => f.recorded as { betType: string; selection?: unknown; returnPerUnit: number });
    const forty = flagged.find((f) => JSON.stringify(f).includes('40'));
    expect(forty?.returnPerUnit).toBeCloseTo(82 / 64, 10);
    const clean = (await loadTableBook(runtime, 'fr-ok'))!;
    expect([clean.sessionVerdict, clean.sessionFindings]).toEqual(['consistent', []]);
  });

  it("puts every session finding in the inspector's day report: JSON, CSV and PDF", async () => {
    const r = await loadInspectorDay(runtime, { gamingDay: DAY });
    const books = await Promise.all(['pb-low', 'pb-shoe', 'wf-c', 'fr-ok', 'fr-hostile'].map((id) => loadTableBook(runtime, id)));
    expect(r.sessionFindings.length).toBe(books.reduce((t, b) => t + b!.sessionFindings.length, 0));
    expect(r.sessions.find((s) => s.sessionId === 'fr-ok')).toMatchObject({ sessionVerdict: 'consistent', sessionFindings: 0 });
    expect(r.sessions.find((s) => s.sessionId === 'pb-low')).toMatchObject({ sessionVerdict: 'findings' });
    const csv = inspectorCsv(r);
    expect(csv).toMatch(/^session-finding,,PB-01,pb-low,,PLAYER_EDGE_SETTING,/m);
    expect(csv).toMatch(/^session-finding,,PB-02,pb-shoe,,SESSION_RULE_VIOLATION,5,/m);
    expect(csv).toMatch(/^session-finding,,WF-01,wf-c,,PLAYER_EDGE_SETTING,/m);
    expect(tableBookCsv(books[0]!)).toMatch(/^finding\.PLAYER_EDGE_SETTING,/m);
    // a cell a spreadsheet would run is written as text; the numbers stay numbers
    expect(csv).toMatch(/^session,casino-f,RF-02,fr-hostile,,staff,'@SUM\(1\+1\),'\+1\+1 =2\+3$/m);
    expect(csv.split('\n').some((line) => line.split(',').some((cell) => /^[=+@]/.test(cell)))).toBe(false);
    const pdf = await inspectorPdf(r, { generatedAt: '2026-11-24T08:00:00Z' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // what the inspector reads: the findings, and the hostile names as the text they are
    const text = pdfTextLayer(pdf);
    expect(text).toMatch(/Findings on the sessions \(\d+\)/);
    expect(text).toContain('PLAYER_EDGE_SETTING');
    expect(text).toContain('@SUM(1+1)');
  });

  it('serves the session verdict with the table book over HTTP and from the built command line', async () => {
    const app: INestApplication = await createHttpApp(runtime);
    try {
      await app.listen(0, '127.0.0.1');
      const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
      const admin = (await issueCredential(runtime, 'admin')).headers;
      const res = await fetch(`${base}/api/v1/sessions/pb-low/table-book`, { headers: admin });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ sessionVerdict: 'findings', sessionFindings: [expect.objectContaining({ code: 'PLAYER_EDGE_SETTING' })] });
    } finally {
      await app.close();
    }
    const cli = await reportCli(['report', 'table-book', '--session', 'pb-shoe', '--json'], { DATABASE_URL: db.url });
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({
      sessionVerdict: 'findings',
      sessionFindings: [expect.objectContaining({ rule: 'punto-banco/shoe-decks' }), expect.objectContaining({ rule: 'punto-banco/cut-card' })],
    });
    const text = await reportCli(['report', 'table-book', '--session', 'fr-ok'], { DATABASE_URL: db.url });
    expect(text.stdout).toMatch(/session: consistent/);
  });

  it('finds the same on a rebuild from the first event', async () => {
    const before = (await runtime.pool.query('SELECT session_id, findings, finding_notes, options FROM table_books ORDER BY session_id')).rows;
    await rebuildProjection(runtime.pool, runtime.store, new TableBookProjection(), undefined, 2);
    const after = (await runtime.pool.query('SELECT session_id, findings, finding_notes, options FROM table_books ORDER BY session_id')).rows;
    expect(after).toEqual(before);
    expect(after.length).toBe(5);
  });
});
