/**
 * The replay's step lines in every language (issue 16): every phrase the rules say on a simulated day of
 * every game resolves to a message of the `narrative` catalogue in each language, and the games the rules
 * word (roulette, punto y banca, blackjack, and every game's generic lines) read with no English word in
 * Spanish, Basque, Catalan and Galician; the gaming-day checklist's titles and notes likewise, their English
 * phrases reading exactly as the rules' English notes.
 */
import { LANGUAGES, translator } from '../../i18n/src';
import {
  CHECKLIST_ROWS,
  dayChecklist,
  JURISDICTIONS,
  judgeEquipment,
  registeredGames,
  type ChecklistDay,
  type DaySession,
  type Phrase,
  type ReplayStep,
  type RulebookWarning,
} from '../../rules/src';
import { envFor, judge } from '../../rules/src/core/testing';
import { judgedDay, phraseKeys, words } from './phrase-testing';
import { checklistNote, checklistTitle, replayRemarks, stepNarration, wordPhrase } from './phrase-language';
import { equipmentNotes } from './equipment-format';
import { analyseEquipment } from '../../projections/src/equipment/equipment-report';
import type { EquipmentCountsRow } from '../../projections/src/equipment/equipment.projection';

/** Every step of every round of a simulated day. */
const steps = (games: readonly string[], rounds: number, seed: number): Array<{ game: string; step: ReplayStep }> =>
  judgedDay(games, rounds, seed).flatMap(({ game, judgement }) => judgement.steps.map((step) => ({ game, step })));

/** Words of the English narrative that none of the other languages' lines may show. */
const ENGLISH = [
  'round',
  'starts',
  'seat',
  'bets',
  'bet',
  'on',
  'the',
  'wheel',
  'gives',
  'to',
  'paid',
  'pays',
  'loses',
  'beats',
  'ties',
  'burned',
  'dealer',
  'box',
  'hand',
  'commission',
  'cagnotte',
  'taken',
  'rules',
  'completed',
  'returned',
  'cards',
  'chip',
  'chooses',
  'decides',
  'even',
  'chance',
  'red',
  'odd',
  'player',
  'banker',
  'win',
  'lose',
  'push',
  'straight',
  'dozen',
  'column',
  'of',
  'with',
  'is',
];

describe('the replay narrative in the reader’s language', () => {
  const all = steps(
    registeredGames().map((g) => g.game),
    3,
    16,
  );

  it('says every step as a phrase whose keys and terms every language holds', () => {
    expect(all.length).toBeGreaterThan(500);
    const missing = new Set<string>();
    for (const { game, step } of all) {
      expect(`${game} ${step.type}: ${step.narrativeKey ? 'keyed' : 'English only'}`).toBe(`${game} ${step.type}: keyed`);
      for (const key of phraseKeys({ key: step.narrativeKey!, values: step.narrativeValues })) {
        // a term the catalogue lacks is shown as its code (ids and card codes are not words to translate)
        if (key.startsWith('term.')) continue;
        for (const lang of LANGUAGES) if (!translator(lang).has(`narrative:${key}`)) missing.add(`${lang}: ${key}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('reads French roulette, punto y banca, blackjack and every game’s generic lines with no English word in es, eu, ca and gl', () => {
    const worded = ['french-roulette', 'punto-banco', 'blackjack'];
    const chosen = all.filter(({ game, step }) => (worded.includes(game) || step.type !== 'CardDealt') && step.type !== 'RoundVoided');
    expect(chosen.filter(({ step }) => step.type === 'BetSettled').length).toBeGreaterThan(20);
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const english: string[] = [];
      for (const { game, step } of chosen) {
        const line = stepNarration(step, lang);
        // a game whose settlements the rules explain only in English shows the verdict without the explanation
        for (const w of words(line)) if (ENGLISH.includes(w)) english.push(`${game}: "${w}" in ${line}`);
      }
      expect({ lang, english: english.filter((e, i) => english.findIndex((x) => x.split(' in ')[0] === e.split(' in ')[0]) === i) }).toEqual({
        lang,
        english: [],
      });
    }
  });

  it('writes amounts in the locale’s money form and English as the rules wrote it', () => {
    const settled = all.find(({ game, step }) => game === 'punto-banco' && step.type === 'BetSettled' && step.narrativeKey === 'settled.rules')!.step;
    expect(stepNarration(settled, 'en')).toBe(settled.narrative);
    expect(stepNarration(settled, 'es')).toMatch(/según el reglamento: .* (gana|pierde|empate), \d+,\d{2}\s€ \(/);
    expect(wordPhrase({ key: 'fact.TipDeposited', values: { amount: { amount: 123450 } } }, 'eu')).toBe('eskupekoa: 1.234,50\u00a0€');
  });
});

describe('the gaming-day checklist in the reader’s language', () => {
  const idle: ChecklistDay = { sessions: [], limitChanges: 0, suspensions: 0, closedSessions: 0 };
  const busy: ChecklistDay = {
    sessions: [
      { tableId: 'T-1', game: 'punto-banco' },
      { tableId: 'T-1', game: 'baccarat-two-tables' },
      { tableId: 'T-2', game: 'craps' },
      { tableId: 'T-3', game: 'banca-francesa' },
      { tableId: 'T-4', game: 'circle-poker-texas-holdem' },
      { tableId: 'T-5', game: 'french-roulette' },
    ],
    limitChanges: 1,
    suspensions: 1,
    closedSessions: 3,
  };
  const rows = JURISDICTIONS.flatMap((j) => [idle, busy].flatMap((day) => dayChecklist(j, day, [])));

  it('words every row’s title and note in each language, the English phrases as the rules wrote them', () => {
    expect(rows.length).toBe(JURISDICTIONS.length * 2 * CHECKLIST_ROWS.length);
    expect(rows.filter((r) => r.note).length).toBeGreaterThan(40);
    for (const row of rows) {
      expect(row.notePhrases.map((p) => wordPhrase(p, 'en')).join('; ') || null).toBe(row.note);
      for (const lang of LANGUAGES) {
        for (const p of row.notePhrases) expect(`${lang}: ${p.key} ${translator(lang).has(`narrative:${p.key}`)}`).toBe(`${lang}: ${p.key} true`);
        expect(translator(lang).has(`narrative:checklist.title.${row.id}`)).toBe(true);
      }
    }
  });

  it('shows no English word in es, eu, ca and gl', () => {
    const checked = [
      'table',
      'the',
      'is',
      'not',
      'judged',
      'recorded',
      'this',
      'gaming',
      'day',
      'played',
      'changes',
      'limit',
      'closing',
      'supervision',
      'custody',
      'deposits',
      'of',
      'and',
      'where',
      'rule',
      'has',
      'such',
    ];
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const english = rows.flatMap((row) =>
        [checklistTitle(row, lang), checklistNote(row, lang) ?? ''].flatMap((text) =>
          words(text)
            .filter((w) => checked.includes(w))
            .map((w) => `${row.jurisdiction} ${row.id}: "${w}" in ${text}`),
        ),
      );
      expect({ lang, english: english.slice(0, 5) }).toEqual({ lang, english: [] });
    }
  });
});

describe('a replay’s notes and warnings in the reader’s language', () => {
  // a sic bo table without the casino's pay table (docs/decisions/open-questions.md#oq-15) leaves each settlement a note; the wheel
  // of fortune's pays are open questions (OQ-04, OQ-05): a simulated day of it carries warnings; every
  // rulebook's warnings besides
  const sicBo = registeredGames().find((g) => g.game === 'sic-bo')!;
  const fact = (type: string, data: Record<string, unknown> = {}) => ({ type, data: { sessionId: 's-1', roundId: 'r-1', ...data } });
  const unpaid = judge(sicBo, envFor(sicBo, 'cantabria'), [
    fact('RoundStarted'),
    fact('BetPlaced', { betId: 'b1', seat: 1, betType: 'big', amount: 1000 }),
    fact('BetPlaced', { betId: 'b2', seat: 2, betType: 'small', amount: 500 }),
    fact('BetsClosed'),
    fact('DiceThrown', { dice: [4, 5, 6] }),
    fact('BetSettled', { betId: 'b1', outcome: 'win', payout: 1000 }),
    fact('BetSettled', { betId: 'b2', outcome: 'lose', payout: 0 }),
    fact('RoundCompleted'),
  ]);
  const rounds = [unpaid, ...judgedDay(['wheel-of-fortune', 'french-roulette'], 4, 16).map((r) => r.judgement)];
  const rulebookWarnings = registeredGames().flatMap((g) =>
    Object.values(g.rulebooks).flatMap((b) => (b.warnings ?? []).map((w: RulebookWarning) => ({ game: g.game, w }))),
  );
  const checked = [
    'bet',
    'payout',
    'not',
    'verifiable',
    'the',
    'on',
    'wins',
    'loses',
    'but',
    'pay',
    'table',
    'is',
    'configured',
    'needs',
    'authorisation',
    'pays',
    'are',
    'garbled',
    'in',
    'both',
    'languages',
    'standard',
    'applied',
    'should',
    'be',
    'confirmed',
    'by',
    'regulator',
    'wheel',
    'as',
    'printed',
    'returns',
    'unit',
    'staked',
    'player',
    'edge',
    'keeping',
    'one',
    'at',
    'minimum',
    'read',
    'an',
    'option',
    'obligation',
    'rules',
    'for',
    'round',
    'listed',
    'judged',
    'question',
  ];

  it('carries one phrase for each note and warning, every key in every language', () => {
    expect(unpaid.notes.length).toBe(2);
    expect(rounds.filter((r) => r.warnings.length).length).toBeGreaterThan(3);
    expect(rulebookWarnings.length).toBeGreaterThanOrEqual(3);
    for (const { game, w } of rulebookWarnings) expect(`${game} ${w.cite}: ${w.phrase ? 'phrased' : 'English only'}`).toBe(`${game} ${w.cite}: phrased`);
    const missing = new Set<string>();
    for (const r of rounds) {
      expect([r.notePhrases.length, r.warningPhrases.length]).toEqual([r.notes.length, r.warnings.length]);
      for (const p of [...r.notePhrases, ...r.warningPhrases])
        for (const key of phraseKeys(p))
          if (!key.startsWith('term.')) for (const lang of LANGUAGES) if (!translator(lang).has(`narrative:${key}`)) missing.add(`${lang}: ${key}`);
    }
    expect([...missing]).toEqual([]);
  });

  it('words them with no English word in es, eu, ca and gl, and leaves English as the rules wrote it', () => {
    const noRules = { key: 'judge.note.noRules', values: { game: 'pai-gow', jurisdiction: 'galicia' } };
    const remarks = [
      ...rounds,
      {
        notes: ['no rules'],
        notePhrases: [noRules],
        warnings: rulebookWarnings.map(({ w }) => `${w.value} (${w.cite})`),
        warningPhrases: rulebookWarnings.map(({ w }) => ({ key: 'judge.warning.inForce', values: { warning: w.phrase!, citation: { cite: w.cite } } })),
      },
    ];
    for (const r of rounds) expect(replayRemarks(r, 'en')).toEqual({ notes: r.notes, warnings: r.warnings });
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const english = remarks.flatMap((r) => {
        const { notes, warnings } = replayRemarks(r, lang);
        return [...notes, ...warnings].flatMap((text) =>
          words(text)
            .filter((w) => checked.includes(w))
            .map((w) => `"${w}" in ${text}`),
        );
      });
      expect({ lang, english: [...new Set(english)].slice(0, 5) }).toEqual({ lang, english: [] });
    }
    expect(replayRemarks(unpaid, 'es').notes).toEqual([
      'apuesta b1: el pago de 10,00\u00a0€ no se puede comprobar: 4-5-6 (total 15) con la apuesta a grande gana, pero no hay tabla de pagos configurada: el pago requiere la autorización del casino (cuestión que los textos dejan abierta)',
      'apuesta b2: el pago de 0,00\u00a0€ no se puede comprobar: 4-5-6 (total 15) con la apuesta a pequeña pierde, pero no hay tabla de pagos configurada: el pago requiere la autorización del casino (cuestión que los textos dejan abierta)',
    ]);
  });
});

describe('the banking poker games’ hands compared, in the reader’s language', () => {
  // issue 16 §2: the hands in each text's own words (docs/glossary: escalera de color, póker, full, color, escalera, trío, doble pareja, pareja…)
  const games = ['caribbean-stud', 'three-card-poker', 'draw-poker-vs-bank', 'texas-holdem-bonus', 'casino-holdem'];
  const compared = steps(games, 8, 16).filter(
    ({ step }) =>
      step.type === 'BetSettled' &&
      / vs bank [^:]*: (the bank wins|the player wins|an exact tie|identical hands|a tie returns every bet): /.test(step.narrative),
  );
  const against: Record<string, RegExp> = {
    es: /jugador con .+ contra la banca con .+: (gana la banca|gana el jugador|empate)/,
    eu: /jokalariak .+, bankuak .+: (bankuak irabazten du|jokalariak irabazten du|berdinketa)/,
    ca: /jugador amb .+ contra la banca amb .+: (guanya la banca|guanya el jugador|empat)/,
    gl: /xogador con .+ contra a banca con .+: (gaña a banca|gaña o xogador|empate)/,
  };
  const hands = [
    'pair',
    'pays',
    'high',
    'flush',
    'straight',
    'house',
    'three',
    'four',
    'two',
    'ace',
    'king',
    'queen',
    'jack',
    'bank',
    'player',
    'wins',
    'vs',
    'tie',
  ];

  it('says the hands compared and who wins before what follows for the bet, with no English word in es, eu, ca and gl', () => {
    expect(new Set(compared.map((c) => c.game))).toEqual(new Set(games));
    for (const lang of ['es', 'eu', 'ca', 'gl'] as const) {
      for (const { game, step } of compared) {
        const line = stepNarration(step, lang);
        expect(`${game}: ${line}`).toMatch(against[lang]);
        const english = words(line).filter((w) => hands.includes(w) || ENGLISH.includes(w));
        expect({ lang, game, line, english }).toEqual({ lang, game, line, english: [] });
      }
    }
  });

  it('names each category by the texts’ word, its ranks as the cards print them', () => {
    const hand = (category: string, a: string, b = 'none') => ({ key: `poker.hand.${category}`, values: { a, b } });
    expect(wordPhrase(hand('straight-flush', '9'), 'es')).toBe('escalera de color al 9');
    expect(wordPhrase(hand('four-of-a-kind', 'K'), 'ca')).toBe('pòquer de K');
    expect(wordPhrase(hand('full-house', '7', '8'), 'eu')).toBe('fulla, 7 eta 8');
    expect(wordPhrase(hand('two-pair', 'K', 'J'), 'gl')).toBe('dobre parella de K e J');
    expect(wordPhrase(hand('three-of-a-kind', 'Q'), 'es')).toBe('trío de Q');
    expect(wordPhrase(hand('high-card', 'A', 'K'), 'es')).toBe('cartas mayores: A, luego K');
  });
});

describe('sic bo’s throw read against the bet, in the reader’s language', () => {
  // issue 16 §2: the dice and the bet by the text's name (cantabria L1684–1711), won or not, before what follows
  // a bet placed after the close is returned whatever the throw (judge.lateBet): not read against it
  const read = steps(['sic-bo'], 10, 16).filter(
    ({ step }) => step.type === 'BetSettled' && step.narrativeKey === 'settled.rules' && (step.narrativeValues?.explanation as Phrase).key !== 'judge.lateBet',
  );
  const shape: Record<string, RegExp> = {
    es: /\d-\d-\d \(total \d+\) con la apuesta a .+: (gana|no gana)/,
    eu: /\d-\d-\d \(guztira \d+\): .+ apustuak (irabazten du|ez du irabazten)/,
    ca: /\d-\d-\d \(total \d+\) amb l’aposta a .+: (guanya|no guanya)/,
    gl: /\d-\d-\d \(total \d+\) coa aposta a .+: (gaña|non gaña)/,
  };

  it('says the throw and the bet before what follows for it, with no English word in es, eu, ca and gl', () => {
    expect(read.length).toBeGreaterThan(10);
    for (const lang of ['es', 'eu', 'ca', 'gl'] as const) {
      for (const { step } of read) {
        const line = stepNarration(step, lang);
        expect(line).toMatch(shape[lang]);
        const english = words(line).filter((w) =>
          ['on', 'wins', 'does', 'not', 'win', 'loses', 'bet', 'pays', 'dice', 'big', 'small', 'single', 'double', 'any', 'specific'].includes(w),
        );
        expect({ lang, line, english }).toEqual({ lang, line, english: [] });
      }
    }
  });
});

describe('the checklist’s not-judged reasons the day stores, in the reader’s language', () => {
  // issue 16 §3: a craps table whose dice were never recorded, a banca francesa table of three hours with no terna
  // or thrower changed (cantabria L1815–1820, L1915–1917): the day's judge says why as phrases too
  const session = (game: string, tableId: string) =>
    ({
      sessionId: `s-${tableId}`,
      tableId,
      game,
      jurisdiction: 'cantabria',
      openEventId: `o-${tableId}`,
      openedAt: '2026-11-21T20:00:00Z',
      closedAt: '2026-11-21T23:00:00Z',
      closeEventId: `c-${tableId}`,
      openingFloat: 0,
      supervisors: [],
      diceIssued: [],
      ternaChanges: [],
      throwerChanges: [],
    }) as unknown as DaySession;
  const craps = judgeEquipment(session('craps', 'CR-1'));
  const banca = judgeEquipment(session('banca-francesa', 'BF-1'));
  const day: ChecklistDay = { sessions: [{ tableId: 'CR-1', game: 'craps' }], limitChanges: 0, suspensions: 0, closedSessions: 1 };

  it('words each reason in every language, the English stored as before', () => {
    for (const judged of [craps, banca]) {
      expect(Object.keys(judged.notJudgedPhrases ?? {})).toEqual(Object.keys(judged.notJudged ?? {}));
      const row = dayChecklist('cantabria', day, [], { notJudged: judged.notJudged, notJudgedPhrases: judged.notJudgedPhrases }).find(
        (r) => r.id === 'equipment-custody',
      )!;
      expect(row.status).toBe('not-judged');
      expect(row.note).toBe(Object.values(judged.notJudged!)[0]);
      for (const lang of ['es', 'eu', 'ca', 'gl'] as const) {
        const note = checklistNote(row, lang)!;
        const english = words(note).filter(
          (w) =>
            ['no', 'recorded', 'so', 'the', 'session', 'dice', 'are', 'not', 'judged', 'hourly', 'rotation', 'is', 'thrower'].includes(w) &&
            !(lang === 'es' && w === 'no') &&
            !(lang === 'ca' && w === 'no'),
        );
        expect({ lang, note, english }).toEqual({ lang, note, english: [] });
      }
    }
    expect(
      checklistNote(
        dayChecklist('cantabria', day, [], { notJudged: craps.notJudged, notJudgedPhrases: craps.notJudgedPhrases }).find((r) => r.id === 'equipment-custody')!,
        'es',
      ),
    ).toMatch(/^CR-1: no consta la entrega de dados \(DiceIssued\), así que los dados de la sesión no se juzgan \(Decreto 6\/2010 \(Cantabria\)/);
    expect(
      checklistNote(
        dayChecklist('cantabria', day, [], { notJudged: banca.notJudged, notJudgedPhrases: banca.notJudgedPhrases }).find((r) => r.id === 'equipment-custody')!,
        'gl',
      ),
    ).toMatch(/^BF-1: non consta o relevo do croupier lanzador \(DiceThrowerChanged\)/);
  });
});

describe('the equipment report’s notes, in the reader’s language', () => {
  // issue 16 §4: what could not be tested — a wheel of no known design, results off the wheel's design
  const counts = (game: string, results: Record<string, number>) =>
    ({
      casino_id: 'c-1',
      table_id: 'T-1',
      game,
      jurisdiction: 'euskadi',
      options: {},
      equipment_key: 'k',
      kind: 'wheel',
      set_id: 'set-1',
      counts: results,
      sums: {},
      observations: 3,
      sessions: 1,
      first_day: '2026-11-21',
      last_day: '2026-11-21',
      last_session: 's-1',
      last_position: 1,
    }) as unknown as EquipmentCountsRow;
  const rows = [analyseEquipment(counts('no-such-wheel', { '1': 1 }), 0.01).row, analyseEquipment(counts('french-roulette', { '7': 2, '99': 1 }), 0.01).row];

  it('says each note as a phrase, worded in es, eu, ca and gl with no English word; English as recorded', () => {
    expect(rows.map((r) => r.notePhrases.length)).toEqual(rows.map((r) => r.notes.length));
    expect(rows.flatMap((r) => r.notePhrases.map((p) => p.key))).toEqual(['equipment.note.noDesign', 'equipment.note.strays']);
    for (const row of rows) {
      expect(equipmentNotes(row, 'en')).toEqual(row.notes);
      for (const lang of ['es', 'eu', 'ca', 'gl'] as const)
        for (const note of equipmentNotes(row, lang)) {
          const english = words(note).filter((w) =>
            ['wheel', 'design', 'for', 'in', 'not', 'tested', 'results', 'on', 'this', 'left', 'out', 'of', 'the', 'tests'].includes(w),
          );
          expect({ lang, note, english }).toEqual({ lang, note, english: [] });
        }
    }
    expect(equipmentNotes(rows[1], 'es')).toEqual(['resultados que no están en el diseño de esta rueda, fuera de las pruebas: 99']);
  });
});
