/**
 * A circle-poker table's opening (issue 14 §2): "El minimo pude variar entre el 20 y el 40% del mdximo y el «ante»
 * (apuesta inicial) serd como mdximo un 50% del minimo de la mesa" (euskadi L11228–11231; cantabria L5583–5586 the
 * same). The text bounds the table's minimum against its maximum, and the ante against the minimum: nothing about the
 * resto (buy-in). illes-balears and andalucia (synthetic) set no such ratio (illes-balears L2626–2641, andalucia L219–233).
 */
import { GAMES } from '../../games/circle-poker';
import type { GameRules, RoundEnv } from '../game';
import type { JurisdictionId, TableLimits } from '../types';
import { circleEnv } from './spec-support';

const opening = (rules: GameRules, j: JurisdictionId, limits: TableLimits, options: Record<string, unknown> = {}) => {
  const env: RoundEnv = circleEnv(rules, j, { limits, options });
  return rules.judgeOpening!({ limits, options, eventId: 'e-open' }, env);
};

const RATIO: JurisdictionId[] = ['euskadi', 'cantabria'];
const CITES: Record<string, string> = { euskadi: 'euskadi L11227–11231 (eu L11157–11161)', cantabria: 'cantabria L5582–5586' };

describe.each(GAMES.map((g) => [g.game, g] as const))('%s: the table minimum is 20–40 % of the maximum', (_game, rules) => {
  const jurisdictions = (Object.keys(rules.rulebooks) as JurisdictionId[]).filter((j) => RATIO.includes(j));
  it.each(jurisdictions)('%s: 20 % and 40 % are within; 19.9 % and 40.1 % are not', (j) => {
    expect(opening(rules, j, { min: 200, max: 1_000 })).toEqual([]);
    expect(opening(rules, j, { min: 400, max: 1_000 })).toEqual([]);
    expect(opening(rules, j, { min: 300, max: 1_000 })).toEqual([]);
    for (const min of [199, 401]) {
      expect(opening(rules, j, { min, max: 1_000 })).toEqual([
        {
          code: 'SESSION_RULE_VIOLATION',
          rule: `${rules.game}/table-minimum`,
          citation: CITES[j],
          expected: 'a minimum of 20–40 % of the maximum: 200–400',
          recorded: { min, max: 1_000 },
          message: `the table minimum ${min} is ${(min / 10).toFixed(2)} % of the maximum 1000; the text lets it vary between 20 % and 40 % of the maximum`,
          messagePhrase: {
            key: 'finding.circle.tableMinimum',
            values: { min: { amount: min }, share: (min / 10).toFixed(2), max: { amount: 1_000 }, low: 20, high: 40 },
          },
          eventId: 'e-open',
        },
      ]);
    }
  });
  it.each(jurisdictions)('%s: a table of 100 to 5,000 (2 %) is flagged; one without a maximum is not judged', (j) => {
    expect(opening(rules, j, { min: 100, max: 5_000 }).map((f) => f.rule)).toEqual([`${rules.game}/table-minimum`]);
    expect(opening(rules, j, { min: 100, max: Number.NaN })).toEqual([]);
  });
});

describe('the ante the session declares', () => {
  const holdem = GAMES.find((g) => g.game === 'circle-poker-texas-holdem')!;
  const synthetic = GAMES.find((g) => g.game === 'synthetic-poker')!;
  it.each(RATIO)('%s: at most half the minimum (L11230–11231 / L5585–5586)', (j) => {
    const limits = { min: 300, max: 1_000 };
    expect(opening(holdem, j, limits, { ante: 150, forcedBets: 'ante' })).toEqual([]);
    expect(opening(holdem, j, limits, { ante: 151, forcedBets: 'ante' })).toMatchObject([
      { code: 'SESSION_RULE_VIOLATION', rule: 'circle-poker-texas-holdem/ante-maximum', expected: '≤ 150', recorded: 151 },
    ]);
    // blinds: no ante is taken, whatever is declared
    expect(opening(holdem, j, limits, { ante: 151, forcedBets: 'blinds' })).toEqual([]);
  });
  it.each(['illes-balears', 'andalucia'] as const)('%s synthetic: the ante is the minimum; no minimum-to-maximum ratio', (j) => {
    expect(opening(synthetic, j, { min: 100, max: 50_000 })).toEqual([]);
    expect(opening(synthetic, j, { min: 100, max: 50_000 }, { ante: 100 })).toEqual([]);
    expect(opening(synthetic, j, { min: 100, max: 50_000 }, { ante: 50 })).toMatchObject([{ rule: 'synthetic-poker/ante', recorded: 50 }]);
  });
});
