/**
 * The field kinds of the contract's events (public contract v1 §2–3; the project's notes: docs/contract.md#validation):
 * what a valid value of each kind is to TypeScript (`FieldValues`), at run time (`fieldRefusals`) and in the
 * OpenAPI document (`FIELD_SCHEMAS`). The ledger declares the core events with them, and each game its own facts
 * (`GameRules.factTypes`), so a game fact's field is checked exactly as a core field of its kind.
 *
 * The rules word nothing: a refusal carries the key of the `errors` catalogue and its values, and the ledger
 * words it (libs/ledger/src/schema.ts `checkField`).
 */
import { JURISDICTIONS, type JurisdictionId } from './types';

/**
 * What a valid value of each field kind is, as TypeScript sees it: the type half of `fieldRefusals` below
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

/** A field as declared: its kind and whether it may be missing are kept in its type. */
export interface Field<K extends FieldKind, Optional extends boolean> extends FieldSpec {
  readonly kind: K;
  readonly optional: Optional;
}
/** A required field of this kind. */
export const field = <K extends FieldKind>(kind: K): Field<K, false> => ({ kind, optional: false });
/** A field of this kind that may be missing (or null). */
export const optionalField = <K extends FieldKind>(kind: K): Field<K, true> => ({ kind, optional: true });

/** An event's or a fact's data fields, by name. */
export type FieldTable = Readonly<Record<string, FieldSpec>>;

/** The type of a valid value of one declared field (a `oneOf` field: the union of its values). */
export type FieldValue<S extends FieldSpec> = S extends { readonly oneOf: readonly (infer V)[] } ? V : FieldValues[S['kind']];

type Flat<T> = { [K in keyof T]: T[K] } & {};
/** The data a field table describes: a missing optional field may also be sent as null (the validator treats both alike). */
export type DataOf<F extends FieldTable> = Flat<
  { readonly [K in keyof F as F[K] extends { readonly optional: true } ? never : K]: FieldValue<F[K]> } & {
    readonly [K in keyof F as F[K] extends { readonly optional: true } ? K : never]?: FieldValue<F[K]> | null;
  }
>;

/** Money in minor units: integers, and no table sees a hundred billion euros. */
export const MAX_MONEY = 10_000_000_000_000;
const MAX_TEXT = 2000;
const ID = /^[A-Za-z0-9][A-Za-z0-9._:@\-/]{0,127}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
export const PLAYER_REF = /^[A-Za-z0-9._-]{1,64}$/;

/** Why a field is refused: a key of the `errors` catalogue and its values (the shape of libs/i18n's `ReasonKey`). */
export interface FieldReason {
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** A refused field (its path, e.g. `data.amount` or `data.limits.max`) and why. */
export interface FieldRefusal {
  readonly field: string;
  readonly because: FieldReason;
}

const reason = (key: string, values?: Readonly<Record<string, string | number>>): FieldReason => (values ? { key, values } : { key });
/** A reason of the `errors:schema` catalogue. */
const schema = (key: string, values?: Readonly<Record<string, string | number>>): FieldReason => reason(`schema.${key}`, values);
const refused = (field: string, key: string): FieldRefusal => ({ field, because: schema(key) });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function checkMoney(v: unknown, min: number): FieldReason | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return schema('money');
  if (!Number.isInteger(v)) return schema('moneyFraction');
  if (v < min) return schema(min > 0 ? 'aboveZero' : 'notNegative');
  if (Math.abs(v) > MAX_MONEY) return schema('moneyMax', { max: String(MAX_MONEY) });
  return null;
}

function checkInventory(v: unknown, field: string, nonEmpty: boolean): FieldRefusal[] {
  if (!isObject(v)) return [refused(field, 'inventory')];
  const entries = Object.entries(v);
  if (nonEmpty && entries.length === 0) return [refused(field, 'denominationsNone')];
  if (entries.length > 64) return [refused(field, 'denominationsMax')];
  const errors: FieldRefusal[] = [];
  for (const [denomination, count] of entries) {
    if (!/^[1-9]\d{0,12}$/.test(denomination)) errors.push(refused(`${field}.${denomination}`, 'denomination'));
    else if (!isInt(count) || count < 0 || count > 1_000_000) errors.push(refused(`${field}.${denomination}`, 'chipCount'));
  }
  return errors;
}

/** Every reason `v` is not a valid value of `kind`, each naming its path from `field`; none when it is. */
export function fieldRefusals(kind: FieldKind, v: unknown, field: string): FieldRefusal[] {
  const one = (why: FieldReason | string | null): FieldRefusal[] =>
    why === null ? [] : [typeof why === 'string' ? refused(field, why) : { field, because: why }];
  switch (kind) {
    case 'id':
      return one(typeof v !== 'string' ? 'string' : ID.test(v) ? null : 'id');
    case 'text':
      return one(typeof v !== 'string' || v.trim() === '' ? 'nonEmpty' : v.length > MAX_TEXT ? schema('maxText', { max: String(MAX_TEXT) }) : null);
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
      return one(
        typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
          ? null
          : 'date',
      );
    case 'datetime':
      return one(typeof v === 'string' && DATETIME.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'datetime');
    case 'inventory':
      return checkInventory(v, field, false);
    case 'nonEmptyInventory':
      return checkInventory(v, field, true);
    case 'limits': {
      if (!isObject(v)) return one('limits');
      const errors: FieldRefusal[] = [];
      for (const [key, value] of Object.entries(v)) {
        const why = checkMoney(value, 1);
        if (why) errors.push({ field: `${field}.${key}`, because: why });
      }
      if (!('min' in v)) errors.push(refused(`${field}.min`, 'required'));
      if (!('max' in v)) errors.push(refused(`${field}.max`, 'required'));
      if (!errors.length && (v.max as number) < (v.min as number)) errors.push(refused(`${field}.max`, 'maxBelowMin'));
      return errors;
    }
    case 'staff': {
      if (!isObject(v)) return one('staff');
      const errors = fieldRefusals('text', v.inspector, `${field}.inspector`);
      if (!Array.isArray(v.croupiers) || v.croupiers.length === 0) errors.push(refused(`${field}.croupiers`, 'croupiers'));
      else v.croupiers.forEach((c, i) => errors.push(...fieldRefusals('text', c, `${field}.croupiers[${i}]`)));
      for (const key of Object.keys(v))
        if (!['inspector', 'croupiers', 'pitBoss', 'cashier'].includes(key)) errors.push(refused(`${field}.${key}`, 'unknownField'));
      return errors;
    }
    case 'seat':
      return one((isInt(v) && v >= 0 && v <= 100) || (typeof v === 'string' && ID.test(v)) ? null : 'seat');
    case 'handId':
      return one((isInt(v) && v >= 0 && v <= 100) || (typeof v === 'string' && ID.test(v)) ? null : 'hand');
    case 'textList':
      if (!Array.isArray(v) || v.length === 0) return one('names');
      return v.flatMap((x, i) => fieldRefusals('text', x, `${field}[${i}]`));
    case 'twoApprovers': {
      if (!Array.isArray(v) || v.length !== 2) return one('twoApprovers');
      const errors = v.flatMap((x, i) => fieldRefusals('text', x, `${field}[${i}]`));
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
      return one((JURISDICTIONS as readonly string[]).includes(v as string) ? null : notOneOf(JURISDICTIONS));
    case 'outcome':
      return one((OUTCOMES as readonly string[]).includes(v as string) ? null : notOneOf(OUTCOMES));
    case 'presence': {
      if (!isObject(v)) return one('presence');
      const errors: FieldRefusal[] = [];
      if (v.croupiers !== undefined) errors.push(...fieldRefusals('textList', v.croupiers, `${field}.croupiers`));
      if (v.inspector !== undefined) errors.push(...fieldRefusals('text', v.inspector, `${field}.inspector`));
      for (const key of Object.keys(v)) if (!['croupiers', 'inspector'].includes(key)) errors.push(refused(`${field}.${key}`, 'unknownField'));
      return errors;
    }
    case 'issuedDice': {
      if (!Array.isArray(v) || v.length === 0 || v.length > 100) return one('issuedDice');
      const errors: FieldRefusal[] = [];
      v.forEach((die, i) => {
        if (!isObject(die)) return errors.push(refused(`${field}[${i}]`, 'die'));
        if (die.serial !== undefined && die.serial !== null) errors.push(...fieldRefusals('id', die.serial, `${field}[${i}].serial`));
        if (die.initials !== undefined && die.initials !== null) errors.push(...fieldRefusals('text', die.initials, `${field}[${i}].initials`));
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

/** A value outside a field's closed list (`oneOf`, a jurisdiction, an outcome): the list named in the reason. */
export const notOneOf = (values: readonly string[]): FieldReason => reason('oneOf', { values: values.join(', ') });

/**
 * Every reason a declared field refuses `v` (a value already known present): its kind's, then, for a text
 * field with a closed list, a value outside it.
 */
export function declaredFieldRefusals(spec: FieldSpec, v: unknown, field: string): FieldRefusal[] {
  const errors = fieldRefusals(spec.kind, v, field);
  if (!errors.length && spec.oneOf && !spec.oneOf.includes(v as string)) errors.push({ field, because: notOneOf(spec.oneOf) });
  return errors;
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

/** Each kind as a JSON Schema: what `fieldRefusals` accepts, for the OpenAPI document (libs/ledger/src/openapi.ts). */
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
  presence: {
    type: 'object',
    properties: { croupiers: { type: 'array', minItems: 1, items: textSchema }, inspector: textSchema },
    additionalProperties: false,
  },
  issuedDice: {
    type: 'array',
    minItems: 1,
    maxItems: 100,
    items: {
      type: 'object',
      properties: { serial: { ...idSchema, nullable: true }, initials: { ...textSchema, nullable: true } },
      additionalProperties: false,
    },
  },
  croupierId: { type: 'string', minLength: 1, maxLength: 64 },
  playerRef: { type: 'string', pattern: PLAYER_REF.source },
};
