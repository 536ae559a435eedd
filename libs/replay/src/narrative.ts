/**
 * The replay as an inspector reads it: what happened, step by step, and what the rules say about it, in
 * the reader's language (issue 16: the `replay` catalogue; English by default). Each step's own line is
 * the rules' narrative worded from the `narrative` catalogue (English: the rules' own line); each difference
 * is explained from the `findings` catalogue, with its citation in legal form and its expected and recorded
 * values in the locale's form.
 */
import type { Language } from '../../i18n/src';
import { formatLocal, localParts, timeZones } from '../../reports/src/local-time';
import { amountsAreMoney, legalCitationText } from '../../reports/src/finding-language';
import { reportWords } from '../../reports/src/report-language';
import { replayRemarks, stepNarration } from '../../reports/src/phrase-language';
import type { Discrepancy } from '../../rules/src';
import type { RoundReplay } from './replay';

/** `zone`: the clock the times are read on (default the casino's, issue 20 §6), each time with its offset. */
export function replayNarrative(r: RoundReplay, zone: string = timeZones().of(r.casinoId), lang: Language = 'en'): string {
  const words = reportWords(lang);
  const t = (key: string, values?: Record<string, unknown>) => words.tr.t(`replay:${key}`, values);
  const value = (v: unknown, money: boolean) => (typeof v === 'number' ? (money ? words.amount(v) : words.tr.number(v)) : JSON.stringify(v));
  const lines: string[] = [];
  lines.push(t('title', { round: r.roundId, game: r.game, jurisdiction: r.jurisdiction, rulebook: r.rulebook ? legalCitationText(r.rulebook, lang) : 'none' }));
  const where = [
    t('where.session', { session: r.sessionId }),
    r.tableId ? t('where.table', { table: r.tableId }) : '',
    r.casinoId ? t('where.casino', { casino: r.casinoId }) : '',
    r.gamingDay ? t('where.day', { day: words.tr.date(r.gamingDay) }) : '',
  ];
  lines.push(`  ${where.filter(Boolean).join(' · ')}`);
  if (r.start)
    lines.push(`  ${r.start.source === 'snapshot' ? t('start.snapshot', { facts: r.start.atVersion }) : t('start.stream', { facts: r.start.factsFolded })}`);
  lines.push(`  ${t('clock', { zone })}`, '');
  const difference = (d: Discrepancy) => {
    const f = words.finding(d);
    // amounts (the money codes' numbers) in the locale's form, other numbers as numbers
    const money = amountsAreMoney(d.code);
    lines.push(`       ✗ ${d.code}: ${t('difference', { explanation: f.explanation })}`);
    lines.push(`         ${t('values', { expected: value(d.expected, money), recorded: value(d.recorded, money), rule: d.rule, citation: f.legalCitation })}`);
  };
  for (const step of r.steps) {
    const at = step.occurredAt ? localParts(step.occurredAt, zone) : null;
    const time = at ? `${at.time} ${at.offset}` : '';
    lines.push(`  ${String(step.position).padStart(3)}. ${time.padEnd(15)} ${stepNarration(step, lang)}`);
    for (const d of step.discrepancies) difference(d);
  }
  for (const d of r.discrepancies.filter((x) => !r.steps.some((s) => s.eventId === x.eventId))) difference(d);
  lines.push('');
  lines.push(`  ${t('verdict', { verdict: r.verdict, count: r.discrepancies.length })}`);
  const remarks = replayRemarks(r, lang);
  for (const n of remarks.notes) lines.push(`  ${t('note', { note: n })}`);
  for (const w of remarks.warnings) lines.push(`  ${t('warning', { warning: w })}`);
  for (const d of r.disputes)
    lines.push(
      `  ${t('dispute', { type: d.type === 'RoundDisputed' ? 'disputed' : 'resolved', at: formatLocal(d.occurredAt, zone), data: JSON.stringify(d.data) })}`,
    );
  for (const c of r.corrections)
    lines.push(`  ${t('correction', { event: c.correctsEventId, reason: c.reason, approvers: c.approvedBy.join(words.t('and')) })}`);
  return lines.join('\n');
}
