/**
 * The query and path parameters of every route, declared once per route (issue 20 §1): the type,
 * format, length and characters each accepts. The access guard checks a request against its route's
 * declaration before anything touches the database, and refuses it with 400 naming the parameter and
 * the reason (recorded in the access log like any refusal). A parameter a route does not declare is
 * refused, as an unknown body field is; so is a repeated one. The same declaration writes the route's
 * parameters into the OpenAPI document.
 *
 * To accept a new parameter, add it to the route's declaration in the `*.params.ts` beside its
 * controller, with one of the kinds below (or a new kind here).
 */
import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiParam, ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { Request } from 'express';
import { printable } from '../../../../libs/access/src/storable';
import { because, keyed, type KeyedReason, type ReasonKey, type ReasonValue } from '../../../../libs/i18n/src/reasons';
import { undecodableSegments } from './undecodable-path';

export interface ParameterKind {
  /** the OpenAPI schema of the accepted values */
  readonly schema: SchemaObject;
  /** why this value is refused (a key of the errors catalogue and its values), or null when it is accepted */
  check(value: string): ReasonKey | null;
}

export interface ParameterRule extends ParameterKind {
  readonly description?: string;
  readonly example?: string;
  /** query parameters only (path parameters are always required); an empty value counts as absent */
  readonly required?: boolean;
}

export interface RouteParameters {
  readonly path?: Readonly<Record<string, ParameterRule>>;
  readonly query?: Readonly<Record<string, ParameterRule>>;
}

export interface ParameterRefusal extends KeyedReason {
  readonly in: 'path' | 'query';
  readonly field: string;
}

export const PARAMETERS_KEY = 'casino-audit:parameters';

/** No parameters at all (a route that declares nothing accepts none). */
export const NO_PARAMETERS: RouteParameters = {};

// ── kinds ───────────────────────────────────────────────────────────────────────────────────────────

/** the identifiers of the contract (docs/contract.md, "Validation"): as the ledger accepts them */
const ID = /^[A-Za-z0-9][A-Za-z0-9._:@\-/]{0,127}$/;
const ID_CHARACTERS = /^[A-Za-z0-9._:@\-/]{1,128}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The first character a pattern refuses, named by its code point (the value itself is never echoed). */
function offending(value: string, allowed: RegExp): ReasonValue {
  for (const ch of value) if (!allowed.test(ch)) return because('param.holds', { code: `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` });
  return '';
}

const isCalendarDay = (v: string) => {
  if (!DAY.test(v)) return false;
  const day = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v); // 2026-02-30 rolls over to March: refused
};

/** What an id names (`table session`), worded in the reader's language (`errors:what.table-session`). */
const whatOf = (what: string): ReasonKey => because(`what.${what.replace(/ /g, '-')}`);

/** A session, round, table, casino or pool id. */
export const identifier = (what: string): ParameterKind => ({
  schema: { type: 'string', pattern: ID.source, minLength: 1, maxLength: 128 },
  check: (v) =>
    ID.test(v)
      ? null
      : v.length > 128
        ? because('param.idLength', { what: whatOf(what), length: String(v.length) })
        : because('param.id', { what: whatOf(what), holds: offending(v, /[A-Za-z0-9._:@\-/]/) }),
});

/** Part of an id, for a search (any position). */
export const idFragment = (what: string): ParameterKind => ({
  schema: { type: 'string', pattern: ID_CHARACTERS.source, minLength: 1, maxLength: 128 },
  check: (v) => (ID_CHARACTERS.test(v) ? null : because('param.idFragment', { what: whatOf(what), holds: offending(v, /[A-Za-z0-9._:@\-/]/) })),
});

export const calendarDay: ParameterKind = {
  schema: { type: 'string', format: 'date', pattern: DAY.source, maxLength: 10 },
  check: (v) => (isCalendarDay(v) ? null : because('calendarDay')),
};

/** A date (the whole day, UTC) or an ISO 8601 date-time. */
export const dayOrInstant: ParameterKind = {
  schema: { type: 'string', maxLength: 40, pattern: `${DAY.source}|${INSTANT.source}` },
  check: (v) =>
    (v.length <= 40 && isCalendarDay(v)) || (INSTANT.test(v) && isCalendarDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)))
      ? null
      : because('param.dayOrInstant'),
};

/** A time of day, HH:MM (UTC). */
export const timeOfDay: ParameterKind = {
  schema: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', maxLength: 5 },
  check: (v) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? null : because('param.timeOfDay')),
};

/** A time of day on the casino's clock (HH:MM or HH:MM:SS), or an instant with its offset (2026-10-25T02:30:00+01:00). */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const INSTANT_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
export const clockTimeOrInstant: ParameterKind = {
  schema: { type: 'string', maxLength: 40, pattern: `${CLOCK.source}|${INSTANT_WITH_OFFSET.source}` },
  check: (v) =>
    CLOCK.test(v) || (INSTANT_WITH_OFFSET.test(v) && isCalendarDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v))) ? null : because('param.clockOrInstant'),
};

/** An opaque token the API issued (a page cursor): base64url, at most `max` characters; what it holds is checked by its route. */
export const opaqueToken = (max: number): ParameterKind => ({
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+$', maxLength: max },
  check: (v) => (v.length <= max && /^[A-Za-z0-9_-]+$/.test(v) ? null : because('param.cursor', { max: String(max) })),
});

/** A discrepancy or finding code, e.g. PAYOUT_MISMATCH. */
export const findingCode: ParameterKind = {
  schema: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,63}$', maxLength: 64 },
  check: (v) => (/^[A-Z][A-Z0-9_]{0,63}$/.test(v) ? null : because('param.code')),
};

export const oneOf = (...values: string[]): ParameterKind => ({
  schema: { type: 'string', enum: values },
  check: (v) => (values.includes(v) ? null : because('oneOf', { values: values.join(', ') })),
});

export const wholeNumber = (min: number, max: number): ParameterKind => ({
  schema: { type: 'integer', minimum: min, maximum: max },
  check: (v) => (/^\d{1,15}$/.test(v) && Number(v) >= min && Number(v) <= max ? null : because('wholeNumber', { min: String(min), max: String(max) })),
});

/** A kind with its description (and, for a query parameter, whether it is required). */
export const param = (kind: ParameterKind, options: { description?: string; example?: string; required?: boolean } = {}): ParameterRule => ({
  ...kind,
  ...options,
});

// ── checking ────────────────────────────────────────────────────────────────────────────────────────

const own = (o: object | undefined, k: string) => !!o && Object.prototype.hasOwnProperty.call(o, k);

/** The same check for a caller that is not an HTTP request (the command line's options): the given query values, none absent. */
export function checkQuery(declared: RouteParameters, values: Readonly<Record<string, string | undefined>>): ParameterRefusal[] {
  const query = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  return checkParameters(declared, { params: {}, query } as unknown as Request);
}

/** Every way this request's parameters break its route's declaration (none: accepted). */
export function checkParameters(declared: RouteParameters | undefined, req: Request): ParameterRefusal[] {
  const refusals: ParameterRefusal[] = [];
  const pathRules = declared?.path ?? {};
  const queryRules = declared?.query ?? {};
  const params = (req.params ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;

  for (const name of Object.keys(params)) {
    if (!own(pathRules, name)) {
      refusals.push({ in: 'path', field: printable(name), ...keyed(because('param.notOfRoute')) });
      continue;
    }
    const reason = undecodableSegments(req).includes(params[name] as string)
      ? because('param.percentEncoding')
      : valueRefusal(pathRules[name], params[name], true);
    if (reason) refusals.push({ in: 'path', field: name, ...keyed(reason) });
  }
  for (const name of Object.keys(query)) {
    if (!own(queryRules, name)) {
      const known = Object.keys(queryRules);
      const reason = known.length ? because('param.unknown', { known: known.join(', ') }) : because('param.unknownNone');
      refusals.push({ in: 'query', field: name === '' ? '(no name)' : printable(name), ...keyed(reason) });
      continue;
    }
    const reason = valueRefusal(queryRules[name], query[name], !!queryRules[name].required);
    if (reason) refusals.push({ in: 'query', field: name, ...keyed(reason) });
  }
  for (const [name, rule] of Object.entries(queryRules)) {
    if (rule.required && !own(query, name)) refusals.push({ in: 'query', field: name, ...keyed(requiredReason(rule)) });
  }
  return refusals;
}

const requiredReason = (rule: ParameterRule): ReasonKey => because('param.required', { rule: rule.check('') ?? because('param.aValue') });

function valueRefusal(rule: ParameterRule, value: unknown, required: boolean): ReasonKey | null {
  if (Array.isArray(value)) return because('param.repeated', { times: String(value.length) });
  if (typeof value !== 'string') return because('param.single');
  if (value === '') return required ? requiredReason(rule) : null;
  return rule.check(value);
}

/**
 * Declare a route's parameters: the guard checks them (`checkParameters`) and OpenAPI shows them.
 * Apply it to every route, with `NO_PARAMETERS` when it takes none.
 */
export function Parameters(declared: RouteParameters) {
  return applyDecorators(
    SetMetadata(PARAMETERS_KEY, declared),
    ...Object.entries(declared.path ?? {}).map(([name, rule]) =>
      ApiParam({ name, required: true, description: rule.description, example: rule.example, schema: rule.schema }),
    ),
    ...Object.entries(declared.query ?? {}).map(([name, rule]) =>
      ApiQuery({ name, required: !!rule.required, description: rule.description, example: rule.example, schema: rule.schema }),
    ),
  );
}

/** The 400 answer of a refused parameter (the same shape as a refused body's, plus `field` and `reason` of the first). */
export function parameterRefusalBody(refusals: ParameterRefusal[]) {
  const { reason, reasonKey, reasonValues } = refusals[0];
  return {
    statusCode: 400,
    error: 'Bad Request',
    field: refusals[0].field,
    reason,
    reasonKey,
    reasonValues,
    message: `${refusals[0].in} parameter ${refusals[0].field} ${refusals[0].reason}`,
    refused: refusals.length,
    refusals,
  };
}

/** What OpenAPI says of the 400 every route may answer for its parameters. */
export const PARAMETER_REFUSAL_DESCRIPTION =
  'a query or path parameter that is malformed, too long, holds characters it may not, is repeated, missing or unknown: { statusCode: 400, field, reason, refusals: [{ in, field, reason }] }';

// ── parameters several routes share ─────────────────────────────────────────────────────────────────

export const GAMING_DAY = param(calendarDay, { description: 'the gaming day, YYYY-MM-DD', example: '2026-11-21' });
/** a casino-scoped credential may name only its own casino (the guard refuses another) */
export const CASINO = param(identifier('casino'), { description: 'only this casino (a casino-scoped credential sees its own casino only)' });
/** `casinoId` is accepted wherever `casino` is, for integrators who use the contract's field name */
export const CASINO_ID = param(identifier('casino'), { description: 'the same as `casino`' });
export const formatOf = (...formats: string[]) => param(oneOf(...formats), { description: `the answer's format (default ${formats[0]})` });
