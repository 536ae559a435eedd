/**
 * Issue 21 §5/§6 where users see it, on a real PostgreSQL through HTTP: a simulated day with a counter at
 * blackjack (the simulator's advantage-player injection, as the demo places it) and honest players with their
 * admission numbers; `GET /api/v1/advantage-play` for compliance and inspectors only (403 in the caller's
 * language for the others), its parameters refused naming the field, every read in the access log, CSV; and
 * the built command line `casino-audit report advantage-play`.
 */
import type { INestApplication } from '@nestjs/common';
import { Runtime, startRuntime } from '../libs/platform/src';
import { endOpenShoes, foldCountCorrelation, judgeAdvantagePlay, newCountCorrelation } from '../libs/projections/src/players/advantage-play';
import { loadAdvantagePlay } from '../libs/projections/src/players/advantage-play-report';
import { issueCredential, TestCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { reportCli } from './support/report-cli';
import { serveOnLoopback } from './support/served';
import { counterDay } from './support/counter-day';
import { pdfTextLayer } from './support/pdf-text';

const CASINO = 'casino-ap';
const DAY = '2026-12-06';
const day = counterDay(CASINO, DAY);
const COUNTER = day.counter;

describe('stakes against the count where users see it (issue 21 §5, §6)', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  const as: Record<string, TestCredential> = {};

  beforeAll(async () => {
    db = await createTestDatabase('ca_advantage_play');
    runtime = await startRuntime({ databaseUrl: db.url });
    await day.record(runtime.ingestion);
    await runtime.projector.catchUp();
    ({ app, base } = await serveOnLoopback(runtime));
    for (const role of ['finance', 'compliance', 'inspector', 'pit', 'admin'] as const)
      as[role] = await issueCredential(runtime, role, { subject: `ap-${role}` });
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  const stored = async (sql: string, params: unknown[] = []) => (await runtime.pool.query(sql, params)).rows;
  const get = (path: string, who: TestCredential, lang = 'en') => fetch(`${base}${path}`, { headers: { ...who.headers, 'accept-language': lang } });
  const path = `/api/v1/advantage-play?gamingDay=${DAY}&casino=${CASINO}`;

  it('reads only the facts the fold reads, and finds what folding every stored event of every session finds', async () => {
    // the report reads each session's count facts alone (advantage-play-report.ts); the fold over whole streams,
    // as it read them before, must give the same players, sums, tests and findings
    const sessions = (
      await stored(`SELECT DISTINCT session_id FROM table_books WHERE casino_id = $1 AND gaming_day = $2 ORDER BY session_id`, [CASINO, DAY])
    ).map((r) => r.session_id as string);
    const state = newCountCorrelation();
    let facts = 0;
    for (const sessionId of sessions)
      for (const e of await runtime.store.readStream(`session-${sessionId}`)) {
        facts++;
        foldCountCorrelation(state, e);
      }
    endOpenShoes(state);
    const players = [...state.players.values()]
      .filter((p) => p.casinoId === CASINO && p.gamingDay === DAY)
      .sort((a, b) => a.playerRef.localeCompare(b.playerRef));
    const report = await loadAdvantagePlay(runtime, { gamingDay: DAY, casinoId: CASINO });
    expect(facts).toBeGreaterThan(1000);
    expect(players.length).toBeGreaterThan(1);
    expect(report.players).toEqual(players);
    expect(report.findings).toEqual(judgeAdvantagePlay(players, report.fdr));
    expect(report.findings.map((f) => f.playerRef)).toContain(COUNTER);
  });

  it('compliance reads each player reference tested, the counter first and found, the honest players not', async () => {
    const res = await get(path, as.compliance);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toEqual(JSON.parse(JSON.stringify(await loadAdvantagePlay(runtime, { gamingDay: DAY, casinoId: CASINO }))));
    expect(body).toMatchObject({ gamingDay: DAY, casinoId: CASINO, fdr: 0.01 });
    expect(body.tested.length).toBeGreaterThan(3);
    expect(body.tested[0]).toMatchObject({ playerRef: COUNTER, finding: true, tables: [day.counterTable] });
    expect(body.tested.filter((t: any) => t.finding).map((t: any) => t.playerRef)).toEqual([COUNTER]);
    expect(body.findings.map((f: any) => f.playerRef)).toEqual([COUNTER]);
    for (const t of body.tested) {
      expect(Object.keys(t).sort()).toEqual(
        ['adjustedP', 'finding', 'p', 'playerRef', 'r', 'rounds', 'shoes', 'stakeFactorPerCount', 'tables', 'threshold', 'z'].sort(),
      );
      expect(t.finding).toBe(t.adjustedP <= body.fdr);
      expect(t.adjustedP).toBeGreaterThanOrEqual(t.p);
      if (t.p <= t.threshold) expect(t.finding).toBe(true);
    }
    // the counter's p is the day's smallest: rank 1 of those tested
    expect(body.tested[0].threshold).toBeCloseTo(body.fdr / body.tested.length, 12);
    // the honest ones after him, by p; his rounds are the rounds he staked before the cards at his table, counted in the store
    const rest = body.tested.slice(1).map((t: any) => t.p);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    const [his] = await stored(
      `SELECT count(DISTINCT b.stream_id || '|' || (b.data->>'roundId'))::int AS n FROM ca_events b
       WHERE b.event_type = 'BetPlaced' AND b.data->>'playerRef' = $1
         AND EXISTS (SELECT 1 FROM ca_events c WHERE c.stream_id = b.stream_id AND c.event_type = 'RoundCompleted' AND c.data->>'roundId' = b.data->>'roundId')`,
      [COUNTER],
    );
    expect(body.tested[0].rounds).toBe(his.n);
  });

  it('inspectors read it too, as CSV: one row a player tested under the header', async () => {
    const csv = await get(`${path}&format=csv`, as.inspector);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('casinoId,gamingDay,playerRef,tables,rounds,shoes,r,z,p,adjustedP,threshold,fdr,finding,stakeFactorPerCount');
    const report = await loadAdvantagePlay(runtime, { gamingDay: DAY, casinoId: CASINO });
    expect(lines.length).toBe(report.tested.length + 1);
    expect(lines[1].startsWith(`${CASINO},${DAY},${COUNTER},${day.counterTable},${report.tested[0].rounds},`)).toBe(true);
    expect(lines[1].endsWith(`,0.01,true,${report.tested[0].stakeFactorPerCount}`)).toBe(true);
    const es = await get(`${path}&format=csv`, as.compliance, 'es');
    expect((await es.text()).split('\n')[0]).toMatch(/^casino,díaDeJuego,referenciaJugador,/);
  });

  it('finance, pit and admin are refused with 403, the reason in their language', async () => {
    for (const role of ['finance', 'pit', 'admin']) {
      const refused = await get(path, as[role], 'es');
      const body = (await refused.json()) as any;
      expect({ role, status: refused.status }).toEqual({ role, status: 403 });
      expect(body.reason).not.toEqual(((await (await get(path, as[role])).json()) as any).reason);
    }
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const refused = async (query: string) => {
      const res = await get(`/api/v1/advantage-play?${query}`, as.compliance);
      return { status: res.status, field: ((await res.json()) as any).field };
    };
    expect(await refused(`casino=${CASINO}`)).toEqual({ status: 400, field: 'gamingDay' });
    expect(await refused(`gamingDay=2026-02-30&casino=${CASINO}`)).toEqual({ status: 400, field: 'gamingDay' });
    expect(await refused(`gamingDay=${DAY}`)).toEqual({ status: 400, field: 'casino' });
    expect(await refused(`gamingDay=${DAY}&casino=bad%20id!`)).toEqual({ status: 400, field: 'casino' });
    expect(await refused(`gamingDay=${DAY}&casino=${CASINO}&format=pdf`)).toEqual({ status: 400, field: 'format' });
    expect(await refused(`gamingDay=${DAY}&casino=${CASINO}&table=BJ-01`)).toEqual({ status: 400, field: 'table' });
    const es = (await (await get(`/api/v1/advantage-play?gamingDay=${DAY}`, as.compliance, 'es')).json()) as any;
    expect(es).toMatchObject({ field: 'casino' });
    expect(es.reason).not.toBe('is required');
  });

  it("a credential scoped to a casino reads its own casino's day without naming it, and no other", async () => {
    const scoped = await issueCredential(runtime, 'inspector', { subject: 'ap-scoped', casinoId: CASINO });
    const own = await get(`/api/v1/advantage-play?gamingDay=${DAY}`, scoped);
    expect(own.status).toBe(200);
    expect(((await own.json()) as any).tested[0].playerRef).toBe(COUNTER);
    expect((await get(`/api/v1/advantage-play?gamingDay=${DAY}&casino=casino-other`, scoped)).status).toBe(403);
  });

  it('every read, allowed or refused, is in the access log', async () => {
    let log: any[] = [];
    for (let i = 0; i < 50; i++) {
      log = await stored(`SELECT subject, outcome FROM ca_access_log WHERE path = '/api/v1/advantage-play' ORDER BY id`);
      if (log.filter((r) => r.subject === 'ap-admin').length >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const outcomes = (subject: string) => log.filter((r) => r.subject === subject).map((r) => r.outcome);
    for (const who of ['ap-finance', 'ap-pit', 'ap-admin']) expect(outcomes(who)).toEqual(['denied', 'denied']);
    expect(outcomes('ap-inspector')).toEqual(['allowed']);
    // two reads answered, seven refused for their parameters
    expect(outcomes('ap-compliance').filter((o) => o === 'allowed').length).toBe(2);
    expect(outcomes('ap-compliance').filter((o) => o !== 'allowed').length).toBe(7);
  });

  it("the inspector's day report carries the test beside its performance section for compliance and inspectors, not for finance (JSON, CSV, PDF)", async () => {
    const inspector = `/api/v1/reports/inspector?gamingDay=${DAY}&casino=${CASINO}`;
    const forInspector = (await (await get(inspector, as.inspector)).json()) as any;
    expect(forInspector.performance).toBeDefined();
    expect(forInspector.advantagePlay).toEqual([JSON.parse(JSON.stringify(await loadAdvantagePlay(runtime, { gamingDay: DAY, casinoId: CASINO })))]);
    const forFinance = (await (await get(inspector, as.finance)).json()) as any;
    expect(forFinance.performance).toBeDefined();
    expect(forFinance.advantagePlay).toBeUndefined();
    const csvRows = (who: TestCredential) =>
      get(`${inspector}&format=csv`, who).then(async (res) => (await res.text()).split('\n').filter((l) => l.startsWith('advantage-play,')));
    const rows = await csvRows(as.compliance);
    expect(rows).toHaveLength(forInspector.advantagePlay[0].tested.length);
    expect(rows[0]).toMatch(new RegExp(`^advantage-play,${CASINO},${day.counterTable},,,${COUNTER},finding,rounds \\d+ shoes \\d+ r `));
    expect(await csvRows(as.finance)).toEqual([]);
    const pdf = async (who: TestCredential) => pdfTextLayer(Buffer.from(await (await get(`${inspector}&format=pdf`, who)).arrayBuffer()));
    const text = await pdf(as.inspector);
    expect(text).toContain('Stakes against the count per player reference');
    expect(text.replace(/\s+/g, '')).toContain(`${COUNTER}·${day.counterTable}`.replace(/\s+/g, ''));
    expect(await pdf(as.finance)).not.toContain('Stakes against the count');
  });

  it('is in the OpenAPI document with its parameters and roles', async () => {
    const doc = (await (await fetch(`${base}/api/docs-json`)).json()) as any;
    const op = doc.paths['/api/v1/advantage-play'].get;
    expect(op['x-roles']).toEqual(['compliance', 'inspector']);
    expect(op.parameters.map((p: any) => [p.name, !!p.required]).sort()).toEqual([
      ['casino', false],
      ['casinoId', false],
      ['format', false],
      ['gamingDay', true],
    ]);
  });

  it('casino-audit report advantage-play prints the test as text (English and Spanish), JSON and CSV (built command line)', async () => {
    const env = { DATABASE_URL: db.url };
    const text = await reportCli(['report', 'advantage-play', '--gaming-day', DAY], env);
    expect({ stderr: text.stderr, code: text.code }).toEqual({ stderr: '', code: 0 });
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Stakes against the count — casino ${CASINO}, gaming day ${DAY} · findings at a false discovery rate of 1 % across the \\d+ player references tested: 1$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^  ${COUNTER} · ${day.counterTable} · \\d+ rounds in \\d+ shoes · r 0\\.\\d{3} · z \\d+\\.\\d{2} · p .* → FINDING: the stake rises with the count, ×\\d+\\.\\d{2} a point$`,
      ),
    );
    const es = await reportCli(['report', 'advantage-play', '--gaming-day', DAY, '--casino', CASINO, '--lang', 'es'], env);
    expect(es.stdout).toMatch(/^Apuestas frente a la cuenta — casino casino-ap, día de juego /);
    expect(es.stdout).toContain('INCIDENCIA: la apuesta sube con la cuenta');
    const json = JSON.parse((await reportCli(['report', 'advantage-play', '--gaming-day', DAY, '--casino', CASINO, '--json'], env)).stdout);
    expect(json).toEqual(JSON.parse(JSON.stringify(await loadAdvantagePlay(runtime, { gamingDay: DAY, casinoId: CASINO }))));
    const csv = await reportCli(['report', 'advantage-play', '--gaming-day', DAY, '--csv'], env);
    expect(csv.stdout.split('\n')[1]).toMatch(new RegExp(`^${CASINO},${DAY},${COUNTER},`));
    const none = await reportCli(['report', 'advantage-play', '--gaming-day', '2026-12-07', '--lang', 'gl'], env);
    expect(none.stdout.trim()).toBe('non hai ningunha sesión de mesa rexistrada o día de xogo 2026-12-07');
    // the inspector's day report: the test only when asked for (--players), after the performance section
    const inspector = await reportCli(['report', 'inspector', '--gaming-day', DAY, '--players'], env);
    expect(inspector.stdout.indexOf(`Stakes against the count — casino ${CASINO}`)).toBeGreaterThan(inspector.stdout.indexOf('Actual against theoretical'));
    expect(inspector.stdout).toContain(`${COUNTER} · ${day.counterTable} · `);
    expect((await reportCli(['report', 'inspector', '--gaming-day', DAY], env)).stdout).not.toContain('Stakes against the count');
    const both = await reportCli(['report', 'advantage-play', '--gaming-day', DAY, '--json', '--csv'], env);
    expect(both.code).toBe(2);
  }, 300_000);
});
