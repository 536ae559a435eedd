/**
 * What a principal may write (issue 6, "Access"), checked before ingestion judges the facts:
 *   - the event types of its roles (libs/access/src/policy.ts): a type outside them → 403 naming the
 *     event's index, id and type;
 *   - its casino scope: an event of a session or jackpot pool of another casino → 403;
 *   - a terminal's tables: passed to ingestion as `allowedTables` (an event for another table is
 *     refused there, and answered 403).
 * Malformed events are left to ingestion (400 with the usual refusals).
 */
import {
  CORE_EVENT_TYPES,
  eventTypeSpec,
  IngestInput,
  IngestResult,
  poolStreamId,
  sentEventId,
  sessionStreamId,
  type AsSent,
} from '../../../../libs/ledger/src';
import { AccessService, mayWrite, OWNER_OUT_OF_STORE, Principal, writersOf } from '../../../../libs/access/src';
import { eventHeadsAnywhere, streamOfRoundAnywhere, type SelectableEventStore } from '../../../../libs/event-store/src';
import { because, keyed, type KeyedReason } from '../../../../libs/i18n/src/reasons';
import { DomainError, type RefusalCode } from '../../../../libs/platform/src/domain-error';

export interface WriteRefusal extends KeyedReason {
  readonly index: number;
  readonly line?: number;
  readonly eventId?: string;
  readonly field: string;
}

/** The reason ingestion gives for an event of a table outside `allowedTables`. */
export const OTHER_TABLE_REASON = /^this credential may write only to table/;

export function isScopeRefusal(result: IngestResult): boolean {
  return result.refusals.some((r) => OTHER_TABLE_REASON.test(r.reason));
}

/**
 * What kind of refusal a refused batch is, wherever it was sent (POST /events, the count-room form): an
 * event of a table outside the terminal's credential → forbidden; anything malformed → malformed; only id
 * or version conflicts → conflict; otherwise facts that cannot be → impossible (docs/contract.md "Responses").
 */
export function batchRefusalCode(result: IngestResult): RefusalCode {
  if (isScopeRefusal(result)) return 'forbidden';
  if (result.refusals.some((r) => r.kind === 'schema')) return 'malformed';
  if (result.refusals.every((r) => r.kind === 'conflict')) return 'conflict';
  return 'impossible';
}

/** A refused batch: nothing of it is stored; the answer is the ingestion's result as it stands. */
export class RefusedBatch extends DomainError {
  constructor(readonly result: IngestResult) {
    super(batchRefusalCode(result), result, `${result.refused} event(s) refused`);
  }
}

/** The tables a principal may write to (undefined: any table). */
export function allowedTablesOf(principal: Principal): readonly string[] | undefined {
  return principal.roles.includes('terminal') ? principal.tableIds : undefined;
}

const at = (input: IngestInput, index: number) => {
  const eventId = sentEventId(input);
  return { index, ...(input.line !== undefined ? { line: input.line } : {}), ...(eventId !== undefined ? { eventId } : {}) };
};

/** The event types of the request that the principal's roles may not send. */
export function typeRefusals(principal: Principal, inputs: readonly IngestInput[]): WriteRefusal[] {
  const refusals: WriteRefusal[] = [];
  inputs.forEach((input, index) => {
    const type = (input.value as AsSent)?.type;
    if (typeof type !== 'string' || !eventTypeSpec(type)) return; // ingestion names it
    const gameFact = !(type in CORE_EVENT_TYPES);
    if (mayWrite(principal.roles, type, gameFact)) return;
    const writers = writersOf(type, gameFact);
    refusals.push({
      ...at(input, index),
      field: 'type',
      ...keyed(because('access.mayNotSend', { index: String(index), type, roles: principal.roles.join(', '), allowed: writers.join(', ') })),
    });
  });
  return refusals;
}

/** Events of another casino than the principal's (for casino-scoped credentials). */
export async function casinoRefusals(
  principal: Principal,
  inputs: readonly IngestInput[],
  access: AccessService,
  store: SelectableEventStore,
): Promise<WriteRefusal[]> {
  const casino = principal.casinoId;
  if (!casino) return [];
  const refusals: WriteRefusal[] = [];
  const streamOf = new Map<number, string>();
  const corrected: Array<{ index: number; id: string }> = [];
  for (const [index, input] of inputs.entries()) {
    const v = input.value as AsSent;
    // data's fields are read one by one below, each tested first
    const d = v?.data as Readonly<Record<string, unknown>> | null | undefined;
    if (!d || typeof d !== 'object' || typeof v?.type !== 'string') continue;
    if ((v.type === 'TableSessionOpened' || v.type === 'JackpotPoolConfigured') && typeof d.casinoId === 'string') {
      if (d.casinoId !== casino)
        refusals.push({
          ...at(input, index),
          field: 'data.casinoId',
          ...keyed(because('access.otherCasinoEvent', { index: String(index), type: v.type, casino, other: String(d.casinoId) })),
        });
      continue;
    }
    if (typeof d.sessionId === 'string') streamOf.set(index, sessionStreamId(d.sessionId));
    else if (typeof d.poolId === 'string') streamOf.set(index, poolStreamId(d.poolId));
    else if (typeof d.roundId === 'string') {
      const stream = await streamOfRoundAnywhere(store, d.roundId);
      if (stream) streamOf.set(index, stream);
    } else if (typeof d.correctsEventId === 'string') corrected.push({ index, id: d.correctsEventId });
  }
  if (corrected.length) {
    // online or out of the store: ingestion finds a corrected fact in either, so must this check
    const heads = await eventHeadsAnywhere(
      store,
      corrected.map((c) => c.id),
    );
    const found = new Map(heads.map((e) => [e.eventId.toLowerCase(), e.streamId]));
    for (const c of corrected) {
      const stream = found.get(c.id.toLowerCase());
      if (stream) streamOf.set(c.index, stream);
    }
  }
  const casinos = await access.casinosOfStreams([...streamOf.values()], store);
  for (const [index, stream] of streamOf) {
    const owner = casinos.get(stream);
    if (owner && owner !== casino) {
      const type = String((inputs[index].value as AsSent)?.type);
      const why =
        owner === OWNER_OUT_OF_STORE
          ? because('access.ownerOutOfStore', { index: String(index), type, stream, casino })
          : because('access.streamOfCasino', { index: String(index), type, stream, owner, casino });
      refusals.push({ ...at(inputs[index], index), field: 'data', ...keyed(why) });
    }
  }
  return refusals.sort((a, b) => a.index - b.index);
}
