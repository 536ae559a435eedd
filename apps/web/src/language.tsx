/**
 * The pages' language (issue 16): the one the user chose on the selector, remembered in this browser
 * (localStorage); otherwise the best of ours for the browser's languages; Spanish when none matches.
 * Every text goes through the `web` namespace of the message catalogue, money and dates through its
 * formats; the API calls send the language as `Accept-Language` so server texts come back in it too.
 */
import { useSyncExternalStore } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, negotiateLanguage, translator, type Language, type Translator } from '../../../libs/i18n/src';

export const LANGUAGE_KEY = 'casino-audit.language';

function initial(): Language {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(saved)) return saved;
  return negotiateLanguage((navigator.languages?.length ? navigator.languages : [navigator.language]).join(','));
}

let current: Language = initial();
document.documentElement.lang = current;
const listeners = new Set<() => void>();

/** The language the pages speak now (for the API's `Accept-Language`). */
export const chosenLanguage = (): Language => current;

export function chooseLanguage(lang: Language): void {
  current = lang;
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The translator of the chosen language; the component renders again when the language changes. */
export function useT(): Translator {
  return translator(useSyncExternalStore(subscribe, chosenLanguage));
}

/** A value the API sends as a code (`consistent`, `closed`, `win`…) in words, or the code itself when the catalogue has none. */
export function term(tr: Translator, group: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const key = `web:${group}.${value}`;
  return tr.has(key) ? tr.t(key) : value;
}

export function LanguageSelector() {
  const tr = useT();
  return (
    <label className="language">
      {tr.t('common:language')}{' '}
      <select name="language" value={tr.lang} onChange={(e) => isLanguage(e.target.value) && chooseLanguage(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
