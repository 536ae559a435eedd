/**
 * Numbers, money, dates and times in the locale's own form (`1.234,50 €`, `24/11/2026 21:05`), through
 * `Intl`. Amounts stay exact integers of minor units underneath: the decimal string is built from the
 * integer and handed to `Intl.NumberFormat` as a string, so no binary fraction ever rounds a cent.
 */
import type { Language } from './languages';

/** BCP 47 locale used for each language's formats (the Spanish regions' conventions). */
export const LOCALES: Record<Language, string> = { es: 'es-ES', eu: 'eu-ES', ca: 'ca-ES', gl: 'gl-ES', en: 'en-GB' };

/**
 * The locale `Intl` formats a language with: its own where this runtime holds its data, else Spanish's,
 * whose number, money and date forms Basque, Catalan and Galician share (`1.234,50 €`). A browser's ICU may
 * lack a co-official language (Debian's Chromium has no Basque data and would fall back to English: `€1,234.50`).
 */
function intlLocale(lang: Language): string {
  const wanted = LOCALES[lang];
  return Intl.NumberFormat.supportedLocalesOf([wanted]).length && Intl.DateTimeFormat.supportedLocalesOf([wanted]).length ? wanted : LOCALES.es;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** Minor units (cents) as the exact decimal string `-1234.50`. */
export function minorToDecimal(minor: number | bigint, fractionDigits = 2): string {
  const n = BigInt(minor);
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(fractionDigits + 1, '0');
  const whole = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits);
  return `${negative ? '-' : ''}${whole}${fractionDigits ? `.${fraction}` : ''}`;
}

export function formatMoney(lang: Language, minor: number | null | undefined, currency = 'EUR'): string {
  if (minor === null || minor === undefined) return '—';
  const f = cached(
    `money:${lang}:${currency}`,
    () =>
      new Intl.NumberFormat(intlLocale(lang), {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: 'always',
      } as unknown as Intl.NumberFormatOptions),
  );
  // grouped from four digits (`1.234,50 €`, as the books and the issue write money; CLDR's Spanish
  // default would leave `1234,50 €`). Intl accepts a decimal string exactly (ECMA-402 "Intl.NumberFormat v3" string inputs)
  return f.format(minorToDecimal(minor) as unknown as number);
}

export function formatNumber(lang: Language, value: number, fractionDigits?: number): string {
  const f = cached(
    `number:${lang}:${fractionDigits ?? ''}`,
    () =>
      new Intl.NumberFormat(
        intlLocale(lang),
        fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
      ),
  );
  return f.format(value);
}

/** An instant in the casino's time zone, with the date and the minute (`24/11/2026, 21:05`). */
export function formatDateTime(lang: Language, instant: string | Date, timeZone: string): string {
  const f = cached(
    `datetime:${lang}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(lang), {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );
  return f.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** A calendar date (a gaming day, `2026-11-24`) as the locale writes it, without any time zone shift. */
export function formatDate(lang: Language, isoDate: string): string {
  const f = cached(`date:${lang}`, () => new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }));
  return f.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}
