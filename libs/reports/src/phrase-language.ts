/**
 * A sentence the rules said as a phrase (a replay step's narrative, a settlement's explanation: a key of the
 * `narrative` catalogue and its values, libs/rules/src/core/phrase.ts) worded in the reader's language
 * (issue 16): amounts in the locale's money form, terms (bet types, outcomes, decisions) by the catalogue's
 * words where it has them and as their codes otherwise, citations in legal form (`citationWords`), nested phrases in the same
 * language.
 */
import { translator, type Language } from '../../i18n/src';
import { legalCitation, type CitationLanguage } from '../../rules/src/core/legal-sources';
import type { Phrase, PhraseValue } from '../../rules/src/core/phrase';

/**
 * The language the instrument and the sections are named in: Spanish for a Spanish reader, the text's own
 * language otherwise (a Catalan reader sees "Ordre de 30 de desembre de 2005", a Galician one "Decreto
 * 177/2007, … Anexo (Catálogo de xogos de casinos)"; Euskadi's sections follow its Spanish headings).
 */
export function citationLanguage(lang: Language): CitationLanguage {
  return lang === 'es' ? 'es' : 'original';
}

/**
 * A citation for a step's line: its pointers in legal form and what kind of source it is where it is not a
 * text's lines (industry standard, an open question); the rulebook's English remarks around the pointers
 * are left out (the finding's `legalCitation` and the English narrative keep them). A citation of no
 * pointer and no known kind (a contract field) stays as written.
 */
function citationWords(cite: string, lang: Language): string {
  const c = legalCitation(cite, citationLanguage(lang));
  const pointers = c.pointers.map((p) => p.text).join('; ');
  if (c.kind === 'lines') return pointers || cite;
  if (c.kind === 'other') return pointers || cite;
  return [translator(lang).t(`narrative:citation.${c.kind}`), pointers].filter(Boolean).join(': ');
}

function wordValue(v: PhraseValue, lang: Language): string | number {
  if (typeof v === 'string' || typeof v === 'number') return v;
  const tr = translator(lang);
  if ('amount' in v) return tr.money(v.amount);
  if ('term' in v) {
    const key = `narrative:term.${v.term}.${v.of}`;
    return tr.has(key) ? tr.t(key) : v.of;
  }
  if ('cite' in v) return citationWords(v.cite, lang);
  if ('list' in v) return v.list.map((x) => wordValue(x, lang)).join('; ');
  return wordPhrase(v, lang);
}

/** The phrase in `lang`. */
export function wordPhrase(p: Phrase, lang: Language): string {
  const tr = translator(lang);
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p.values ?? {})) values[k] = wordValue(v, lang);
  return tr.t(`narrative:${p.key}`, values);
}

/**
 * A replay step's line in `lang`: its phrase worded; in English, or where the step carries no phrase, the
 * rules' own line (English readers keep the text they always had, amounts as minor units).
 */
export function stepNarration(
  step: { readonly narrative: string; readonly narrativeKey?: string; readonly narrativeValues?: Phrase['values'] },
  lang: Language,
): string {
  return step.narrativeKey && lang !== 'en' ? wordPhrase({ key: step.narrativeKey, values: step.narrativeValues }, lang) : step.narrative;
}

/**
 * A replay's notes and warnings in `lang` (issue 16): each one's phrase worded; in English, or where a
 * replay carries no phrases (one stored before they were), the rules' own lines.
 */
export function replayRemarks(
  r: {
    readonly notes: readonly string[];
    readonly notePhrases?: readonly Phrase[];
    readonly warnings: readonly string[];
    readonly warningPhrases?: readonly Phrase[];
  },
  lang: Language,
): { notes: string[]; warnings: string[] } {
  const worded = (english: readonly string[], phrases: readonly Phrase[] | undefined) =>
    lang === 'en' || !phrases || phrases.length !== english.length ? [...english] : phrases.map((p) => wordPhrase(p, lang));
  return { notes: worded(r.notes, r.notePhrases), warnings: worded(r.warnings, r.warningPhrases) };
}

/** A checklist row as the rules give it (libs/rules/src/core/compliance-checklist.ts). */
export interface ChecklistRowLike {
  readonly id: string;
  readonly title: string;
  readonly note: string | null;
  readonly notePhrases?: readonly Phrase[];
}

/** A checklist row's title in `lang` (`checklist.title.<id>`; the rules' English where the catalogue has no such row). */
export function checklistTitle(row: ChecklistRowLike, lang: Language): string {
  const key = `narrative:checklist.title.${row.id}`;
  return lang !== 'en' && translator(lang).has(key) ? translator(lang).t(key) : row.title;
}

/** A checklist row's note in `lang`: its phrases worded and joined; the rules' English where it carries none. */
export function checklistNote(row: ChecklistRowLike, lang: Language): string | null {
  if (lang === 'en' || !row.notePhrases) return row.note;
  return row.notePhrases.map((p) => wordPhrase(p, lang)).join('; ') || null;
}

/** The row with `titleInLanguage` and `noteInLanguage` beside the English `title` and `note` (issue 16). */
export function checklistRowInLanguage<R extends ChecklistRowLike>(row: R, lang: Language): R & { titleInLanguage: string; noteInLanguage: string | null } {
  return { ...row, titleInLanguage: checklistTitle(row, lang), noteInLanguage: checklistNote(row, lang) };
}
