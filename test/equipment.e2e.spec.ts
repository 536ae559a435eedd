/**
 * Issue 21 §4 and §5 end to end on a real PostgreSQL: simulated days (croupier rotations, player
 * references on bets) through ingestion; the equipment read model counted against the stored facts and
 * equal after a rebuild; the figures per player reference against the stored bets and settlements,
 * equal after a rebuild; `GET /api/v1/equipment` (JSON, CSV), `GET /api/v1/player-figures` for
 * compliance and inspectors only (403 for finance and the others, each read in the access log), and the
 * built command line `casino-audit report equipment`.
 */
import type { INestApplication } from '@nestjs/common';
import { Runtime, startRuntime } from '../libs/platform/src';
import { EquipmentProjection, loadEquipment, PlayerFiguresProjection, rebuildProjection } from '../libs/projections/src';
import { equipmentInLanguage } from '../libs/reports/src';
import { issueCredential, TestCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { reportCli } from './support/report-cli';
import { serveOnLoopback } from './support/served';
import { recordSimulatedDay } from './support/simulated-day';

const WHEELS = 'casino-w';
const CARDS = 'casino-c';
const DAYS = ['2026-11-21', '2026-11-22'];

describe('equipment and player references (issue 21 §4, §5)', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  const as: Record<string, TestCredential> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 97 });
    for (const [d, gamingDay] of DAYS.entries()) {
      await recordSimulatedDay(runtime.ingestion, {
        casinoId: WHEELS,
        gamingDay,
        tables: 3,
        tableGames: ['american-roulette-single-zero', 'american-roulette-single-zero', 'craps'],
        jurisdiction: 'euskadi',
        rounds: 60,
        seed: 40 + d,
        jackpots: false,
      });
    }
    await recordSimulatedDay(runtime.ingestion, {
      casinoId: CARDS,
      gamingDay: DAYS[0],
      tables: 2,
      tableGames: ['blackjack', 'punto-banco'],
      jurisdiction: 'euskadi',
      rounds: 80,
      seed: 47,
      jackpots: false,
    });
    // these two read models, in batches of 97 facts that cut through rounds and sessions (the others are not read here)
    await runtime.projector.catchUp(runtime.projector.projections.filter((p) => p.name === 'equipment' || p.name === 'player-figures'));
    ({ app, base } = await serveOnLoopback(runtime));
    for (const role of ['finance', 'compliance', 'inspector', 'pit', 'admin'] as const) as[role] = await issueCredential(runtime, role);
  }, 900_000);
  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  const stored = async (sql: string, params: unknown[] = []) => (await runtime.pool.query(sql, params)).rows;

  it('records the croupiers in turn and player references on a share of bets', async () => {
    const [turns] = await stored(
      `SELECT count(*)::int AS n, count(DISTINCT data->>'croupierId')::int AS croupiers FROM ca_events WHERE event_type = 'CroupierChanged'`,
    );
    expect(turns.croupiers).toBeGreaterThanOrEqual(2);
    const sessions = await stored(`SELECT count(DISTINCT data->>'sessionId')::int AS n FROM ca_events WHERE event_type = 'TableSessionOpened'`);
    expect(turns.n).toBeGreaterThanOrEqual(sessions[0].n);
    const [bets] = await stored(
      `SELECT count(*) FILTER (WHERE data->'playerRef' IS NOT NULL)::int AS identified, count(*)::int AS all FROM ca_events WHERE event_type = 'BetPlaced'`,
    );
    expect(bets.identified).toBeGreaterThan(0);
    expect(bets.identified).toBeLessThan(bets.all);
  });

  it('counts every spin and throw of every table across its days, and every shoe', async () => {
    const report = await loadEquipment(runtime, {});
    const spins = await stored(`SELECT o.data->>'casinoId' AS casino, o.data->>'tableId' AS table_id, count(*)::int AS n
      FROM ca_events e JOIN ca_events o ON o.stream_id = e.stream_id AND o.stream_version = 1 WHERE e.event_type = 'WheelSpun' GROUP BY 1, 2 ORDER BY 2`);
    expect(spins.length).toBe(2);
    for (const s of spins) {
      const row = report.rows.find((r) => r.kind === 'wheel' && r.casinoId === s.casino && r.tableId === s.table_id)!;
      expect({ table: s.table_id, spins: row.observations, sessions: row.sessions, days: [row.firstDay, row.lastDay] }).toEqual({
        table: s.table_id,
        spins: s.n,
        sessions: 2,
        days: DAYS,
      });
      expect(row.cells.reduce((t, c) => t + c.observed, 0)).toBe(s.n);
      expect(row.tests.map((t) => t.test)).toEqual(['pockets', 'sectors']);
      expect(row.power).toMatchObject({ factor: 1.2, level: 0.01, power: 0.9, spinsRecorded: s.n });
    }
    const [throws] = await stored(`SELECT count(*)::int AS n FROM ca_events WHERE event_type = 'DiceThrown'`);
    const dice = report.rows.find((r) => r.kind === 'dice' && r.setId === '')!;
    expect(dice.observations).toBe(throws.n);
    expect(report.rows.filter((r) => r.kind === 'dice' && r.setId.startsWith('issued:')).length).toBe(2); // new dice each session
    const [cards] = await stored(`SELECT count(*)::int AS n FROM ca_events WHERE event_type = 'CardDealt'`);
    expect(report.shoes.length).toBeGreaterThan(1);
    expect(report.shoes.reduce((t, s) => t + s.dealt, 0)).toBe(cards.n);
    for (const s of report.shoes) for (const r of s.ranks) expect(r.dealt).toBeLessThanOrEqual(r.inShoe);
  });

  it('gives each player reference the handle, actual win, bets and rounds of their settled bets', async () => {
    // the same figures straight from the stored facts: a bet's stake once (a craps bet left working is placed
    // again, with its id, every roll until it is settled), lose = stake, win = −payout, push 0
    const expected = await stored(
      `WITH bets AS (SELECT DISTINCT ON (data->>'sessionId', data->>'betId') data->>'sessionId' AS s, data->>'betId' AS bet, data->>'playerRef' AS player, (data->>'amount')::bigint AS stake
                     FROM ca_events WHERE event_type = 'BetPlaced' AND data->'playerRef' IS NOT NULL ORDER BY data->>'sessionId', data->>'betId', global_position DESC),
            settled AS (SELECT data->>'sessionId' AS s, data->>'betId' AS bet, data->>'roundId' AS round, data->>'outcome' AS outcome, (data->>'payout')::bigint AS payout FROM ca_events WHERE event_type = 'BetSettled' AND data->>'outcome' <> 'void')
       SELECT o.data->>'casinoId' AS casino, o.data->>'gamingDay' AS day, b.player,
              sum(CASE st.outcome WHEN 'lose' THEN b.stake WHEN 'win' THEN -st.payout WHEN 'half-lost' THEN b.stake / 2 ELSE 0 END)::bigint AS actual_win,
              count(DISTINCT b.bet)::int AS bets, count(DISTINCT st.s || '|' || st.round)::int AS rounds
       FROM bets b JOIN settled st ON st.s = b.s AND st.bet = b.bet JOIN ca_events o ON o.stream_id = 'session-' || b.s AND o.stream_version = 1
       WHERE o.data->>'casinoId' = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [WHEELS],
    );
    const handles = await stored(
      `WITH bets AS (SELECT DISTINCT ON (stream_id, data->>'betId') stream_id, data->>'betId' AS bet, data->>'playerRef' AS player, (data->>'amount')::bigint AS stake
                     FROM ca_events WHERE event_type = 'BetPlaced' AND data->'playerRef' IS NOT NULL ORDER BY stream_id, data->>'betId', global_position DESC)
       SELECT b.player, o.data->>'gamingDay' AS day, sum(b.stake)::bigint AS handle FROM bets b JOIN ca_events o ON o.stream_id = b.stream_id AND o.stream_version = 1
       WHERE o.data->>'casinoId' = $1
         AND EXISTS (SELECT 1 FROM ca_events s WHERE s.event_type = 'BetSettled' AND s.stream_id = b.stream_id AND s.data->>'betId' = b.bet AND s.data->>'outcome' <> 'void')
       GROUP BY 1, 2`,
      [WHEELS],
    );
    expect(expected.length).toBeGreaterThan(5);
    const figures = await stored(`SELECT * FROM player_figures WHERE casino_id = $1 ORDER BY casino_id, gaming_day, player_ref`, [WHEELS]);
    expect(
      figures.map((f) => ({ casino: f.casino_id, day: f.gaming_day, player: f.player_ref, actual_win: String(f.actual_win), bets: f.bets, rounds: f.rounds })),
    ).toEqual(expected.map((e) => ({ casino: e.casino, day: e.day, player: e.player, actual_win: String(e.actual_win), bets: e.bets, rounds: e.rounds })));
    for (const h of handles) expect(String(figures.find((f) => f.player_ref === h.player && f.gaming_day === h.day).handle)).toBe(String(h.handle));
  });

  it('rebuilds both read models equal to the live ones', async () => {
    const snapshot = async () => ({
      sessions: await stored('SELECT * FROM equipment_sessions ORDER BY session_id'),
      counts: await stored('SELECT * FROM equipment_counts ORDER BY equipment_key'),
      shoes: await stored('SELECT * FROM equipment_shoes ORDER BY session_id, shoe_id'),
      players: await stored('SELECT * FROM player_figures ORDER BY casino_id, gaming_day, player_ref'),
      open: await stored('SELECT * FROM player_open_bets ORDER BY session_id, bet_id'),
    });
    const live = await snapshot();
    expect(live.counts.length).toBeGreaterThan(0);
    await rebuildProjection(runtime.pool, runtime.store, new EquipmentProjection());
    await rebuildProjection(runtime.pool, runtime.store, new PlayerFiguresProjection());
    expect(await snapshot()).toEqual(live);
  });

  const get = (path: string, who: TestCredential) => fetch(`${base}${path}`, { headers: { ...who.headers, 'accept-language': 'en' } });

  it('GET /api/v1/equipment: the casino’s tables as JSON and CSV, a bad table id refused naming it', async () => {
    const res = await get(`/api/v1/equipment?casino=${WHEELS}`, as.finance);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ casinoId: WHEELS, level: 0.01 });
    expect(body.rows.map((r: any) => r.tableId)).toEqual(expect.arrayContaining(['RL-01', 'RL-02', 'DC-01']));
    // the report as loaded, each row's notes also in the caller's language (Spanish when none is asked: issue 16)
    expect(body).toEqual(JSON.parse(JSON.stringify(equipmentInLanguage(await loadEquipment(runtime, { casinoId: WHEELS }), 'es'))));
    const csv = await get(`/api/v1/equipment?casino=${WHEELS}&table=RL-01&format=csv`, as.finance);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect((await csv.text()).split('\n')[0]).toBe('section,casinoId,tableId,game,set,item,observed,expected,statistic,df,p,adjustedP,status');
    const bad = await get('/api/v1/equipment?table=bad%20id!', as.finance);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'table' });
  });

  it('GET /api/v1/player-figures: compliance and inspectors read a day’s figures per player reference; finance, pit and admin get 403; every read is in the access log', async () => {
    const path = `/api/v1/player-figures?gamingDay=${DAYS[0]}&casino=${WHEELS}`;
    const res = await get(`${path}&limit=3`, as.compliance);
    expect(res.status).toBe(200);
    const page = (await res.json()) as any;
    expect(page.players).toHaveLength(3);
    expect(page.players[0]).toEqual({
      casinoId: WHEELS,
      gamingDay: DAYS[0],
      playerRef: expect.stringMatching(/^ADM-/),
      handle: expect.any(Number),
      actualWin: expect.any(Number),
      bets: expect.any(Number),
      rounds: expect.any(Number),
      unsettled: 0,
      tables: expect.any(Array),
    });
    const next = (await (await get(`${path}&limit=3&cursor=${page.next}`, as.compliance)).json()) as any;
    expect(next.players[0].playerRef > page.players[2].playerRef).toBe(true);
    const one = (await (await get(`${path}&playerRef=${page.players[1].playerRef}`, as.inspector)).json()) as any;
    expect(one.players).toEqual([page.players[1]]);
    for (const role of ['finance', 'pit', 'admin']) {
      const refused = await get(path, as[role]);
      expect({ role, status: refused.status }).toEqual({ role, status: 403 });
    }
    expect((await get(`/api/v1/player-figures?gamingDay=${DAYS[0]}&playerRef=Juan%20P%C3%A9rez`, as.compliance)).status).toBe(400);
    // the access log holds each read, allowed or refused (written once the answer is known)
    let log: any[] = [];
    for (let i = 0; i < 50; i++) {
      log = await stored(`SELECT subject, outcome FROM ca_access_log WHERE path = '/api/v1/player-figures' ORDER BY id`);
      if (log.filter((r) => r.subject === 'test-admin').length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const outcomes = (subject: string) => log.filter((r) => r.subject === subject).map((r) => r.outcome);
    expect(outcomes('test-finance')).toEqual(['denied']);
    expect(outcomes('test-pit')).toEqual(['denied']);
    expect(outcomes('test-admin')).toEqual(['denied']);
    expect(outcomes('test-compliance').filter((o) => o === 'allowed').length).toBeGreaterThanOrEqual(2);
    expect(outcomes('test-inspector')).toEqual(['allowed']);
  });

  it('casino-audit report equipment prints the tables, as text, JSON and CSV (built command line)', async () => {
    const text = await reportCli(['report', 'equipment', '--casino', WHEELS, '--table', 'RL-01'], { DATABASE_URL: db.url });
    expect({ stderr: text.stderr, code: text.code }).toEqual({ stderr: '', code: 0 });
    expect(text.stdout).toMatch(/RL-01 · american-roulette-single-zero \(euskadi\) · wheel · \d+ spins in 2 sessions, 2026-11-21 – 2026-11-22/);
    expect(text.stdout).toMatch(/power: pocket \d+ at 1.2× its share is found at 1 % with 90 % probability after \d+ spins/);
    const json = JSON.parse((await reportCli(['report', 'equipment', '--casino', WHEELS, '--json'], { DATABASE_URL: db.url })).stdout);
    expect(json).toEqual(JSON.parse(JSON.stringify(await loadEquipment(runtime, { casinoId: WHEELS }))));
    const csv = await reportCli(['report', 'equipment', '--casino', CARDS, '--csv'], { DATABASE_URL: db.url });
    expect(csv.stdout).toMatch(/^shoe,casino-c,CD-01,blackjack,/m);
  }, 300_000);
});
