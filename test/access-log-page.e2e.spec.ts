/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The access-log page in headless Chromium (issue 20 §2 §3): refused credentials show with their
 * address, claimed id, reason and number of attempts; the log pages with a cursor (next, first page).
 * A screenshot is kept in test-artifacts/pages/.
 */
import type { INestApplication } from '@nestjs/common';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { createHttpApp, pagesDirectory } from '../apps/api/src/http-app';
import { AccessService } from '../libs/access/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { issueCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(__dirname, '../test-artifacts/pages');

describe('the access-log page, in headless Chromium', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium (.ci/run does) or set CHROMIUM_PATH`);
    if (!pagesDirectory()) throw new Error('the pages are not built: run `npm run build` (npm test does)');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    db = await createTestDatabase('ca_access_page');
    runtime = await startRuntime({ databaseUrl: db.url });
    const access = new AccessService(runtime.pool, undefined, { env: {}, loginThrottle: { failures: 3, windowSeconds: 60 } });
    app = await createHttpApp(runtime, { access });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    // a wrong key tried 5 times: 3 refusals (one row, 3 attempts), then 2 throttled (one row)
    for (let i = 0; i < 5; i++) await (await fetch(`${base}/api/v1/sessions`, { headers: { 'x-api-key': `cak_0badc0ffee000001_${'D'.repeat(43)}` } })).text();
    const compliance = await issueCredential(runtime, 'compliance', { subject: 'page-reader' });
    for (let i = 0; i < 4; i++) await (await fetch(`${base}/api/v1/sessions`, { headers: compliance.headers })).text();
    // the throttled attempts are tallied and written within a second: on a busy machine, not yet when the page reads the log
    await access.flushRefusals();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}/`);
    await page.evaluate((t) => {
      sessionStorage.setItem('casino-audit.credential', t);
      localStorage.setItem('casino-audit.language', 'en');
    }, compliance.secret);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  it('shows the refused credentials with their count, and pages through the log', async () => {
    await page.goto(`${base}/#/access-log?limit=100`);
    await page.waitForSelector('table.access-log tbody tr', { timeout: 30_000 });
    const refused = page.locator('tr[data-kind="credential"]');
    expect(await refused.count()).toBe(2);
    const first = (await refused.nth(0).innerText()).replace(/\s+/g, ' ');
    expect(first).toMatch(/refused credential from 127\.0\.0\.1 claimed 0badc0ffee000001 GET \/api\/v1\/sessions 3 unknown API key/);
    expect((await refused.nth(1).innerText()).replace(/\s+/g, ' ')).toMatch(/2 throttled: more than 3 refused credential\(s\) from this address within 60 s/);
    // every time on the casino's clock with its offset (issue 20 §6): Europe/Madrid, the instant kept in the markup
    const times = await page
      .locator('table.access-log tbody tr td:first-child time')
      .evaluateAll((els) => els.map((e) => ({ iso: e.getAttribute('datetime'), shown: e.textContent })));
    expect(times.length).toBeGreaterThan(2);
    const madridOffset = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', timeZoneName: 'longOffset' })
        .formatToParts(new Date(iso))
        .find((p) => p.type === 'timeZoneName')!
        .value.replace('GMT', '') || '+00:00';
    for (const t of times) {
      expect(t.shown).toMatch(new RegExp(`${madridOffset(t.iso!).replace('+', '\\+')}$`));
      expect(t.shown).not.toMatch(/\d{4}-\d{2}-\d{2}T|Z$/);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'access-log.png'), fullPage: true });

    // two records a page: the refused rows, then the reads, one page after the other
    await page.goto(`${base}/#/access-log?limit=2`);
    await page.waitForSelector('.pager-next');
    const total = Number((await page.textContent('.pager-position'))!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(6);
    const seen: string[] = [];
    // page by page as the position says, each page's rows its own (the times' instants differ from the page before):
    // waiting for "a next button" could stop a page early while the next page was loading (no pager is drawn then)
    const pages = Math.ceil(total / 2);
    let before = '';
    for (let i = 0; i < pages; i++) {
      const [from, to] = [2 * i + 1, Math.min(total, 2 * i + 2)];
      await page.waitForFunction(
        ([f, t, prior]) => {
          const cells = [...document.querySelectorAll('table.access-log tbody tr td:first-child time')].map((e) => e.getAttribute('datetime')).join('|');
          return (
            (document.querySelector('.pager-position')?.textContent ?? '').includes(`records ${f}–${t} of`) &&
            cells.split('|').length === t - f + 1 &&
            cells !== prior
          );
        },
        [from, to, before] as const,
      );
      before = (await page.locator('table.access-log tbody tr td:first-child time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')))).join('|');
      seen.push(...(await page.locator('table.access-log tbody tr td:first-child').allInnerTexts()));
      if (i + 1 < pages) await page.locator('.pager-next').click();
    }
    // every record of the window once (the reads of this page itself came after its window)
    expect(seen.length).toBe(total);
    expect(await page.textContent('.pager-position')).toMatch(new RegExp(`records ${total - ((total - 1) % 2)}–${total} of ${total}`));
    await page.click('text=« first page');
    await page.waitForFunction(() => /records 1–2 of/.test(document.querySelector('.pager-position')?.textContent ?? ''));
  });
});
