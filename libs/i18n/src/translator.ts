/**
 * One translator per language: i18next with ICU message format (plurals, selects, numbers), so no
 * message is assembled by `if (lang === …)`. Keys are `namespace:path.to.key`. Every language must hold
 * every key (the catalogue test fails otherwise); should one slip through at run time, the Spanish text
 * is shown, never the bare key.
 */
import i18next, { type i18n } from 'i18next';
import ICU from 'i18next-icu';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from './languages';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './formats';
import { NAMESPACES, RESOURCES } from './resources';

export interface Translator {
  readonly lang: Language;
  t(key: string, values?: Record<string, unknown>): string;
  has(key: string): boolean;
  money(minor: number | null | undefined, currency?: string): string;
  number(value: number, fractionDigits?: number): string;
  dateTime(instant: string | Date, timeZone: string): string;
  date(isoDate: string): string;
}

let shared: i18n | null = null;
function instance(): i18n {
  if (shared) return shared;
  const inst = i18next.createInstance();
  // the resources are inline and initAsync is off, so init has finished when it returns: its promise adds nothing
  void inst.use(ICU).init({
    resources: RESOURCES as unknown as Record<string, Record<string, object>>,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  shared = inst;
  return inst;
}

const translators = new Map<Language, Translator>();

export function translator(lang: Language | string | null | undefined = DEFAULT_LANGUAGE): Translator {
  const language: Language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  let tr = translators.get(language);
  if (tr) return tr;
  const t = instance().getFixedT(language);
  tr = {
    lang: language,
    t: (key, values) => String(t(key, values as never)),
    has: (key) => instance().exists(key, { lng: language, fallbackLng: false } as never),
    money: (minor, currency) => formatMoney(language, minor, currency),
    number: (value, digits) => formatNumber(language, value, digits),
    dateTime: (instant, timeZone) => formatDateTime(language, instant, timeZone),
    date: (isoDate) => formatDate(language, isoDate),
  };
  translators.set(language, tr);
  return tr;
}
