/**
 * The language the command line speaks (issue 16): `--lang es|eu|ca|gl|en`, else the `LANG` of the shell
 * (`eu_ES.UTF-8`), else Spanish. It words messages, refusals' reasons, report text, CSV headers and PDFs;
 * JSON keeps its field names (and gains findings' `explanation`, `legalCitation`, `originalText`).
 */
import { Command, Option } from 'commander';
import { LANGUAGES, negotiateLanguage, translator, type Language, type Translator } from '../../../libs/i18n/src';

export const LANG_OPTION = () =>
  new Option('--lang <language>', 'the language of messages and reports (default: LANG, else es)').choices([...LANGUAGES]);

export function cliLanguage(program: Command): Language {
  const chosen = program.opts().lang as string | undefined;
  return negotiateLanguage(chosen ?? process.env.LANG);
}

/** The messages in a language (`cli:…`, `errors:…`). */
export function cliWords(lang: Language): Translator {
  return translator(lang);
}
