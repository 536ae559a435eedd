/**
 * A finding as a person reads it, in their language (issue 16): beside the English `message` and the line
 * pointer `citation` (kept: integrators depend on them), an `explanation` from the `findings` catalogue
 * keyed by the finding's code with its expected and recorded values in the locale's form, the citation in
 * legal form (instrument and the catalogue's own numbering, then the lines) and, where the official texts
 * are configured (`CASINO_AUDIT_REGULATIONS`), the cited sentence in the original language.
 */
import { translator, type Language, type Translator } from '../../i18n/src';
import { legalCitation } from '../../rules/src/core/legal-sources';
import { originalSentence, regulationTextsDir } from './regulation-texts';
import type { Phrase } from '../../rules/src/core/phrase';
import { checklistRowInLanguage, citationLanguage, wordPhrase, type ChecklistRowLike } from './phrase-language';

export interface FindingLike {
  readonly code: string;
  readonly expected?: unknown;
  readonly recorded?: unknown;
  readonly rule: string;
  readonly citation: string;
  /** what the rules found, as a phrase (where the rules word it): said after the code's headline */
  readonly messagePhrase?: Phrase;
}

export interface FindingInLanguage {
  readonly explanation: string;
  /**
   * Where `expected` or `recorded` is a sentence the rules write in English, what a reader of another
   * language is shown instead (the explanation says what was due); absent where the value shows as it is.
   */
  readonly expectedShown?: string;
  readonly recordedShown?: string;
  readonly legalCitation: string;
  /** absent when the texts are not configured */
  readonly originalText?: string;
}

/** Codes whose expected and recorded numbers are amounts in minor units (contract §6). */
const MONEY_CODES: ReadonlySet<string> = new Set([
  'PAYOUT_MISMATCH',
  'BET_ABOVE_MAXIMUM',
  'BET_BELOW_MINIMUM',
  'CAGNOTTE_MISMATCH',
  'COMMISSION_MISMATCH',
  'JACKPOT_MISMATCH',
]);

/** Whether a code's expected and recorded numbers are amounts in minor units. */
export const amountsAreMoney = (code: string): boolean => MONEY_CODES.has(code);

/**
 * A citation in legal form, in the reader's language (pointers that do not resolve stay as written). A
 * citation that is no text's lines but industry practice or an open question is named so in the reader's
 * language, with the pointers it gives in legal form; its English remarks are left to English readers.
 */
export function legalCitationText(cite: string, lang: Language): string {
  const c = legalCitation(cite, citationLanguage(lang));
  if (lang === 'en' || (c.kind !== 'industry-standard' && c.kind !== 'open-question')) return c.rendered;
  return [translator(lang).t(`narrative:citation.${c.kind}`), c.pointers.map((p) => p.text).join('; ')].filter(Boolean).join(': ');
}

/**
 * A value as the explanation can print it: numbers (money for the amount codes), yes / no, short codes
 * (`banker`, `KH`), lists of them. Undefined for prose written by the rules in English: the explanation
 * then leaves the values out (they stay in the finding's `expected` and `recorded`).
 */
function shown(tr: Translator, v: unknown, money: boolean): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return money && Number.isInteger(v) ? tr.money(v) : tr.number(v);
  if (typeof v === 'boolean') return tr.t(`findings:value.${v}`);
  if (typeof v === 'string' && v !== '' && v.length <= 40 && !/\s/.test(v)) return v;
  if (Array.isArray(v) && v.length > 0 && v.length <= 8) {
    const parts = v.map((x) => shown(tr, x, money));
    return parts.every((p) => p !== undefined) ? parts.join(', ') : undefined;
  }
  return undefined;
}

/** The explanation of a finding in `lang`: what the code means, the values, the rule. */
export function explanation(f: FindingLike, lang: Language): string {
  const tr = translator(lang);
  const key = `findings:code.${f.code}`;
  const headline = tr.has(key) ? tr.t(key) : tr.t('findings:code.other', { code: f.code });
  const money = MONEY_CODES.has(f.code);
  const expected = shown(tr, f.expected, money);
  const recorded = shown(tr, f.recorded, money);
  const values = expected !== undefined && recorded !== undefined ? tr.t('findings:values', { expected, recorded }) : undefined;
  const found = f.messagePhrase ? sentence(wordPhrase(f.messagePhrase, lang)) : undefined;
  return [headline, found, values, tr.t('findings:rule', { rule: f.rule })].filter(Boolean).join(' ');
}

/** A worded phrase as a sentence of the explanation: capital first, full stop last. */
function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return t[0].toLocaleUpperCase() + t.slice(1) + (/[.!?»)]$/.test(t) ? '' : '.');
}

/**
 * The finding with `explanation`, `legalCitation` and, when `textsDir` (default `CASINO_AUDIT_REGULATIONS`)
 * is set, `originalText`; every field it had is kept as it was.
 */
export function findingInLanguage<F extends FindingLike>(f: F, lang: Language, textsDir: string | undefined = regulationTextsDir()): F & FindingInLanguage {
  const original = textsDir ? originalSentence(f.citation, textsDir) : '';
  const tr = translator(lang);
  const prose = (v: unknown) => lang !== 'en' && typeof v === 'string' && shown(tr, v, false) === undefined;
  return {
    ...f,
    explanation: explanation(f, lang),
    legalCitation: legalCitationText(f.citation, lang),
    ...(original ? { originalText: original } : {}),
    ...(prose(f.expected) ? { expectedShown: tr.t('findings:value.prose') } : {}),
    ...(prose(f.recorded) ? { recordedShown: tr.t('findings:value.prose') } : {}),
  };
}

/** Every finding of a list in `lang` (the texts folder read once for the list). */
export function findingsInLanguage<F extends FindingLike>(
  findings: readonly F[] | undefined,
  lang: Language,
  textsDir: string | undefined = regulationTextsDir(),
): (F & FindingInLanguage)[] {
  return (findings ?? []).map((f) => findingInLanguage(f, lang, textsDir));
}

/** The table book with its session's findings in `lang` (JSON field names as they were). */
export function tableBookInLanguage<B extends { sessionFindings: readonly FindingLike[] }>(
  book: B,
  lang: Language,
  textsDir: string | undefined = regulationTextsDir(),
): B {
  return { ...book, sessionFindings: findingsInLanguage(book.sessionFindings, lang, textsDir) };
}

/** The inspector's day with its rounds', sessions' and day's findings in `lang`, and its checklist rows' titles and notes. */
export function inspectorDayInLanguage<
  R extends {
    discrepancies: readonly FindingLike[];
    sessionFindings: readonly FindingLike[];
    dayFindings?: readonly FindingLike[];
    checklist?: readonly ChecklistRowLike[];
  },
>(report: R, lang: Language, textsDir: string | undefined = regulationTextsDir()): R {
  return {
    ...report,
    discrepancies: findingsInLanguage(report.discrepancies, lang, textsDir),
    sessionFindings: findingsInLanguage(report.sessionFindings, lang, textsDir),
    ...(report.dayFindings ? { dayFindings: findingsInLanguage(report.dayFindings, lang, textsDir) } : {}),
    ...(report.checklist ? { checklist: report.checklist.map((row) => checklistRowInLanguage(row, lang)) } : {}),
  };
}
