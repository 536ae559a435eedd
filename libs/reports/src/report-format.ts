/**
 * Reconciliation, jackpots and the inspector's day as CSV (the same figures as the JSON, minor units)
 * and as text for the terminal.
 */
import type { Language } from '../../i18n/src';
import { csv } from './csv';
import { money } from './money-text';
import { reportWords } from './report-language';
import { checklistNote, checklistTitle } from './phrase-language';
import { casinoTime } from './local-time';
import { advantagePlayInspectorRows, advantagePlayText } from './advantage-play-format';
import { performanceRows, performanceText } from './performance-format';
import type { BoxTotal, InspectorDayReport, JackpotsReport, ReconciliationReport, ReconciliationSession } from '../../projections/src';
import type { ChecklistStatus } from '../../rules/src';

export { money };

const BOXES = ['drop', 'tips', 'cagnotte'] as const;

// ---------------------------------------------------------------- reconciliation

/** `lang`: the header's words (default English); the figures stay minor units as in the JSON. */
export function reconciliationCsv(r: ReconciliationReport, lang: Language = 'en'): string {
  const { t } = reportWords(lang);
  const header = ['level', 'casinoId', 'tableId', 'sessionId', 'gamingDay', 'game', 'jurisdiction', 'status'].map((h) => t(`csv.${h}`));
  for (const b of BOXES) {
    const box = t(`csv.${b}`);
    const [recorded, counted, variance, corrected] = ['recorded', 'counted', 'variance', 'corrected'].map((h) => t(`csv.${h}`));
    header.push(
      `${box}.${recorded}`,
      `${box}.${counted}`,
      `${box}.${variance}`,
      `${box}.${corrected}.${recorded}`,
      `${box}.${corrected}.${counted}`,
      `${box}.${corrected}.${variance}`,
    );
  }
  header.push(t('csv.uncounted'));
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

export function reconciliationText(r: ReconciliationReport, lang: Language = 'en'): string {
  const words = reportWords(lang);
  const { t } = words;
  const c = r.currency;
  const cell = (v: number | null) => words.amount(v).padStart(12);
  const m = (v: number | null) => words.money(v, c);
  const lines = [t('text.reconciliation.title', { day: words.tr.date(r.gamingDay), casino: r.casinoId ?? 'all', currency: c }), ''];
  const box = (b: (typeof BOXES)[number]) => t(`figure.${b}`);
  const fmt = (
    label: string,
    l: { recorded: number; counted: number | null; variance: number | null; corrected: { recorded: number; counted: number | null; variance: number | null } },
  ) =>
    `    ${label.padEnd(12)}${cell(l.recorded)}${cell(l.counted)}${cell(l.variance)}   (${words.amount(l.corrected.recorded)} / ${words.amount(l.corrected.counted)} / ${words.amount(l.corrected.variance)})`;
  for (const s of r.sessions) {
    lines.push(`  ${s.casinoId} · ${s.tableId} · ${s.sessionId} · ${s.game} · ${t('text.status', { status: s.status })}`);
    for (const b of BOXES) lines.push(fmt(box(b), s[b]));
  }
  lines.push('');
  for (const x of r.tables) {
    lines.push(`  ${t('text.reconciliation.table', { casino: x.casinoId, table: x.tableId, sessions: x.sessions })}`);
    for (const b of BOXES) lines.push(fmt(box(b), x[b]));
  }
  for (const g of r.casinos) {
    lines.push(`  ${t('text.reconciliation.casino', { casino: g.casinoId, sessions: g.sessions })}`);
    for (const b of BOXES) lines.push(fmt(box(b), g[b]));
  }
  lines.push(`  ${t('text.reconciliation.total', { sessions: r.totals.sessions })}`);
  for (const b of BOXES)
    lines.push(fmt(box(b), r.totals[b]) + (r.totals[b].uncounted ? `  · ${t('text.reconciliation.notCounted', { count: r.totals[b].uncounted })}` : ''));
  lines.push('', `  ${t('text.reconciliation.variances', { count: r.variances.length })}`);
  for (const v of r.variances)
    lines.push(
      `    ${v.tableId} ${v.sessionId} ${box(v.box)}: ${t('text.reconciliation.variance', { counted: m(v.counted), recorded: m(v.recorded), variance: m(v.variance) })}` +
        (v.correctedVariance !== v.variance ? ` ${t('text.reconciliation.afterCorrections', { variance: m(v.correctedVariance) })}` : ''),
    );
  return lines.join('\n');
}

// ---------------------------------------------------------------- jackpots

/** `lang`: the header's words (default English); the figures stay minor units as in the JSON. */
export function jackpotsCsv(r: JackpotsReport, lang: Language = 'en'): string {
  const { t } = reportWords(lang);
  const rows: unknown[][] = [
    ['poolId', 'casinoId', 'record', 'seq', 'roundId', 'sessionId', 'tableId', 'seat', 'hand', 'amount', 'before', 'after', 'at'].map((h) => t(`csv.${h}`)),
  ];
  for (const p of r.pools) {
    rows.push([p.poolId, p.casinoId, 'seed', '', '', '', '', '', '', p.seed, '', '', p.configuredAt]);
    rows.push([p.poolId, p.casinoId, 'contributions', '', '', '', '', '', '', p.contributions, '', '', '']);
    rows.push([p.poolId, p.casinoId, 'won', '', '', '', '', '', '', p.won, '', '', '']);
    rows.push([p.poolId, p.casinoId, 'current', '', '', '', '', '', '', p.current, '', '', '']);
    for (const w of p.wins)
      rows.push([p.poolId, p.casinoId, 'win', '', w.roundId, w.sessionId, w.tableId, w.seat, w.hand, w.amount, w.before, w.after, w.occurredAt]);
    for (const x of p.resets) rows.push([p.poolId, p.casinoId, 'reset', '', '', '', '', '', '', x.amount, x.before, x.after, x.occurredAt]);
  }
  return csv(rows);
}

export function jackpotsText(r: JackpotsReport, lang: Language = 'en'): string {
  const words = reportWords(lang);
  const { t } = words;
  if (!r.pools.length) return t('text.jackpots.none');
  const m = (v: number | null) => words.money(v);
  const lines: string[] = [];
  for (const p of r.pools) {
    lines.push(t('text.jackpots.pool', { pool: p.poolId, casino: p.casinoId, tables: p.tables.join(', ') || '—' }));
    lines.push(
      `  ${t('text.jackpots.figures', { seed: m(p.seed), contributions: m(p.contributions), contributionsCount: p.contributionsCount, won: m(p.won), winsCount: p.winsCount, current: m(p.current) })}`,
    );
    for (const w of p.wins)
      lines.push(
        `  ${t('text.jackpots.win', { round: w.roundId ?? '', table: w.tableId ?? '', seat: w.seat ?? '—', hand: w.hand ?? '', amount: m(w.amount), before: m(w.before), after: m(w.after) })}`,
      );
    for (const x of p.resets) lines.push(`  ${t('text.jackpots.reset', { amount: m(x.amount), before: m(x.before) })}`);
    lines.push('');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- inspector

/** How a checklist row's status reads to people (text, PDF, page). */
export const CHECKLIST_LABEL: Record<ChecklistStatus, string> = {
  pass: 'pass',
  finding: 'finding',
  'not-applicable': 'not applicable',
  'not-judged': 'not judged',
};

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

/** `lang`: the header's words (default English); the figures stay minor units as in the JSON. */
export function inspectorCsv(r: InspectorDayReport, lang: Language = 'en'): string {
  const words = reportWords(lang);
  const at = dayClock(r);
  const rows: unknown[][] = [['section', 'casinoId', 'tableId', 'sessionId', 'roundId', 'item', 'value', 'detail'].map((h) => words.t(`csv.${h}`))];
  for (const s of r.sessions) {
    const base = ['session', s.casinoId, s.tableId, s.sessionId, ''];
    rows.push([...base, 'game', s.game, `${s.jurisdiction} · ${s.status} · opened ${at(s.openedAt, s.sessionId)} · closed ${at(s.closedAt, s.sessionId)}`]);
    rows.push([...base, 'limits', `${s.limits.min}-${s.limits.max}`, JSON.stringify(s.limits)]);
    rows.push([...base, 'staff', s.staff?.inspector ?? '', (s.staff?.croupiers ?? []).join(' ')]);
    for (const k of [
      'rounds',
      'roundsVoided',
      'drop',
      'win',
      'cagnotte',
      'tips',
      'commission',
      'jackpotContributions',
      'jackpotWins',
      'discrepancies',
      'sessionFindings',
    ] as const) {
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
  for (const b of BOXES)
    rows.push([
      'count',
      r.casinoId ?? '',
      '',
      '',
      '',
      b,
      r.counts[b].variance,
      `recorded ${r.counts[b].recorded} counted ${r.counts[b].counted ?? ''} uncounted ${r.counts[b].uncounted}`,
    ]);
  for (const d of r.discrepanciesByCode) rows.push(['discrepancies', r.casinoId ?? '', '', '', d.roundIds.join(' '), d.code, d.count, '']);
  for (const d of r.discrepancies)
    rows.push([
      'discrepancy',
      '',
      d.tableId,
      d.sessionId,
      d.roundId,
      d.code,
      JSON.stringify(d.recorded),
      `expected ${JSON.stringify(d.expected)} · ${d.rule} · ${d.citation} · ${d.message}`,
    ]);
  for (const f of r.sessionFindings)
    rows.push([
      'session-finding',
      '',
      f.tableId,
      f.sessionId,
      '',
      f.code,
      JSON.stringify(f.recorded),
      `expected ${JSON.stringify(f.expected)} · ${f.rule} · ${f.citation} · ${f.message}`,
    ]);
  for (const f of r.dayFindings ?? [])
    rows.push([
      'day-finding',
      r.casinoId ?? '',
      f.tableId ?? '',
      f.sessionId ?? '',
      '',
      f.code,
      JSON.stringify(f.recorded),
      `expected ${JSON.stringify(f.expected)} · ${f.rule} · ${f.citation} · ${f.message}`,
    ]);
  for (const c of r.checklist ?? [])
    rows.push([
      'checklist',
      r.casinoId ?? '',
      '',
      '',
      '',
      `${c.jurisdiction} · ${c.title}`,
      c.status,
      [c.findings ? `${c.findings} ${c.code}` : '', c.citation ?? '', c.note ?? ''].filter(Boolean).join(' · '),
    ]);
  for (const w of r.jackpots.wins)
    rows.push([
      'jackpot-win',
      w.casinoId,
      w.tableId,
      w.sessionId,
      w.roundId,
      `${w.poolId} seat ${w.seat} ${w.hand}`,
      w.amount,
      `pool ${w.before} -> ${w.after}`,
    ]);
  for (const d of r.disputes)
    rows.push([
      'dispute',
      '',
      d.tableId,
      d.sessionId,
      d.roundId,
      d.status,
      d.resolution?.adjustment ?? '',
      `${d.raisedBy}: ${d.claim}${d.resolution ? ` · ${d.resolution.resolvedBy}: ${d.resolution.resolution}` : ''}`,
    ]);
  for (const c of r.corrections)
    rows.push([
      'correction',
      '',
      c.tableId,
      c.sessionId,
      c.roundId,
      c.field ?? '',
      c.amount ?? '',
      `${c.correctsEventId} (${c.correctedType}) · ${c.reason} · approved by ${c.approvedBy.join(' & ')}${c.applied ? '' : ` · ${c.note}`}`,
    ]);
  for (const l of r.limitChanges)
    rows.push([
      'limit-change',
      '',
      l.tableId,
      l.sessionId,
      '',
      'limits',
      `${l.to.min}-${l.to.max}`,
      `from ${JSON.stringify(l.from)} to ${JSON.stringify(l.to)} at ${at(l.at, l.sessionId)}`,
    ]);
  for (const v of r.voidedRounds) rows.push(['voided', '', v.tableId, v.sessionId, v.roundId, 'voided', '', `${v.reason} (decided by ${v.decidedBy})`]);
  rows.push(...performanceRows(r.performance));
  rows.push(...advantagePlayInspectorRows(r.advantagePlay));
  return csv(rows);
}

export function inspectorText(r: InspectorDayReport, lang: Language = 'en'): string {
  const words = reportWords(lang);
  const { t } = words;
  const at = dayClock(r, words.time);
  const c = r.currency;
  const m = (v: number | null) => words.money(v, c);
  const where = r.casinoId ? t('inspector.casino', { casino: r.casinoId }) : t('inspector.casinos', { casinos: r.casinos.join(', ') || '—' });
  const lines = [
    t('text.inspector.title', { day: words.tr.date(r.gamingDay), where, jurisdictions: r.jurisdictions.join(', ') || '—' }),
    '',
    `  ${t('text.inspector.rounds', { sessions: r.sessions.length, ...r.rounds })}`,
  ];
  const figures = (x: Record<string, number | null>, keys: readonly string[]) => keys.map((k) => `${t(`figure.${k}`)} ${m(x[k])}`).join(' · ');
  for (const s of r.sessions) {
    lines.push(
      `  ${s.tableId.padEnd(10)} ${s.game} (${s.jurisdiction}) ${t('text.status', { status: s.status })} · ${t('text.inspector.session', { min: words.amount(s.limits.min), max: words.amount(s.limits.max), inspector: s.staff?.inspector ?? '—', croupiers: (s.staff?.croupiers ?? []).join(', ') })}`,
    );
    lines.push(
      `             ${figures(s as unknown as Record<string, number | null>, ['drop', 'win', 'cagnotte', 'tips'])} · ${t('text.inspector.counts', { rounds: s.rounds, voided: s.roundsVoided, discrepancies: s.discrepancies, findings: s.sessionFindings })}`,
    );
  }
  lines.push(
    '',
    `  ${t('inspector.totals')}: ${figures(r.totals as unknown as Record<string, number>, ['drop', 'win', 'cagnotte', 'tips', 'jackpotContributions', 'jackpotWins'])}`,
  );
  lines.push(`  ${t('col.corrected')}: ${figures(r.correctedTotals as unknown as Record<string, number>, ['drop', 'win', 'cagnotte', 'tips'])}`);
  lines.push('', `  ${t('inspector.discrepancies', { count: r.discrepancies.length })}`);
  for (const d of r.discrepanciesByCode) lines.push(`    ${d.code} × ${d.count}: ${d.roundIds.join(', ')}`);
  const finding = (where: string, x: Parameters<typeof words.finding>[0]) => {
    const f = words.finding(x);
    lines.push(`    ${where} ${x.code} ${x.rule}: ${f.explanation}`, `      ${f.legalCitation}`);
  };
  lines.push('', `  ${t('inspector.sessionFindings', { count: r.sessionFindings.length })}`);
  for (const f of r.sessionFindings) finding(f.tableId, f);
  lines.push('', `  ${t('inspector.dayFindings', { count: (r.dayFindings ?? []).length })}`);
  for (const f of r.dayFindings ?? []) finding(f.tableId ?? t('inspector.theDay'), f);
  if ((r.checklist ?? []).length) lines.push('', `  ${t('text.inspector.checklist')}`);
  for (const x of r.checklist ?? []) {
    const note = checklistNote(x, words.lang);
    lines.push(
      `    ${x.jurisdiction.padEnd(13)} ${checklistTitle(x, words.lang).padEnd(22)} ${t(`checklist.${x.status}`)}${x.findings ? ` (${x.findings})` : ''}${x.citation ? ` · ${x.citation}` : ''}${note ? ` · ${note}` : ''}`,
    );
  }
  for (const d of r.disputes)
    lines.push(
      `  ${t('inspector.dispute', { round: d.roundId ?? '?', table: d.tableId ?? '?', status: d.status })}: ${d.raisedBy}: ${d.claim}${d.resolution ? ` — ${t('inspector.resolved', { who: d.resolution.resolvedBy, at: at(d.resolution.resolvedAt, d.sessionId), resolution: d.resolution.resolution })}` : ''}`,
    );
  for (const x of r.corrections)
    lines.push(
      `  ${t('inspector.correction', { target: x.tableId ?? '?', field: x.field ?? t('noFigure'), amount: x.amount !== null ? m(x.amount) : '', type: x.correctedType ?? t('event'), event: x.correctsEventId })} · ${t('approved', { reason: x.reason, approvers: x.approvedBy.join(t('and')) })}${x.applied ? '' : ` · ${x.note}`}`,
    );
  for (const l of r.limitChanges)
    lines.push(
      `  ${t('inspector.limitChange', { table: l.tableId ?? '?', from: l.from ? `${words.amount(l.from.min)}–${words.amount(l.from.max)}` : '?', to: `${words.amount(l.to.min)}–${words.amount(l.to.max)}`, at: at(l.at, l.sessionId) })}`,
    );
  if (r.performance) lines.push('', performanceText(r.performance, words.lang));
  for (const a of r.advantagePlay ?? []) lines.push('', advantagePlayText(a, words.lang));
  return lines.join('\n');
}
