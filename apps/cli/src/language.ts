/**
 * The language the command line speaks (issue 16): `--lang es|eu|ca|gl|en`, else the `LANG` of the shell
 * (`eu_ES.UTF-8`), else Spanish. It words messages, refusals' reasons, report text, CSV headers and PDFs;
 * JSON keeps its field names (and gains findings' `explanation`, `legalCitation`, `originalText`).
 */
import { Command, Option } from 'commander';
import { LANGUAGES, negotiateLanguage, translator, type Language, type Translator } from '../../../libs/i18n/src';
import { refusalInLanguage, wordReason, type KeyedReason, type ReasonKey } from '../../../libs/i18n/src/reasons';

export const LANG_OPTION = () => new Option('--lang <language>').choices([...LANGUAGES]);

export function cliLanguage(program: Command): Language {
  const chosen = program.opts().lang as string | undefined;
  return negotiateLanguage(chosen ?? process.env.LANG);
}

/** The messages in a language (`cli:…`, `errors:…`). */
export function cliWords(lang: Language): Translator {
  return translator(lang);
}

/** A command's words: its `cli:` messages in the command's language, and counts as that language writes them (English: as JavaScript does, ungrouped, as these messages always read). */
export function cliSay(lang: Language) {
  const tr = translator(lang);
  return {
    lang,
    t: (key: string, values?: Record<string, unknown>) => tr.t(`cli:${key}`, values),
    n: (x: number) => (lang === 'en' ? String(x) : tr.number(x)),
  };
}

/**
 * The language while the arguments are still being parsed (an option's check runs before the command's
 * options are read): `--lang` as written on the command line, else `LANG`, else Spanish.
 */
export function argvLanguage(argv: readonly string[] = process.argv): Language {
  const at = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const chosen = at < 0 ? undefined : argv[at].includes('=') ? argv[at].slice('--lang='.length) : argv[at + 1];
  return negotiateLanguage(chosen ?? process.env.LANG);
}

/**
 * A reason in the command's language: a keyed reason (a chain's break, a receipt's verdict: `reasonKey`
 * beside the English `reason`) or an error that carries its key (`because`: a seal or a receipt refused)
 * is worded from its key; anything else reads as written.
 */
export function reasonIn(lang: Language, r: KeyedReason | Error): string {
  const because = (r as { because?: ReasonKey }).because;
  if (because?.key) return wordReason(because, lang);
  if ('reasonKey' in r && r.reasonKey) return refusalInLanguage(r, lang).reason;
  return r instanceof Error ? r.message : r.reason;
}
