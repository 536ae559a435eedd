/**
 * Reconciliation, jackpots and the inspector's day as CSV (the same figures as the JSON, minor units)
 * and as text for the terminal.
 */
import { csv } from './csv';
import { casinoTime } from './local-time';
import { performanceRows, performanceText } from './performance-format';
import type { BoxTotal, InspectorDayReport, JackpotsReport, ReconciliationReport, ReconciliationSession } from '../../projections/src';
import type { ChecklistStatus } from '../../rules/src';

export const money = (minor: number | null | undefined, currency = 'EUR') =>
  minor === null || minor === undefined
    ? '—'
    : `${minor < 0 ? '-' : ''}${(Math.abs(minor) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;

const BOXES = ['drop', 'tips', 'cagnotte'] as const;

// ---------------------------------------------------------------- reconciliation

export function reconciliationCsv(r: ReconciliationReport): string {
  const header = ['level', 'casinoId', 'tableId', 'sessionId', 'gamingDay', 'game', 'jurisdiction', 'status'];
  for (const b of BOXES) header.push(`${b}.recorded`, `${b}.counted`, `${b}.variance`, `${b}.corrected.recorded`, `${b}.corrected.counted`, `${b}.corrected.variance`);
  header.push('uncounted');
  const rows: unknown[][] = [header];
  const sessionRow = (s: ReconciliationSession) => {
    const row: unknown[] = ['session', s.casinoId, s.tableId, s.sessionId, s.gamingDay, s.game, s.jurisdiction, s.status];
    for (const b of BOXES) row.push(s[b].recorded, s[b].counted, s[b].variance, s[b].corrected.recorded, s[b].corrected.counted, s[b].corrected.variance);
    row.push('');
    return row;
  };
  const groupRow = (level: string, g: { casinoId: string | null; tableId: string | null; drop: BoxTotal; tips: BoxTotal; cagnotte: BoxTotal }) => {
    const row: unknown[] = [level, g.casinoId ?? '', g.tableId ?? '', '', r.gamingDay, '', '', ''];
    for (const b of BOXES) row.push(g[b].recorded, g[b].counted, g[b].variance, g[b].corrected.recorded, g[b].corrected.counted, g[b].corrected.variance);
    row.push(BOXES.map((b) => `${b}:${g[b].uncounted}`).join(' '));
    return row;
  };
  for (const s of r.sessions) rows.push(sessionRow(s));
  for (const t of r.tables) rows.push(groupRow('table', t));
  for (const c of r.casinos) rows.push(groupRow('casino', c));
  rows.push(groupRow('total', r.totals));
  return csv(rows);
}

export function reconciliationText(r: ReconciliationReport): string {
  const c = r.currency;
  const cell = (v: number | null) => money(v, '').padStart(12);
  const lines = [
    `Reconciliation — gaming day ${r.gamingDay}${r.casinoId ? ` · casino ${r.casinoId}` : ' · all casinos'} (${c}; recorded / counted / variance, corrected in brackets)`,
    '',
  ];
  const fmt = (label: string, l: { recorded: number; counted: number | null; variance: number | null; corrected: { recorded: number; counted: number | null; variance: number | null } }) =>
    `    ${label.padEnd(9)}${cell(l.recorded)}${cell(l.counted)}${cell(l.variance)}   (${money(l.corrected.recorded, '')} / ${money(l.corrected.counted, '')} / ${money(l.corrected.variance, '')})`;
  for (const s of r.sessions) {
    lines.push(`  ${s.casinoId} · ${s.tableId} · ${s.sessionId} · ${s.game} · ${s.status}`);
    for (const b of BOXES) lines.push(fmt(b, s[b]));
  }
  lines.push('');
  for (const t of r.tables) {
    lines.push(`  table ${t.casinoId} · ${t.tableId} (${t.sessions} session(s))`);
    for (const b of BOXES) lines.push(fmt(b, t[b]));
  }
  for (const g of r.casinos) {
    lines.push(`  casino ${g.casinoId} (${g.sessions} session(s))`);
    for (const b of BOXES) lines.push(fmt(b, g[b]));
  }
  lines.push(`  TOTAL (${r.totals.sessions} session(s))`);
  for (const b of BOXES) lines.push(fmt(b, r.totals[b]) + (r.totals[b].uncounted ? `  · ${r.totals[b].uncounted} not counted` : ''));
  lines.push('', r.variances.length ? `  ${r.variances.length} variance(s):` : '  no variance');
  for (const v of r.variances) lines.push(`    ${v.tableId} ${v.sessionId} ${v.box}: counted ${money(v.counted, c)} against ${money(v.recorded, c)} recorded = ${money(v.variance, c)}${v.correctedVariance !== v.variance ? ` (after corrections ${money(v.correctedVariance, c)})` : ''}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------- jackpots

export function jackpotsCsv(r: JackpotsReport): string {
  const rows: unknown[][] = [['poolId', 'casinoId', 'record', 'seq', 'roundId', 'sessionId', 'tableId', 'seat', 'hand', 'amount', 'before', 'after', 'at']];
  for (const p of r.pools) {
    rows.push([p.poolId, p.casinoId, 'seed', '', '', '', '', '', '', p.seed, '', '', p.configuredAt]);
    rows.push([p.poolId, p.casinoId, 'contributions', '', '', '', '', '', '', p.contributions, '', '', '']);
    rows.push([p.poolId, p.casinoId, 'won', '', '', '', '', '', '', p.won, '', '', '']);
    rows.push([p.poolId, p.casinoId, 'current', '', '', '', '', '', '', p.current, '', '', '']);
    for (const w of p.wins) rows.push([p.poolId, p.casinoId, 'win', '', w.roundId, w.sessionId, w.tableId, w.seat, w.hand, w.amount, w.before, w.after, w.occurredAt]);
    for (const x of p.resets) rows.push([p.poolId, p.casinoId, 'reset', '', '', '', '', '', '', x.amount, x.before, x.after, x.occurredAt]);
  }
  return csv(rows);
}

export function jackpotsText(r: JackpotsReport): string {
  if (!r.pools.length) return 'no jackpot pool';
  const lines: string[] = [];
  for (const p of r.pools) {
    lines.push(`Pool ${p.poolId} (casino ${p.casinoId}) — tables ${p.tables.join(', ') || '—'}`);
    lines.push(`  seed ${money(p.seed)} · contributions ${money(p.contributions)} (${p.contributionsCount}) · won ${money(p.won)} (${p.winsCount}) · current ${money(p.current)}`);
    for (const w of p.wins) lines.push(`  win  ${w.roundId} ${w.tableId ?? ''} seat ${w.seat ?? '—'} ${w.hand ?? ''}: ${money(w.amount)} (pool ${money(w.before)} → ${money(w.after)})`);
    for (const x of p.resets) lines.push(`  reset to ${money(x.amount)} (was ${money(x.before)})`);
    lines.push('');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- inspector

/** How a checklist row's status reads to people (text, PDF, page). */
export const CHECKLIST_LABEL: Record<ChecklistStatus, string> = { pass: 'pass', finding: 'finding', 'not-applicable': 'not applicable', 'not-judged': 'not judged' };

/**
 * The day report's instants on the clock of each one's casino (its session's, else the report's), with
 * the offset: `2026-10-25 02:30:00 +01:00` (issue 20 §6).
 */
export function dayClock(
  r: Pick<InspectorDayReport, 'casinoId' | 'sessions'>,
  clock: (iso: string | null | undefined, casinoId: string | null | undefined) => string = casinoTime,
): (iso: string | null | undefined, sessionId?: string | null) => string {
  const casinoOf = new Map(r.sessions.map((s) => [s.sessionId, s.casinoId]));
  return (iso, sessionId) => clock(iso, (sessionId && casinoOf.get(sessionId)) || r.casinoId || r.sessions[0]?.casinoId);
}

export function inspectorCsv(r: InspectorDayReport): string {
  const at = dayClock(r);
  const rows: unknown[][] = [['section', 'casinoId', 'tableId', 'sessionId', 'roundId', 'item', 'value', 'detail']];
  for (const s of r.sessions) {
    const base = ['session', s.casinoId, s.tableId, s.sessionId, ''];
    rows.push([...base, 'game', s.game, `${s.jurisdiction} · ${s.status} · opened ${at(s.openedAt, s.sessionId)} · closed ${at(s.closedAt, s.sessionId)}`]);
    rows.push([...base, 'limits', `${s.limits.min}-${s.limits.max}`, JSON.stringify(s.limits)]);
    rows.push([...base, 'staff', s.staff?.inspector ?? '', (s.staff?.croupiers ?? []).join(' ')]);
    for (const k of ['rounds', 'roundsVoided', 'drop', 'win', 'cagnotte', 'tips', 'commission', 'jackpotContributions', 'jackpotWins', 'discrepancies', 'sessionFindings'] as const) {
      const corrected = (s.corrected as unknown as Record<string, number | null>)[k];
      rows.push([...base, k, s[k], corrected !== undefined && corrected !== s[k] ? `corrected ${corrected}` : '']);
    }
  }
  const t = r.totals;
  for (const k of ['drop', 'win', 'cagnotte', 'tips', 'commission', 'jackpotContributions', 'jackpotWins'] as const) {
    rows.push(['total', r.casinoId ?? '', '', '', '', k, t[k], `corrected ${r.correctedTotals[k]}`]);
  }
  rows.push(['total', r.casinoId ?? '', '', '', '', 'roundsPlayed', r.rounds.played, '']);
  rows.push(['total', r.casinoId ?? '', '', '', '', 'roundsVoided', r.rounds.voided, '']);
  for (const b of BOXES) rows.push(['count', r.casinoId ?? '', '', '', '', b, r.counts[b].variance, `recorded ${r.counts[b].recorded} counted ${r.counts[b].counted ?? ''} uncounted ${r.counts[b].uncounted}`]);
  for (const d of r.discrepanciesByCode) rows.push(['discrepancies', r.casinoId ?? '', '', '', d.roundIds.join(' '), d.code, d.count, '']);
  for (const d of r.discrepancies) rows.push(['discrepancy', '', d.tableId, d.sessionId, d.roundId, d.code, JSON.stringify(d.recorded), `expected ${JSON.stringify(d.expected)} · ${d.rule} · ${d.citation} · ${d.message}`]);
  for (const f of r.sessionFindings) rows.push(['session-finding', '', f.tableId, f.sessionId, '', f.code, JSON.stringify(f.recorded), `expected ${JSON.stringify(f.expected)} · ${f.rule} · ${f.citation} · ${f.message}`]);
  for (const f of r.dayFindings ?? []) rows.push(['day-finding', r.casinoId ?? '', f.tableId ?? '', f.sessionId ?? '', '', f.code, JSON.stringify(f.recorded), `expected ${JSON.stringify(f.expected)} · ${f.rule} · ${f.citation} · ${f.message}`]);
  for (const c of r.checklist ?? []) rows.push(['checklist', r.casinoId ?? '', '', '', '', `${c.jurisdiction} · ${c.title}`, c.status, [c.findings ? `${c.findings} ${c.code}` : '', c.citation ?? '', c.note ?? ''].filter(Boolean).join(' · ')]);
  for (const w of r.jackpots.wins) rows.push(['jackpot-win', w.casinoId, w.tableId, w.sessionId, w.roundId, `${w.poolId} seat ${w.seat} ${w.hand}`, w.amount, `pool ${w.before} -> ${w.after}`]);
  for (const d of r.disputes) rows.push(['dispute', '', d.tableId, d.sessionId, d.roundId, d.status, d.resolution?.adjustment ?? '', `${d.raisedBy}: ${d.claim}${d.resolution ? ` · ${d.resolution.resolvedBy}: ${d.resolution.resolution}` : ''}`]);
  for (const c of r.corrections) rows.push(['correction', '', c.tableId, c.sessionId, c.roundId, c.field ?? '', c.amount ?? '', `${c.correctsEventId} (${c.correctedType}) · ${c.reason} · approved by ${c.approvedBy.join(' & ')}${c.applied ? '' : ` · ${c.note}`}`]);
  for (const l of r.limitChanges) rows.push(['limit-change', '', l.tableId, l.sessionId, '', 'limits', `${l.to.min}-${l.to.max}`, `from ${JSON.stringify(l.from)} to ${JSON.stringify(l.to)} at ${at(l.at, l.sessionId)}`]);
  for (const v of r.voidedRounds) rows.push(['voided', '', v.tableId, v.sessionId, v.roundId, 'voided', '', `${v.reason} (decided by ${v.decidedBy})`]);
  rows.push(...performanceRows(r.performance));
  return csv(rows);
}

export function inspectorText(r: InspectorDayReport): string {
  const at = dayClock(r);
  const c = r.currency;
  const lines = [
    `Inspector's report — gaming day ${r.gamingDay} · ${r.casinoId ? `casino ${r.casinoId}` : `casinos ${r.casinos.join(', ') || '—'}`} · ${r.jurisdictions.join(', ') || '—'}`,
    '',
    `  ${r.sessions.length} table session(s); rounds played ${r.rounds.played}, voided ${r.rounds.voided}; judged ${r.rounds.judged}: ${r.rounds.consistent} consistent, ${r.rounds.withDiscrepancies} with discrepancies`,
  ];
  for (const s of r.sessions) {
    lines.push(`  ${s.tableId.padEnd(10)} ${s.game} (${s.jurisdiction}) ${s.status} · limits ${money(s.limits.min, '')}–${money(s.limits.max, '')} · inspector ${s.staff?.inspector ?? '—'} · croupiers ${(s.staff?.croupiers ?? []).join(', ')}`);
    lines.push(`             drop ${money(s.drop, c)} · win ${money(s.win, c)} · cagnotte ${money(s.cagnotte, c)} · tips ${money(s.tips, c)} · rounds ${s.rounds} (voided ${s.roundsVoided}) · discrepancies ${s.discrepancies} · session findings ${s.sessionFindings}`);
  }
  const t = r.totals;
  lines.push('', `  totals: drop ${money(t.drop, c)} · win ${money(t.win, c)} · cagnotte ${money(t.cagnotte, c)} · tips ${money(t.tips, c)} · jackpot contributions ${money(t.jackpotContributions, c)} · jackpot wins ${money(t.jackpotWins, c)}`);
  const ct = r.correctedTotals;
  lines.push(`  corrected: drop ${money(ct.drop, c)} · win ${money(ct.win, c)} · cagnotte ${money(ct.cagnotte, c)} · tips ${money(ct.tips, c)}`);
  lines.push('', r.discrepanciesByCode.length ? '  discrepancies:' : '  no discrepancy');
  for (const d of r.discrepanciesByCode) lines.push(`    ${d.code} × ${d.count}: ${d.roundIds.join(', ')}`);
  lines.push('', r.sessionFindings.length ? '  findings on the sessions:' : '  no finding on any session');
  for (const f of r.sessionFindings) lines.push(`    ${f.tableId} ${f.code} ${f.rule}: ${f.message} (${f.citation})`);
  lines.push('', (r.dayFindings ?? []).length ? '  findings on the gaming day:' : '  no finding on the gaming day');
  for (const f of r.dayFindings ?? []) lines.push(`    ${f.tableId ?? 'day'} ${f.code} ${f.rule}: ${f.message} (${f.citation})`);
  if ((r.checklist ?? []).length) lines.push('', '  gaming-day compliance checklist:');
  for (const c of r.checklist ?? []) lines.push(`    ${c.jurisdiction.padEnd(13)} ${c.title.padEnd(22)} ${CHECKLIST_LABEL[c.status]}${c.findings ? ` (${c.findings})` : ''}${c.citation ? ` · ${c.citation}` : ''}${c.note ? ` · ${c.note}` : ''}`);
  for (const d of r.disputes) lines.push(`  dispute ${d.roundId}: ${d.raisedBy}: ${d.claim} — ${d.resolution ? `resolved by ${d.resolution.resolvedBy}: ${d.resolution.resolution}` : 'open'}`);
  for (const x of r.corrections) lines.push(`  correction of ${x.correctedType ?? 'event'} ${x.correctsEventId}: ${x.field ?? '—'} ${x.amount ?? ''} · ${x.reason} · approved by ${x.approvedBy.join(' & ')}${x.applied ? '' : ` · ${x.note}`}`);
  for (const l of r.limitChanges) lines.push(`  limits ${l.tableId}: ${l.from ? `${money(l.from.min, '')}–${money(l.from.max, '')}` : '?'} → ${money(l.to.min, '')}–${money(l.to.max, '')} at ${at(l.at, l.sessionId)}`);
  if (r.performance) lines.push('', performanceText(r.performance));
  return lines.join('\n');
}
