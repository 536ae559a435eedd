/**
 * The performance report (issue 21 §7) as text, CSV and PDF, and its section of the inspector's day:
 * actual against theoretical win, z-score and p per casino, table, session and croupier, the day's
 * findings and the CUSUM across days. Amounts in minor units in the CSV, as every report's.
 *
 * In the reader's language (issue 16, `reports:performance.*`): English reads as it always did (numbers as
 * JavaScript writes them, amounts `1,234.50`, each finding's and CUSUM's own sentence); the other languages
 * word the findings and the CUSUM from their fields, numbers and amounts in the locale's form. The CSV's
 * header row is translated, its rows keep the JSON's keys and minor units.
 */
import type { Language } from '../../i18n/src';
import { csv } from './csv';
import { money } from './money-text';
import { reportWords, type ReportWords } from './report-language';
import { Writer } from './pdf-writer';
import type { PerformanceLine, PerformanceReport } from '../../projections/src';

const fixed = (x: number | null | undefined, digits = 2) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(digits));
const prob = (p: number | null | undefined) => (p === null || p === undefined ? '—' : p < 1e-4 ? p.toExponential(2) : p.toFixed(4));
const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${x.toFixed(2)} %`);

/** Numbers and amounts as the report's language writes them (English: as it always did). */
function forms(words: ReportWords) {
  const en = words.lang === 'en';
  const finite = (x: number | null | undefined): x is number => x !== null && x !== undefined && Number.isFinite(x);
  return {
    fixed: (x: number | null | undefined, digits = 2) => (en ? fixed(x, digits) : finite(x) ? words.tr.number(x, digits) : '—'),
    prob: (x: number | null | undefined) => (en || !finite(x) || x < 1e-4 ? prob(x) : words.tr.number(x, 4)),
    pct: (x: number | null | undefined) => (en ? pct(x) : finite(x) ? `${words.tr.number(x, 2)} %` : '—'),
    // σ and the theoretical win are fractions of a minor unit: written to the cent, not as an exact integer
    amount: (minor: number | null | undefined) =>
      en ? money(minor, '') : finite(minor) && !Number.isInteger(minor) ? words.tr.number(minor / 100, 2) : words.amount(minor),
    percent: (share: number) => (en ? (100 * share).toFixed(2) : words.tr.number(100 * share, 2)),
    /** a count: as JavaScript writes it in English (no grouping, as this report always read), the locale's form otherwise */
    count: (x: number) => (en ? String(x) : words.tr.number(x)),
  };
}

const CSV_LINES = [
  'level',
  'casinoId',
  'subject',
  'tableId',
  'games',
  'rounds',
  'handle',
  'actualWin',
  'theoreticalWin',
  'sd',
  'z',
  'p',
  'holdPercent',
  'theoreticalHoldPercent',
  'unvaluedHandle',
  'unvaluedWin',
  'boundedRounds',
  'cagnotte',
  'staffRounds',
];
const CSV_FINDINGS = [
  'finding',
  'level',
  'subject',
  'tableId',
  'direction',
  'rounds',
  'handle',
  'actualWin',
  'theoreticalWin',
  'sd',
  'z',
  'p',
  'adjustedP',
  'tested',
  'fdr',
];
const CSV_CUSUM = ['cusum', 'casinoId', 'level', 'subject', 'days', 'statistic', 'threshold', 'alarm', 'alarmDay', 'detectionRounds', 'detection'];

type Level = 'casino' | 'table' | 'session' | 'croupier';
const levels = (r: PerformanceReport): Array<[Level, PerformanceLine[]]> => [
  ['casino', r.casinos],
  ['table', r.tables],
  ['session', r.sessions],
  ['croupier', r.croupiers],
];

/** `lang`: the header rows' words (default English); the rows stay as the JSON's keys and minor units. */
export function performanceCsv(r: PerformanceReport, lang: Language = 'en'): string {
  const { t } = reportWords(lang);
  const header = (keys: string[]) => (lang === 'en' ? keys : keys.map((k) => t(`performance.csv.${k}`)));
  const rows: unknown[][] = [header(CSV_LINES)];
  for (const [level, lines] of levels(r)) {
    for (const l of lines) {
      rows.push([
        level,
        l.casinoId,
        l.subject,
        l.tableId ?? '',
        l.games.join(' '),
        l.rounds,
        l.handle,
        l.actualWin,
        l.theoreticalWin,
        l.sd,
        l.z ?? '',
        l.p ?? '',
        l.holdPercent ?? '',
        l.theoreticalHoldPercent ?? '',
        l.unvaluedHandle,
        l.unvaluedWin,
        l.boundedRounds,
        l.cagnotte,
        l.staffRounds,
      ]);
    }
  }
  rows.push([]);
  rows.push(header(CSV_FINDINGS));
  for (const f of r.findings)
    rows.push([
      'improbable-result',
      f.level,
      f.subject,
      f.tableId ?? '',
      f.direction,
      f.rounds,
      f.handle,
      f.actualWin,
      f.theoreticalWin,
      f.sd,
      f.z,
      f.p,
      f.adjustedP,
      f.tested,
      f.fdr,
    ]);
  rows.push([]);
  rows.push(header(CSV_CUSUM));
  for (const c of r.cusum)
    rows.push([
      'cusum',
      c.casinoId,
      c.level,
      c.subject,
      c.days,
      c.statistic,
      c.threshold ?? '',
      c.alarm,
      c.alarmDay ?? '',
      c.detectionRounds ?? '',
      c.detection,
    ]);
  return csv(rows);
}

function lineText(words: ReportWords, level: string, l: PerformanceLine): string {
  const t = (key: string, values?: Record<string, unknown>) => words.t(`performance.${key}`, values);
  const f = forms(words);
  return (
    `  ${t(`level.${level}`).padEnd(8)} ${l.subject.padEnd(14)} ` +
    t('line', {
      rounds: String(l.rounds).padStart(5),
      handle: f.amount(l.handle),
      actual: f.amount(l.actualWin),
      theoretical: f.amount(l.theoreticalWin),
      sd: f.amount(l.sd),
      z: f.fixed(l.z),
      p: f.prob(l.p),
    }) +
    (l.unvaluedHandle ? t('unvalued', { handle: f.amount(l.unvaluedHandle), win: f.amount(l.unvaluedWin) }) : '') +
    (l.boundedRounds ? t('bounded', { count: l.boundedRounds }) : '') +
    (l.cagnotte ? t('cagnotte', { amount: f.amount(l.cagnotte) }) : '') +
    (level === 'croupier' && l.staffRounds ? t('staff', { count: l.staffRounds }) : '')
  );
}

/** A finding's sentence: the projection's own in English, worded from its fields otherwise. */
function findingText(words: ReportWords, x: PerformanceReport['findings'][number]): string {
  if (words.lang === 'en') return x.message;
  const f = forms(words);
  return words.t('performance.finding', {
    level: words.t(`performance.level.${x.level}`),
    subject: x.subject,
    direction: x.direction === 'house-below' ? 'below' : 'above',
    z: f.fixed(x.z),
    p: x.p.toExponential(2),
    tested: f.count(x.tested),
    adjustedP: x.adjustedP.toExponential(2),
    fdr: f.fixed(x.fdr, 2),
  });
}

/** What the CUSUM can see for the subject: the projection's sentence in English, worded from its fields otherwise. */
function detectionText(words: ReportWords, r: PerformanceReport, c: PerformanceReport['cusum'][number]): string {
  if (words.lang === 'en') return c.detection;
  const leak = forms(words).fixed(100 * r.settings.leak, 2);
  if (c.days === 0) return words.t('performance.detection.none');
  return c.detectionRounds === null
    ? words.t('performance.detection.notFound', { leak })
    : words.t('performance.detection.found', { leak, rounds: c.detectionRounds });
}

/**
 * The JSON answer with each finding's sentence and each CUSUM's reach in `lang` beside the English
 * (`messageInLanguage`, `detectionInLanguage`; issue 16), every field it had kept.
 */
export function performanceInLanguage(r: PerformanceReport, lang: Language) {
  const words = reportWords(lang);
  return {
    ...r,
    findings: r.findings.map((f) => ({ ...f, messageInLanguage: findingText(words, f) })),
    cusum: r.cusum.map((c) => ({ ...c, detectionInLanguage: detectionText(words, r, c) })),
  };
}

/** `lang`: the report's language (default English, as it always read). */
export function performanceText(r: PerformanceReport, lang: Language = 'en'): string {
  const words = reportWords(lang);
  const t = (key: string, values?: Record<string, unknown>) => words.t(`performance.${key}`, values);
  const f = forms(words);
  const s = r.settings;
  const out = [
    t('title', { day: lang === 'en' ? r.gamingDay : words.tr.date(r.gamingDay), casino: r.casinoId ?? 'none', table: r.tableId ?? 'none' }),
    `  ${t('settings', { fdr: f.percent(s.fdr), minRounds: f.count(s.minRounds), leak: f.percent(s.leak), alarmDays: f.count(s.alarmDays) })}`,
    '',
  ];
  for (const [level, lines] of levels(r)) for (const l of lines) out.push(lineText(words, level, l));
  if (!r.croupiersShown) out.push(`  ${t('croupiersHidden')}`);
  out.push('', `  ${r.findings.length ? t('findings') : t('noFinding')}`);
  for (const x of r.findings) out.push(`    ${findingText(words, x)}`);
  if (r.cusum.length) out.push('', `  ${t('cusumHeading')}`);
  for (const c of r.cusum)
    out.push(
      `    ${t('cusum', { level: t(`level.${c.level}`), subject: c.subject, alarm: c.alarm ? 'yes' : 'no', day: c.alarmDay ? (words.lang === 'en' ? c.alarmDay : words.tr.date(c.alarmDay)) : '', statistic: f.fixed(c.statistic, 3), threshold: f.fixed(c.threshold, 3), days: c.days, detection: detectionText(words, r, c) })}`,
    );
  return out.join('\n');
}

/** The performance section: of the inspector's PDF, or the whole of the performance PDF, in `words`' language. */
export function performancePdfSection(w: Writer, r: PerformanceReport, words: ReportWords = reportWords('en')): void {
  const t = (key: string, values?: Record<string, unknown>) => words.t(`performance.${key}`, values);
  const f = forms(words);
  w.heading(t('pdf.heading', { count: r.tables.length }));
  w.line(`${t('pdf.method')} ${t('pdf.held', { fdr: f.percent(r.settings.fdr), minRounds: f.count(r.settings.minRounds) })}`, { size: 7 });
  const rows = levels(r).flatMap(([level, lines]) =>
    lines.map((l) => [
      `${t(`level.${level}`)}\n${l.subject}`,
      String(l.rounds),
      f.amount(l.handle),
      f.amount(l.actualWin),
      f.amount(l.theoreticalWin),
      f.amount(l.sd),
      f.fixed(l.z),
      f.prob(l.p),
      f.pct(l.holdPercent),
    ]),
  );
  if (rows.length) {
    w.table(
      [
        { title: t('pdf.col.levelSubject'), width: 95 },
        { title: t('pdf.col.rounds'), width: 40, align: 'right' },
        { title: t('pdf.col.handle'), width: 60, align: 'right' },
        { title: t('pdf.col.actualWin'), width: 60, align: 'right' },
        { title: t('pdf.col.theoretical'), width: 60, align: 'right' },
        { title: 'σ', width: 50, align: 'right' },
        { title: 'z', width: 35, align: 'right' },
        { title: 'p', width: 50, align: 'right' },
        { title: t('pdf.col.hold'), width: 45, align: 'right' },
      ],
      rows,
      { size: 7 },
    );
  } else w.line(t('pdf.noRound'));
  w.line(r.findings.length ? t('pdf.findings', { count: r.findings.length }) : t('pdf.noFinding'), { bold: true });
  for (const x of r.findings) w.line(findingText(words, x), { color: '#a00' });
  for (const c of r.cusum)
    w.line(
      t('pdf.cusum', {
        level: t(`level.${c.level}`),
        subject: c.subject,
        alarm: c.alarm ? 'yes' : 'no',
        day: c.alarmDay ? (words.lang === 'en' ? c.alarmDay : words.tr.date(c.alarmDay)) : '',
        statistic: f.fixed(c.statistic, 3),
        threshold: f.fixed(c.threshold, 3),
        days: c.days,
        detection: detectionText(words, r, c),
      }),
      { size: 8 },
    );
}

/** `options.lang`: the PDF's language (default English). */
export function performancePdf(r: PerformanceReport, options: { generatedAt?: string; lang?: Language } = {}): Promise<Buffer> {
  const words = reportWords(options.lang ?? 'en');
  const t = (key: string, values?: Record<string, unknown>) => words.t(`performance.${key}`, values);
  const day = words.lang === 'en' ? r.gamingDay : words.tr.date(r.gamingDay);
  const where = r.casinoId ? t('pdf.casino', { casino: r.casinoId }) : t('pdf.allCasinos');
  const w = new Writer(t('pdf.docTitle', { day }), t('pdf.footer', { where, day }), words);
  w.title(t('pdf.title'));
  w.pairs([
    [words.t('label.casino'), where],
    [words.t('label.gamingDay'), day],
    [words.t('label.table'), r.tableId ?? t('pdf.all')],
    [words.t('label.generated'), options.generatedAt ?? new Date().toISOString()],
  ]);
  performancePdfSection(w, r, words);
  return w.end();
}

const FIGURES = [
  'rounds',
  'handle',
  'actualWin',
  'theoreticalWin',
  'sd',
  'z',
  'p',
  'unvaluedHandle',
  'unvaluedWin',
  'boundedRounds',
  'cagnotte',
  'staffRounds',
] as const;

/** The section's rows in the inspector CSV's columns (section, casinoId, tableId, sessionId, roundId, item, value, detail). */
export function performanceRows(r: PerformanceReport | undefined): unknown[][] {
  if (!r) return [];
  const rows: unknown[][] = [];
  for (const [level, lines] of levels(r)) {
    for (const l of lines) {
      const where = level === 'session' ? [l.casinoId, l.tableId ?? '', l.subject] : level === 'table' ? [l.casinoId, l.subject, ''] : [l.casinoId, '', ''];
      for (const k of FIGURES) rows.push([`performance-${level}`, ...where, '', level === 'croupier' ? `${l.subject} ${k}` : k, l[k] ?? '', '']);
    }
  }
  for (const f of r.findings)
    rows.push(['performance-finding', '', f.tableId ?? '', f.level === 'session' ? f.subject : '', '', `${f.level} ${f.subject}`, f.z, f.message]);
  for (const c of r.cusum)
    rows.push([
      'performance-cusum',
      c.casinoId,
      c.level === 'table' ? c.subject : '',
      '',
      '',
      `${c.level} ${c.subject}`,
      c.statistic,
      `${c.alarm ? `alarm since ${c.alarmDay}` : 'no alarm'} · threshold ${c.threshold ?? ''} · ${c.detection}`,
    ]);
  return rows;
}
