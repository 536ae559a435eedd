/**
 * What the access log stores of a request, whatever bytes it carried (issue 20 §1). PostgreSQL refuses
 * NUL in `text` and in `jsonb`, and `jsonb` refuses lone UTF-16 surrogates (the driver would turn them
 * into U+FFFD in `text`): a hostile parameter must never be the thing that makes recording fail, nor
 * be stored as something it was not.
 *
 * - `jsonb` (a request's parameters and query): a value that holds such a string, in a key or a value,
 *   is stored as `{ "$escaped": "<its JSON text>" }`. JSON text writes NUL and lone surrogates as
 *   `\u0000` / `\ud800` escapes, so it is storable, and `fromStorableJson` gives back exactly what was
 *   sent. A value that itself has the key `$escaped` is escaped too, so the form is never ambiguous.
 * - `text` (the reason, the format, the subject): each such code unit is written `\uXXXX`, visibly.
 */

export const ESCAPED_KEY = '$escaped';

/** NUL, or a UTF-16 code unit that is not part of a character (a lone surrogate). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const hex = (s: string) => `\\u${s.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Whether PostgreSQL can store this string as it is. */
export function isStorableText(text: string): boolean {
  UNSTORABLE.lastIndex = 0;
  return !UNSTORABLE.test(text);
}

/** The text with each code unit PostgreSQL refuses written as `\uXXXX`. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, hex);
}

/** The same text with control characters escaped too, cut to `max` characters: for naming a hostile value in a message. */
export function printable(text: string, max = 64): string {
  const shown = shownText(text);
  return shown.length > max ? `${shown.slice(0, max)}…` : shown;
}

/**
 * The text as a terminal may show it: control characters (C0, DEL, C1: line breaks, escape sequences)
 * and lone surrogates written `\uXXXX`, so that a hostile value can neither forge a line of a listing
 * nor drive the operator's terminal. Nothing else changes.
 */
export function shownText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, hex).replace(UNSTORABLE, hex);
}

function storable(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(storable);
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => isStorableText(k) && storable(v));
  return true;
}

/** The value as `jsonb` can hold it (see above). */
export function toStorableJson(value: Record<string, unknown>): Record<string, unknown> {
  if (storable(value) && !Object.prototype.hasOwnProperty.call(value, ESCAPED_KEY)) return value;
  return { [ESCAPED_KEY]: JSON.stringify(value) };
}

/** What was sent, from what `toStorableJson` stored. */
export function fromStorableJson(stored: Record<string, unknown>): Record<string, unknown> {
  const keys = stored && typeof stored === 'object' ? Object.keys(stored) : [];
  if (keys.length === 1 && keys[0] === ESCAPED_KEY && typeof stored[ESCAPED_KEY] === 'string') return JSON.parse(stored[ESCAPED_KEY] as string);
  return stored;
}
