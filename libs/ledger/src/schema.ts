/**
 * The contract's envelope and core event types (public contract v1 §2–3; the project's notes: docs/contract.md#envelope) as data, and the
 * validator that names the field and the reason for every refusal. Game-specific facts come from the
 * rules library (`GameRules.factTypes`).
 */
import {
  ANNOUNCED_LAST,
  ANNOUNCEMENT_PURPOSES,
  type DataOf,
  declaredFieldRefusals,
  type FactTypeSpec,
  type FieldKind,
  fieldRefusals,
  type FieldRefusal,
  type FieldSpec,
  field as f,
  type FieldTable,
  LAST_ROUNDS_ANNOUNCED,
  optionalField as opt,
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

/** Which stream an event belongs to. */
export type StreamKey = 'session' | 'pool' | 'round' | 'corrected-event';

export interface EventTypeSpec {
  readonly fields: Readonly<Record<string, FieldSpec>>;
  readonly stream: StreamKey;
  /** needs a round already started in its session */
  readonly roundScoped?: boolean;
  /** accepts fields beyond those listed (game-specific facts) */
  readonly open?: boolean;
}

const session = <const F extends FieldTable>(fields: F, roundScoped = false) => ({
  fields: { sessionId: f('id'), ...fields },
  stream: 'session' as const,
  roundScoped,
});
const round = <const F extends FieldTable>(fields: F) => session({ roundId: f('id'), ...fields }, true);

/**
 * The core event types, declared once: the validator reads this table at run time, and the types
 * below (`EventData`, `ContractEvent`) and the OpenAPI schema (`openApiSchemaOf`) are derived from it.
 */
export const CORE_EVENT_SCHEMA = {
  TableSessionOpened: session({
    casinoId: f('id'),
    tableId: f('id'),
    gamingDay: f('date'),
    game: f('id'),
    jurisdiction: f('jurisdiction'),
    currency: opt('currency'),
    limits: f('limits'),
    openingFloat: f('inventory'),
    staff: f('staff'),
    options: opt('object'),
    // gaming-day compliance (issue 15, docs/contract.md): the reversible cloth's number, the table's own video recording
    clothNumber: opt('id'),
    individualRecording: opt('boolean'),
  }),
  // gaming-day compliance (issue 15): a jefe de mesa taking over the table; the dice a table is given; banca francesa's hourly rotations
  TableSupervisorChanged: session({ inspector: f('text'), individualRecording: opt('boolean') }),
  DiceIssued: session({ dice: f('issuedDice') }),
  DiceTernaChanged: session({ terna: f('id') }),
  DiceThrowerChanged: session({ croupier: f('text'), forceMajeure: opt('boolean') }),
  TableLimitsChanged: session({ limits: f('limits'), announcedRounds: opt('count') }),
  // session compliance (issue 15, docs/contract.md): the authorised closing time and who holds the keys; who was present at the reopening
  TableSessionSuspended: session({ reason: opt('text'), authorisedClosingAt: opt('datetime'), keyHolder: opt('text') }),
  TableSessionResumed: session({ reason: opt('text'), present: opt('presence') }),
  TableSessionClosed: session({ closingFloat: f('inventory'), atClosingTime: opt('boolean') }),
  [LAST_ROUNDS_ANNOUNCED]: session({
    purpose: { kind: 'text', oneOf: ANNOUNCEMENT_PURPOSES },
    rounds: opt('positiveCount'),
    last: { kind: 'text', optional: true, oneOf: ANNOUNCED_LAST },
  }),
  CashExchanged: session({ amount: f('positiveMoney'), seat: opt('seat'), playerRef: opt('playerRef') }),
  // who is at the table (issue 21 §5): the croupier dealing from the next round started on, or from `roundId` when given
  CroupierChanged: session({ croupierId: f('croupierId'), roundId: opt('id') }),
  ChipsFilled: session({ slipId: f('id'), chips: f('nonEmptyInventory') }),
  ChipsCredited: session({ slipId: f('id'), chips: f('nonEmptyInventory') }),
  TipDeposited: session({ amount: f('positiveMoney'), roundId: opt('id') }),
  CagnotteDeducted: round({ base: f('money'), amount: f('money') }),
  DropBoxCounted: session({ amount: f('money'), countedBy: f('textList') }),
  TipsBoxCounted: session({ amount: f('money'), countedBy: f('textList') }),
  CagnotteBoxCounted: session({ amount: f('money'), countedBy: f('textList') }),
  RoundStarted: session({ roundId: f('id') }),
  BetPlaced: round({
    betId: f('id'),
    seat: f('seat'),
    betType: f('id'),
    selection: opt('any'),
    // a bet is a positive stake; circle poker opens each seat's account in the hand with a `seat`
    // entry that may be 0 (docs/games/circle-poker.md)
    amount: f('money'),
    onBehalfOf: opt('text'),
    playerRef: opt('playerRef'),
  }),
  BetsClosed: round({}),
  WheelSpun: round({ result: f('result') }),
  DiceThrown: round({ dice: f('dice') }),
  ShoeStarted: session({ shoeId: f('id'), decks: f('positiveCount'), cutCardPosition: opt('count') }),
  CardDealt: round({ card: f('id'), to: f('id'), faceUp: opt('boolean') }),
  // open: games add their own decision details (discarded cards, the pot of an all-in…), documented per game
  PlayerDecision: {
    ...round({ seat: f('seat'), decision: f('id'), amount: opt('money'), betId: opt('id'), hand: opt('handId'), cards: opt('any') }),
    open: true,
  },
  BetSettled: round({ betId: f('id'), outcome: f('outcome'), payout: f('money'), hand: opt('handId') }),
  CommissionCharged: round({ betId: f('id'), amount: f('money') }),
  RoundVoided: round({ reason: f('text'), decidedBy: f('text') }),
  RoundCompleted: round({}),
  JackpotPoolConfigured: {
    stream: 'pool',
    fields: {
      poolId: f('id'),
      casinoId: f('id'),
      seed: f('money'),
      contribution: f('any'),
      prizes: f('object'),
      reserveRate: opt('rate'),
      name: opt('text'),
    },
  },
  JackpotContributed: { stream: 'session', roundScoped: true, fields: { poolId: f('id'), sessionId: f('id'), roundId: f('id'), amount: f('money') } },
  JackpotWon: {
    stream: 'session',
    roundScoped: true,
    fields: { poolId: f('id'), sessionId: f('id'), roundId: f('id'), seat: f('seat'), hand: f('id'), amount: f('money') },
  },
  JackpotReset: { stream: 'pool', fields: { poolId: f('id'), amount: f('money') } },
  RoundDisputed: { stream: 'round', fields: { roundId: f('id'), raisedBy: f('text'), claim: f('text') } },
  DisputeResolved: {
    stream: 'round',
    fields: { roundId: f('id'), resolvedBy: f('text'), resolution: f('text'), adjustment: opt('signedMoney') },
  },
  CorrectionRecorded: {
    stream: 'corrected-event',
    fields: { correctsEventId: f('uuid'), reason: f('text'), approvedBy: f('twoApprovers'), amount: opt('signedMoney'), field: opt('text') },
  },
} as const satisfies Readonly<Record<string, EventTypeSpec>>;

/** The same table, looked up by any type name (own properties only: see `eventTypeSpec`). */
export const CORE_EVENT_TYPES: Readonly<Record<string, EventTypeSpec>> = CORE_EVENT_SCHEMA;

type CoreEventSchema = typeof CORE_EVENT_SCHEMA;
export type CoreEventType = keyof CoreEventSchema;

/** The `data` of a valid event of a core type; an open type (PlayerDecision) may carry a game's own fields besides. */
export type EventData<T extends CoreEventType> = CoreEventSchema[T] extends { readonly open: true }
  ? DataOf<CoreEventSchema[T]['fields']> & { readonly [gameField: string]: unknown }
  : DataOf<CoreEventSchema[T]['fields']>;

/** Every core event, discriminated by its `type`: `switch (e.type)` narrows `e.data`. */
export type ContractEvent = { [T in CoreEventType]: { readonly type: T; readonly data: EventData<T> } }[CoreEventType];

/** One core event type's event. */
export type EventOf<T extends CoreEventType> = Extract<ContractEvent, { readonly type: T }>;

export const isCoreEventType = (type: string): type is CoreEventType => Object.hasOwn(CORE_EVENT_SCHEMA, type);

/**
 * Narrow an event that passed the validator (every stored event did) to its type's data: the store
 * holds only validated facts, so the check is of the type name only.
 */
export function isEvent<E extends { readonly type: string; readonly data: unknown }, T extends CoreEventType>(e: E, type: T): e is E & EventOf<T> {
  return e.type === type;
}

/** The data of `e` as its type declares it when `e` is of that type, else undefined. */
export function dataOf<T extends CoreEventType>(e: { readonly type: string; readonly data: unknown }, type: T): EventData<T> | undefined {
  return e.type === type ? (e.data as EventData<T>) : undefined;
}

/**
 * A validated event seen as the contract declares it: `switch (c.type)` on the result narrows `c.data`
 * to that type's fields (undefined for a game's own fact, which the core table does not declare).
 */
export function asContractEvent<E extends { readonly type: string; readonly data: unknown }>(e: E): (Omit<E, 'type' | 'data'> & ContractEvent) | undefined {
  return isCoreEventType(e.type) ? (e as unknown as Omit<E, 'type' | 'data'> & ContractEvent) : undefined;
}

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
 * A string PostgreSQL cannot store as sent (jsonb refuses NUL, and a lone UTF-16 surrogate is not a
 * character): the path of the first one, keys included, or null. Call after `tooDeep` (bounded depth).
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
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked against its type's fields by validateEnvelope, then read by field name for every type (a game's own facts too); dataOf and asContractEvent give the typed view
  readonly data: Record<string, any>;
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
