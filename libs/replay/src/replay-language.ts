/**
 * A replay's findings in the reader's language (issue 16): the round's and each step's, fields added, none
 * changed; each step's line in that language as `narration` beside the rules' English `narrative`, the notes and
 * warnings as `notesInLanguage` and `warningsInLanguage` beside the English `notes` and `warnings`.
 */
import type { Language } from '../../i18n/src';
import { findingsInLanguage, type FindingInLanguage } from '../../reports/src/finding-language';
import { regulationTextsDir } from '../../reports/src/regulation-texts';
import { replayRemarks, stepNarration } from '../../reports/src/phrase-language';
import type { Discrepancy } from '../../rules/src';
import type { RoundReplay } from './replay';

export type LocalizedReplay = Omit<RoundReplay, 'discrepancies' | 'steps'> & {
  readonly discrepancies: (Discrepancy & FindingInLanguage)[];
  readonly steps: (RoundReplay['steps'][number] & { readonly narration: string; readonly discrepancies: (Discrepancy & FindingInLanguage)[] })[];
  readonly notesInLanguage: string[];
  readonly warningsInLanguage: string[];
};

export function replayInLanguage(r: RoundReplay, lang: Language, textsDir: string | undefined = regulationTextsDir()): LocalizedReplay {
  const remarks = replayRemarks(r, lang);
  return {
    ...r,
    discrepancies: findingsInLanguage(r.discrepancies, lang, textsDir),
    steps: r.steps.map((s) => ({ ...s, narration: stepNarration(s, lang), discrepancies: findingsInLanguage(s.discrepancies, lang, textsDir) })),
    notesInLanguage: remarks.notes,
    warningsInLanguage: remarks.warnings,
  };
}
