/**
 * How a `CorrectionRecorded` carries its effect (contract §3, extended; see docs/reports.md):
 *
 * - `amount` (optional, signed, minor units) is added to one figure; `field` (optional) names that
 *   figure. Without `field`, the figure is the one the corrected event feeds (a CashExchanged feeds
 *   `drop`, a DropBoxCounted feeds `dropCounted`, …). Without `amount`, the correction is an annotation:
 *   listed everywhere, no figure changes.
 * - Nothing is edited: uncorrected figures stay as the facts say; corrected figures = uncorrected +
 *   the sum of the applied corrections' amounts, shown side by side.
 * - Four-eyes: ingestion already refuses a correction with fewer than two distinct approvers. A
 *   correction one of whose approvers recorded the corrected event (its `recordedBy`, the count room's
 *   `countedBy`, a void's `decidedBy`, a resolution's `resolvedBy`) is a fact too (contract §1.1: it
 *   happened), so it is stored, but it is **not applied** to corrected figures and is flagged
 *   `selfApproved` on every report that lists it.
 */
import type { ProjectedEvent } from '../../event-store/src';

/** The figures a correction may change, and the aliases accepted in `field`. */
export const CORRECTION_FIELDS = [
  'drop',
  'tips',
  'cagnotte',
  'fills',
  'credits',
  'commission',
  'payout',
  'jackpotContributions',
  'jackpotWins',
  'openingFloat',
  'closingFloat',
  'dropCounted',
  'tipsCounted',
  'cagnotteCounted',
] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

const ALIASES: Record<string, CorrectionField> = {
  fill: 'fills',
  credit: 'credits',
  tip: 'tips',
  payouts: 'payout',
  'jackpot-contribution': 'jackpotContributions',
  jackpotContribution: 'jackpotContributions',
  'jackpot-win': 'jackpotWins',
  jackpotWin: 'jackpotWins',
  'drop-counted': 'dropCounted',
  dropCount: 'dropCounted',
  'tips-counted': 'tipsCounted',
  tipsCount: 'tipsCounted',
  'cagnotte-counted': 'cagnotteCounted',
  cagnotteCount: 'cagnotteCounted',
  'opening-float': 'openingFloat',
  'closing-float': 'closingFloat',
};

/** The figure each event type feeds (used when a correction names no `field`). */
export const FIELD_OF_EVENT: Readonly<Record<string, CorrectionField>> = {
  CashExchanged: 'drop',
  TipDeposited: 'tips',
  CagnotteDeducted: 'cagnotte',
  ChipsFilled: 'fills',
  ChipsCredited: 'credits',
  CommissionCharged: 'commission',
  BetSettled: 'payout',
  JackpotContributed: 'jackpotContributions',
  JackpotWon: 'jackpotWins',
  TableSessionOpened: 'openingFloat',
  TableSessionClosed: 'closingFloat',
  DropBoxCounted: 'dropCounted',
  TipsBoxCounted: 'tipsCounted',
  CagnotteBoxCounted: 'cagnotteCounted',
};

export function correctionField(name: unknown): CorrectionField | null {
  if (typeof name !== 'string') return null;
  if ((CORRECTION_FIELDS as readonly string[]).includes(name)) return name as CorrectionField;
  return ALIASES[name] ?? null;
}

/** A correction as the reports show it. */
export interface CorrectionEntry {
  eventId: string;
  correctsEventId: string;
  correctedType: string | null;
  sessionId: string | null;
  poolId: string | null;
  roundId: string | null;
  field: CorrectionField | null;
  amount: number | null;
  reason: string;
  approvedBy: string[];
  recordedBy: string | null;
  occurredAt: string | null;
  /** an approver is among those who recorded the corrected event */
  selfApproved: boolean;
  /** true when `amount` was added to `field`'s corrected figure */
  applied: boolean;
  /** why it was not applied (null when applied) */
  note: string | null;
}

const norm = (s: unknown) =>
  String(s ?? '')
    .trim()
    .toLowerCase();

/** Who recorded (or decided) the corrected event: the people an approver must not be. */
export function recordersOf(corrected: ProjectedEvent | undefined): string[] {
  if (!corrected) return [];
  const d = corrected.data ?? {};
  const who = [corrected.metadata?.recordedBy, d.decidedBy, d.resolvedBy, d.raisedBy, ...(Array.isArray(d.countedBy) ? d.countedBy : [])];
  return who.filter((w): w is string => typeof w === 'string' && w.trim() !== '');
}

/** The effect of one correction, given the event it corrects (pure). */
export function correctionEffect(correction: ProjectedEvent, corrected: ProjectedEvent | undefined): CorrectionEntry {
  const d = correction.data ?? {};
  const approvedBy: string[] = Array.isArray(d.approvedBy) ? d.approvedBy.map(String) : [];
  const recorders = new Set(recordersOf(corrected).map(norm));
  const selfApproved = approvedBy.some((a) => recorders.has(norm(a)));
  const explicit = d.field !== undefined && d.field !== null;
  const field = explicit ? correctionField(d.field) : corrected ? (FIELD_OF_EVENT[corrected.type] ?? null) : null;
  const amount = typeof d.amount === 'number' && Number.isInteger(d.amount) ? d.amount : null;
  let note: string | null = null;
  if (amount === null) note = 'no amount: an annotation, no figure changes';
  else if (explicit && !field) note = `unknown field "${String(d.field)}" (known: ${CORRECTION_FIELDS.join(', ')})`;
  else if (!field) note = `a ${corrected?.type ?? 'stored'} event feeds no figure: name the figure in "field"`;
  else if (selfApproved) note = 'not applied: an approver recorded the corrected event (four-eyes)';
  const streamSession = correction.streamId?.startsWith('session-') ? correction.streamId.slice('session-'.length) : null;
  const streamPool = correction.streamId?.startsWith('jackpot-') ? correction.streamId.slice('jackpot-'.length) : null;
  return {
    eventId: correction.eventId,
    correctsEventId: String(d.correctsEventId ?? '').toLowerCase(),
    correctedType: corrected?.type ?? null,
    sessionId: streamSession ?? (typeof corrected?.data?.sessionId === 'string' ? corrected.data.sessionId : null),
    poolId: streamPool ?? (typeof corrected?.data?.poolId === 'string' ? corrected.data.poolId : null),
    roundId: typeof corrected?.data?.roundId === 'string' ? corrected.data.roundId : null,
    field,
    amount,
    reason: String(d.reason ?? ''),
    approvedBy,
    recordedBy: typeof correction.metadata?.recordedBy === 'string' ? correction.metadata.recordedBy : null,
    occurredAt: correction.occurredAt,
    selfApproved,
    applied: note === null,
    note,
  };
}

/** Add an applied correction to a figure → delta map. */
export function addAdjustment(adjustments: Record<string, number>, c: CorrectionEntry): Record<string, number> {
  if (!c.applied || !c.field || c.amount === null) return adjustments;
  return { ...adjustments, [c.field]: (adjustments[c.field] ?? 0) + c.amount };
}

/**
 * Record a correction on a read-model row that keeps its corrections and their adjustments (the table
 * book and the reconciliation do): the entry is listed and its amount added to the figure it corrects.
 */
export function recordCorrection(
  row: { corrections?: CorrectionEntry[]; adjustments?: Record<string, number> },
  e: ProjectedEvent,
  correction?: CorrectionEntry,
): void {
  const c = correction ?? correctionEffect(e, undefined);
  row.corrections = [...(row.corrections ?? []), c];
  row.adjustments = addAdjustment(row.adjustments ?? {}, c);
}
