/**
 * The performance report (issue 21 §7) as text, CSV and PDF, and its section of the inspector's day:
 * actual against theoretical win, z-score and p per casino, table, session and croupier, the day's
 * findings and the CUSUM across days. Amounts in minor units in the CSV, as every report's.
 */
import { csv } from './csv';
import { money } from './report-format';
import { Writer } from './report-pdf';
import type { PerformanceLine, PerformanceReport } from '../../projections/src';

const fixed = (x: number | null | undefined, digits = 2) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(digits));
const prob = (p: number | null | undefined) => (p === null || p === undefined ? '—' : p < 1e-4 ? p.toExponential(2) : p.toFixed(4));
const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${x.toFixed(2)} %`);

type Level = 'casino' | 'table' | 'session' | 'croupier';
const levels = (r: PerformanceReport): Array<[Level, PerformanceLine[]]> => [
  ['casino', r.casinos],
  ['table', r.tables],
  ['session', r.sessions],
  ['croupier', r.croupiers],
];

export function performanceCsv(r: PerformanceReport): string {
  const rows: unknown[][] = [
    ['level', 'casinoId', 'subject', 'tableId', 'games', 'rounds', 'handle', 'actualWin', 'theoreticalWin', 'sd', 'z', 'p', 'holdPercent', 'theoreticalHoldPercent', 'unvaluedHandle', 'unvaluedWin', 'boundedRounds', 'cagnotte', 'staffRounds'],
  ];
  for (const [level, lines] of levels(r)) {
    for (const l of lines) {
      rows.push([level, l.casinoId, l.subject, l.tableId ?? '', l.games.join(' '), l.rounds, l.handle, l.actualWin, l.theoreticalWin, l.sd, l.z ?? '', l.p ?? '', l.holdPercent ?? '', l.theoreticalHoldPercent ?? '', l.unvaluedHandle, l.unvaluedWin, l.boundedRounds, l.cagnotte, l.staffRounds]);
    }
  }
  rows.push([]);
  rows.push(['finding', 'level', 'subject', 'tableId', 'direction', 'rounds', 'handle', 'actualWin', 'theoreticalWin', 'sd', 'z', 'p', 'adjustedP', 'tested', 'fdr']);
  for (const f of r.findings) rows.push(['improbable-result', f.level, f.subject, f.tableId ?? '', f.direction, f.rounds, f.handle, f.actualWin, f.theoreticalWin, f.sd, f.z, f.p, f.adjustedP, f.tested, f.fdr]);
  rows.push([]);
  rows.push(['cusum', 'casinoId', 'level', 'subject', 'days', 'statistic', 'threshold', 'alarm', 'alarmDay', 'detectionRounds', 'detection']);
  for (const c of r.cusum) rows.push(['cusum', c.casinoId, c.level, c.subject, c.days, c.statistic, c.threshold ?? '', c.alarm, c.alarmDay ?? '', c.detectionRounds ?? '', c.detection]);
  return csv(rows);
}

function lineText(level: string, l: PerformanceLine): string {
  return (
    `  ${level.padEnd(8)} ${l.subject.padEnd(14)} rounds ${String(l.rounds).padStart(5)} · handle ${money(l.handle, '')} · actual ${money(l.actualWin, '')} · theoretical ${money(l.theoreticalWin, '')} ± ${money(l.sd, '')}` +
    ` · z ${fixed(l.z)} · p ${prob(l.p)}` +
    (l.unvaluedHandle ? ` · without figure: handle ${money(l.unvaluedHandle, '')}, win ${money(l.unvaluedWin, '')}` : '') +
    (l.boundedRounds ? ` · σ bounded in ${l.boundedRounds} round(s)` : '') +
    (l.cagnotte ? ` · cagnotte ${money(l.cagnotte, '')}` : '') +
    (level === 'croupier' && l.staffRounds ? ` · ${l.staffRounds} round(s) from the opening staff, no CroupierChanged: never a finding` : '')
  );
}

export function performanceText(r: PerformanceReport): string {
  const s = r.settings;
  const out = [
    `Actual against theoretical win — gaming day ${r.gamingDay}${r.casinoId ? ` · casino ${r.casinoId}` : ''}${r.tableId ? ` · table ${r.tableId}` : ''}`,
    `  findings held to a false discovery rate of ${(100 * s.fdr).toFixed(2)} % (Benjamini–Hochberg per family), subjects of ${s.minRounds}+ rounds; CUSUM for a leak of ${(100 * s.leak).toFixed(2)} % of handle, one false alarm in ${s.alarmDays} days`,
    '',
  ];
  for (const [level, lines] of levels(r)) for (const l of lines) out.push(lineText(level, l));
  if (!r.croupiersShown) out.push('  (figures per croupier: compliance and inspectors only)');
  out.push('', r.findings.length ? '  findings:' : '  no finding: every result is within what chance explains at this level');
  for (const f of r.findings) out.push(`    ${f.message}`);
  if (r.cusum.length) out.push('', '  across days (CUSUM):');
  for (const c of r.cusum) out.push(`    ${c.level} ${c.subject}: ${c.alarm ? `ALARM since ${c.alarmDay}` : 'no alarm'} · statistic ${fixed(c.statistic, 3)} of ${fixed(c.threshold, 3)} after ${c.days} day(s) · ${c.detection}`);
  return out.join('\n');
}

/** The performance section: of the inspector's PDF, or the whole of the performance PDF. */
export function performancePdfSection(w: Writer, r: PerformanceReport): void {
  w.heading(`Actual against theoretical win (${r.tables.length} table(s))`);
  w.line(
    `Theoretical win = Σ stake × house edge of each bet under the session's rulebook and options; z = (actual − theoretical) / σ; p = probability of a result at least this far from theoretical. ` +
      `Findings held to a false discovery rate of ${(100 * r.settings.fdr).toFixed(2)} % (Benjamini–Hochberg), subjects of ${r.settings.minRounds}+ rounds.`,
    { size: 7 },
  );
  const rows = levels(r).flatMap(([level, lines]) => lines.map((l) => [`${level}\n${l.subject}`, String(l.rounds), money(l.handle, ''), money(l.actualWin, ''), money(l.theoreticalWin, ''), money(l.sd, ''), fixed(l.z), prob(l.p), pct(l.holdPercent)]));
  if (rows.length) {
    w.table(
      [
        { title: 'Level / subject', width: 95 },
        { title: 'Rounds', width: 40, align: 'right' },
        { title: 'Handle', width: 60, align: 'right' },
        { title: 'Actual win', width: 60, align: 'right' },
        { title: 'Theoretical', width: 60, align: 'right' },
        { title: 'σ', width: 50, align: 'right' },
        { title: 'z', width: 35, align: 'right' },
        { title: 'p', width: 50, align: 'right' },
        { title: 'Hold', width: 45, align: 'right' },
      ],
      rows,
      { size: 7 },
    );
  } else w.line('No round weighed.');
  w.line(r.findings.length ? `Findings (${r.findings.length}):` : 'No finding: every result is within what chance explains at this level.', { bold: true });
  for (const f of r.findings) w.line(f.message, { color: '#a00' });
  for (const c of r.cusum) w.line(`CUSUM ${c.level} ${c.subject}: ${c.alarm ? `ALARM since ${c.alarmDay}` : 'no alarm'} (${fixed(c.statistic, 3)} of ${fixed(c.threshold, 3)}, ${c.days} day(s)); ${c.detection}`, { size: 8 });
}

export function performancePdf(r: PerformanceReport, options: { generatedAt?: string } = {}): Promise<Buffer> {
  const where = r.casinoId ? `casino ${r.casinoId}` : 'all casinos';
  const w = new Writer(`Performance ${r.gamingDay}`, `Actual against theoretical win · ${where} · gaming day ${r.gamingDay}`);
  w.title('Actual against theoretical win');
  w.pairs([
    ['Casino', where],
    ['Gaming day', r.gamingDay],
    ['Table', r.tableId ?? 'all'],
    ['Generated', options.generatedAt ?? new Date().toISOString()],
  ]);
  performancePdfSection(w, r);
  return w.end();
}

const FIGURES = ['rounds', 'handle', 'actualWin', 'theoreticalWin', 'sd', 'z', 'p', 'unvaluedHandle', 'unvaluedWin', 'boundedRounds', 'cagnotte', 'staffRounds'] as const;

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
  for (const f of r.findings) rows.push(['performance-finding', '', f.tableId ?? '', f.level === 'session' ? f.subject : '', '', `${f.level} ${f.subject}`, f.z, f.message]);
  for (const c of r.cusum) rows.push(['performance-cusum', c.casinoId, c.level === 'table' ? c.subject : '', '', '', `${c.level} ${c.subject}`, c.statistic, `${c.alarm ? `alarm since ${c.alarmDay}` : 'no alarm'} · threshold ${c.threshold ?? ''} · ${c.detection}`]);
  return rows;
}
