/**
 * Every finding says what it found in the reader's language (issue 16): simulated days of every registered
 * game, in every jurisdiction whose catalogue offers it, with the simulator's injected errors (rounds,
 * sessions, the gaming day), judged as replay, the table book and the day's read model judge them; each
 * finding carries a `messagePhrase`, every key it uses is in es, eu, ca and gl, and the worded sentence shows
 * no English word (the English `message` stays as the rules wrote it).
 */
import { LANGUAGES, translator } from '../../i18n/src';
import { foldDayFact, judgeDayRow, type DayComplianceRow, type TableDiceRow } from '../../projections/src/day-compliance/day-compliance.projection';
import { dataOf, gameRules, JURISDICTIONS, registeredGames, type Finding } from '../../rules/src';
import { judgeCompliance, simulateDay } from '../../simulator/src';
import { wordPhrase } from './phrase-language';
import { judgedRounds, phraseKeys, words } from './phrase-testing';

/** Words of the rules' English messages that no other language's sentence may show (not 'on', Catalan's 'where'; not 'no', 'once', 'dice', 'coup' or 'jackpot', words of the languages or the texts too). */
const ENGLISH = [
  'the',
  'bet',
  'bets',
  'is',
  'are',
  'was',
  'were',
  'has',
  'had',
  'have',
  'of',
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
  'never',
  'where',
  'which',
  'while',
  'than',
  'only',
  'more',
  'less',
  'above',
  'below',
  'due',
  'paid',
  'payout',
  'placed',
  'settled',
  'dealt',
  'card',
  'cards',
  'shoe',
  'decks',
  'box',
  'hand',
  'hands',
  'dealer',
  'bank',
  'banker',
  'player',
  'seat',
  'table',
  'round',
  'throw',
  'wheel',
  'spin',
  'pool',
  'commission',
  'contribution',
  'minimum',
  'maximum',
  'limits',
  'closed',
  'close',
  'session',
  'rules',
  'allow',
  'outcome',
  'recorded',
  'burned',
  'burn',
  'draw',
  'drew',
  'stand',
  'stood',
  'insurance',
  'pairs',
  'sevens',
  'withdrawn',
  'withdrawal',
  'imprisoned',
  'prison',
  'offered',
  'offer',
  'chips',
  'equal',
  'twice',
  'times',
  'second',
  'first',
  'last',
];

interface Found {
  readonly where: string;
  readonly finding: Finding;
}

const gamesOf = (jurisdiction: string) =>
  registeredGames()
    .filter((g) => g.rulebooks[jurisdiction as 'euskadi'] && g.play)
    .map((g) => g.game);

/** The day's rows, folded from the simulated facts in recording order (as the day's read model folds them). */
function dayFindings(events: ReadonlyArray<{ eventId: string; type: string; data: Readonly<Record<string, unknown>>; occurredAt: string }>): Finding[] {
  const days = new Map<string, DayComplianceRow>();
  const dice = new Map<string, TableDiceRow>();
  const openings = new Map<string, { casinoId: string; gamingDay: string }>();
  for (const e of events) {
    const sessionId = typeof e.data.sessionId === 'string' ? e.data.sessionId : undefined;
    if (!sessionId) continue;
    const opened = dataOf(e, 'TableSessionOpened');
    if (opened) openings.set(sessionId, { casinoId: opened.casinoId, gamingDay: opened.gamingDay });
    const opening = openings.get(sessionId);
    if (opening) foldDayFact(days, dice, { eventId: e.eventId, type: e.type, data: e.data, occurredAt: e.occurredAt }, sessionId, opening);
  }
  return [...days.values()].map(judgeDayRow).flatMap((d) => d.findings);
}

const found: Found[] = JURISDICTIONS.flatMap((jurisdiction) => {
  const games = gamesOf(jurisdiction);
  if (!games.length) return [];
  return [16, 5, 11, 4].flatMap((seed) => {
    const events = [...simulateDay({ tables: games.length, tableGames: games, rounds: 30, seed, errorRate: 0.3, jurisdiction })].flat();
    return [
      ...judgedRounds(events).flatMap(({ game, judgement }) => judgement.discrepancies.map((finding) => ({ where: `${jurisdiction} ${game}`, finding }))),
      ...[...judgeCompliance(events, gameRules).values()].flat().map((finding) => ({ where: `${jurisdiction} session`, finding })),
      ...dayFindings(events).map((finding) => ({ where: `${jurisdiction} day`, finding })),
    ];
  });
});

/** One line per kind of gap (the rule and the start of its English), not one per finding. */
const distinct = (lines: string[]) => [...new Set(lines)].sort();
const kindOf = (f: Found) =>
  `${f.finding.rule} ${f.finding.code}: ${f.finding.message
    .replace(/\b[0-9AKQJT]{1,2}[CDHS]\b/g, 'C')
    .replace(/[\w-]*\d[\w-]*/g, 'N')
    .slice(0, 60)}`;

describe('every finding of the simulated days, worded in es, eu, ca and gl', () => {
  it('finds round, session and gaming-day violations', () => {
    expect(found.length).toBeGreaterThan(100);
    expect(new Set(found.map((f) => f.where.split(' ')[1]))).toEqual(expect.objectContaining(new Set(['session', 'day'])));
  });

  it('carries a message phrase', () => {
    expect(distinct(found.filter((f) => !f.finding.messagePhrase).map(kindOf))).toEqual([]);
  });

  it('uses only keys every language holds', () => {
    const missing = found.flatMap((f) =>
      f.finding.messagePhrase
        ? phraseKeys(f.finding.messagePhrase)
            // a term the catalogue lacks is shown as its code (ids, card codes)
            .filter((key) => !key.startsWith('term.'))
            .flatMap((key) => LANGUAGES.filter((lang) => !translator(lang).has(`narrative:${key}`)).map((lang) => `${lang}: ${key} (${f.finding.rule})`))
        : [],
    );
    expect(distinct(missing)).toEqual([]);
  });

  it('reads with no English word in es, eu, ca and gl', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const english = found.flatMap((f) => {
        if (!f.finding.messagePhrase) return [];
        const text = wordPhrase(f.finding.messagePhrase, lang);
        const hits = words(text).filter((w) => ENGLISH.includes(w));
        return text === f.finding.message || hits.length ? [`${f.finding.rule} [${hits.join(' ')}]: ${text}`] : [];
      });
      expect({ lang, english: distinct(english).slice(0, 40) }).toEqual({ lang, english: [] });
    }
  });
});
