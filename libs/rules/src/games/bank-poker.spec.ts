import { CATALOGUE } from '../catalogue';
import { playRound } from '../core/poker/bank-testing';
import { envFor, judge } from '../core/testing';
import { JURISDICTIONS, type JurisdictionId } from '../core/types';
import { GAMES } from './bank-poker';

const FAMILY = [
  'caribbean-stud',
  'draw-poker-vs-bank',
  'trijoker',
  'pai-gow-poker',
  'three-card-poker',
  'casino-holdem',
  'texas-holdem-bonus',
  'texas-holdem-vs-bank',
];
const CITE = /^((euskadi|cantabria|illes-balears|galicia|andalucia) L\d+|index\.md OQ-\d+|INDUSTRY-STANDARD)/;

/** every `{ value, cite }` inside a rulebook */
function cites(node: unknown, path: string, out: Array<[string, string]> = []): Array<[string, string]> {
  if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if ('value' in o && typeof o.cite === 'string') out.push([path, o.cite]);
    else for (const [k, v] of Object.entries(o)) cites(v, `${path}.${k}`, out);
  }
  return out;
}

describe('bank-poker family', () => {
  it('registers the eight games', () => {
    expect(GAMES.map((g) => g.game).sort()).toEqual([...FAMILY].sort());
  });
  it.each(FAMILY)('%s has a rulebook for every jurisdiction that catalogues it with rules, and no other', (game) => {
    const rules = GAMES.find((g) => g.game === game)!;
    for (const j of JURISDICTIONS) {
      const withRules = CATALOGUE[game]?.[j]?.status === 'rules';
      expect([j, !!rules.rulebooks[j]]).toEqual([j, withRules]);
    }
  });
  it.each(FAMILY)('%s: every regulatory value is cited as "<jurisdiction> L<line>", "index.md OQ-xx" or INDUSTRY-STANDARD', (game) => {
    const rules = GAMES.find((g) => g.game === game)!;
    for (const [j, rulebook] of Object.entries(rules.rulebooks)) {
      const found = cites(rulebook, j);
      expect(found.length).toBeGreaterThan(5);
      for (const [path, cite] of found) expect([path, CITE.test(cite)]).toEqual([path, true]);
      expect(rulebook!.source).toMatch(CITE);
    }
  });
  it.each(FAMILY)('%s: a full table (nine seated players asked for) is played within the deck and judged consistent', (game) => {
    const rules = GAMES.find((g) => g.game === game)!;
    for (const j of Object.keys(rules.rulebooks) as JurisdictionId[]) {
      const env = envFor(rules, j);
      for (let seed = 1; seed <= 15; seed++) {
        const judged = judge(rules, env, playRound(rules, env, seed, [1, 2, 3, 4, 5, 6, 7, 8, 9]));
        expect([j, seed, judged.discrepancies]).toEqual([j, seed, []]);
      }
    }
  });
  it.each([
    ['draw-poker-vs-bank', 'BankDiscarded', /^the bank (discards|stands).*rule \d/],
    ['pai-gow-poker', 'BankSetHands', /^the bank sets high .*, low /],
    ['trijoker', 'CommonCardRevealed', /^common card 1 \(left\) turned up: /],
  ])('%s narrates its %s facts for the inspector', (game, type, text) => {
    const rules = GAMES.find((g) => g.game === game)!;
    const env = envFor(rules, Object.keys(rules.rulebooks)[0] as JurisdictionId);
    const step = judge(rules, env, playRound(rules, env, 7, [1, 2])).steps.find((st) => st.type === type)!;
    expect(step.narrative).toMatch(text);
  });
});
