/**
 * The table book as CSV (one row per figure, the same figures as the JSON, in minor units; the header in the
 * reader's language) and as text for the terminal in the reader's language (issue 16).
 */
import type { Language } from '../../i18n/src';
import { csv } from './csv';
import { reportWords, type ReportWords } from './report-language';
import type { TableBookReport } from '../../projections/src';

const chips = (words: ReportWords, inventory: Record<string, number>) =>
  Object.entries(inventory)
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([d, n]) => `${n} × ${words.amount(Number(d))}`)
    .join(', ') || '—';

/** `lang`: the header's words (default English); the figures stay minor units, the keys the JSON's. */
export function tableBookCsv(book: TableBookReport, lang: Language = 'en'): string {
  const { t } = reportWords(lang);
  const rows: Array<[string, string | number | null, string]> = [
    ['sessionId', book.sessionId, ''],
    ['casinoId', book.casinoId, ''],
    ['tableId', book.tableId, ''],
    ['game', book.game, ''],
    ['jurisdiction', book.jurisdiction, ''],
    ['gamingDay', book.gamingDay, ''],
    ['currency', book.currency, ''],
    ['status', book.status, ''],
    ['openingFloat.total', book.openingFloat.total, JSON.stringify(book.openingFloat.chips)],
    ['fills.total', book.fills.total, JSON.stringify(book.fills.chips)],
    ['credits.total', book.credits.total, JSON.stringify(book.credits.chips)],
    ['closingFloat.total', book.closingFloat?.total ?? null, book.closingFloat ? JSON.stringify(book.closingFloat.chips) : ''],
    ['drop', book.drop, ''],
    ['tips', book.tips, ''],
    ['cagnotte', book.cagnotte, ''],
    ['jackpotContributions', book.jackpotContributions, ''],
    ['win', book.win, 'drop + closingFloat.total + credits - openingFloat.total - fills'],
  ];
  // the corrected figures beside the uncorrected ones (corrections applied; see docs/reports.md)
  if (book.corrected) {
    for (const [k, v] of Object.entries(book.corrected)) rows.push([`corrected.${k}`, v, k === 'win' ? 'the same formula on the corrected figures' : '']);
    for (const c of book.corrections ?? [])
      rows.push([
        `correction.${c.field ?? 'none'}`,
        c.amount,
        `${c.correctsEventId} ${c.reason} (approved by ${c.approvedBy.join(' & ')})${c.applied ? '' : ` not applied: ${c.note}`}`,
      ]);
  }
  rows.push(['sessionVerdict', book.sessionVerdict, '']);
  for (const f of book.sessionFindings ?? [])
    rows.push([`finding.${f.code}`, JSON.stringify(f.recorded), `expected ${JSON.stringify(f.expected)} · ${f.rule} · ${f.citation} · ${f.message}`]);
  for (const n of book.sessionNotes ?? []) rows.push(['note', '', n]);
  return csv([[t('csv.field'), t('csv.value'), t('csv.detail')], ...rows]);
}

export function tableBookText(book: TableBookReport, lang: Language = 'en'): string {
  const words = reportWords(lang);
  const { t } = words;
  const c = book.currency;
  const money = (minor: number | null) => words.money(minor, c);
  const row = (label: string, minor: number | null, detail = '') => `  ${label.padEnd(22)}${money(minor).padStart(16)}   ${detail}`.trimEnd();
  const slips = (n: number) => t('tableBook.slips', { count: n, slips: '' }).trim();
  const staff = book.staff as { inspector?: string; croupiers?: string[] } | undefined;
  const lines = [
    t('text.tableBook.title', { session: book.sessionId, status: book.status, suspended: book.suspended ? 'yes' : 'no' }),
    `  ${t('text.tableBook.where', { casino: book.casinoId, table: book.tableId, game: book.game, jurisdiction: book.jurisdiction, day: words.tr.date(book.gamingDay) })}`,
    `  ${t('text.tableBook.staff', { inspector: String(staff?.inspector ?? '—'), croupiers: (staff?.croupiers ?? []).join(', ') || '—' })}`,
    '',
    row(t('figure.openingFloat'), book.openingFloat.total, chips(words, book.openingFloat.chips)),
    row(t('figure.fills'), book.fills.total, slips(book.fills.slips.length)),
    row(t('figure.credits'), book.credits.total, slips(book.credits.slips.length)),
    row(t('figure.drop'), book.drop),
    row(t('figure.closingFloat'), book.closingFloat?.total ?? null, book.closingFloat ? chips(words, book.closingFloat.chips) : ''),
    row(t('figure.win'), book.win, `= ${t('tableBook.winFormula')}`),
    '',
    `  ${t('figure.tips')} ${money(book.tips)} · ${t('figure.cagnotte')} ${money(book.cagnotte)} · ${t('figure.jackpotContributions')} ${money(book.jackpotContributions)}`,
    `  ${t('text.rounds', { rounds: book.rounds, voided: book.roundsVoided })}`,
  ];
  lines.push('', `  ${t('text.tableBook.verdict', { findings: book.sessionFindings?.length ?? 0 })}`);
  for (const x of book.sessionFindings ?? []) {
    const f = words.finding(x);
    lines.push(`    ${x.code} ${x.rule}: ${f.explanation}`, `      ${f.legalCitation}`);
  }
  for (const n of book.sessionNotes ?? []) lines.push(`    ${t('tableBook.notJudged', { note: n })}`);
  if (book.corrections?.length) {
    const k = book.corrected;
    const figures = (['drop', 'closingFloat', 'fills', 'credits', 'win', 'tips', 'cagnotte'] as const)
      .map((f) => `${t(`figure.${f}`)} ${money(k[f])}`)
      .join(' · ');
    lines.push('', `  ${t('text.corrected', { count: book.corrections.length })}: ${figures}`);
    for (const x of book.corrections)
      lines.push(
        `    ${x.field ?? '—'} ${x.amount ?? ''}: ${t('approved', { reason: x.reason, approvers: x.approvedBy.join(t('and')) })}${x.applied ? '' : ` — ${t('text.notApplied', { note: x.note })}`}`,
      );
  }
  return lines.join('\n');
}
