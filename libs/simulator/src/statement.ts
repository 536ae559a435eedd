/**
 * What the simulator says of an injection and of the statistical record (issue 16): a key of the `cli`
 * catalogue and its values, worded in any language. Figures are kept as numbers with the form they are
 * written in — English as these lines always read (`1.23`, `4.5e-7`, `600`), the other languages through
 * the translator's formatters (`1,23`, `4,5e-7`, `37.603`) — so one statement gives every language.
 */
import { translator, type Language } from '../../i18n/src';

export type StatementValue =
  | string
  | Statement
  /** a count (rounds, spins, players) */
  | { readonly count: number }
  /** a figure with this many decimals (z, χ², a factor per point) */
  | { readonly fixed: number; readonly digits: number }
  /** a probability in exponent form with this many decimals in the mantissa */
  | { readonly exponent: number; readonly digits: number }
  /** a figure as it is (a weight, a rate) */
  | { readonly number: number };

export interface Statement {
  /** a `cli:` key */
  readonly key: string;
  readonly values?: Readonly<Record<string, StatementValue>>;
}

export const statement = (key: string, values?: Readonly<Record<string, StatementValue>>): Statement => (values ? { key, values } : { key });

function figure(v: Exclude<StatementValue, string | Statement>, lang: Language): string {
  const tr = translator(lang);
  const en = lang === 'en';
  if ('count' in v) return en ? String(v.count) : tr.number(v.count);
  if ('fixed' in v) return en ? v.fixed.toFixed(v.digits) : tr.number(Number(v.fixed.toFixed(v.digits)), v.digits);
  if ('number' in v) return en ? String(v.number) : tr.number(v.number);
  // the mantissa in the language's form, the exponent as JavaScript writes it (4.5e-7 → 4,5e-7)
  const [mantissa, exponent] = v.exponent.toExponential(v.digits).split('e');
  return en ? `${mantissa}e${exponent}` : `${tr.number(Number(mantissa), v.digits)}e${exponent}`;
}

/** A statement worded in `lang`, its nested statements in the same language. */
export function wordStatement(s: Statement, lang: Language): string {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.values ?? {})) values[k] = typeof v === 'string' ? v : 'key' in v ? wordStatement(v, lang) : figure(v, lang);
  return translator(lang).t(`cli:${s.key}`, values);
}

/** The English wording, which the manifest and the record's own fields keep. */
export const inEnglish = (s: Statement) => wordStatement(s, 'en');
