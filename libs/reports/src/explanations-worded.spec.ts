/**
 * Every settlement the rules expect says why in the reader's language (issue 16): the simulator's rounds of
 * every registered game, in every jurisdiction whose catalogue offers it, judged as replay judges them; each
 * expected settlement carries an `explanationPhrase` that says why (not only what follows for the bet),
 * every key it uses is in es, eu, ca and gl, and the worded sentence shows no English word (the English
 * `explanation` stays as the rules wrote it).
 */
import { LANGUAGES, translator } from '../../i18n/src';
import { JURISDICTIONS, registeredGames, type ExpectedSettlement, type Phrase } from '../../rules/src';
import { judgedDay, phraseKeys, words } from './phrase-testing';
import { wordPhrase } from './phrase-language';

/** Words of the rules' English explanations that no other language's sentence may show. */
const ENGLISH = [
  'the',
  'bet',
  'bets',
  'is',
  'are',
  'of',
  'on',
  'with',
  'and',
  'or',
  'to',
  'by',
  'for',
  'at',
  'before',
  'after',
  'without',
  'not',
  'does',
  'pays',
  'paid',
  'wins',
  'win',
  'loses',
  'lose',
  'lost',
  'returned',
  'stake',
  'push',
  'half',
  'plays',
  'play',
  'made',
  'point',
  'seven',
  'out',
  'field',
  'odds',
  'hard',
  'easy',
  'way',
  'come',
  'pass',
  'don',
  'barred',
  'under',
  'over',
  'any',
  'roll',
  'misses',
  'throw',
  'first',
  'player',
  'bank',
  'banker',
  'hand',
  'hands',
  'qualify',
  'qualifies',
  'vs',
  'tie',
  'fold',
  'folded',
  'raise',
  'bonus',
  'pair',
  'high',
  'card',
  'cards',
  'straight',
  'flush',
  'house',
  'three',
  'four',
  'two',
  'kind',
  'royal',
  'ace',
  'king',
  'queen',
  'line',
  'chance',
  'chances',
  'dice',
  'double',
  'single',
  'big',
  'small',
  'offered',
  'table',
  'here',
  'this',
  'game',
  'only',
  'than',
  'beats',
  'wager',
  'pay',
  'ties',
  'higher',
  'lower',
];

interface Settled {
  readonly jurisdiction: string;
  readonly game: string;
  readonly expected: ExpectedSettlement;
}

const settled: Settled[] = JURISDICTIONS.flatMap((jurisdiction) => {
  const games = registeredGames()
    .filter((g) => g.rulebooks[jurisdiction] && g.play)
    .map((g) => g.game);
  return [16, 5].flatMap((seed) =>
    judgedDay(games, 12, seed, jurisdiction).flatMap(({ game, judgement }) =>
      judgement.expectedSettlements.map(({ expected }) => ({ jurisdiction, game, expected })),
    ),
  );
});

/** One line per kind of gap (the rule and the start of its English), not one per bet. */
const distinct = (lines: string[]) => [...new Set(lines)].sort();
const kindOf = (s: Settled) => `${s.game} ${s.expected.rule}: ${s.expected.explanation.replace(/\d+/g, 'N').slice(0, 50)}`;

describe('every expected settlement, worded in es, eu, ca and gl', () => {
  it('plays every registered game in every jurisdiction that offers it', () => {
    const played = new Set(settled.map((s) => `${s.jurisdiction} ${s.game}`));
    const offered = JURISDICTIONS.flatMap((j) =>
      registeredGames()
        .filter((g) => g.rulebooks[j] && g.play)
        .map((g) => `${j} ${g.game}`),
    );
    expect(offered.filter((o) => !played.has(o))).toEqual([]);
  });

  it('carries an explanation phrase', () => {
    expect(distinct(settled.filter((s) => !s.expected.explanationPhrase).map(kindOf))).toEqual([]);
  });

  it('says why, not only what follows for the bet', () => {
    // the dice and banking-poker builders' consequences alone ("the bet loses") leave the reason to English readers
    const bare = new Set(['dice.pays', 'dice.loses', 'dice.returned', 'bank.pays', 'bank.lost', 'bank.returned']);
    const saysWhy = (p: Phrase) => !bare.has(p.key) && !(p.key === 'dice.thrown' && bare.has((p.values?.then as Phrase).key));
    expect(distinct(settled.filter((s) => s.expected.explanationPhrase && !saysWhy(s.expected.explanationPhrase)).map(kindOf))).toEqual([]);
  });

  it('uses only keys every language holds', () => {
    const missing = settled.flatMap((s) =>
      s.expected.explanationPhrase
        ? phraseKeys(s.expected.explanationPhrase)
            // a term the catalogue lacks is shown as its code (ids, card codes)
            .filter((key) => !key.startsWith('term.'))
            .flatMap((key) => LANGUAGES.filter((lang) => !translator(lang).has(`narrative:${key}`)).map((lang) => `${lang}: ${key} (${s.game})`))
        : [],
    );
    expect(distinct(missing)).toEqual([]);
  });

  it('reads with no English word in es, eu, ca and gl', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const english = settled.flatMap((s) => {
        if (!s.expected.explanationPhrase) return [];
        const text = wordPhrase(s.expected.explanationPhrase, lang);
        const found = words(text).filter((w) => ENGLISH.includes(w));
        return text === s.expected.explanation || found.length ? [`${s.game} ${s.expected.rule} [${found.join(' ')}]: ${text}`] : [];
      });
      expect({ lang, english: distinct(english).slice(0, 40) }).toEqual({ lang, english: [] });
    }
  });
});

describe('the dice and banking poker games’ own step lines, worded in es, eu, ca and gl', () => {
  // the game's own line, not the generic one of its fact (which says only "dice: 3, 4" or the fact's type)
  const own: Readonly<Record<string, readonly string[]>> = {
    craps: ['DiceThrown', 'ShooterNamed'],
    'banca-francesa': ['DiceThrown'],
    'draw-poker-vs-bank': ['BankDiscarded'],
    'pai-gow-poker': ['BankSetHands'],
    trijoker: ['CommonCardRevealed'],
  };
  const steps = JURISDICTIONS.flatMap((j) => {
    const games = registeredGames()
      .filter((g) => g.rulebooks[j] && g.play && own[g.game])
      .map((g) => g.game);
    return games.length
      ? judgedDay(games, 12, 16, j).flatMap(({ game, judgement }) => judgement.steps.filter((s) => own[game].includes(s.type)).map((step) => ({ game, step })))
      : [];
  });

  it('says each as the game’s phrase, with no English word', () => {
    expect(new Set(steps.map(({ game, step }) => `${game} ${step.type}`))).toEqual(
      new Set(Object.entries(own).flatMap(([game, types]) => types.map((t) => `${game} ${t}`))),
    );
    for (const { game, step } of steps) {
      expect(`${game} ${step.type}: ${step.narrativeKey}`).not.toMatch(/: fact\./);
      for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
        const text = wordPhrase({ key: step.narrativeKey!, values: step.narrativeValues }, lang);
        expect({ lang, text, english: words(text).filter((w) => ENGLISH.includes(w)) }).toEqual({ lang, text, english: [] });
      }
    }
  });
});
