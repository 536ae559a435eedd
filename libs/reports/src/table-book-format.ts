/**
 * The table book as CSV (one row per figure, the same figures as the JSON) and as text for the terminal.
 */
import { stringify } from 'csv-stringify/sync';
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
  return stringify([['field', 'value', 'detail'], ...rows]);
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
  return lines.join('\n');
}
