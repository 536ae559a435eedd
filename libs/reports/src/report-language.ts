/**
 * The words and forms of a report in its reader's language (issue 16): labels from the `reports`
 * catalogue, amounts exact from minor units in the locale's form (`1.234,50`), instants on the casino's
 * clock with their offset written as the language writes a date (`25/10/2026 02:30:00 +01:00`; English
 * keeps `2026-10-25 02:30:00 +01:00`), and findings with their explanation and legal-form citation.
 */
import { LOCALES, minorToDecimal, translator, type Language, type Translator } from '../../i18n/src';
import { findingInLanguage, type FindingInLanguage, type FindingLike } from './finding-language';
import { localParts, timeZones } from './local-time';
import { regulationTextsDir } from './regulation-texts';

export interface ReportWords {
  readonly lang: Language;
  readonly tr: Translator;
  /** a `reports:` message */
  t(key: string, values?: Record<string, unknown>): string;
  /** minor units as an exact amount without the currency (`1.234,50`); `—` for none */
  amount(minor: number | null | undefined): string;
  /** with the currency (`1.234,50 €`) */
  money(minor: number | null | undefined, currency?: string): string;
  /** an instant on the clock of a casino (its zone), with the offset; `—` for none */
  time(instant: string | null | undefined, casinoId?: string | null): string;
  /** a finding with its explanation, legal-form citation and, where the texts are configured, the cited sentence */
  finding<F extends FindingLike>(f: F): F & FindingInLanguage;
}

const amounts = new Map<Language, Intl.NumberFormat>();
function amountFormat(lang: Language): Intl.NumberFormat {
  let f = amounts.get(lang);
  if (!f)
    amounts.set(
      lang,
      (f = new Intl.NumberFormat(LOCALES[lang], {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: 'always',
      } as unknown as Intl.NumberFormatOptions)),
    );
  return f;
}

export function reportWords(lang: Language = 'en', options: { textsDir?: string } = {}): ReportWords {
  const tr = translator(lang);
  const textsDir = 'textsDir' in options ? options.textsDir : regulationTextsDir();
  return {
    lang,
    tr,
    t: (key, values) => tr.t(`reports:${key}`, values),
    // the exact decimal string handed to Intl: no binary fraction rounds a cent
    amount: (minor) => (minor === null || minor === undefined ? '—' : amountFormat(lang).format(minorToDecimal(minor) as unknown as number)),
    money: (minor, currency = 'EUR') => tr.money(minor, currency),
    time: (instant, casinoId) => {
      if (instant === null || instant === undefined || instant === '') return '—';
      const p = localParts(instant, timeZones().of(casinoId));
      if (!p) return String(instant);
      const [year, month, day] = p.date.split('-');
      return tr.t('reports:clock', { year, month, day, time: p.time, offset: p.offset });
    },
    finding: (f) => findingInLanguage(f, lang, textsDir),
  };
}
