/**
 * Session compliance (issue 15), end to end on a real PostgreSQL: the facts that carry limit changes,
 * closing announcements, temporary closings and bank deposits go through ingestion (refused with the field
 * and the reason when unreadable, nothing of the request stored), and what they break stands in the
 * session's verdict beside the table book (read model, HTTP) and in the inspector's day report, the same
 * after a rebuild from the first event.
 *
 * Worked out from the texts (docs/games/readings/session-compliance.json):
 * - euskadi roulette: a change of limits announces the last three balls at the old limit (L851–857);
 * - galicia: no change once the table runs (L176);
 * - euskadi: a temporarily closed table keeps its float locked, cash and tips until the final close
 *   (L866–875), and is reopened with a croupier and a jefe de mesa or inspector present (L871–873);
 * - euskadi blackjack: the last sabot announced before the close at the closing time (L12859–12860);
 * - baccarat à deux tableaux: the bank deposited in the Caja before the partida (euskadi L5985–5988).
 */
import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createHttpApp } from '../apps/api/src/http-app';
import { Runtime, startRuntime } from '../libs/platform/src';
import { loadInspectorDay, loadTableBook, rebuildProjection, TableBookProjection } from '../libs/projections/src';
import { issueCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';

const DAY = '2026-11-24';
const CLOSING = '2026-11-25T04:00:00.000Z';
let clock = Date.parse('2026-11-24T20:00:00.000Z');
const ev = (type: string, data: Record<string, unknown>, at?: string) => ({
  eventId: randomUUID(),
  type,
  occurredAt: at ?? new Date((clock += 60_000)).toISOString(),
  recordedBy: 'terminal:test',
  data,
});
const FLOAT = { '10000': 10, '500': 100 };
const staff = { inspector: 'insp-1', croupiers: ['cr-1'] };
// 20 × the minimum: a roulette's tier in every text; blackjack's tiers are 25, 50, 100, 200 × (euskadi L2116–2118); circle poker's minimum 20–40 % of the maximum
const open = (sessionId: string, tableId: string, game: string, jurisdiction: string, options?: Record<string, unknown>) =>
  ev('TableSessionOpened', {
    sessionId,
    casinoId: 'casino-c',
    tableId,
    gamingDay: DAY,
    game,
    jurisdiction,
    limits: { min: 500, max: game === 'blackjack' ? 25000 : game.startsWith('circle-poker') ? 2000 : 10000 },
    openingFloat: FLOAT,
    staff,
    ...(options ? { options } : {}),
  });
let rounds = 0;
const round = (sessionId: string) => ev('RoundStarted', { sessionId, roundId: `${sessionId}-r${++rounds}` });
const times = (n: number, f: () => ReturnType<typeof ev>) => Array.from({ length: n }, f);
const announce = (sessionId: string, what: Record<string, unknown>) => ev('LastRoundsAnnounced', { sessionId, ...what });
const close = (sessionId: string, atClosingTime = false) =>
  ev('TableSessionClosed', { sessionId, closingFloat: FLOAT, ...(atClosingTime ? { atClosingTime } : {}) });

describe('session compliance', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  const day = [
    // euskadi roulette: one change announced over three balls, one with none
    open('rf-ok', 'RF-01', 'french-roulette', 'euskadi'),
    announce('rf-ok', { purpose: 'limit-change', rounds: 3 }),
    ...times(3, () => round('rf-ok')),
    ev('TableLimitsChanged', { sessionId: 'rf-ok', limits: { min: 1000, max: 20000 } }),
    round('rf-ok'),
    announce('rf-ok', { purpose: 'closing', rounds: 3 }),
    ...times(3, () => round('rf-ok')),
    close('rf-ok', true),
    open('rf-bad', 'RF-02', 'french-roulette', 'euskadi'),
    ...times(2, () => round('rf-bad')),
    ev('TableLimitsChanged', { sessionId: 'rf-bad', limits: { min: 1000, max: 20000 } }),
    // galicia: no change at a running table, announced or not
    open('rf-gal', 'RF-03', 'french-roulette', 'galicia'),
    announce('rf-gal', { purpose: 'limit-change', rounds: 3 }),
    ...times(3, () => round('rf-gal')),
    ev('TableLimitsChanged', { sessionId: 'rf-gal', limits: { min: 1000, max: 20000 } }),
    // euskadi blackjack: suspended with two hours left, a fill while closed, reopened by a croupier alone; closed at the closing time with no last sabot announced
    open('bj-susp', 'BJ-01', 'blackjack', 'euskadi'),
    ev('ShoeStarted', { sessionId: 'bj-susp', shoeId: 'bj-susp-1', decks: 6 }),
    round('bj-susp'),
    ev('TableSessionSuspended', { sessionId: 'bj-susp', reason: 'no players', authorisedClosingAt: CLOSING, keyHolder: 'director-1' }),
    ev('ChipsFilled', { sessionId: 'bj-susp', slipId: 'F-BJ-1', chips: { '10000': 5 } }),
    ev('TableSessionResumed', { sessionId: 'bj-susp', present: { croupiers: ['cr-1'] } }),
    round('bj-susp'),
    close('bj-susp', true),
    // baccarat à deux tableaux: the first coup before the bank was deposited; another table deposited first
    open('bt-late', 'BT-01', 'baccarat-two-tables', 'euskadi'),
    round('bt-late'),
    ev('BankDeposited', { sessionId: 'bt-late', seat: 0, amount: 1_000_000, form: 'cash' }),
    open('bt-ok', 'BT-02', 'baccarat-two-tables', 'euskadi'),
    ev('BankDeposited', { sessionId: 'bt-ok', seat: 0, amount: 1_000_000, form: 'cheque' }),
    round('bt-ok'),
    // circle poker: four players, five hands, no duration published: seats 2, 3 and 4 held the mano once (euskadi L10830–10836)
    open('pk-short', 'PK-01', 'circle-poker-texas-holdem', 'euskadi'),
    ...[1, 2, 3, 4, 1].flatMap((mano) => {
      const r = round('pk-short');
      return [r, ev('HandOpened', { sessionId: 'pk-short', roundId: r.data.roundId, mano, seats: [1, 2, 3, 4] })];
    }),
    close('pk-short'),
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 4 });
    const r = await runtime.ingestion.ingest(day.map((value) => ({ value })));
    expect(r.refusals).toEqual([]);
    await runtime.projector.catchUp();
  });
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  const findings = async (sessionId: string) => (await loadTableBook(runtime, sessionId))!.sessionFindings.map((f) => `${f.code} ${f.rule} ${f.citation}`);

  it('judges limit changes as each catalogue allows them', async () => {
    expect(await findings('rf-ok')).toEqual([]);
    expect(await findings('rf-bad')).toEqual(['LIMIT_CHANGE_VIOLATION session/limit-change-announced euskadi L851–857']);
    expect(await findings('rf-gal')).toEqual(['LIMIT_CHANGE_VIOLATION session/limit-change-forbidden galicia L176']);
  });

  it('judges a temporary closing and the close at the closing time', async () => {
    expect(await findings('bj-susp')).toEqual([
      'SUSPENSION_VIOLATION session/suspension-locked euskadi L866–875, L12941–12944',
      'SUSPENSION_VIOLATION session/suspension-reopening euskadi L871–873',
      'CLOSING_VIOLATION session/closing-announced euskadi L12855–12860',
    ]);
    const book = (await loadTableBook(runtime, 'bj-susp'))!;
    expect(book.sessionFindings[1].recorded).toEqual({ croupiers: ['cr-1'] });
    expect(book.sessionFindings.every((f) => f.eventId)).toBe(true);
  });

  it('judges a circle-poker partida closed before every player held the mano twice', async () => {
    expect(await findings('pk-short')).toEqual(['CIRCLE_SESSION_VIOLATION session/circle-session-duration euskadi L10830–10836']);
    expect((await loadTableBook(runtime, 'pk-short'))!.sessionFindings[0].recorded).toEqual({ 2: 1, 3: 1, 4: 1 });
  });

  it('judges the bank deposited before the first coup', async () => {
    expect(await findings('bt-late')).toEqual(['BANK_DEPOSIT_VIOLATION session/bank-deposit euskadi L5985–5988']);
    expect(await findings('bt-ok')).toEqual([]);
  });

  it('refuses what cannot be read, naming the field and the reason, and stores nothing of the request', async () => {
    const before = (await runtime.pool.query('SELECT count(*)::int AS n FROM ca_events')).rows[0].n;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [ev('LastRoundsAnnounced', { sessionId: 'bt-ok', purpose: 'closing' }), 'data.rounds', /either rounds/],
      [ev('LastRoundsAnnounced', { sessionId: 'bt-ok', purpose: 'soon', rounds: 3 }), 'data.purpose', /limit-change, closing/],
      [ev('LastRoundsAnnounced', { sessionId: 'bt-ok', purpose: 'closing', last: 'hand' }), 'data.last', /shoe, shooter/],
      [ev('TableSessionSuspended', { sessionId: 'bt-ok', authorisedClosingAt: 'at four' }), 'data.authorisedClosingAt', /ISO 8601/],
      [ev('TableSessionResumed', { sessionId: 'bt-ok', present: { croupiers: [] } }), 'data.present.croupiers', /non-empty/],
      [ev('TableSessionResumed', { sessionId: 'bt-ok', present: { boss: 'x' } }), 'data.present.boss', /unknown field/],
      [ev('BankDeposited', { sessionId: 'bt-ok', seat: 0, amount: 1000, form: 'iou' }), 'data.form', /cash, cheque, credit-institution/],
      [ev('BankDeposited', { sessionId: 'bt-ok', seat: 0, form: 'cash' }), 'data.amount', /required/],
      // a bank deposit at a roulette table: a game's own fact, refused for another game's session
      [ev('BankDeposited', { sessionId: 'rf-bad', seat: 0, amount: 1000, form: 'cash' }), 'type', /.+/],
    ];
    for (const [value, field, reason] of cases) {
      const r = await runtime.ingestion.ingest([{ value: ev('RoundStarted', { sessionId: 'bt-ok', roundId: `bt-ok-x${++rounds}` }) }, { value }]);
      expect({ field: r.refusals[0]?.field, ok: reason.test(r.refusals[0]?.reason ?? '') }).toEqual({ field, ok: true });
    }
    expect((await runtime.pool.query('SELECT count(*)::int AS n FROM ca_events')).rows[0].n).toBe(before);
  });

  it("puts the findings in the inspector's day report and serves them with the table book", async () => {
    const r = await loadInspectorDay(runtime, { gamingDay: DAY });
    const codes = r.sessionFindings.map((f) => `${f.tableId} ${f.code}`).sort();
    expect(codes).toEqual([
      'BJ-01 CLOSING_VIOLATION',
      'BJ-01 SUSPENSION_VIOLATION',
      'BJ-01 SUSPENSION_VIOLATION',
      'BT-01 BANK_DEPOSIT_VIOLATION',
      'PK-01 CIRCLE_SESSION_VIOLATION',
      'RF-02 LIMIT_CHANGE_VIOLATION',
      'RF-03 LIMIT_CHANGE_VIOLATION',
    ]);
    expect(r.sessions.find((s) => s.sessionId === 'rf-ok')).toMatchObject({ sessionVerdict: 'consistent' });
    const app: INestApplication = await createHttpApp(runtime);
    try {
      await app.listen(0, '127.0.0.1');
      const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
      const admin = (await issueCredential(runtime, 'admin')).headers;
      const body = await (await fetch(`${base}/api/v1/sessions/rf-gal/table-book`, { headers: admin })).json();
      expect(body).toMatchObject({
        sessionVerdict: 'findings',
        sessionFindings: [expect.objectContaining({ code: 'LIMIT_CHANGE_VIOLATION', citation: 'galicia L176' })],
      });
      const refused = await fetch(`${base}/api/v1/events`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify([ev('LastRoundsAnnounced', { sessionId: 'bt-ok', purpose: 'closing', rounds: 0 })]),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { refusals: unknown[] }).refusals).toEqual([expect.objectContaining({ field: 'data.rounds' })]);
    } finally {
      await app.close();
    }
  });

  it('finds the same on a rebuild from the first event', async () => {
    const read = async () => (await runtime.pool.query('SELECT session_id, findings, finding_notes, compliance FROM table_books ORDER BY session_id')).rows;
    const before = await read();
    await rebuildProjection(runtime.pool, runtime.store, new TableBookProjection(), undefined, 3);
    expect(await read()).toEqual(before);
    expect(before.length).toBe(7);
  });
});
