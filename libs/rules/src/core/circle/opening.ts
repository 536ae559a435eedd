/**
 * What a circle-poker table's opening (or a change of its limits) says before any hand (issue 14 §2): the
 * table minimum against the maximum, and a declared ante against the minimum. Findings on the session, never
 * refusals (contract §1.1).
 */
import type { RoundEnv, SessionOpening } from '../game';
import { amount, phrase, type Phrase } from '../phrase';
import type { Finding } from '../types';
import type { CircleOptions, CircleRulebook } from './rulebook';

const percent = (share: number) => Math.round(share * 100);

export function judgeCircleOpening(game: string, opening: SessionOpening, env: RoundEnv<CircleRulebook>): Finding[] {
  const rb = env.rulebook;
  const out: Finding[] = [];
  const flag = (rule: string, citation: string, expected: unknown, recorded: unknown, message: string, messagePhrase: Phrase) =>
    out.push({
      code: 'SESSION_RULE_VIOLATION',
      rule: `${game}/${rule}`,
      citation,
      expected,
      recorded,
      message,
      messagePhrase,
      ...(opening.eventId ? { eventId: opening.eventId } : {}),
    });
  const min = Number(opening.limits?.min);
  const max = Number(opening.limits?.max);

  // "El minimo pude variar entre el 20 y el 40% del mdximo" (euskadi L11228–11230, cantabria L5583–5584): the
  // table's own minimum and maximum; judged in whole percents, exactly (a limit with no maximum is not judged)
  const range = rb.tableMinimumShare.value;
  if (range && Number.isFinite(min) && Number.isFinite(max) && min > 0 && max > 0) {
    const [low, high] = range.map(percent);
    if (100 * min < low * max || 100 * min > high * max) {
      const shown = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
      flag(
        'table-minimum',
        rb.tableMinimumShare.cite,
        `a minimum of ${low}–${high} % of the maximum: ${shown((low * max) / 100)}–${shown((high * max) / 100)}`,
        { min, max },
        `the table minimum ${min} is ${shown((100 * min) / max)} % of the maximum ${max}; the text lets it vary between ${low} % and ${high} % of the maximum`,
        phrase('finding.circle.tableMinimum', { min: amount(min), share: shown((100 * min) / max), max: amount(max), low, high }),
      );
    }
  }

  // a declared ante: at most half the minimum (euskadi L11230–11231), or the minimum itself where it is the ante
  const ante = opening.options?.ante;
  if ((env.options as unknown as CircleOptions).forcedBets === 'ante' && typeof ante === 'number' && Number.isFinite(min) && min > 0) {
    if (rb.anteIsMinimum.value) {
      if (ante !== min)
        flag(
          'ante',
          rb.anteIsMinimum.cite,
          `the table minimum ${min}`,
          ante,
          `the session declares an ante of ${ante}; the ante is the table's minimum bet (${min})`,
          phrase('finding.circle.anteIsMinimum', { ante: amount(ante), min: amount(min) }),
        );
    } else {
      const most = Math.floor(min * rb.anteMaxShare.value);
      if (ante > most)
        flag(
          'ante-maximum',
          rb.anteMaxShare.cite,
          `≤ ${most}`,
          ante,
          `the session declares an ante of ${ante}, above ${percent(rb.anteMaxShare.value)} % of the table minimum ${min} (${most})`,
          phrase('finding.circle.anteMaximum', { ante: amount(ante), percent: percent(rb.anteMaxShare.value), min: amount(min), most: amount(most) }),
        );
    }
  }
  return out;
}
