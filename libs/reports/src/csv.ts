/**
 * The one CSV writer of the reports. A cell a spreadsheet would read as a formula — one that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return — is written with a leading apostrophe, as the OWASP
 * guidance on CSV injection says, so that a staff name like `@SUM(1+1)` reaches the inspector as text.
 * Numbers stay numbers: a number value, or a string that is a plain number (`-500`), is written as is.
 */
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

export function safeCell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  const text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function csv(rows: ReadonlyArray<readonly unknown[]>): string {
  return stringify(rows.map((row) => row.map(safeCell)));
}
