/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The statistics page (issue 21 §7) in a real headless Chromium against the real database:
 * - a hand-written single-zero table whose player's straight on 17 comes up 40 times in 240 spins (about 6.5
 *   expected): its control chart's line ends below −3σ, its wheel's heat map has 17 hottest, the pockets'
 *   test is a finding, and the findings of its table, session and croupier show their figures (worked out here
 *   by hand: handle 240 × 100, the house paid 40 × 3 500 and kept 200 × 100);
 * - simulated days of the other wheels (double-zero in cantabria, boule and the wheel of fortune in euskadi):
 *   a heat map each, one cell per pocket in the wheel's order that libs/rules holds;
 * - the figures per croupier for compliance, and not for finance;
 * - on another day, a card counter at blackjack: the players tested against the count, the counter first and
 *   flagged, for compliance; finance sees that they are hidden, and its view asks nothing of them;
 * - last, the store's first month (every day above) taken out of the store (`archive --drop`'s steps): the players'
 *   section says the counter's day was not tested, naming the casino and the month, and shows no table of players.
 * Screenshots in test-artifacts/pages/statistics-*.png.
 */
import type { INestApplication } from '@nestjs/common';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pagesDirectory } from '../apps/api/src/http-app';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { translator } from '../libs/i18n/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { wheelOf } from '../libs/rules/src/core/wheel';
import { rulebooks as WHEEL_OF_FORTUNE_RULEBOOKS } from '../libs/rules/src/games/wheel-of-fortune/rulebook';
import { issueCredential } from './support/access';
import { launchChromium } from './support/chromium';
import { exportCheckAndDrop } from './support/drop-month';
import { createTestDatabase, TestDatabase } from './support/database';
import { counterDay } from './support/counter-day';
import { ev } from './support/report-day';
import { serveOnLoopback } from './support/served';
import { recordSimulatedDay } from './support/simulated-day';

const ARTIFACTS = path.resolve(__dirname, '../test-artifacts/pages');
const DAY = '2026-12-05';
const CASINO = 'casino-stats';
const TABLE = 'RL-17';
const S = 'stats-s1';
const SPINS = 240;
const STAKE = 100;
const COUNTER_DAY = '2026-12-06';
const counter = counterDay('casino-counter', COUNTER_DAY);

/** One session, 240 spins, a straight of 100 on 17 each; 17 comes every sixth spin, the other spins walk the other 36 pockets. */
function luckySeventeen() {
  const others = wheelOf('single-zero').order.filter((p) => p !== 17);
  const events: unknown[] = [
    ev('TableSessionOpened', {
      sessionId: S,
      casinoId: CASINO,
      tableId: TABLE,
      gamingDay: DAY,
      game: 'american-roulette-single-zero',
      jurisdiction: 'cantabria',
      limits: { min: 100, max: 100000 },
      openingFloat: { '10000': 100 },
      staff: { inspector: 'insp-s', croupiers: ['cr-lucky'] },
    }),
    // recorded, so that the croupier's rounds are hers and may be a finding (docs/contract.md, CroupierChanged)
    ev('CroupierChanged', { sessionId: S, croupierId: 'cr-lucky' }),
  ];
  for (let i = 0; i < SPINS; i++) {
    const r = { sessionId: S, roundId: `s-${i}` };
    const result = i % 6 === 0 ? 17 : others[i % others.length];
    events.push(
      ev('RoundStarted', r),
      ev('BetPlaced', { ...r, betId: `s-${i}-a`, seat: 1, betType: 'straight', selection: [17], amount: STAKE }),
      ev('BetsClosed', r),
      ev('WheelSpun', { ...r, result }),
      ev('BetSettled', { ...r, betId: `s-${i}-a`, outcome: result === 17 ? 'win' : 'lose', payout: result === 17 ? 35 * STAKE : 0 }),
      ev('RoundCompleted', r),
    );
  }
  return events;
}

describe('the statistics page, in headless Chromium', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  const en = translator('en');

  beforeAll(async () => {
    if (!pagesDirectory()) throw new Error('the pages are not built: run `npm run build` (npm test does)');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    expect((await runtime.ingestion.ingest(luckySeventeen().map((value) => ({ value })))).refusals).toEqual([]);
    await recordSimulatedDay(runtime.ingestion, {
      casinoId: CASINO,
      gamingDay: DAY,
      tables: 3,
      tableGames: ['french-roulette', 'boule', 'wheel-of-fortune'],
      jurisdiction: 'euskadi',
      rounds: 40,
      seed: 71,
      errorRate: 0,
      jackpots: false,
    });
    await recordSimulatedDay(runtime.ingestion, {
      casinoId: 'casino-dz',
      gamingDay: DAY,
      tables: 1,
      tableGames: ['american-roulette-double-zero'],
      jurisdiction: 'cantabria',
      rounds: 40,
      seed: 72,
      errorRate: 0,
      jackpots: false,
    });
    await counter.record(runtime.ingestion);
    await runtime.projector.catchUp();
    ({ app, base } = await serveOnLoopback(runtime));
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  /** The page as `role` sees it, in English. */
  async function open(role: 'compliance' | 'finance', hash: string): Promise<{ page: Page; secret: string }> {
    const { secret } = await issueCredential(runtime, role, { subject: `statistics-${role}` });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => {
      sessionStorage.setItem('casino-audit.credential', t);
      localStorage.setItem('casino-audit.language', 'en');
    }, secret);
    const page = await context.newPage();
    await page.goto(`${base}/${hash}`);
    await page.waitForSelector('figure.control-chart', { timeout: 30_000 });
    await page.waitForSelector('figure.wheel-heat', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return { page, secret };
  }

  const api = async (secret: string, route: string) =>
    (await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${secret}` } })).json() as Promise<any>;

  it('is reached from the navigation', async () => {
    const { page } = await open('compliance', `#/performance?gamingDay=${DAY}`);
    await page.click('header nav a[href="#/"]');
    await page.click('header nav a[href="#/performance"]');
    await page.waitForSelector('figure.control-chart');
    expect(await page.getAttribute('header nav a[href="#/performance"]', 'aria-current')).toBe('page');
    expect(await page.textContent('h1')).toMatch(/^Statistics/);
    await page.context().close();
  });

  it('narrows the day through the filter form, into the URL; the inspector page’s form is the same one (components/Filters.tsx)', async () => {
    const { page } = await open('compliance', `#/performance?gamingDay=${DAY}`);
    const form = 'article.statistics form.filters';
    expect(await page.$$eval(`${form} label`, (ls) => ls.map((l) => l.firstChild?.textContent))).toEqual([
      en.t('web:field.gamingDay'),
      en.t('web:col.casino'),
      en.t('web:field.table'),
    ]);
    expect(await page.inputValue(`${form} input[name=gamingDay]`)).toBe(DAY);
    expect(await page.getAttribute(`${form} input[name=casino]`, 'placeholder')).toBe(en.t('web:inspector.all'));
    expect(await page.$$eval('#statistics-days option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toContain(DAY);
    await page.fill(`${form} input[name=casino]`, CASINO);
    await page.fill(`${form} input[name=table]`, TABLE);
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction(() => location.hash.includes('table='));
    expect(new URL(page.url()).hash).toBe(`#/performance?gamingDay=${DAY}&casino=${CASINO}&table=${TABLE}`);
    await page.waitForFunction(() => document.querySelectorAll('.control-chart').length === 1);
    expect(
      await page.$$eval('[data-casino][data-table]', (fs) => [...new Set(fs.map((f) => `${f.getAttribute('data-casino')} ${f.getAttribute('data-table')}`))]),
    ).toEqual([`${CASINO} ${TABLE}`]);

    await page.goto(`${base}/#/inspector?gamingDay=${DAY}&casino=${CASINO}`);
    const inspector = 'article.inspector form.filters';
    await page.waitForSelector('article.inspector td[data-game]');
    expect(await page.$$eval(`${inspector} label`, (ls) => ls.map((l) => l.firstChild?.textContent))).toEqual([
      en.t('web:field.gamingDay'),
      en.t('web:col.casino'),
      en.t('web:col.game'),
      en.t('web:field.discrepancyCode'),
    ]);
    expect(await page.inputValue(`${inspector} input[name=casino]`)).toBe(CASINO);
    expect(await page.$$eval('#inspector-games option', (os) => os.map((o) => (o as HTMLOptionElement).value).sort())).toEqual([
      'american-roulette-single-zero',
      'boule',
      'french-roulette',
      'wheel-of-fortune',
    ]);
    await page.fill(`${inspector} input[name=game]`, 'boule');
    await page.click(`${inspector} button[type=submit]`);
    await page.waitForFunction(() => location.hash.includes('game='));
    expect(new URL(page.url()).hash).toBe(`#/inspector?gamingDay=${DAY}&casino=${CASINO}&game=boule`);
    await page.waitForFunction(() => [...document.querySelectorAll('article.inspector td[data-game]')].every((td) => td.getAttribute('data-game') === 'boule'));
    await page.context().close();
  });

  it('draws each table’s running actual − theoretical inside its ±2σ and ±3σ bands; the leaking table leaves −3σ', async () => {
    const { page, secret } = await open('compliance', `#/performance?gamingDay=${DAY}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'statistics.png'), fullPage: true });
    const report = await api(secret, `/api/v1/performance?gamingDay=${DAY}`);
    expect(await page.$$eval('.control-chart', (c) => c.length)).toBe(report.charts.length);
    expect(report.charts.length).toBe(5);
    const chart = `[data-casino="${CASINO}"][data-table="${TABLE}"] .control-chart`;
    await page.locator(chart).screenshot({ path: path.join(ARTIFACTS, 'statistics-control-chart.png') });
    const shape = await page.$eval(chart, (fig) => {
      const pts = (sel: string) =>
        (fig.querySelector(sel)!.getAttribute('points') ?? '')
          .trim()
          .split(/\s+/)
          .map((p: string) => p.split(',').map(Number));
      return { line: pts('polyline.difference'), two: pts('polygon.band-2'), three: pts('polygon.band-3') };
    });
    // a point before the first round, and one per round; each band goes out along +kσ and back along −kσ
    expect(shape.line).toHaveLength(SPINS + 1);
    expect(shape.two).toHaveLength(2 * (SPINS + 1));
    expect(shape.three).toHaveLength(2 * (SPINS + 1));
    const [x, y] = shape.line[SPINS];
    const lower3 = shape.three[SPINS + 1]; // the way back starts at the last round's −3σ
    const upper2 = shape.two[SPINS];
    expect(lower3[0]).toBeCloseTo(x, 1);
    expect(upper2[0]).toBeCloseTo(x, 1);
    // SVG's y grows downwards: the house's result is below −3σ
    expect(y).toBeGreaterThan(lower3[1]);
    // by hand: the house paid 40 × 3 500 and kept 200 × 100; the theoretical win is 240 × 100 / 37
    const last = report.charts.find((c: any) => c.tableId === TABLE).points.at(-1);
    expect(last.difference).toBeCloseTo(-40 * 35 * STAKE + 200 * STAKE - (SPINS * STAKE) / 37, 6);
    expect(await page.getAttribute(`${chart} svg`, 'aria-label')).toContain(`after ${SPINS} rounds`);
    await page.context().close();
  });

  it('shows the figures behind each finding: handle, actual, theoretical, σ, z, p and the BH threshold', async () => {
    const { page, secret } = await open('compliance', `#/performance?gamingDay=${DAY}`);
    const report = await api(secret, `/api/v1/performance?gamingDay=${DAY}`);
    const finding = report.findings.find((f: any) => f.level === 'table' && f.subject === TABLE);
    expect(finding).toMatchObject({ handle: SPINS * STAKE, actualWin: -40 * 35 * STAKE + 200 * STAKE, direction: 'house-below', fdr: 0.01 });
    expect(finding.theoreticalWin).toBeCloseTo((SPINS * STAKE) / 37, 6);
    expect(finding.p).toBeLessThanOrEqual(finding.threshold);
    const cells = (level: string, subject: string) =>
      page.$$eval(`table.performance-findings tr[data-level="${level}"][data-subject="${subject}"] td`, (tds) => tds.map((td) => td.textContent ?? ''));
    const row = await cells('table', TABLE);
    // level, subject, table, rounds, handle, actual, theoretical, σ, z, p, adjusted p, threshold, direction
    const money = [en.money(SPINS * STAKE), en.money(-40 * 35 * STAKE + 200 * STAKE), en.money(Math.round(finding.theoreticalWin))];
    expect(money.slice(0, 2)).toEqual(['€240.00', '-€1,200.00']);
    expect(row.slice(0, 8)).toEqual(['table', TABLE, TABLE, '240', ...money, en.money(Math.round(finding.sd))]);
    expect(row[8]).toBe(en.number(finding.z, 2));
    expect(Number(row[8])).toBeLessThan(-3);
    expect(row[9]).toMatch(/^\d\.\d × 10⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/);
    // one table of the day has the rounds a test needs: k = 1 of m = 1, the threshold 1/1 × 1 %
    expect([finding.discoveries, finding.tested]).toEqual([1, 1]);
    const threshold = `table.performance-findings tr[data-level="table"][data-subject="${TABLE}"] td:nth-child(12)`;
    expect(await page.textContent(`${threshold} .threshold`)).toBe('0.0100');
    expect(await page.textContent(`${threshold} .muted`)).toBe('1 of 1 at 1 %');
    expect(row[12]).toBe('the house won less than is likely');
    // the session and the croupier who dealt every round: the same figures, each a finding of its family
    expect((await cells('session', S)).slice(4, 7)).toEqual(money);
    expect((await cells('croupier', 'cr-lucky')).slice(4, 7)).toEqual(money);
    expect(await page.textContent('table.performance-croupiers tr[data-croupier="cr-lucky"]')).toContain('-€1,200.00');
    await page.context().close();
  });

  it('lays each wheel’s pockets out in the wheel’s own order, coloured by observed / expected, with the goodness-of-fit p', async () => {
    const { page, secret } = await open('compliance', `#/performance?gamingDay=${DAY}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'statistics-wheels.png'), fullPage: true });
    const equipment = await api(secret, '/api/v1/equipment');
    const wheel = (casino: string, table: string) => `.wheel[data-casino="${casino}"][data-table="${table}"]`;
    const pockets = (casino: string, table: string) =>
      page.$$eval(`${wheel(casino, table)} g.pocket`, (gs) =>
        gs.map((g) => ({
          key: g.getAttribute('data-pocket'),
          observed: Number(g.getAttribute('data-observed')),
          title: g.querySelector('title')!.textContent,
          fill: (g.querySelector('path.heat') as SVGPathElement).style.fill,
        })),
      );
    const wheelRow = (table: string) => equipment.rows.find((r: any) => r.kind === 'wheel' && r.tableId === table && r.setId === '');
    // the single-zero wheel: 37 pockets in its order; 17 came 40 times
    const lucky = await pockets(CASINO, TABLE);
    expect(await page.getAttribute(`${wheel(CASINO, TABLE)}`, 'data-wheel')).toBe('single-zero');
    expect(lucky.map((p) => p.key)).toEqual(wheelOf('single-zero').order.map(String));
    const seventeen = lucky.find((p) => p.key === '17')!;
    expect(seventeen.observed).toBe(40);
    expect(seventeen.title).toMatch(/^17: 40 observed, 6\.5 expected \(6\.17×\)$/);
    expect(lucky.reduce((t, p) => t + p.observed, 0)).toBe(SPINS);
    // 17, six times its share, in the colour of the scale's top (2× and above); the six pockets the walk never
    // reaches (every sixth of the others) in its bottom (½× and below); the rest, 6 or 7 against 240 / 37 ≈ 6.5, a
    // pale red above their share and a pale blue below
    const scale = await page.$$eval(`${wheel(CASINO, TABLE)} g.scale rect`, (rs) => rs.map((r) => (r as SVGRectElement).style.fill));
    expect(seventeen.fill).toBe(scale.at(-1));
    const never = lucky.filter((p) => p.observed === 0);
    expect(never).toHaveLength(6);
    for (const p of never) expect(p.fill).toBe(scale[0]);
    const rgb = (fill: string) => fill.match(/\d+/g)!.map(Number);
    for (const p of lucky.filter((x) => x.observed > 0)) {
      const [red, , blue] = rgb(p.fill);
      expect({ pocket: p.key, redder: red > blue }).toEqual({ pocket: p.key, redder: p.observed > SPINS / 37 });
    }
    const pocketsTest = wheelRow(TABLE).tests.find((t: any) => t.test === 'pockets');
    expect(pocketsTest.status).toBe('finding');
    expect(Number(await page.getAttribute(`${wheel(CASINO, TABLE)} li[data-test="pockets"]`, 'data-p'))).toBe(pocketsTest.p);
    expect(await page.textContent(`${wheel(CASINO, TABLE)} li[data-test="pockets"]`)).toMatch(/p = \d\.\d × 10⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+ .*— finding$/);
    // the other wheels of the day, each in its own order from libs/rules
    const byGame = (game: string) => equipment.rows.find((r: any) => r.kind === 'wheel' && r.game === game && r.setId === '');
    for (const [game, kind] of [
      ['french-roulette', 'single-zero'],
      ['american-roulette-double-zero', 'double-zero'],
      ['boule', 'boule'],
    ] as const) {
      const row = byGame(game);
      const drawn = await pockets(row.casinoId, row.tableId);
      expect({ game, keys: drawn.map((p) => p.key) }).toEqual({ game, keys: wheelOf(kind).order.map(String) });
      expect(drawn.reduce((t, p) => t + p.observed, 0)).toBe(row.observations);
      expect(await page.textContent(`${wheel(row.casinoId, row.tableId)} li[data-test="pockets"]`)).toContain('p = ');
    }
    // the wheel of fortune: its combinations as the rulebook defines them, an arc each (no pocket order held)
    const fortune = byGame('wheel-of-fortune');
    await page.locator(wheel(CASINO, TABLE)).screenshot({ path: path.join(ARTIFACTS, 'statistics-wheel.png') });
    await page.locator(wheel(fortune.casinoId, fortune.tableId)).screenshot({ path: path.join(ARTIFACTS, 'statistics-wheel-of-fortune.png') });
    expect(await page.getAttribute(wheel(fortune.casinoId, fortune.tableId), 'data-wheel')).toBe('cells');
    expect((await pockets(fortune.casinoId, fortune.tableId)).map((p) => p.key)).toEqual(Object.keys(WHEEL_OF_FORTUNE_RULEBOOKS.euskadi!.segments));
    await page.context().close();
  });

  it('shows the croupiers’ figures to compliance only', async () => {
    const { page } = await open('finance', `#/performance?gamingDay=${DAY}&casino=${CASINO}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'statistics-finance.png'), fullPage: true });
    expect(await page.textContent('.croupiers-hidden')).toMatch(/compliance and inspectors only/);
    expect(await page.$('table.performance-croupiers')).toBeNull();
    expect(await page.$('tr[data-level="croupier"]')).toBeNull();
    expect(await page.$(`tr[data-level="table"][data-subject="${TABLE}"]`)).not.toBeNull();
    await page.context().close();
  });

  it('lists the players tested against the count, the counter first and flagged, to compliance only', async () => {
    const { page, secret } = await open('compliance', `#/performance?gamingDay=${COUNTER_DAY}`);
    await page.waitForSelector('table.advantage-play', { timeout: 30_000 });
    await page.locator('section[aria-labelledby="statistics-players"]').screenshot({ path: path.join(ARTIFACTS, 'statistics-players.png') });
    const answer = await api(secret, `/api/v1/advantage-play?gamingDay=${COUNTER_DAY}&casino=casino-counter`);
    const rows = await page.$$eval('table.advantage-play tbody tr', (trs) =>
      trs.map((tr) => ({
        player: tr.getAttribute('data-player'),
        finding: tr.getAttribute('data-finding'),
        flagged: tr.classList.contains('flagged'),
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      })),
    );
    expect(rows.map((r) => r.player)).toEqual(answer.tested.map((t: any) => t.playerRef));
    expect(rows[0]).toMatchObject({ player: counter.counter, finding: 'true', flagged: true });
    expect(rows.slice(1).every((r) => !r.flagged)).toBe(true);
    const t = answer.tested[0];
    // casino, player, table, rounds, shoes, r, z, p, adjusted p, threshold, stake factor, verdict
    expect(rows[0].cells).toEqual([
      'casino-counter',
      counter.counter,
      counter.counterTable,
      en.number(t.rounds),
      en.number(t.shoes),
      en.number(t.r, 3),
      en.number(t.z, 2),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      en.number(t.stakeFactorPerCount, 2),
      'the stake follows the count',
    ]);
    expect(rows[1].cells[11]).toBe('no finding');
    await page.context().close();

    const finance = await open('finance', `#/performance?gamingDay=${COUNTER_DAY}`);
    expect(await finance.page.textContent('.players-hidden')).toMatch(/compliance and inspectors only/);
    expect(await finance.page.$('table.advantage-play')).toBeNull();
    await finance.page.context().close();
    // the finance view asked nothing of the players: no refused read of people's figures in its access log
    const asked = await runtime.pool.query(
      `SELECT count(*)::int AS n FROM ca_access_log WHERE path = '/api/v1/advantage-play' AND subject = 'statistics-finance'`,
    );
    expect(asked.rows[0].n).toBe(0);
  });

  // last: it takes the store's first month (every day above) out of the store
  it('says a day with facts out of the store was not tested, instead of showing no finding', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-stats-archive-'));
    try {
      // a month leaves the store only once its table sessions have closed (month-drop.ts, statesToKeep)
      const closed = await runtime.ingestion.ingest([{ value: ev('TableSessionClosed', { sessionId: S, closingFloat: { '10000': 100 } }) }]);
      expect(closed.refusals).toEqual([]);
      await runtime.projector.catchUp();
      await turnMonth(runtime.pool, '2026-12');
      await exportCheckAndDrop(runtime.pool, '2026-12', dir);

      const { page, secret } = await open('compliance', `#/performance?gamingDay=${COUNTER_DAY}`);
      await page.waitForSelector('section[aria-labelledby="statistics-players"] p.warning[data-archived]', { timeout: 30_000 });
      const answer = await api(secret, `/api/v1/advantage-play?gamingDay=${COUNTER_DAY}&casino=casino-counter`);
      expect(answer.archived.months.map((m: { month: string }) => m.month)).toEqual(['2026-12']);
      expect(answer.archived.sessions.length).toBeGreaterThan(0);
      expect(answer.tested).toEqual([]);
      // the CSV says so too, in the finding column, in the caller's language (the header alone read as a clean day)
      const csvRes = await fetch(`${base}/api/v1/advantage-play?gamingDay=${COUNTER_DAY}&casino=casino-counter&format=csv`, {
        headers: { authorization: `Bearer ${secret}`, 'accept-language': 'es' },
      });
      const csvLines = (await csvRes.text()).trim().split('\n');
      expect(csvLines).toHaveLength(2);
      expect(csvLines[1]).toMatch(/^casino-counter,2026-12-06,/);
      expect(csvLines[1]).toContain('2026-12');
      expect(csvLines[1]).toContain('sin examinar');
      const note = page.locator('section[aria-labelledby="statistics-players"] p.warning[data-archived]');
      expect(await note.getAttribute('data-archived')).toBe('casino-counter');
      expect(await note.textContent()).toBe(en.t('web:statistics.archived', { casinos: 'casino-counter', months: '2026-12' }));
      // neither a table of players nor "no player could be tested": the day was not tested at all
      expect(await page.$('table.advantage-play')).toBeNull();
      expect(await page.textContent('section[aria-labelledby="statistics-players"]')).not.toContain(en.t('web:statistics.noPlayers'));
      await page.locator('section[aria-labelledby="statistics-players"]').screenshot({ path: path.join(ARTIFACTS, 'statistics-players-archived.png') });
      await page.context().close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
