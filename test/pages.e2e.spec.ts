/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The pages in a real headless Chromium (Debian's chromium, driven by playwright-core) against a
 * database the simulator filled: each page loads, the replay steps forward and back with the keyboard,
 * a discrepancy shows its citation, the inspector's PDF downloads. A screenshot of each page is kept in
 * test-artifacts/pages/.
 */
import type { INestApplication } from '@nestjs/common';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { createHttpApp, pagesDirectory } from '../apps/api/src/http-app';
import { Runtime, startRuntime } from '../libs/platform/src';
import { simulateDay, SimulationManifest } from '../libs/simulator/src';
import { issueCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(__dirname, '../test-artifacts/pages');
const DAY = '2026-11-21';
const CASINO = 'casino-pages';
const LOW_COMMISSION = 'pb-low-commission';
/** a staff name full of markup (issue 18 §5): the pages must show it as text and run nothing */
const MARKUP = '<img src=x onerror="window.__pwned=1"><b>insp</b>';

describe('the pages, in headless Chromium', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let page: Page;
  let token: string;
  const manifest: { value?: SimulationManifest } = {};

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium (.ci/run does) or set CHROMIUM_PATH`);
    if (!pagesDirectory()) throw new Error('the pages are not built: run `npm run build` (npm test does)');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    const tableGames = ['french-roulette', 'punto-banco', 'blackjack', 'caribbean-stud', 'caribbean-stud', 'craps', 'circle-poker-texas-holdem'];
    const batch: unknown[] = [];
    for (const events of simulateDay(
      { tables: tableGames.length, tableGames, jurisdiction: 'euskadi', rounds: 15, seed: 99, errorRate: 0.2, casinoId: CASINO, gamingDay: DAY },
      manifest,
    ))
      batch.push(...events);
    // and a punto y banca table opened at a 2.5 % banker commission: the player has the edge on banker (issue 14 §4)
    batch.push({
      eventId: '00000000-0000-4000-8000-00000000e4ed',
      type: 'TableSessionOpened',
      occurredAt: `${DAY}T21:00:00.000Z`,
      recordedBy: 'pit:pages-test',
      data: {
        sessionId: LOW_COMMISSION,
        casinoId: CASINO,
        tableId: 'PB-99',
        gamingDay: DAY,
        game: 'punto-banco',
        jurisdiction: 'euskadi',
        limits: { min: 500, max: 50000 },
        openingFloat: { '500': 100 },
        staff: { inspector: MARKUP, croupiers: ['=1+1', 'cr-9'] },
        options: { commissionRate: 0.025 },
      },
    });
    const result = await runtime.ingestion.ingest(batch.map((value) => ({ value })));
    expect(result.ok).toBe(true);
    await runtime.projector.catchUp();
    app = await createHttpApp(runtime);
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    token = (await issueCredential(runtime, 'inspector', { subject: 'pages-test' })).secret;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    const offsite: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) offsite.push(r.url());
    });
    (page as unknown as { offsite: string[] }).offsite = offsite;
    await page.goto(`${base}/`);
    // the pages in English, chosen as a person would on the selector (remembered in localStorage): this file asserts English words
    await page.evaluate((t) => {
      sessionStorage.setItem('casino-audit.credential', t);
      localStorage.setItem('casino-audit.language', 'en');
    }, token);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  const open = async (hash: string, name: string, ready: string) => {
    await page.goto(`${base}/${hash}`);
    await page.waitForSelector(ready, { timeout: 30_000 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  };

  it('lists the day’s table sessions', async () => {
    await open(`#/?gamingDay=${DAY}`, 'sessions', 'table caption');
    expect(await page.textContent('table caption')).toMatch(/8 session/);
  });

  it('steps a round with a discrepancy forward and back, and shows the citation', async () => {
    const flagged = await runtime.pool.query(
      `SELECT round_id FROM round_verdicts WHERE verdict = 'discrepancies' AND casino_id = $1 ORDER BY round_id LIMIT 1`,
      [CASINO],
    );
    const roundId = flagged.rows[0].round_id as string;
    await open(`#/rounds/${encodeURIComponent(roundId)}?step=1`, 'replay', '.step-count');
    expect(await page.textContent('.step-count')).toMatch(/step 1 of (\d+)/);
    const total = Number((await page.textContent('.step-count'))!.match(/of (\d+)/)![1]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /step 3 of/.test(document.querySelector('.step-count')!.textContent!));
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => /step 2 of/.test(document.querySelector('.step-count')!.textContent!));
    expect(page.url()).toMatch(/step=2/);
    await page.keyboard.press('End');
    await page.waitForFunction((n) => new RegExp(`step ${n} of`).test(document.querySelector('.step-count')!.textContent!), total);
    await page.screenshot({ path: path.join(ARTIFACTS, 'replay-last-step.png'), fullPage: true });
    // the citation in legal form where the API gives one, the line pointer it renders kept in the title
    const citation = await page.textContent('.discrepancy cite');
    const pointer = (await page.getAttribute('.discrepancy cite', 'title')) ?? citation;
    expect(pointer).toMatch(/^(euskadi|cantabria|illes-balears|galicia|andalucia) L\d+|contract §|index\.md OQ-/);
    if (pointer !== citation) expect(citation).toMatch(/— L\d+/);
    expect(await page.textContent('.verdict')).toMatch(/discrepancies/);
    // the table state came from the round's stored start; the page offers to fold the session again
    expect(await page.textContent('.start-source')).toMatch(/stored with its verdict, folded from the session's first \d+ facts/);
    await page.click('.start-source a');
    await page.waitForFunction(() => /folded now from \d+ earlier fact/.test(document.querySelector('.start-source')?.textContent ?? ''));
    expect(page.url()).toMatch(/full=1/);
    expect(await page.textContent('.verdict')).toMatch(/discrepancies/);
  });

  it('finds rounds by discrepancy code', async () => {
    const code = manifest.value!.injected.find((i) => i.detector === 'rules')!.expectedCode;
    await open(`#/rounds?gamingDay=${DAY}&code=${code}`, 'round-search', 'table caption');
    expect(await page.textContent('table caption')).not.toMatch(/^0 round/);
    expect(await page.textContent('table tbody')).toContain(code);
  });

  it('closes a session: float by denomination, reconciliation, and the counts form', async () => {
    // a session the simulator kept every session and day rule in (it injects their violations into some: issue 15)
    const ruled = new Set(manifest.value!.injected.filter((i) => i.detector === 'session' || i.detector === 'day').map((i) => i.sessionId));
    const session = manifest.value!.sessions.find((s) => !ruled.has(s.sessionId))!.sessionId;
    await open(`#/sessions/${encodeURIComponent(session)}`, 'session-close', 'table.reconciliation');
    expect(await page.textContent('table.float caption')).toMatch(/Float by denomination/);
    expect(await page.textContent('table.reconciliation')).toMatch(/Drop/);
    expect(await page.$('form.counts button[type=submit]')).not.toBeNull();
    expect(await page.textContent('.session-verdict h2')).toMatch(/Session verdict: consistent/);
  });

  it('shows the finding on a session opened with a setting that gives the player the edge', async () => {
    await open(`#/sessions/${LOW_COMMISSION}`, 'session-findings', '.session-verdict li');
    expect(await page.textContent('.session-verdict h2')).toMatch(/Session verdict: 1 finding/);
    expect(await page.textContent('.session-verdict li')).toMatch(/PLAYER_EDGE_SETTING.*banker.*player has an edge.*euskadi L\d+/s);
    // the inspector's name is markup: shown as the text it is, nothing of it run or drawn
    expect(await page.textContent('article')).toContain(MARKUP);
    expect(await page.$('article img[src="x"], article b')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('shows the inspector’s day with charts and downloads the PDF', async () => {
    await open(`#/inspector?gamingDay=${DAY}&casino=${CASINO}`, 'inspector', 'figure.chart svg');
    expect(await page.$$('figure.chart')).not.toHaveLength(0);
    expect(await page.textContent('table.session-findings')).toMatch(new RegExp(`${LOW_COMMISSION}.*PB-99.*PLAYER_EDGE_SETTING`, 's'));
    expect(await page.textContent('article')).toContain(MARKUP);
    expect(await page.$('article img[src="x"]')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Download PDF')]);
    const file = path.join(ARTIFACTS, 'inspector.pdf');
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the jackpot pools with their value over time', async () => {
    await open('#/jackpots', 'jackpots', 'section h2');
    expect(await page.textContent('section h2')).toMatch(/caribbean-stud-progressive/);
    expect(await page.$('section figure.chart svg')).not.toBeNull();
  });

  it('loaded nothing from outside the platform', () => {
    expect((page as unknown as { offsite: string[] }).offsite).toEqual([]);
  });
});
