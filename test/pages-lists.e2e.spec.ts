/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The pages reach the last round of a 12,000-round day (issue 20 §3): thirty tables of 400 rounds,
 * paged through in headless Chromium with the pager, times on the casino's clock (§6), and the page
 * saying so when the verdicts are not all judged yet (the code search is refused, not answered short).
 */
import type { INestApplication } from '@nestjs/common';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createHttpApp, pagesDirectory } from '../apps/api/src/http-app';
import { Runtime, startRuntime } from '../libs/platform/src';
import { issueCredential } from './support/access';
import { launchChromium } from './support/chromium';
import { createTestDatabase, TestDatabase } from './support/database';
import { everySeconds, PlainTable, recordPlainDay } from './support/round-day';

const ARTIFACTS = path.resolve(__dirname, '../test-artifacts/pages');
const DAY = '2026-03-28';
const TABLES = 30;
const ROUNDS = 400;

describe('the pages page through a 12,000-round day, in headless Chromium', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let page: Page;
  // one round every 40 s from 20:00 local (19:00Z): the day runs past midnight and across March's change
  const tables: PlainTable[] = Array.from({ length: TABLES }, (_, t) => ({
    sessionId: `big-${String(t + 1).padStart(2, '0')}`,
    tableId: `RL-${String(t + 1).padStart(2, '0')}`,
    starts: everySeconds('2026-03-28T19:00:00.000Z', ROUNDS, 40),
  }));

  beforeAll(async () => {
    if (!pagesDirectory()) throw new Error('the pages are not built: run `npm run build` (npm test does)');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    await recordPlainDay(runtime.ingestion, 'casino-big', DAY, tables);
    // the table books only: the verdicts read model is left unbuilt, as just after an upgrade
    await runtime.projector.catchUp(runtime.projections.filter((p) => p.name === 'table-book'));
    app = await createHttpApp(runtime);
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}/`);
    const token = (await issueCredential(runtime, 'inspector', { subject: 'pages-lists-test' })).secret;
    await page.evaluate((t) => {
      sessionStorage.setItem('casino-audit.credential', t);
      localStorage.setItem('casino-audit.language', 'en');
    }, token);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  it('follows the pager to the last round of the day, each page in order, times on the casino clock', async () => {
    await page.goto(`${base}/#/rounds?gamingDay=${DAY}&limit=1000`);
    await page.waitForSelector('table caption');
    expect(await page.textContent('table caption')).toBe('12,000 rounds');
    expect(await page.textContent('.pager-position')).toBe('rounds 1–1,000 of 12,000');
    expect(await page.textContent('p.warning')).toMatch(/verdicts are still being judged/);
    // the first round: 19:00Z is 20:00 on Madrid's winter clock (the date and minute as en-GB writes them, then the offset)
    expect(await page.textContent('tbody tr:first-child td:nth-child(4)')).toBe('28/03/2026, 20:00 +01:00');
    const seen: string[] = [];
    for (let n = 1; ; n++) {
      const ids = await page.$$eval('tbody tr td:first-child', (cells) => cells.map((c) => c.textContent!));
      seen.push(...ids);
      if (!(await page.$('.pager-next'))) break;
      expect(n).toBeLessThan(12);
      const before = ids[0];
      await page.click('.pager .pager-next >> nth=0');
      await page.waitForFunction((first) => {
        const now = document.querySelector('tbody tr td:first-child')?.textContent;
        return now !== undefined && now !== first;
      }, before);
    }
    expect(seen).toHaveLength(TABLES * ROUNDS);
    expect(new Set(seen).size).toBe(TABLES * ROUNDS);
    expect(seen[seen.length - 1]).toBe(`big-30-r${String(ROUNDS).padStart(5, '0')}`);
    expect(await page.textContent('.pager-position')).toBe('rounds 11,001–12,000 of 12,000');
    // the last round of a table began 399 × 40 s after the first: 23:26Z on the 28th, past midnight in Madrid
    expect(await page.textContent('tbody tr:last-child td:nth-child(4)')).toBe('29/03/2026, 00:26 +01:00');
    await page.screenshot({ path: path.join(ARTIFACTS, 'rounds-last-page.png'), fullPage: false });
  });

  it('refuses a code search while the verdicts are not built, in words', async () => {
    await page.goto(`${base}/#/rounds?gamingDay=${DAY}&code=PAYOUT_MISMATCH`);
    await page.waitForSelector('[role=alert]');
    expect(await page.textContent('[role=alert]')).toMatch(/^503 .*round verdicts read model is not built yet/);
  });

  it('lists the day’s thirty sessions with their opening on the casino clock', async () => {
    await page.goto(`${base}/#/?gamingDay=${DAY}`);
    await page.waitForSelector('table caption');
    expect(await page.textContent('table caption')).toBe('30 sessions');
    expect(await page.textContent('tbody')).toContain('28/03/2026, 19:59 +01:00');
  });
});
