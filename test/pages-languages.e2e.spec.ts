/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The pages in the five languages (issue 16), in headless Chromium against a simulated day: every page
 * rendered in es, eu, ca, gl and en with a screenshot of each kept in test-artifacts/pages/languages/;
 * in es, eu, ca and gl no visible text is an English word of the pages' English catalogue (the words of
 * libs/i18n/locales/en/web.json that the language's own catalogue does not also use); money and dates in
 * the locale's form; the language chosen on the selector is remembered, the browser's language is the
 * default (Spanish when none of ours matches), and the API calls carry it as Accept-Language.
 *
 * Texts the server writes (narratives, findings' messages, notes, refusal reasons) are marked
 * `data-server-text` by the pages and are the server's to translate (libs/i18n's other namespaces); codes,
 * ids and field names (`<code>`, tokens with digits, hyphens or underscores) stay as they are. The server's
 * texts are held to a list of tell-tale English words (TELL_TALE) they showed before the server worded them.
 */
import type { INestApplication } from '@nestjs/common';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pagesDirectory } from '../apps/api/src/http-app';
import { LANGUAGES, RESOURCES, type Language, type Messages } from '../libs/i18n/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { simulateDay } from '../libs/simulator/src';
import { issueCredential } from './support/access';
import { launchChromium } from './support/chromium';
import { createTestDatabase, TestDatabase } from './support/database';
import { serveOnLoopback } from './support/served';
import { asInputs, envelope, opened } from './support/sample';

const ARTIFACTS = path.resolve(__dirname, '../test-artifacts/pages/languages');
const DAY = '2026-11-21';
const CASINO = 'casino-lang';
const LANGUAGE_KEY = 'casino-audit.language';

/** The literal text of a message, its plural and select branches included, without its placeholders. */
function literals(elements: MessageFormatElement[], into: string[] = []): string[] {
  for (const e of elements) {
    if (e.type === TYPE.literal) into.push(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) literals(o.value, into);
    if (e.type === TYPE.tag) literals(e.children, into);
  }
  return into;
}

function values(m: Messages): string[] {
  return Object.values(m).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
}

/** A word as the check reads it: letters only, lower-cased; anything with a digit, hyphen, dot or underscore is an id or a code. */
function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((t) => /^\p{L}+$/u.test(t))
    .map((t) => t.toLowerCase());
}

const catalogueWords = (lang: Language) =>
  new Set([...values(RESOURCES[lang].web), ...values(RESOURCES[lang].common)].flatMap((m) => literals(parse(m, { ignoreTag: true })).flatMap(words)));

/** The words a page in `lang` must not show: the English catalogue's words that the language's own catalogue does not use. */
function englishOnly(lang: Language): Set<string> {
  const own = catalogueWords(lang);
  return new Set([...catalogueWords('en')].filter((w) => !own.has(w)));
}

/** The glossary's list of words a language writes the same as English (docs/glossary/<lang>.md). */
function sameAsEnglish(lang: Language): Set<string> {
  const text = fs.readFileSync(path.resolve(__dirname, `../docs/glossary/${lang}.md`), 'utf8');
  const section = text.slice(text.indexOf('## Written the same as in English'));
  return new Set(words(section.split('\n').slice(1).join(' ')));
}

/**
 * Tell-tale English of the texts the server writes (issue 16 §1–4): the replay's step lines, the checklist's
 * titles and notes, the findings' explanations. A page set to es, eu, ca or gl shows none of them anywhere,
 * the server's texts included. Ids, codes and structures' field names (`round-…`, `PAYOUT_MISMATCH`) are not words; the access log's
 * recorded reasons are the record's own English (contract: the log keeps the English reason), not shown text.
 */
const TELL_TALE = [
  'Round',
  'round',
  'Payout',
  'payout',
  'paid',
  'pays',
  'Table book',
  'Finding',
  'finding',
  'bets',
  'seat',
  'the wheel gives',
  'starts',
  'completed',
  'beats',
  'loses',
  'burned',
  'to the dealer',
  'to box',
  'commission',
  'the rules',
  'not judged',
  'gaming day',
  'Limit changes',
  'Supervision',
  'Equipment custody',
  'Tables in service',
  'no table',
  'is not recorded',
  'Actual against theoretical',
  // a replay's notes and warnings (issue 16: the judge's remarks)
  'not verifiable',
  'pay table',
  'as printed',
  'per unit staked',
];
const tellTale = new RegExp(`(?<![\\p{L}\\p{N}_-])(${TELL_TALE.join('|')})(?![\\p{L}\\p{N}_-])`, 'u');

const MONEY: Record<Language, RegExp> = {
  es: /^[-−]?\d{1,3}(\.\d{3})*,\d{2}\s€$/,
  eu: /^[-−]?\d{1,3}(\.\d{3})*,\d{2}\s€$/,
  ca: /^[-−]?\d{1,3}(\.\d{3})*,\d{2}\s€$/,
  gl: /^[-−]?\d{1,3}(\.\d{3})*,\d{2}\s€$/,
  en: /^[-−]?€\d{1,3}(,\d{3})*\.\d{2}$/,
};
/** Basque's own CLDR form (2026/11/21) where the browser holds Basque data, else Spanish's, which the formats fall back to (Debian's Chromium has none) */
const GAMING_DAY: Record<Language, RegExp> = {
  es: /^21\/11\/2026$/,
  eu: /^(2026\/11\/21|21\/11\/2026)$/,
  ca: /^21\/11\/2026$/,
  gl: /^21\/11\/2026$/,
  en: /^21\/11\/2026$/,
};
/** an opening on the casino's clock: the day and the minute as the locale writes them, then the offset (Madrid's winter +01:00) */
const OPENED: Record<Language, RegExp> = {
  es: /^2[12]\/11\/2026, \d{2}:\d{2} \+01:00$/,
  eu: /^(2026\/11\/2[12] \(\d{2}:\d{2}\)|2[12]\/11\/2026, \d{2}:\d{2}) \+01:00$/,
  ca: /^2[12]\/11\/2026 \d{2}:\d{2} \+01:00$/,
  gl: /^2[12]\/11\/2026, \d{2}:\d{2} \+01:00$/,
  en: /^2[12]\/11\/2026, \d{2}:\d{2} \+01:00$/,
};

describe('the pages in Spanish, Basque, Catalan, Galician and English, in headless Chromium', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let browser: Browser;
  let token: string;
  const pages: Array<{ name: string; hash: string; ready: string }> = [];

  beforeAll(async () => {
    if (!pagesDirectory()) throw new Error('the pages are not built: run `npm run build` (npm test does)');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    db = await createTestDatabase('ca_pages_lang');
    runtime = await startRuntime({ databaseUrl: db.url });
    const tableGames = ['french-roulette', 'punto-banco', 'blackjack', 'caribbean-stud', 'caribbean-stud'];
    const batch: unknown[] = [];
    for (const events of simulateDay({
      tables: tableGames.length,
      tableGames,
      jurisdiction: 'euskadi',
      rounds: 12,
      seed: 16,
      errorRate: 0.3,
      casinoId: CASINO,
      gamingDay: DAY,
    }))
      batch.push(...events);
    expect((await runtime.ingestion.ingest(batch.map((value) => ({ value })))).ok).toBe(true);
    // rounds whose replay carries a note (sic bo without the casino's pay table, index.md OQ-15) and a warning
    // (cantabria's wheel of fortune as printed, OQ-05), on a day of their own so the day's pages stay as they were
    const remarked = { casinoId: CASINO, gamingDay: '2026-11-22', jurisdiction: 'cantabria' };
    const noted = [
      opened('lang-notes', { ...remarked, game: 'sic-bo' }),
      envelope('RoundStarted', { sessionId: 'lang-notes', roundId: 'round-noted' }),
      envelope('BetPlaced', { sessionId: 'lang-notes', roundId: 'round-noted', betId: 'b1', seat: 1, betType: 'big', amount: 1000 }),
      envelope('BetsClosed', { sessionId: 'lang-notes', roundId: 'round-noted' }),
      envelope('DiceThrown', { sessionId: 'lang-notes', roundId: 'round-noted', dice: [4, 5, 6] }),
      envelope('BetSettled', { sessionId: 'lang-notes', roundId: 'round-noted', betId: 'b1', outcome: 'win', payout: 1000 }),
      envelope('RoundCompleted', { sessionId: 'lang-notes', roundId: 'round-noted' }),
      opened('lang-warned', { ...remarked, game: 'wheel-of-fortune' }),
      envelope('RoundStarted', { sessionId: 'lang-warned', roundId: 'round-warned' }),
      envelope('RoundCompleted', { sessionId: 'lang-warned', roundId: 'round-warned' }),
    ];
    expect((await runtime.ingestion.ingest(asInputs(noted))).ok).toBe(true);
    await runtime.projector.catchUp();
    ({ app, base } = await serveOnLoopback(runtime));
    token = (await issueCredential(runtime, 'inspector', { subject: 'languages-test' })).secret;
    const flagged = await runtime.pool.query(
      `SELECT round_id FROM round_verdicts WHERE verdict = 'discrepancies' AND casino_id = $1 ORDER BY round_id LIMIT 1`,
      [CASINO],
    );
    expect(flagged.rows).toHaveLength(1);
    const session = await runtime.pool.query(`SELECT session_id FROM round_verdicts WHERE casino_id = $1 ORDER BY session_id LIMIT 1`, [CASINO]);
    pages.push(
      { name: 'sessions', hash: `#/?gamingDay=${DAY}`, ready: 'table tbody tr' },
      { name: 'rounds', hash: `#/rounds?gamingDay=${DAY}`, ready: 'table tbody tr' },
      { name: 'replay', hash: `#/rounds/${encodeURIComponent(flagged.rows[0].round_id)}`, ready: '.discrepancy' },
      { name: 'replay-note', hash: '#/rounds/round-noted', ready: 'p.note' },
      { name: 'replay-warning', hash: '#/rounds/round-warned', ready: 'p.note' },
      { name: 'session-close', hash: `#/sessions/${encodeURIComponent(session.rows[0].session_id)}`, ready: 'table.reconciliation tbody tr' },
      { name: 'inspector', hash: `#/inspector?gamingDay=${DAY}&casino=${CASINO}`, ready: 'table.checklist' },
      { name: 'jackpots', hash: '#/jackpots', ready: 'section figure.chart' },
      { name: 'access-log', hash: '#/access-log', ready: 'table.access-log tbody tr' },
      { name: 'login', hash: '#/login', ready: 'input[name=credential]' },
      { name: 'statistics', hash: `#/performance?gamingDay=${DAY}&casino=${CASINO}`, ready: 'figure.wheel-heat' },
    );
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  /** A browser whose own language is `locale`, with the credential, and `chosen` stored as the pages' language if given. */
  async function context(locale: string, chosen?: Language): Promise<{ context: BrowserContext; page: Page; sent: string[] }> {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    await ctx.addInitScript(
      ([t, key, lang]) => {
        sessionStorage.setItem('casino-audit.credential', t!);
        if (lang && !localStorage.getItem(key!)) localStorage.setItem(key!, lang);
      },
      [token, LANGUAGE_KEY, chosen],
    );
    const page = await ctx.newPage();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) sent.push(r.headers()['accept-language'] ?? '(none)');
    });
    return { context: ctx, page, sent };
  }

  /** Open a page afresh (a new document, so nothing of the page before stays) and wait until it has drawn its data. */
  async function open(page: Page, p: { hash: string; ready: string }) {
    await page.goto('about:blank');
    await page.goto(`${base}/${p.hash}`);
    await page.waitForSelector(p.ready, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  }

  /** Every visible text node and placeholder outside the server's texts and the codes. */
  const visibleTexts = (page: Page) =>
    page.evaluate(() => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = n.textContent?.trim();
        if (!el || !text || el.closest('[data-server-text], code, script, style')) continue;
        if (el.closest('option') ? !el.closest('select') : !el.checkVisibility()) continue;
        out.push(text);
      }
      for (const input of document.querySelectorAll('input[placeholder]')) out.push((input as HTMLInputElement).placeholder);
      return out;
    });

  /** Every visible text node, the server's texts included (not the access log's recorded reasons, nor ids and codes). */
  const everyText = (page: Page) =>
    page.evaluate(() => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = n.textContent?.trim();
        // a value the rules record as a structure ({"outcome":"win","payout":2300}) shows its field names, codes by the contract
        if (!el || !text || el.closest('code, script, style, table.access-log') || /^[[{]/.test(text)) continue;
        if (el.closest('option') ? !el.closest('select') : !el.checkVisibility()) continue;
        out.push(text);
      }
      return out;
    });

  for (const lang of LANGUAGES) {
    it(`renders every page in ${lang}${lang === 'en' ? '' : ' with no English left'}, money and dates in the locale's form, and asks the API in ${lang}`, async () => {
      const { context: ctx, page, sent } = await context('en-US', lang);
      const forbidden = englishOnly(lang);
      const english: string[] = [];
      const tellTales: string[] = [];
      for (const p of pages) {
        await open(page, p);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        expect(await page.inputValue('header select[name=language]')).toBe(lang);
        await page.screenshot({ path: path.join(ARTIFACTS, `${lang}-${p.name}.png`), fullPage: true });
        if (lang !== 'en')
          for (const text of await visibleTexts(page)) for (const w of words(text)) if (forbidden.has(w)) english.push(`${p.name}: "${w}" in "${text}"`);
        if (lang !== 'en')
          for (const text of await everyText(page))
            if (tellTale.test(text)) tellTales.push(`${p.name}: "${tellTale.exec(text)![1]}" in "${text.slice(0, 200)}"`);
      }
      expect(english).toEqual([]);
      expect(tellTales).toEqual([]);

      await open(page, pages[0]);
      const cells = (n: number) => page.$$eval(`table tbody tr td:nth-child(${n})`, (tds) => tds.map((td) => td.textContent ?? ''));
      const drops = await cells(9);
      expect(drops.length).toBeGreaterThan(0);
      for (const money of drops) expect(money).toMatch(MONEY[lang]);
      for (const day of await cells(5)) expect(day).toMatch(GAMING_DAY[lang]);
      for (const opened of await cells(6)) expect(opened).toMatch(OPENED[lang]);

      expect(sent.length).toBeGreaterThan(pages.length);
      expect([...new Set(sent)]).toEqual([lang]);
      await ctx.close();
    }, 300_000);
  }

  it('writes a message the same as English only where every word is one the glossary lists for that language', () => {
    const flat = (m: Messages, prefix = ''): Array<[string, string]> =>
      Object.entries(m).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
    const en = new Map(flat(RESOURCES.en.web));
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const allowed = sameAsEnglish(lang);
      const untranslated = flat(RESOURCES[lang].web).filter(
        ([key, text]) =>
          en.get(key) === text &&
          literals(parse(text, { ignoreTag: true }))
            .flatMap(words)
            .some((w) => !allowed.has(w)),
      );
      expect({ lang, untranslated }).toEqual({ lang, untranslated: [] });
    }
  });

  it('speaks the browser’s language by default, Spanish when none of ours matches, and remembers the one chosen', async () => {
    const basque = await context('eu-ES');
    await open(basque.page, pages[0]);
    expect(await basque.page.getAttribute('html', 'lang')).toBe('eu');
    expect(await basque.page.textContent('h1')).toMatch(/^Mahai-saioak/);
    await basque.context.close();

    const french = await context('fr-FR');
    await open(french.page, pages[0]);
    expect(await french.page.getAttribute('html', 'lang')).toBe('es');
    expect(await french.page.textContent('h1')).toMatch(/^Sesiones de mesa/);
    // chosen on the selector: the page speaks Galician at once, the API is asked in Galician, and a new visit remembers it
    french.sent.length = 0;
    await french.page.selectOption('header select[name=language]', 'gl');
    await french.page.waitForFunction(() => document.querySelector('h1')?.textContent?.startsWith('Sesións de mesa'));
    await french.page.waitForLoadState('networkidle');
    expect(french.sent).toContain('gl');
    await open(
      french.page,
      pages.find((p) => p.name === 'inspector')!,
    );
    expect(await french.page.getAttribute('html', 'lang')).toBe('gl');
    expect(await french.page.textContent('h1')).toMatch(/^Informe de inspección — xornada 21\/11\/2026/);
    await french.context.close();
  }, 120_000);
});
