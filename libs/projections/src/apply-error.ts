/**
 * A read model's batch that failed, named so the operator can act on it: which read model, which events, and — when one
 * of them is not a fact of the contract — which event and which of its fields. Ingestion (HTTP, `import`) refuses such a
 * fact, but a fact appended around it (the library's `append`, a store written by hand or by an older version) reaches
 * the read models, which failed with whatever PostgreSQL said of the row it made (`null value in column "session_id"`).
 * The batch is rolled back either way: the read model's rows and checkpoint stay as they were before it.
 */
import { keyedError, KeyedError } from '../../access/src/keyed-error';
import { eventTypeSpec, validateEnvelope } from '../../ledger/src/schema';
import type { FedEvent } from './projection';

/** A read model's batch that could not be applied; `cause` is the error its `apply` threw. */
export class ProjectionApplyError extends KeyedError {}

/** The fields of `e` the contract refuses (none for a valid fact, or a type the contract does not declare: seals, corrections of the store's own). */
export function contractRefusals(e: FedEvent): string[] {
  if (!eventTypeSpec(e.type)) return [];
  let data: unknown;
  try {
    data = 'data' in e ? e.data : JSON.parse(e.dataText);
  } catch {
    return ['data'];
  }
  // the envelope's own fields are the store's (checked when appended): only the fact's data is read here
  const { errors } = validateEnvelope({ eventId: e.eventId, occurredAt: '2000-01-01T00:00:00Z', type: e.type, data });
  return [...new Set(errors.map((x) => x.field).filter((f) => f === 'data' || f.startsWith('data.')))];
}

/** The error to throw for `name`'s batch of `events` whose `apply` threw `error` (kept as its `cause`). */
export function applyFailure(name: string, events: readonly FedEvent[], error: unknown): ProjectionApplyError {
  const message = error instanceof Error ? error.message : String(error);
  const withCause = (failure: ProjectionApplyError) => Object.assign(failure, { cause: error });
  for (const e of events) {
    const fields = contractRefusals(e);
    if (fields.length)
      return withCause(
        keyedError(ProjectionApplyError, 'projector.notContractFact', {
          name,
          eventId: e.eventId,
          position: e.globalPosition.toString(),
          type: e.type,
          fields: fields.join(', '),
          error: message,
        }),
      );
  }
  return withCause(
    keyedError(ProjectionApplyError, 'projector.applyFailed', {
      name,
      events: events.length,
      from: events.length ? events[0].globalPosition.toString() : '',
      to: events.length ? events[events.length - 1].globalPosition.toString() : '',
      error: message,
    }),
  );
}
