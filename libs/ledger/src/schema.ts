/**
 * The contract's envelope (public contract v1 §2–3; the project's notes: docs/contract.md#envelope) and the validator that
 * names the field and the reason for every refusal. The core event types are declared in the rules library
 * (core/events.ts, re-exported here) so that its judges read them typed too; game-specific facts come from each
 * game (`GameRules.factTypes`).
 */
import {
  CORE_EVENT_SCHEMA,
  declaredFieldRefusals,
  type EventTypeSpec,
  type FactTypeSpec,
  type FieldKind,
  fieldRefusals,
  type FieldRefusal,
  field as f,
  type FieldTable,
  isCoreEventType,
  LAST_ROUNDS_ANNOUNCED,
  refuseAnnouncement,
  registeredGames,
} from '../../rules/src';
import { because, keyed, type KeyedReason, type ReasonValue } from '../../i18n/src/reasons';

// The field kinds are the rules library's (a game declares its facts' fields with them): the ledger's names stay as they were.
export {
  type BetOutcome,
  type ChipInventory,
  type DataOf,
  FIELD_SCHEMAS,
  type FieldKind,
  type FieldSpec,
  type FieldValue,
  type FieldValues,
  type JsonSchema,
  type Limits,
  MAX_MONEY,
  PLAYER_REF,
  type Staff,
  type TableSeat,
} from '../../rules/src';

export {
  asContractEvent,
  type ContractEvent,
  CORE_EVENT_SCHEMA,
  CORE_EVENT_TYPES,
  type CoreEventType,
  dataOf,
  type EventData,
  type EventOf,
  type EventTypeSpec,
  isCoreEventType,
  isEvent,
  type StreamKey,
} from '../../rules/src';

/** Game-specific facts declared by the rules library, accepted for sessions of any game that declares them. */
export function eventTypeSpec(type: string): EventTypeSpec | undefined {
  // own properties only: "constructor" or "toString" are not event types
  if (isCoreEventType(type)) return CORE_EVENT_SCHEMA[type];
  for (const game of registeredGames()) {
    const spec = game.factTypes && Object.hasOwn(game.factTypes, type) ? game.factTypes[type] : undefined;
    if (spec) return gameFactSpec(spec);
  }
  return undefined;
}

/** A game's fact's fields by kind as the validator checks them: `sessionId` and a round's `roundId` always, then its declared ones. */
export const gameFactFields = (spec: FactTypeSpec): FieldTable => ({ sessionId: f('id'), ...(spec.roundScoped ? { roundId: f('id') } : {}), ...spec.fields });

/** A game's fact as the validator reads it: its fields by kind, open to the other fields its game documents. */
const gameFactSpec = (spec: FactTypeSpec): EventTypeSpec => ({ stream: 'session', roundScoped: spec.roundScoped, fields: gameFactFields(spec), open: true });

/** Every game-specific fact type the registered games declare, as `eventTypeSpec` reads each (a core type first, then the first declaring game). */
export function gameEventTypes(): Readonly<Record<string, EventTypeSpec>> {
  const out: Record<string, EventTypeSpec> = {};
  for (const game of registeredGames())
    for (const [type, spec] of Object.entries(game.factTypes ?? {})) if (!isCoreEventType(type)) out[type] ??= gameFactSpec(spec);
  return out;
}

export const ENVELOPE_FIELDS = ['eventId', 'type', 'occurredAt', 'recordedBy', 'data', 'expectedVersion'] as const;

/** Event types the store writes itself (tamper evidence, docs/security.md): never accepted from a sender. */
export const RESERVED_EVENT_TYPES: Readonly<Record<string, string>> = {
  StoreSealed: 'is written by the store itself when it seals (casino-audit seal); it cannot be sent',
};

/** Identifier fields of the contract: wherever they appear in `data`, they are ids (streams and indexes rely on it). */
const IDENTIFIER_FIELDS = ['sessionId', 'roundId', 'poolId'];

/** A refused field: the English `reason` and, to word it in the reader's language, its `errors` key and values (issue 16). */
export interface FieldError extends KeyedReason {
  readonly field: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field refused for a reason of the `errors:schema` catalogue. */
const refused = (field: string, key: string, values?: Readonly<Record<string, ReasonValue>>): FieldError => ({
  field,
  ...keyed(because(`schema.${key}`, values)),
});

/** The rules library's refusals of a field, worded (English, with the key to word them otherwise). */
const worded = (refusals: readonly FieldRefusal[]): FieldError[] => refusals.map((r) => ({ field: r.field, ...keyed(r.because) }));

/** Every reason `v` is not a valid value of `kind`, each naming its path from `field` (core/fields.ts in the rules library). */
export function checkField(kind: FieldKind, v: unknown, field: string): FieldError[] {
  return worded(fieldRefusals(kind, v, field));
}

/**
 * Every refusal of a field table's fields in `data`, each named `data.<field>`: a missing required field, and a
 * present one that is not a valid value of its kind (or outside its closed list). The core events and the games'
 * facts are checked by this one function.
 */
export function fieldTableErrors(fields: FieldTable, data: Readonly<Record<string, unknown>>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (data[name] === undefined || data[name] === null) {
      if (!spec.optional) errors.push(refused(`data.${name}`, 'required'));
      continue;
    }
    errors.push(...worded(declaredFieldRefusals(spec, data[name], `data.${name}`)));
  }
  return errors;
}

/**
 * A string PostgreSQL cannot store as sent (text and jsonb refuse NUL, and a lone UTF-16 surrogate is not a
 * character; the store's json data keeps both as escapes, but its look-ups (`->>`) and every read model could not
 * read them): the path of the first one, keys included, or null. Call after `tooDeep` (bounded depth).
 */
export function unstorableString(v: unknown, path: string): FieldError | null {
  const bad = (s: string) => s.includes('\u0000') || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
  if (typeof v === 'string') return bad(v) ? refused(path, 'unstorable') : null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = unstorableString(v[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isObject(v)) {
    for (const [key, value] of Object.entries(v)) {
      if (bad(key)) return { field: `${path}.${key.replace(/[\u0000\ud800-\udfff]/g, '\ufffd')}`, ...keyed(because('schema.unstorableKey')) };
      const found = unstorableString(value, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** Depth and size guard for free-form values (selection, options…): hostile input must not blow the stack. */
export function tooDeep(v: unknown, depth = 0): boolean {
  if (depth > 8) return true;
  if (Array.isArray(v)) return v.length > 1000 || v.some((x) => tooDeep(x, depth + 1));
  if (isObject(v)) {
    const values = Object.values(v);
    return values.length > 200 || values.some((x) => tooDeep(x, depth + 1));
  }
  return false;
}

export interface Envelope {
  readonly eventId: string;
  readonly type: string;
  readonly occurredAt: string;
  readonly recordedBy?: string;
  /** checked against its type's fields by validateEnvelope; read typed through dataOf and asContractEvent */
  readonly data: Readonly<Record<string, unknown>>;
  readonly expectedVersion?: number;
}

/** A sender's key as a field name in a refusal: never empty, never huge. */
const keyName = (key: string) => (key === '' ? '(empty key "")' : key.length > 100 ? `${key.slice(0, 100)}…` : key);

/** Validate one envelope: every error names the field (`eventId`, `data.amount`, …) and the reason. */
export function validateEnvelope(input: unknown): { envelope?: Envelope; errors: FieldError[] } {
  if (!isObject(input)) return { errors: [refused('(event)', 'jsonObject')] };
  const errors: FieldError[] = [];
  for (const key of Object.keys(input)) {
    if (!(ENVELOPE_FIELDS as readonly string[]).includes(key)) errors.push(refused(keyName(key), 'unknownEnvelopeField'));
  }
  if (input.eventId === undefined) errors.push(refused('eventId', 'required'));
  else errors.push(...checkField('uuid', input.eventId, 'eventId'));
  if (input.occurredAt === undefined) errors.push(refused('occurredAt', 'required'));
  else errors.push(...checkField('datetime', input.occurredAt, 'occurredAt'));
  if (input.recordedBy !== undefined) {
    const recordedBy = checkField('text', input.recordedBy, 'recordedBy');
    errors.push(...(recordedBy.length ? recordedBy : [unstorableString(input.recordedBy, 'recordedBy')].filter((e): e is FieldError => e !== null)));
  }
  if (input.expectedVersion !== undefined) errors.push(...checkField('count', input.expectedVersion, 'expectedVersion'));
  let spec: EventTypeSpec | undefined;
  if (input.type === undefined) errors.push(refused('type', 'required'));
  else if (typeof input.type !== 'string') errors.push(refused('type', 'string'));
  else if (Object.hasOwn(RESERVED_EVENT_TYPES, input.type))
    errors.push(refused('type', 'reserved', { type: input.type, why: RESERVED_EVENT_TYPES[input.type] }));
  else if (!(spec = eventTypeSpec(input.type))) errors.push(refused('type', 'unknownType', { type: input.type.slice(0, 64) }));
  if (input.data === undefined) errors.push(refused('data', 'required'));
  else if (!isObject(input.data)) errors.push(refused('data', 'jsonObject'));
  else if (tooDeep(input.data)) errors.push(refused('data', 'tooDeep'));
  else if (unstorableString(input.data, 'data')) errors.push(unstorableString(input.data, 'data')!);
  else if (spec) {
    const data = input.data;
    for (const name of IDENTIFIER_FIELDS) {
      if (!Object.hasOwn(spec.fields, name) && data[name] !== undefined && data[name] !== null) errors.push(...checkField('id', data[name], `data.${name}`));
    }
    errors.push(...fieldTableErrors(spec.fields, data));
    if (input.type === LAST_ROUNDS_ANNOUNCED && !errors.length) {
      const refusal = refuseAnnouncement(data);
      if (refusal) errors.push(refusal);
    }
    if (input.type === 'BetPlaced' && data.amount === 0 && data.betType !== 'seat') {
      errors.push(refused('data.amount', 'seatOnlyZero'));
    }
    if (!spec.open) {
      for (const key of Object.keys(data))
        if (!Object.hasOwn(spec.fields, key)) errors.push(refused(`data.${keyName(key)}`, 'unknownFieldOf', { type: String(input.type) }));
    }
  }
  if (errors.length) return { errors };
  return { envelope: input as unknown as Envelope, errors };
}
