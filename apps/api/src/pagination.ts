/**
 * Keyset pagination shared by every list (issue 20 §3): `?limit=` (default 100, at most 1,000) and an
 * opaque `?cursor=` taken from the last page's `next`. A cursor holds the sort key of the last row
 * returned, so a page costs the same at any depth (no OFFSET), and it names its list and the filters it
 * was issued for: reused on another list or with other filters it is refused, never silently misread.
 */
import { BadRequestException } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { createHash } from 'node:crypto';
import { because, keyed, type ReasonKey } from '../../../libs/i18n/src/reasons';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** What every page of a list carries beside its rows. */
export interface PageInfo {
  /** the cursor of the next page; null on the last one */
  next: string | null;
  /** how many rows the whole list holds, where that is cheap to know; null where it is not */
  total: number | null;
  /** true when `total` is an estimate */
  totalIsEstimate: boolean;
}

/** The OpenAPI schema of a page: its rows under `rows`, the page fields, and any others of the list. */
export function pageSchema(rows: string, row: SchemaObject, extra: Record<string, SchemaObject> = {}): SchemaObject {
  return {
    type: 'object',
    required: [rows, 'next', 'total', 'totalIsEstimate'],
    properties: {
      [rows]: { type: 'array', items: row },
      next: { type: 'string', nullable: true, description: 'the cursor of the next page: send it as `?cursor=` with the same filters; null on the last page' },
      total: { type: 'integer', nullable: true, description: 'rows of the whole list, where that is cheap to know; null where it is not' },
      totalIsEstimate: { type: 'boolean', description: 'true when `total` may be off (a read model behind the store)' },
      ...extra,
    },
  };
}

/**
 * `?limit=`, 100 when absent. Its range (1–1,000) is checked once, where the parameter is declared
 * (PAGE_PARAMETERS, browse/browse.params.ts): by the access guard, and by the command line against the
 * same declaration.
 */
export function parseLimit(raw: unknown): number {
  return raw === undefined || raw === '' ? DEFAULT_LIMIT : Number(raw);
}

/** The filters a cursor belongs to, as a short fingerprint (absent and empty filters are alike). */
function fingerprint(filters: Record<string, unknown>): string {
  const kept = Object.keys(filters)
    .filter((k) => filters[k] !== undefined && filters[k] !== null && filters[k] !== '')
    .sort()
    .map((k) => [k, filters[k]]);
  return createHash('sha256').update(JSON.stringify(kept)).digest('base64url').slice(0, 12);
}

/** The cursor after a row whose sort key is `key`, for list `list` under `filters`. */
export function encodeCursor(list: string, filters: Record<string, unknown>, key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify({ l: list, f: fingerprint(filters), k: key })).toString('base64url');
}

/**
 * The sort key a `?cursor=` holds (undefined when absent), checked against the list, its filters and
 * the key's shape ('s' a string, 'n' a whole number, per position); a 400 naming the field otherwise.
 */
export function decodeCursor(
  raw: unknown,
  list: string,
  filters: Record<string, unknown>,
  shape: readonly ('s' | 'n')[],
  field = 'cursor',
): (string | number)[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const refuse = (reason: ReasonKey) => new BadRequestException({ field, ...keyed(reason) });
  const notIssued = because('cursor.notIssued');
  // its characters and length are the declared parameter's (opaqueToken, PAGE_PARAMETERS), checked before; here, what it holds
  if (typeof raw !== 'string') throw refuse(notIssued);
  let parsed: { l?: unknown; f?: unknown; k?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refuse(notIssued);
  }
  if (!parsed || typeof parsed !== 'object' || parsed.l !== list) throw refuse(because('cursor.otherList', { list }));
  if (parsed.f !== fingerprint(filters)) throw refuse(because('cursor.otherFilters'));
  const key = parsed.k;
  // what the database can take: text without NUL, whole numbers within a 4-byte integer (a stream version)
  const fits =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((v, i) =>
      shape[i] === 's'
        ? typeof v === 'string' && v.length <= 256 && !v.includes('\u0000')
        : Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2147483647,
    );
  if (!fits) throw refuse(notIssued);
  return key as (string | number)[];
}
