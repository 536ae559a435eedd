/** The replay as an inspector reads it: what happened, step by step, and what the rules say about it. */
import { formatLocal, localParts, timeZones } from '../../reports/src/local-time';
import type { RoundReplay } from './replay';

const money = (v: unknown) => (typeof v === 'number' ? (v / 100).toFixed(2) : JSON.stringify(v));

/** `zone`: the clock the times are read on (default the casino's, issue 20 §6), each time with its offset. */
export function replayNarrative(r: RoundReplay, zone: string = timeZones().of(r.casinoId)): string {
  const lines: string[] = [];
  lines.push(`Round ${r.roundId} — ${r.game} under the ${r.jurisdiction} catalogue${r.rulebook ? ` (${r.rulebook})` : ''}`);
  lines.push(`  session ${r.sessionId}${r.tableId ? ` · table ${r.tableId}` : ''}${r.casinoId ? ` · casino ${r.casinoId}` : ''}${r.gamingDay ? ` · gaming day ${r.gamingDay}` : ''}`);
  if (r.start)
    lines.push(
      r.start.source === 'snapshot'
        ? `  table state at the round's start: stored with its verdict, folded from the session's first ${r.start.atVersion} facts (--full folds them again)`
        : `  table state at the round's start: folded now from ${r.start.factsFolded} earlier fact(s) of the session`,
    );
  lines.push(`  times on the ${zone} clock`, '');
  for (const step of r.steps) {
    const at = step.occurredAt ? localParts(step.occurredAt, zone) : null;
    const time = at ? `${at.time} ${at.offset}` : '';
    lines.push(`  ${String(step.position).padStart(3)}. ${time.padEnd(15)} ${step.narrative}`);
    for (const d of step.discrepancies) {
      lines.push(`       ✗ ${d.code}: ${d.message}`);
      lines.push(`         expected ${money(d.expected)}, recorded ${money(d.recorded)} — rule ${d.rule}, ${d.citation}`);
    }
  }
  const unplaced = r.discrepancies.filter((d) => !r.steps.some((s) => s.eventId === d.eventId));
  for (const d of unplaced) {
    lines.push(`       ✗ ${d.code}: ${d.message}`);
    lines.push(`         expected ${money(d.expected)}, recorded ${money(d.recorded)} — rule ${d.rule}, ${d.citation}`);
  }
  lines.push('');
  const verdicts: Record<string, string> = {
    consistent: 'CONSISTENT — every bet, draw, payout and levy agrees with the regulation',
    discrepancies: `DISCREPANCIES — ${r.discrepancies.length} difference(s) from the regulation`,
    void: 'VOID — the round was voided',
    incomplete: 'INCOMPLETE — the round has not been completed',
  };
  lines.push(`  Verdict: ${verdicts[r.verdict]}`);
  for (const n of r.notes) lines.push(`  Note: ${n}`);
  for (const w of r.warnings) lines.push(`  Rulebook warning: ${w}`);
  for (const d of r.disputes) lines.push(`  ${d.type === 'RoundDisputed' ? 'Disputed' : 'Resolved'} (${formatLocal(d.occurredAt, zone)}): ${JSON.stringify(d.data)}`);
  for (const c of r.corrections) lines.push(`  Correction of event ${c.correctsEventId}: ${c.reason} (approved by ${c.approvedBy.join(' and ')})`);
  return lines.join('\n');
}
