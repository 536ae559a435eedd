/**
 * The table book as CSV (one row per figure, the same figures as the JSON) and as text for the terminal.
 */
import { csv } from './csv';
import type { TableBookReport } from '../../projections/src';

const euros = (minor: number | null, currency = 'EUR') =>
  minor === null ? '—' : `${(minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

const chips = (inventory: Record<string, number>) =>
  Object.entries(inventory)
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([d, n]) => `${n} × ${euros(Number(d)).replace(/ [A-Z]{3}$/, '')}`)
    .join(', ') || '—';

export function tableBookCsv(book: TableBookReport): string {
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
    for (const c of book.corrections ?? []) rows.push([`correction.${c.field ?? 'none'}`, c.amount, `${c.correctsEventId} ${c.reason} (approved by ${c.approvedBy.join(' & ')})${c.applied ? '' : ` not applied: ${c.note}`}`]);
  }
  rows.push(['sessionVerdict', book.sessionVerdict, '']);
  for (const f of book.sessionFindings ?? []) rows.push([`finding.${f.code}`, JSON.stringify(f.recorded), `expected ${JSON.stringify(f.expected)} · ${f.rule} · ${f.citation} · ${f.message}`]);
  for (const n of book.sessionNotes ?? []) rows.push(['note', '', n]);
  return csv([['field', 'value', 'detail'], ...rows]);
}

export function tableBookText(book: TableBookReport): string {
  const c = book.currency;
  const lines = [
    `Table book — session ${book.sessionId} (${book.status}${book.suspended ? ', suspended' : ''})`,
    `  casino ${book.casinoId} · table ${book.tableId} · ${book.game} · ${book.jurisdiction} · gaming day ${book.gamingDay}`,
    `  inspector ${String((book.staff as any)?.inspector ?? '—')} · croupiers ${((book.staff as any)?.croupiers ?? []).join(', ') || '—'}`,
    '',
    `  opening float   ${euros(book.openingFloat.total, c).padStart(16)}   ${chips(book.openingFloat.chips)}`,
    `  fills           ${euros(book.fills.total, c).padStart(16)}   ${book.fills.slips.length} slip(s)`,
    `  credits         ${euros(book.credits.total, c).padStart(16)}   ${book.credits.slips.length} slip(s)`,
    `  drop            ${euros(book.drop, c).padStart(16)}`,
    `  closing float   ${euros(book.closingFloat?.total ?? null, c).padStart(16)}   ${book.closingFloat ? chips(book.closingFloat.chips) : ''}`,
    `  win             ${euros(book.win, c).padStart(16)}   = drop + closing float + credits − opening float − fills`,
    '',
    `  tips ${euros(book.tips, c)} · cagnotte ${euros(book.cagnotte, c)} · jackpot contributions ${euros(book.jackpotContributions, c)}`,
    `  rounds ${book.rounds} (voided ${book.roundsVoided})`,
  ];
  lines.push('', book.sessionFindings?.length ? `  session: ${book.sessionFindings.length} finding(s)` : '  session: consistent (its settings, limit changes and shoes)');
  for (const f of book.sessionFindings ?? []) lines.push(`    ${f.code} ${f.rule}: ${f.message} (${f.citation})`);
  for (const n of book.sessionNotes ?? []) lines.push(`    not judged: ${n}`);
  if (book.corrections?.length) {
    const k = book.corrected;
    lines.push('', `  corrected (${book.corrections.length} correction(s)): drop ${euros(k.drop, c)} · closing float ${euros(k.closingFloat, c)} · fills ${euros(k.fills, c)} · credits ${euros(k.credits, c)} · win ${euros(k.win, c)} · tips ${euros(k.tips, c)} · cagnotte ${euros(k.cagnotte, c)}`);
    for (const x of book.corrections) lines.push(`    ${x.field ?? '—'} ${x.amount ?? ''}: ${x.reason} (approved by ${x.approvedBy.join(' & ')})${x.applied ? '' : ` — not applied: ${x.note}`}`);
  }
  return lines.join('\n');
}
