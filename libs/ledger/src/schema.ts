/**
 * The contract's envelope and core event types (public contract v1 §2–3; the project's notes: docs/contract.md#envelope) as data, and the
 * validator that names the field and the reason for every refusal. Game-specific facts come from the
 * rules library (`GameRules.factTypes`).
 */
import { ANNOUNCED_LAST, ANNOUNCEMENT_PURPOSES, type FactTypeSpec, JURISDICTIONS, type JurisdictionId, LAST_ROUNDS_ANNOUNCED, refuseAnnouncement, registeredGames } from '../../rules/src';
import { because, keyed, type KeyedReason, type ReasonKey, type ReasonValue } from '../../i18n/src/reasons';

/**
 * What a valid value of each field kind is, as TypeScript sees it: the type half of `checkField` below
 * (its runtime half). The kinds are this map's keys, so a kind cannot be added without its type.
 */
export interface FieldValues {
  id: string;
  text: string;
  /** minor units (integers), 0 … MAX_MONEY */
  money: number;
  positiveMoney: number;
  signedMoney: number;
  count: number;
  positiveCount: number;
  /** YYYY-MM-DD */
  date: string;
  /** ISO 8601 with its offset */
  datetime: string;
  inventory: ChipInventory;
  nonEmptyInventory: ChipInventory;
  limits: Limits;
  staff: Staff;
  seat: TableSeat;
  textList: readonly string[];
  twoApprovers: readonly [string, string];
  uuid: string;
  boolean: boolean;
  object: Readonly<Record<string, unknown>>;
  any: unknown;
  /** a pocket number or a named result */
  result: number | string;
  dice: readonly number[];
  rate: number;
  /** ISO 4217 */
  currency: string;
  jurisdiction: JurisdictionId;
  outcome: BetOutcome;
  handId: number | string;
  /** who was present (a reopening): { croupiers?: [names], inspector?: name }, either may be missing */
  presence: { readonly croupiers?: readonly string[]; readonly inspector?: string };
  /** dice put at a table's disposal: [{ serial?, initials? }] as each die is marked (issue 15, equipment custody) */
  issuedDice: ReadonlyArray<{ readonly serial?: string | null; readonly initials?: string | null }>;
  /** who deals (issue 21 §5): the casino's own croupier id, 1–64 characters */
  croupierId: string;
  /** a pseudonymous player (issue 21 §5): the casino's admission register number, never a name */
  playerRef: string;
}

export type FieldKind = keyof FieldValues;

/** Chips by denomination (minor units, as a string key) → how many. */
export type ChipInventory = Readonly<Record<string, number>>;
/** A table's limits as sent: `min` and `max` required, every other entry a positive amount too (per bet type…). */
export type Limits = { readonly min: number; readonly max: number } & Readonly<Record<string, number>>;
/** Who staffs a table; `pitBoss` and `cashier` are allowed and kept as sent. */
export type Staff = {
  readonly inspector: string;
  readonly croupiers: readonly string[];
  readonly pitBoss?: unknown;
  readonly cashier?: unknown;
};
/** A seat: its number (0–100) or the casino's own id for it. */
export type TableSeat = number | string;

const OUTCOMES = ['win', 'lose', 'push', 'half-lost', 'prison', 'void'] as const;
export type BetOutcome = (typeof OUTCOMES)[number];

export interface FieldSpec {
  readonly kind: FieldKind;
  readonly optional?: boolean;
  /** the only values a text field may take */
  readonly oneOf?: readonly string[];
}

/** A field as declared below: its kind and whether it may be missing are kept in its type. */
interface Field<K extends FieldKind, Optional extends boolean> extends FieldSpec {
  readonly kind: K;
  readonly optional: Optional;
}
const f = <K extends FieldKind>(kind: K): Field<K, false> => ({ kind, optional: false });
const opt = <K extends FieldKind>(kind: K): Field<K, true> => ({ kind, optional: true });

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

type Fields = Readonly<Record<string, FieldSpec>>;
const session = <const F extends Fields>(fields: F, roundScoped = false) => ({
  fields: { sessionId: f('id'), ...fields },
  stream: 'session' as const,
  roundScoped,
});
const round = <const F extends Fields>(fields: F) => session({ roundId: f('id'), ...fields }, true);

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
  [LAST_ROUNDS_ANNOUNCED]: session({ purpose: { kind: 'text', oneOf: ANNOUNCEMENT_PURPOSES }, rounds: opt('positiveCount'), last: { kind: 'text', optional: true, oneOf: ANNOUNCED_LAST } }),
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
  PlayerDecision: { ...round({ seat: f('seat'), decision: f('id'), amount: opt('money'), betId: opt('id'), hand: opt('handId'), cards: opt('any') }), open: true },
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

/** The type of a valid value of one declared field (a `oneOf` field: the union of its values). */
export type FieldValue<S extends FieldSpec> = S extends { readonly oneOf: readonly (infer V)[] } ? V : FieldValues[S['kind']];

type Flat<T> = { [K in keyof T]: T[K] } & {};
/** The data a field table describes: a missing optional field may also be sent as null (the validator treats both alike). */
export type DataOf<F extends Fields> = Flat<
  { readonly [K in keyof F as F[K] extends { readonly optional: true } ? never : K]: FieldValue<F[K]> } & {
    readonly [K in keyof F as F[K] extends { readonly optional: true } ? K : never]?: FieldValue<F[K]> | null;
  }
>;

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

/** A game's fact as the validator reads it: its required fields of any value, open to more. */
function gameFactSpec(spec: FactTypeSpec): EventTypeSpec {
  const fields: Record<string, FieldSpec> = { sessionId: f('id') };
  if (spec.roundScoped) fields.roundId = f('id');
  for (const name of spec.required) fields[name] ??= f('any');
  return { stream: 'session', roundScoped: spec.roundScoped, fields, open: true };
}

/** Every game-specific fact type the registered games declare, as `eventTypeSpec` reads each (a core type first, then the first declaring game). */
export function gameEventTypes(): Readonly<Record<string, EventTypeSpec>> {
  const out: Record<string, EventTypeSpec> = {};
  for (const game of registeredGames()) for (const [type, spec] of Object.entries(game.factTypes ?? {})) if (!isCoreEventType(type)) out[type] ??= gameFactSpec(spec);
  return out;
}

export const ENVELOPE_FIELDS = ['eventId', 'type', 'occurredAt', 'recordedBy', 'data', 'expectedVersion'] as const;

/** Event types the store writes itself (tamper evidence, docs/security.md): never accepted from a sender. */
export const RESERVED_EVENT_TYPES: Readonly<Record<string, string>> = {
  StoreSealed: 'is written by the store itself when it seals (casino-audit seal); it cannot be sent',
};

/** Identifier fields of the contract: wherever they appear in `data`, they are ids (streams and indexes rely on it). */
const IDENTIFIER_FIELDS = ['sessionId', 'roundId', 'poolId'];

/** Money in minor units: integers, and no table sees a hundred billion euros. */
export const MAX_MONEY = 10_000_000_000_000;
const MAX_TEXT = 2000;
const ID = /^[A-Za-z0-9][A-Za-z0-9._:@\-/]{0,127}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
export const PLAYER_REF = /^[A-Za-z0-9._-]{1,64}$/;

/** A refused field: the English `reason` and, to word it in the reader's language, its `errors` key and values (issue 16). */
export interface FieldError extends KeyedReason {
  readonly field: string;
}

/** A field refused for a reason of the `errors:schema` catalogue. */
const refused = (field: string, key: string, values?: Readonly<Record<string, ReasonValue>>): FieldError => ({ field, ...keyed(because(`schema.${key}`, values)) });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function checkMoney(v: unknown, min: number): ReasonKey | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return because('schema.money');
  if (!Number.isInteger(v)) return because('schema.moneyFraction');
  if (v < min) return because(min > 0 ? 'schema.aboveZero' : 'schema.notNegative');
  if (Math.abs(v) > MAX_MONEY) return because('schema.moneyMax', { max: String(MAX_MONEY) });
  return null;
}

function checkInventory(v: unknown, field: string, nonEmpty: boolean): FieldError[] {
  if (!isObject(v)) return [refused(field, 'inventory')];
  const entries = Object.entries(v);
  if (nonEmpty && entries.length === 0) return [refused(field, 'denominationsNone')];
  if (entries.length > 64) return [refused(field, 'denominationsMax')];
  const errors: FieldError[] = [];
  for (const [denomination, count] of entries) {
    if (!/^[1-9]\d{0,12}$/.test(denomination)) errors.push(refused(`${field}.${denomination}`, 'denomination'));
    else if (!isInt(count) || count < 0 || count > 1_000_000) errors.push(refused(`${field}.${denomination}`, 'chipCount'));
  }
  return errors;
}

export function checkField(kind: FieldKind, v: unknown, field: string): FieldError[] {
  const one = (reason: ReasonKey | string | null): FieldError[] =>
    reason === null ? [] : [typeof reason === 'string' ? refused(field, reason) : { field, ...keyed(reason) }];
  switch (kind) {
    case 'id':
      return one(typeof v !== 'string' ? 'string' : ID.test(v) ? null : 'id');
    case 'text':
      return one(typeof v !== 'string' || v.trim() === '' ? 'nonEmpty' : v.length > MAX_TEXT ? because('schema.maxText', { max: String(MAX_TEXT) }) : null);
    case 'uuid':
      return one(typeof v === 'string' && UUID.test(v) ? null : 'uuid');
    case 'money':
      return one(checkMoney(v, 0));
    case 'positiveMoney':
      return one(checkMoney(v, 1));
    case 'signedMoney':
      return one(checkMoney(v, -MAX_MONEY));
    case 'count':
      return one(isInt(v) && v >= 0 && v <= 1_000_000 ? null : 'count');
    case 'positiveCount':
      return one(isInt(v) && v >= 1 && v <= 1000 ? null : 'positiveCount');
    case 'date':
      return one(typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v) ? null : 'date');
    case 'datetime':
      return one(typeof v === 'string' && DATETIME.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'datetime');
    case 'inventory':
      return checkInventory(v, field, false);
    case 'nonEmptyInventory':
      return checkInventory(v, field, true);
    case 'limits': {
      if (!isObject(v)) return one('limits');
      const errors: FieldError[] = [];
      for (const [key, value] of Object.entries(v)) {
        const reason = checkMoney(value, 1);
        if (reason) errors.push({ field: `${field}.${key}`, ...keyed(reason) });
      }
      if (!('min' in v)) errors.push(refused(`${field}.min`, 'required'));
      if (!('max' in v)) errors.push(refused(`${field}.max`, 'required'));
      if (!errors.length && (v.max as number) < (v.min as number)) errors.push(refused(`${field}.max`, 'maxBelowMin'));
      return errors;
    }
    case 'staff': {
      if (!isObject(v)) return one('staff');
      const errors = checkField('text', v.inspector, `${field}.inspector`);
      if (!Array.isArray(v.croupiers) || v.croupiers.length === 0) errors.push(refused(`${field}.croupiers`, 'croupiers'));
      else v.croupiers.forEach((c, i) => errors.push(...checkField('text', c, `${field}.croupiers[${i}]`)));
      for (const key of Object.keys(v)) if (!['inspector', 'croupiers', 'pitBoss', 'cashier'].includes(key)) errors.push(refused(`${field}.${key}`, 'unknownField'));
      return errors;
    }
    case 'seat':
      return one((isInt(v) && v >= 0 && v <= 100) || (typeof v === 'string' && ID.test(v)) ? null : 'seat');
    case 'handId':
      return one((isInt(v) && v >= 0 && v <= 100) || (typeof v === 'string' && ID.test(v)) ? null : 'hand');
    case 'textList':
      if (!Array.isArray(v) || v.length === 0) return one('names');
      return v.flatMap((x, i) => checkField('text', x, `${field}[${i}]`));
    case 'twoApprovers': {
      if (!Array.isArray(v) || v.length !== 2) return one('twoApprovers');
      const errors = v.flatMap((x, i) => checkField('text', x, `${field}[${i}]`));
      if (!errors.length && String(v[0]).trim().toLowerCase() === String(v[1]).trim().toLowerCase()) errors.push(refused(field, 'sameApprover'));
      return errors;
    }
    case 'boolean':
      return one(typeof v === 'boolean' ? null : 'boolean');
    case 'object':
      return one(isObject(v) ? null : 'object');
    case 'result':
      return one(isInt(v) || (typeof v === 'string' && v.length > 0 && v.length <= 32) ? null : 'result');
    case 'dice':
      return one(Array.isArray(v) && v.length >= 1 && v.length <= 5 && v.every((d) => isInt(d)) ? null : 'dice');
    case 'rate':
      return one(typeof v === 'number' && v >= 0 && v <= 1 ? null : 'rate');
    case 'currency':
      return one(typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? null : 'currency');
    case 'jurisdiction':
      return one((JURISDICTIONS as readonly string[]).includes(v as string) ? null : because('oneOf', { values: JURISDICTIONS.join(', ') }));
    case 'outcome':
      return one((OUTCOMES as readonly string[]).includes(v as string) ? null : because('oneOf', { values: OUTCOMES.join(', ') }));
    case 'presence': {
      if (!isObject(v)) return one('presence');
      const errors: FieldError[] = [];
      if (v.croupiers !== undefined) errors.push(...checkField('textList', v.croupiers, `${field}.croupiers`));
      if (v.inspector !== undefined) errors.push(...checkField('text', v.inspector, `${field}.inspector`));
      for (const key of Object.keys(v)) if (!['croupiers', 'inspector'].includes(key)) errors.push(refused(`${field}.${key}`, 'unknownField'));
      return errors;
    }
    case 'issuedDice': {
      if (!Array.isArray(v) || v.length === 0 || v.length > 100) return one('issuedDice');
      const errors: FieldError[] = [];
      v.forEach((die, i) => {
        if (!isObject(die)) return errors.push(refused(`${field}[${i}]`, 'die'));
        if (die.serial !== undefined && die.serial !== null) errors.push(...checkField('id', die.serial, `${field}[${i}].serial`));
        if (die.initials !== undefined && die.initials !== null) errors.push(...checkField('text', die.initials, `${field}[${i}].initials`));
        for (const key of Object.keys(die)) if (!['serial', 'initials'].includes(key)) errors.push(refused(`${field}[${i}].${key}`, 'unknownField'));
      });
      return errors;
    }
    case 'croupierId':
      return one(typeof v !== 'string' || v.trim() === '' ? 'nonEmpty' : v.length > 64 ? 'max64' : null);
    case 'playerRef':
      return one(typeof v === 'string' && PLAYER_REF.test(v) ? null : 'playerRef');
    case 'any':
      return [];
  }
}

/** A JSON Schema (OpenAPI 3.0's dialect), as far as the contract's fields need one. */
export interface JsonSchema {
  readonly type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  readonly title?: string;
  readonly description?: string;
  readonly format?: string;
  readonly pattern?: string;
  readonly enum?: unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly nullable?: boolean;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly oneOf?: JsonSchema[];
}

const textSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_TEXT };
const idSchema: JsonSchema = { type: 'string', pattern: ID.source, maxLength: 128 };
const moneySchema = (minimum: number): JsonSchema => ({ type: 'integer', minimum, maximum: MAX_MONEY, description: 'minor units' });
const inventorySchema = (minProperties: number): JsonSchema => ({
  type: 'object',
  description: 'chips: denomination in minor units → count',
  minProperties,
  maxProperties: 64,
  additionalProperties: { type: 'integer', minimum: 0, maximum: 1_000_000 },
});
const seatSchema: JsonSchema = { oneOf: [{ type: 'integer', minimum: 0, maximum: 100 }, idSchema] };

/** Each kind as a JSON Schema: what `checkField` accepts, for the OpenAPI document (openapi.ts). */
export const FIELD_SCHEMAS: Readonly<Record<FieldKind, JsonSchema>> = {
  id: idSchema,
  text: textSchema,
  uuid: { type: 'string', format: 'uuid' },
  money: moneySchema(0),
  positiveMoney: moneySchema(1),
  signedMoney: moneySchema(-MAX_MONEY),
  count: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  positiveCount: { type: 'integer', minimum: 1, maximum: 1000 },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time', pattern: DATETIME.source },
  inventory: inventorySchema(0),
  nonEmptyInventory: inventorySchema(1),
  limits: { type: 'object', required: ['min', 'max'], additionalProperties: moneySchema(1) },
  staff: {
    type: 'object',
    required: ['inspector', 'croupiers'],
    properties: { inspector: textSchema, croupiers: { type: 'array', minItems: 1, items: textSchema }, pitBoss: {}, cashier: {} },
    additionalProperties: false,
  },
  seat: seatSchema,
  handId: seatSchema,
  textList: { type: 'array', minItems: 1, items: textSchema },
  twoApprovers: { type: 'array', minItems: 2, maxItems: 2, items: textSchema, description: 'two different people' },
  boolean: { type: 'boolean' },
  object: { type: 'object' },
  any: {},
  result: { oneOf: [{ type: 'integer' }, { type: 'string', minLength: 1, maxLength: 32 }] },
  dice: { type: 'array', minItems: 1, maxItems: 5, items: { type: 'integer' } },
  rate: { type: 'number', minimum: 0, maximum: 1 },
  currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  jurisdiction: { type: 'string', enum: [...JURISDICTIONS] },
  outcome: { type: 'string', enum: [...OUTCOMES] },
  presence: { type: 'object', properties: { croupiers: { type: 'array', minItems: 1, items: textSchema }, inspector: textSchema }, additionalProperties: false },
  issuedDice: {
    type: 'array',
    minItems: 1,
    maxItems: 100,
    items: { type: 'object', properties: { serial: { ...idSchema, nullable: true }, initials: { ...textSchema, nullable: true } }, additionalProperties: false },
  },
  croupierId: { type: 'string', minLength: 1, maxLength: 64 },
  playerRef: { type: 'string', pattern: PLAYER_REF.source },
};

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
  else if (Object.hasOwn(RESERVED_EVENT_TYPES, input.type)) errors.push(refused('type', 'reserved', { type: input.type, why: RESERVED_EVENT_TYPES[input.type] }));
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
    for (const [name, field] of Object.entries(spec.fields)) {
      if (data[name] === undefined || data[name] === null) {
        if (!field.optional) errors.push(refused(`data.${name}`, 'required'));
        continue;
      }
      const fieldErrors = checkField(field.kind, data[name], `data.${name}`);
      if (!fieldErrors.length && field.oneOf && !field.oneOf.includes(data[name] as string)) fieldErrors.push({ field: `data.${name}`, ...keyed(because('oneOf', { values: field.oneOf.join(', ') })) });
      errors.push(...fieldErrors);
    }
    if (input.type === LAST_ROUNDS_ANNOUNCED && !errors.length) {
      const refusal = refuseAnnouncement(data);
      if (refusal) errors.push(refusal);
    }
    if (input.type === 'BetPlaced' && data.amount === 0 && data.betType !== 'seat') {
      errors.push(refused('data.amount', 'seatOnlyZero'));
    }
    if (!spec.open) {
      for (const key of Object.keys(data)) if (!Object.hasOwn(spec.fields, key)) errors.push(refused(`data.${keyName(key)}`, 'unknownFieldOf', { type: String(input.type) }));
    }
  }
  if (errors.length) return { errors };
  return { envelope: input as unknown as Envelope, errors };
}
