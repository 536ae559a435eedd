/**
 * A refusal the domain raises (issue 22 §3): what kind of "no" it is (`code`) and what the answer says
 * (`body`: the field, the keyed reason, the refusals…). The libraries and the routes say *what* is
 * refused; the HTTP app alone says which status each code is answered with (apps/api/src/refusals.ts),
 * so that the same refusal is never answered with two statuses.
 *
 * Nothing here knows HTTP: the body carries no status; the HTTP answer adds `statusCode`.
 */
export const REFUSAL_CODES = [
  /** input that is not of the form asked (a field's type, a required value, a date range backwards) */
  'malformed',
  /** outside what the credential may read or write (another casino, an event type of another role) */
  'forbidden',
  /** nothing of that id on record */
  'not-found',
  /** an id reused with other content, a stream not at the expected version */
  'conflict',
  /** well-formed facts that cannot be (contract §1): an unknown or closed session, a card not in the shoe */
  'impossible',
  /** what would answer is not there yet (a read model not built): ask again later */
  'unavailable',
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: RefusalCode,
    /** the answer's fields: `field` and a keyed reason (reasons.ts), or the refusals of a batch */
    readonly body: object,
    message = String((body as { reason?: unknown }).reason ?? code),
  ) {
    super(message);
    this.name = new.target.name;
  }
}
