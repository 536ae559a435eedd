/**
 * The stakes-against-count test of a gaming day (issue 21 §6, libs/projections players/advantage-play.ts) as
 * text and CSV: each player reference tested, the findings first, with r, Fisher's z, p, the
 * Benjamini–Hochberg adjusted p and the threshold its rank needed. Figures of people: the callers show them to
 * compliance and inspectors only.
 */
import type { Language } from '../../i18n/src';
import { ADVANTAGE_MIN_ROUNDS } from '../../projections/src/players/advantage-play';
import type { AdvantagePlayReport } from '../../projections/src/players/advantage-play-report';
import { csv } from './csv';
import { reportWords, type ReportWords } from './report-language';
import { Writer } from './pdf-writer';

/** Decimals for a probability: four, or three significant digits below 0.01 (a threshold of 0.01 / 12 is 0.000833, not 0.0008). */
const probDigits = (x: number) => (x > 0 && x < 0.01 ? 2 - Math.floor(Math.log10(x)) : 4);
const prob = (x: number) => (x < 0.0001 ? x.toExponential(2) : x.toFixed(probDigits(x)));

function advantageWords(lang: Language) {
  const words = reportWords(lang);
  const en = lang === 'en';
  return {
    t: (key: string, values?: Record<string, unknown>) => words.t(`advantagePlay.${key}`, values),
    fixed: (x: number, digits: number) => (en ? x.toFixed(digits) : words.tr.number(x, digits)),
    p: (x: number) => (en || x < 0.0001 ? prob(x) : words.tr.number(x, probDigits(x))),
    n: (x: number) => (en ? String(x) : words.tr.number(x)),
    day: (d: string) => (en ? d : words.tr.date(d)),
  };
}

/** Why a day with facts out of the store was not tested: the sessions and the months, in the text and the CSV alike. */
function notTested(w: ReturnType<typeof advantageWords>, archived: NonNullable<AdvantagePlayReport['archived']>): string {
  return w.t('archived', {
    count: w.n(archived.sessions.length),
    sessions: archived.sessions.join(', '),
    months: archived.months.map((m) => `${m.month} (${m.file})`).join(', '),
  });
}

/** The lines of the test (title, method, one line a player tested), in `lang`. */
export function advantagePlayLines(r: AdvantagePlayReport, lang: Language = 'en'): string[] {
  const w = advantageWords(lang);
  const lines = [
    w.t('title', {
      casino: r.casinoId,
      day: w.day(r.gamingDay),
      fdr: w.fixed(r.fdr * 100, 2).replace(/[.,]?0+$/, ''),
      tested: w.n(r.tested.length),
      findings: w.n(r.findings.length),
    }),
    `  ${w.t('method')}`,
  ];
  if (r.archived) lines.push(`  ${notTested(w, r.archived)}`);
  else if (!r.tested.length) lines.push(`  ${w.t('nothing', { min: w.n(ADVANTAGE_MIN_ROUNDS) })}`);
  for (const x of r.tested)
    lines.push(
      `  ${w.t('row', {
        player: x.playerRef,
        tables: x.tables.join(', '),
        rounds: w.n(x.rounds),
        shoes: w.n(x.shoes),
        r: w.fixed(x.r, 3),
        z: w.fixed(x.z, 2),
        p: w.p(x.p),
        adjusted: w.p(x.adjustedP),
        threshold: w.p(x.threshold),
        verdict: x.finding ? w.t('finding', { factor: w.fixed(x.stakeFactorPerCount, 2) }) : w.t('none'),
      })}`,
    );
  if (r.untested) lines.push(`  ${w.t('untested', { count: w.n(r.untested) })}`);
  return lines;
}

export const advantagePlayText = (r: AdvantagePlayReport, lang: Language = 'en'): string => advantagePlayLines(r, lang).join('\n');

const CSV_HEADER = [
  'casinoId',
  'gamingDay',
  'playerRef',
  'tables',
  'rounds',
  'shoes',
  'r',
  'z',
  'p',
  'adjustedP',
  'threshold',
  'fdr',
  'finding',
  'stakeFactorPerCount',
] as const;

/** One casino's day, or several under one header; `lang`: the header row's words (default English), the rows keep the JSON's values. */
export function advantagePlayCsv(reports: AdvantagePlayReport | readonly AdvantagePlayReport[], lang: Language = 'en'): string {
  const { t } = reportWords(lang);
  const w = advantageWords(lang);
  const rows: unknown[][] = [lang === 'en' ? [...CSV_HEADER] : CSV_HEADER.map((k) => t(`advantagePlay.csv.${k}`))];
  const days: readonly AdvantagePlayReport[] = Array.isArray(reports) ? reports : [reports as AdvantagePlayReport];
  for (const r of days) {
    // a day not tested (facts out of the store) says so in its finding column: a file of the header alone read as clean
    if (r.archived) {
      const why = notTested(w, r.archived);
      rows.push(CSV_HEADER.map((k) => (k === 'casinoId' ? r.casinoId : k === 'gamingDay' ? r.gamingDay : k === 'finding' ? why : '')));
    }
    for (const x of r.tested)
      rows.push([
        r.casinoId,
        r.gamingDay,
        x.playerRef,
        x.tables.join(' '),
        x.rounds,
        x.shoes,
        x.r,
        x.z,
        x.p,
        x.adjustedP,
        x.threshold,
        r.fdr,
        x.finding,
        x.stakeFactorPerCount,
      ]);
  }
  return csv(rows);
}

/** The test's rows in the inspector CSV's columns (section, casinoId, tableId, sessionId, roundId, item, value, detail): one a player tested. */
export function advantagePlayInspectorRows(reports: readonly AdvantagePlayReport[] | undefined): unknown[][] {
  return (reports ?? []).flatMap((r) => [
    // a day whose facts are partly out of the store is not tested: said, not left as an empty (clean-looking) section
    ...(r.archived
      ? [
          [
            'advantage-play',
            r.casinoId,
            '',
            r.archived.sessions.join(' '),
            '',
            '',
            'not tested',
            `facts out of the store: ${r.archived.months.map((m) => `${m.month} ${m.file}`).join(' ')}`,
          ],
        ]
      : []),
    ...r.tested.map((x) => [
      'advantage-play',
      r.casinoId,
      x.tables.join(' '),
      '',
      '',
      x.playerRef,
      x.finding ? 'finding' : 'no finding',
      `rounds ${x.rounds} shoes ${x.shoes} r ${x.r} z ${x.z} p ${x.p} adjustedP ${x.adjustedP} threshold ${x.threshold} fdr ${r.fdr} stakeFactorPerCount ${x.stakeFactorPerCount}`,
    ]),
  ]);
}

/** The test in the inspector's PDF: a heading, then each casino's lines, the findings in red. */
export function advantagePlayPdfSection(w: Writer, reports: readonly AdvantagePlayReport[], words: ReportWords = reportWords('en')): void {
  w.heading(words.t('advantagePlay.heading'));
  for (const r of reports) {
    const [title, method, ...rows] = advantagePlayLines(r, words.lang);
    w.line(title, { bold: true, size: 8 });
    w.line(method.trim(), { size: 7 });
    rows.forEach((line, i) => w.line(line.trim(), { size: 8, ...(r.tested[i]?.finding ? { color: '#a00' } : {}) }));
  }
}
