import fc from 'fast-check';
import { seededRandom } from '../../core/cards';
import type { PlayedFact, RoundEnv } from '../../core/game';
import { codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout, roundFacts } from '../../core/testing';
import type { ExpectedSettlement, SessionContext } from '../../core/types';
import { rules as blackjack } from '../blackjack/rules';
import { bet, card, cards, closed, completed, fact, settled, settlementOf, start } from '../../core/blackjack-testing';
import { TripleBlackjackRulebook } from './rulebook';
import { rules as rules } from './rules';

const LIMITS = { min: 1000, max: 100_000 };
const env = (overrides: Partial<SessionContext> = {}) => envFor(rules, 'euskadi', { limits: LIMITS, ...overrides }) as RoundEnv<TripleBlackjackRulebook>;
const box = (betId: string, n: number, amount = 1000, seat = 1) => bet(betId, seat, 'main', amount, { selection: n });

/** Seat 1 bets 1000 on boxes 1, 2 and 3; player's cards; dealer's first card; the dealer's draws per play. */
function coup(player: string[], first: string, draws: [string[], string[], string[]], extra: PlayedFact[] = []): PlayedFact[] {
  const [p1, p2, ...hits] = player;
  return [
    start(),
    box('b1', 1),
    box('b2', 2),
    box('b3', 3),
    card(p1, 'seat:1'),
    card(first, 'dealer'),
    card(p2, 'seat:1'),
    ...extra,
    closed(),
    ...cards('seat:1', ...hits),
    ...cards('dealer', ...draws[0]),
    ...cards('dealer:play:2', ...draws[1]),
    ...cards('dealer:play:3', ...draws[2]),
  ];
}
const outcome = (facts: PlayedFact[], betId: string, e = env()) => settlementOf(rules, e, facts, betId) as ExpectedSettlement;

describe('triple blackjack (euskadi 03.01, L2248–2526)', () => {
  it('only euskadi catalogues it', () => expect(Object.keys(rules.rulebooks)).toEqual(['euskadi']));

  it('one hand played three times against the dealer, who keeps his first card (L2402–2435)', () => {
    // player 19; dealer 10 then: play 1 draws 8 (18, player wins), play 2 draws K (20, player loses), play 3 draws 9 (19, push)
    const f = coup(['10H', '9S'], '10D', [['8C'], ['KC'], ['9C']]);
    expect(outcome(f, 'b1')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(outcome(f, 'b2')).toMatchObject({ outcome: 'lose', payout: 0 });
    expect(outcome(f, 'b3')).toMatchObject({ outcome: 'push', payout: 0 });
    expect(codes(judge(rules, env(), [...f, settled('b1', 'win', 1000), settled('b2', 'lose', 0), settled('b3', 'push', 0), completed()]))).toEqual([]);
  });

  it('a blackjack pays 3:2 on every box unless the dealer makes one in that play', () => {
    const f = coup(['AH', 'KS'], 'AD', [['5C', '4C'], ['QC'], ['2C', '5H']]);
    expect(outcome(f, 'b1')).toMatchObject({ outcome: 'win', payout: 1500 });
    expect(outcome(f, 'b2')).toMatchObject({ outcome: 'push', payout: 0 });
    expect(outcome(f, 'b3')).toMatchObject({ outcome: 'win', payout: 1500 });
  });

  it('the dealer draws only against a competitor (L2291–2293, L2407–2408: "siempre que tenga competidor")', () => {
    expect(rules.rulebooks.euskadi!.dealerDrawsOnlyAgainstLiveHand).toEqual({ value: true, cite: 'euskadi L2291–2293, L2407–2408' });
  });

  it('a bust loses every box (L2285–2289), and the dealer then does not draw', () => {
    const f = coup(['10H', '6S', 'KC'], '10D', [[], [], []]);
    for (const id of ['b1', 'b2', 'b3']) expect(outcome(f, id)).toMatchObject({ outcome: 'lose', citation: 'euskadi L2285–2289' });
    expect(codes(judge(rules, env(), [...f, settled('b1', 'lose', 0), settled('b2', 'lose', 0), settled('b3', 'lose', 0), completed()]))).toEqual([]);
    const drew = coup(['10H', '6S', 'KC'], '10D', [['7C'], [], []]);
    expect(codes(judge(rules, env(), [...drew, settled('b1', 'lose', 0), settled('b2', 'lose', 0), settled('b3', 'lose', 0), completed()]))).toContain(
      'DRAW_RULE_VIOLATION',
    );
  });

  it('the dealer draws for a play only against a competitor: no box-2 bet, no play 2', () => {
    const f = [
      start(),
      box('b1', 1),
      box('b3', 3),
      card('10H', 'seat:1'),
      card('10D', 'dealer'),
      card('9S', 'seat:1'),
      closed(),
      card('7C', 'dealer'),
      card('5C', 'dealer:play:3'),
      card('4C', 'dealer:play:3'),
    ];
    // play 1: 10+7 = 17 against 19; play 3: 10+5+4 = 19 against 19
    expect(codes(judge(rules, env(), [...f, settled('b1', 'win', 1000), settled('b3', 'push', 0), completed()]))).toEqual([]);
    const extra = [...f.slice(0, 9), card('2C', 'dealer:play:2'), ...f.slice(9)];
    expect(codes(judge(rules, env(), [...extra, settled('b1', 'win', 1000), settled('b3', 'push', 0), completed()]))).toContain('DRAW_RULE_VIOLATION');
  });

  it('each play stands on 17 and draws below it; play 2 only after play 1', () => {
    const stood16 = coup(['10H', '9S'], '10D', [['6C'], ['8C'], ['9C']]);
    expect(codes(judge(rules, env(), [...stood16, settled('b1', 'win', 1000), settled('b2', 'win', 1000), settled('b3', 'push', 0), completed()]))).toContain(
      'DRAW_RULE_VIOLATION',
    );
    const early = [
      start(),
      box('b1', 1),
      box('b2', 2),
      card('10H', 'seat:1'),
      card('10D', 'dealer'),
      card('9S', 'seat:1'),
      closed(),
      card('8C', 'dealer:play:2'),
      card('8D', 'dealer'),
    ];
    expect(codes(judge(rules, env(), [...early, settled('b1', 'win', 1000), settled('b2', 'win', 1000), completed()]))).toContain('DRAW_RULE_VIOLATION');
  });

  it("insurance once per box bet on (L2504–2507), settled against that play's dealer hand", () => {
    const ins = [bet('i1', 1, 'insurance', 500, { selection: 1 }), bet('i2', 1, 'insurance', 500, { selection: 2 })];
    const f = coup(['10H', '9S'], 'AD', [['6C', '2D'], ['KC'], ['9C']], ins);
    expect(outcome(f, 'i1')).toMatchObject({ outcome: 'lose' });
    expect(outcome(f, 'i2')).toMatchObject({ outcome: 'win', payout: 1000 });
    const twice = [...ins, bet('i3', 1, 'insurance', 500, { selection: 1 })];
    expect(
      codes(judge(rules, env(), [start(), box('b1', 1), box('b2', 2), card('10H', 'seat:1'), card('AD', 'dealer'), card('9S', 'seat:1'), ...twice])),
    ).toEqual(['BET_NOT_ALLOWED', 'BET_ABOVE_MAXIMUM']);
  });

  it('one bet per box; min and max apply to each box (L2259–2264, L2511–2513)', () => {
    expect(codes(judge(rules, env(), [start(), box('b1', 1), box('b2', 1)]))).toEqual(['BET_NOT_ALLOWED']);
    expect(codes(judge(rules, env(), [start(), box('b1', 1, 100_000), box('b2', 2, 100_000), box('b3', 3, 100_000)]))).toEqual([]);
    expect(codes(judge(rules, env(), [start(), box('b1', 1, 500)]))).toEqual(['BET_BELOW_MINIMUM']);
  });

  it('refuses a fourth box; pairs and sevens are not bets of the variant; the jackpot bet is unverifiable (index.md OQ-52)', () => {
    expect(rules.refuse!({ eventId: 'x', type: 'BetPlaced', data: { betId: 'b', seat: 1, betType: 'main', amount: 1000, selection: 4 } }, env())).toMatchObject(
      { field: 'data.selection' },
    );
    expect(codes(judge(rules, env(), [start(), box('b1', 1), bet('p', 1, 'pairs', 1000)]))).toEqual(['BET_NOT_ALLOWED']);
    expect(settlementOf(rules, env(), [...coup(['10H', '9S'], '10D', [['8C'], ['KC'], ['9C']]), bet('j', 1, 'jackpot', 100)], 'j')).toMatchObject({
      unverifiable: true,
      citation: 'index.md OQ-52',
    });
  });

  it('the shoe as blackjack (L2250–2257): six decks, cut card a deck from the end, its coup the last (euskadi L2150–2153, L2164–2167)', () => {
    expect(rules.shoeRules!(env())).toEqual(blackjack.shoeRules!(envFor(blackjack, 'euskadi', { limits: LIMITS }) as RoundEnv<never>));
    expect(rules.shoeRules!(env())).toMatchObject({ decks: { value: [6] }, cardsBehindCut: { value: { atLeast: 52 } }, coupsAfterCut: { value: 0 } });
  });

  it("a session declaring the dealer draws on soft 17 is accepted and flagged (blackjack's rule, euskadi L1604–1616, L2297–2302)", () => {
    expect(rules.refuseOptions!({ dealerHitsSoft17: true }, rules.rulebooks.euskadi!)).toBeNull();
    expect(rules.judgeOpening!({ limits: LIMITS, options: { dealerHitsSoft17: true } }, env({ options: { dealerHitsSoft17: true } }))).toMatchObject([
      { code: 'SESSION_RULE_VIOLATION', rule: 'blackjack/dealer-soft-17' },
    ]);
    expect(rules.judgeOpening!({ limits: LIMITS, options: {} }, env())).toEqual([]);
  });

  it('shares the blackjack machinery: same hand totals and dealer rule as blackjack', () => {
    expect(rules.rulebooks.euskadi!.dealerHitsSoft17).toEqual(blackjack.rulebooks.euskadi!.dealerHitsSoft17);
  });
});

describe('property: the croupier plays by the rules, and every single change is caught', () => {
  const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });
  const playOne = (s: number) =>
    roundFacts(rules.play!({ env: env(), sessionId: 's-1', roundId: `r-${s}`, random: seededRandom(s), seats: [1, 2, 3, 4], memory: {} }));
  it('a played round is consistent', () => {
    fc.assert(
      fc.property(seed, (s) => judge(rules, env(), playOne(s)).verdict === 'consistent'),
      { numRuns: 200 },
    );
  });
  it('a changed payout is PAYOUT_MISMATCH', () => {
    fc.assert(
      fc.property(seed, fc.nat(), fc.constantFrom(-100, 100, 1000), (s, i, d) => {
        const m = mutatePayout(playOne(s), i, d);
        return m === null || codes(judge(rules, env(), m)).includes('PAYOUT_MISMATCH');
      }),
      { numRuns: 150 },
    );
  });
  it("a dealer's draw removed or added is DRAW_RULE_VIOLATION", () => {
    fc.assert(
      fc.property(seed, fc.boolean(), fc.constantFrom('dealer', 'dealer:play:2', 'dealer:play:3'), (s, remove, to) => {
        const facts = playOne(s);
        const at = facts
          .map((f, i) => [f, i] as const)
          .filter(([f]) => f.type === 'CardDealt' && f.data.to === to)
          .map(([, i]) => i);
        const out = [...facts];
        // the first "dealer" card is the dealer's first card, not a draw
        const draws = to === 'dealer' ? at.slice(1) : at;
        if (remove) {
          if (!draws.length) return true;
          out.splice(draws[draws.length - 1], 1);
        } else {
          const end = out.findIndex((f) => f.type === 'RoundCompleted');
          out.splice(end, 0, fact('CardDealt', { card: '2C', to }));
        }
        return codes(judge(rules, env(), out)).includes('DRAW_RULE_VIOLATION');
      }),
      { numRuns: 150 },
    );
  });
  it('a cagnotte, a commission, a bet over the maximum are caught', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const facts = playOne(s);
        const at = facts.findIndex((f) => f.type === 'RoundCompleted');
        const betId = facts.find((f) => f.type === 'BetSettled')!.data.betId;
        const commission = [...facts.slice(0, at), fact('CommissionCharged', { betId, amount: 100 }), ...facts.slice(at)];
        return (
          codes(judge(rules, env(), mutateCagnotte(facts, 100))).includes('CAGNOTTE_MISMATCH') &&
          codes(judge(rules, env(), commission)).includes('COMMISSION_MISMATCH') &&
          codes(judge(rules, env(), mutateOverMaximum(facts, LIMITS.max)!)).includes('BET_ABOVE_MAXIMUM')
        );
      }),
      { numRuns: 100 },
    );
  });
});
