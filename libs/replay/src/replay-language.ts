/**
 * A replay's findings in the reader's language (issue 16): the round's and each step's, fields added, none
 * changed; each step's line in that language as `narration` beside the rules' English `narrative`.
 */
import type { Language } from '../../i18n/src';
import { findingsInLanguage, type FindingInLanguage } from '../../reports/src/finding-language';
import { regulationTextsDir } from '../../reports/src/regulation-texts';
import { stepNarration } from '../../reports/src/phrase-language';
import type { Discrepancy } from '../../rules/src';
import type { RoundReplay } from './replay';

export type LocalizedReplay = Omit<RoundReplay, 'discrepancies' | 'steps'> & {
  readonly discrepancies: (Discrepancy & FindingInLanguage)[];
  readonly steps: (RoundReplay['steps'][number] & { readonly narration: string; readonly discrepancies: (Discrepancy & FindingInLanguage)[] })[];
};

export function replayInLanguage(r: RoundReplay, lang: Language, textsDir: string | undefined = regulationTextsDir()): LocalizedReplay {
  return {
    ...r,
    discrepancies: findingsInLanguage(r.discrepancies, lang, textsDir),
    steps: r.steps.map((s) => ({ ...s, narration: stepNarration(s, lang), discrepancies: findingsInLanguage(s.discrepancies, lang, textsDir) })),
  };
}
