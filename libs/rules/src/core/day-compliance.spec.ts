/**
 * The gaming day's judge on days built from the texts' own words (not from the code): each case quotes
 * the lines it rests on, and says what an inspector reading them would find.
 */
import { dayChecklist } from './compliance-checklist';
import { DaySession, judgeEquipment, judgeGamingDay, judgeReversibleCloths, judgeSupervision, judgeTablesInService } from './day-compliance';
import type { JurisdictionId } from './types';

const at = (hhmm: string) => `2026-11-21T${hhmm}:00.000Z`;
let n = 0;
function session(
  p: Partial<DaySession> & { tableId: string; game: string; jurisdiction: JurisdictionId; from: string; to?: string; inspector?: string },
): DaySession {
  const id = `s-${++n}`;
  return {
    sessionId: p.sessionId ?? id,
    openEventId: `open-${id}`,
    openedAt: at(p.from),
    closedAt: p.to ? at(p.to) : null,
    closeEventId: p.to ? `close-${id}` : undefined,
    openingFloat: 100_000,
    supervisors: [{ eventId: `open-${id}`, at: at(p.from), inspector: p.inspector ?? 'jefe-1' }],
    diceIssued: [],
    ternaChanges: [],
    throwerChanges: [],
    ...p,
  };
}
const codes = (j: { findings: Array<{ rule: string }> }) => j.findings.map((f) => f.rule);

describe('reversible cloths: one game change per day where the text says "una ocasión", the previous game closed first, a new float, a numbered cloth', () => {
  // cantabria L701–706 "éste sólo podrá variarse en una ocasión, y siempre efectuando el cierre del juego anterior. Posteriormente se iniciará el nuevo juego con su nuevo anticipo … cada paño tendrá su número"
  // illes-balears L506–510, galicia L254 alike; euskadi L1456–1460 "siempre efectuando el cierre del juego anterior … con su nuevo anticipo … cada paño tendrá su número" without a limit per day
  const day = (j: JurisdictionId, games: string[], overrides: Array<Partial<DaySession> & { from?: string; to?: string }> = []) =>
    games.map((game, i) =>
      session({ tableId: 'BJ-1', game, jurisdiction: j, from: `2${i}:00`, to: `2${i}:50`, clothNumber: `P-${game}`, ...(overrides[i] ?? {}) }),
    );
  it.each([
    ['cantabria', ['blackjack', 'punto-banco'], []],
    ['illes-balears', ['blackjack', 'punto-banco'], []],
    ['galicia', ['blackjack', 'punto-banco'], []],
    ['euskadi', ['blackjack', 'punto-banco', 'blackjack'], []],
    ['cantabria', ['blackjack', 'punto-banco', 'blackjack'], ['reversible-cloth/changes-per-day']],
    ['illes-balears', ['blackjack', 'punto-banco', 'blackjack'], ['reversible-cloth/changes-per-day']],
    ['galicia', ['blackjack', 'punto-banco', 'blackjack'], ['reversible-cloth/changes-per-day']],
    // the same game reopened is no change of game
    ['cantabria', ['blackjack', 'blackjack', 'punto-banco'], []],
  ] as const)('%s: %j → %j', (j, games, expected) => {
    expect(codes(judgeReversibleCloths(day(j, [...games])))).toEqual(expected);
  });
  it('the new game opened before the previous one closed, on no float, without a cloth number: three findings (cantabria L701–706)', () => {
    const sessions = day('cantabria', ['blackjack', 'punto-banco'], [{}, { from: '20:30', openingFloat: 0, clothNumber: undefined }]);
    expect(codes(judgeReversibleCloths(sessions)).sort()).toEqual([
      'reversible-cloth/cloth-number',
      'reversible-cloth/new-float',
      'reversible-cloth/previous-closed',
    ]);
    expect(judgeReversibleCloths(sessions).findings.every((f) => f.code === 'CLOTH_CHANGE_VIOLATION' && f.citation === 'cantabria L693–709')).toBe(true);
  });
  it('andalucia has no reversible cloths: nothing judged', () => {
    expect(codes(judgeReversibleCloths(day('andalucia', ['synthetic-poker', 'circle-poker-texas-holdem', 'synthetic-poker'])))).toEqual([]);
  });
});

describe('tables in service: "como mínimo, estarán en servicio una mesa de ruleta y una de naipes" (euskadi L12957–12958, galicia L56)', () => {
  it('euskadi: a day without any roulette is a finding; galicia reads it as not authorised ("sempre que tales xogos estean autorizados")', () => {
    const cards = [session({ tableId: 'BJ-1', game: 'blackjack', jurisdiction: 'euskadi', from: '20:00', to: '23:00' })];
    expect(codes(judgeTablesInService('euskadi', cards))).toEqual(['tables-in-service/roulette']);
    const gal = [session({ tableId: 'BJ-1', game: 'blackjack', jurisdiction: 'galicia', from: '20:00', to: '23:00' })];
    expect(codes(judgeTablesInService('galicia', gal))).toEqual([]);
    expect(judgeTablesInService('galicia', gal).notes.join(' ')).toMatch(/authorised/);
  });
  it('a gap between two roulettes while the card tables play is a finding; continuous service is not', () => {
    const day = (secondRouletteFrom: string) => [
      session({ tableId: 'RL-1', game: 'french-roulette', jurisdiction: 'euskadi', from: '20:00', to: '21:00' }),
      session({ tableId: 'RL-2', game: 'american-roulette-single-zero', jurisdiction: 'euskadi', from: secondRouletteFrom, to: '23:00' }),
      session({ tableId: 'BJ-1', game: 'blackjack', jurisdiction: 'euskadi', from: '20:00', to: '23:00' }),
    ];
    expect(codes(judgeTablesInService('euskadi', day('21:30')))).toEqual(['tables-in-service/roulette']);
    expect(codes(judgeTablesInService('euskadi', day('20:59')))).toEqual([]);
    // cantabria and illes-balears have no such rule
    expect(codes(judgeTablesInService('cantabria', day('21:30')))).toEqual([]);
  });
});

describe('supervision: tables per jefe de mesa', () => {
  const jefeOf = (j: JurisdictionId, games: string[], recording?: boolean) =>
    games.map((game, i) =>
      session({ tableId: `T-${i + 1}`, game, jurisdiction: j, from: '20:00', to: '23:00', inspector: 'jefe-1', individualRecording: recording }),
    );
  it.each([
    // euskadi L463–466 "un Jefe de Mesa o Inspector por cada cuatro mesas, independientemente del juego"
    ['euskadi', ['french-roulette', 'blackjack', 'craps', 'punto-banco'], undefined, 0],
    ['euskadi', ['french-roulette', 'blackjack', 'craps', 'punto-banco', 'blackjack'], undefined, 3],
    // galicia L122 french roulette "un xefe de mesa por cada dúas mesas"
    ['galicia', ['french-roulette', 'blackjack'], undefined, 0],
    ['galicia', ['french-roulette', 'blackjack', 'blackjack'], undefined, 1],
    // illes-balears L138–139 one-layout roulette "un cap de taula per cada dues taules"
    ['illes-balears', ['french-roulette', 'french-roulette', 'blackjack'], undefined, 2],
    // cantabria L219–223 two contiguous roulettes only "siempre y cuando cada una … disponga de sistema individualizado de grabación"
    ['cantabria', ['french-roulette', 'french-roulette'], true, 0],
    ['cantabria', ['french-roulette', 'french-roulette'], false, 2],
    // cantabria L508–515 american: two, or four with recording
    ['cantabria', ['american-roulette-single-zero', 'american-roulette-single-zero', 'american-roulette-single-zero'], false, 3],
    ['cantabria', ['american-roulette-single-zero', 'american-roulette-single-zero', 'american-roulette-single-zero'], true, 0],
  ] as const)('%s %j (recording %s): %i finding(s)', (j, games, recording, expected) => {
    const judged = judgeSupervision(jefeOf(j, [...games], recording));
    expect(judged.findings).toHaveLength(expected);
    expect(judged.findings.every((f) => f.code === 'SUPERVISION_VIOLATION')).toBe(true);
  });
  it('a jefe whose tables do not overlap in time holds one at a time', () => {
    const sessions = [0, 1, 2].map((i) =>
      session({ tableId: `RL-${i}`, game: 'french-roulette', jurisdiction: 'galicia', from: `2${i}:00`, to: `2${i}:59`, inspector: 'jefe-1' }),
    );
    expect(judgeSupervision(sessions).findings).toEqual([]);
  });
  it('a jefe taking over a third table mid-session (TableSupervisorChanged) is judged from that moment (galicia L122)', () => {
    const a = session({ tableId: 'RL-1', game: 'french-roulette', jurisdiction: 'galicia', from: '20:00', to: '23:00', inspector: 'jefe-1' });
    const b = session({ tableId: 'RL-2', game: 'french-roulette', jurisdiction: 'galicia', from: '20:00', to: '23:00', inspector: 'jefe-1' });
    const c = session({ tableId: 'RL-3', game: 'french-roulette', jurisdiction: 'galicia', from: '20:00', to: '23:00', inspector: 'jefe-2' });
    const moved: DaySession = { ...c, supervisors: [...c.supervisors, { eventId: 'sup-1', at: at('22:00'), inspector: 'jefe-1' }] };
    const found = judgeSupervision([a, b, moved]).findings;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.eventId === 'sup-1')).toBe(true);
  });
});

describe('supervision, euskadi: «hasta cuatro mesas, independientemente del juego que se practique en ellas» in every game that says so (second reading §2.3)', () => {
  const jefeOf = (tables: Array<[string, Partial<DaySession>?]>) =>
    tables.map(([game, more], i) =>
      session({ tableId: `T-${i + 1}`, game, jurisdiction: 'euskadi', from: '20:00', to: '23:00', inspector: 'jefe-1', ...(more ?? {}) }),
    );
  const rules = (tables: Array<[string, Partial<DaySession>?]>) =>
    [...new Set(judgeSupervision(jefeOf(tables)).findings.map((f) => `${f.rule} ${f.citation}`))].sort();
  // [game id, the section's lines, the table's options]
  it.each([
    ['boule', 'euskadi L2640–2644', {}], // 04 Boule, III Personal a)
    ['trente-et-quarante', 'euskadi L2901–2906', {}], // 05 Treinta y Cuarenta, III Personal
    ['punto-banco', 'euskadi L4061–4065', { tableFormat: 'mini' }], // 07 «En las mesas de Mini y Midi Punto y Banca»
    ['punto-banco', 'euskadi L4061–4065', { tableFormat: 'midi' }],
    ['caribbean-stud', 'euskadi L6989–6992', {}], // 11 Poker sin descarte
    ['draw-poker-vs-bank', 'euskadi L7683–7690', {}], // 12 Poker con descarte, 3.1 Jefe de Mesa
    ['trijoker', 'euskadi L8597–8603', {}], // 13 Poker Trijoker
    ['pai-gow-poker', 'euskadi L9131–9136', {}], // 14 Pai Gow Poker
    ['three-card-poker', 'euskadi L9714–9720', {}], // 15 Tripoker
    ['casino-holdem', 'euskadi L10241–10246', {}], // 16 Texas Poker
    ['wheel-of-fortune', 'euskadi L6731–6733', {}], // 10 Ruleta de la fortuna (the clause's fragment)
    ['triple-blackjack', 'euskadi L1470–1473, L2250–2257', {}], // 03.01: blackjack's rules for what it does not state
  ] as Array<[string, string, Partial<DaySession>]>)('%s (%s): four tables under one jefe pass, five are a finding', (game, cite, more) => {
    expect(rules(Array.from({ length: 4 }, () => [game, more] as [string, Partial<DaySession>?]))).toEqual([]);
    expect(rules(Array.from({ length: 5 }, () => [game, more] as [string, Partial<DaySession>?]))).toEqual([`${game}/supervision-ratio ${cite}`]);
  });
  it('a jefe over five caribbean-stud tables → SUPERVISION_VIOLATION (euskadi L6989–6992); four → none', () => {
    const five = judgeSupervision(jefeOf(Array.from({ length: 5 }, () => ['caribbean-stud'] as [string])));
    expect(five.findings.length).toBeGreaterThan(0);
    expect(five.findings.every((f) => f.code === 'SUPERVISION_VIOLATION' && f.citation === 'euskadi L6989–6992')).toBe(true);
    expect(judgeSupervision(jefeOf(Array.from({ length: 4 }, () => ['caribbean-stud'] as [string]))).findings).toEqual([]);
  });
  it('games are counted together («independientemente del juego»): two caribbean stud, two tripoker and a boule are five', () => {
    expect(rules([['caribbean-stud'], ['caribbean-stud'], ['three-card-poker'], ['three-card-poker'], ['boule']])).toEqual([
      'boule/supervision-ratio euskadi L2640–2644',
      'caribbean-stud/supervision-ratio euskadi L6989–6992',
      'three-card-poker/supervision-ratio euskadi L9714–9720',
    ]);
    expect(rules([['caribbean-stud'], ['three-card-poker'], ['boule'], ['trente-et-quarante']])).toEqual([]);
  });
  it('a full punto y banca table has its own jefe (L3980–3984): its ratio of four is not applied to it, though it counts in the load', () => {
    expect(rules(Array.from({ length: 5 }, () => ['punto-banco'] as [string]))).toEqual([]);
    expect(rules([['punto-banco'], ['punto-banco'], ['punto-banco'], ['punto-banco'], ['caribbean-stud']])).toEqual([
      'caribbean-stud/supervision-ratio euskadi L6989–6992',
    ]);
  });
});

describe('supervision, cantabria L723–731: banking card games of different kinds under one jefe — four at most, each table with its own recording (second reading §2.2)', () => {
  const jefeOf = (tables: Array<[string, boolean | undefined, string?]>) =>
    tables.map(([game, recording, tableFormat], i) =>
      session({
        tableId: `T-${i + 1}`,
        game,
        jurisdiction: 'cantabria',
        from: '20:00',
        to: '23:00',
        inspector: 'jefe-1',
        individualRecording: recording,
        ...(tableFormat ? { tableFormat } : {}),
      }),
    );
  const rules = (tables: Array<[string, boolean | undefined, string?]>) =>
    [...new Set(judgeSupervision(jefeOf(tables)).findings.map((f) => `${f.rule} ${f.citation}`))].sort();
  const MIXED = 'blackjack/mixed-card-games cantabria L723–731';
  const RATIO = 'blackjack/supervision-ratio cantabria L713–721';
  const CSTUD = 'caribbean-stud/supervision-ratio cantabria L3559–3562';
  const TRIJOKER = 'trijoker/supervision-ratio cantabria L3940–3943';
  it.each([
    // the second reader's scenario: two blackjacks and two mini punto y banca, no recording
    [
      'two blackjacks, two mini punto y banca, no recording',
      [
        ['blackjack', false],
        ['blackjack', false],
        ['punto-banco', false, 'mini'],
        ['punto-banco', false, 'mini'],
      ],
      [MIXED],
    ],
    [
      'the same with recording at each table',
      [
        ['blackjack', true],
        ['blackjack', true],
        ['punto-banco', true, 'mini'],
        ['punto-banco', true, 'mini'],
      ],
      [],
    ],
    [
      'one table of the four without recording',
      [
        ['blackjack', true],
        ['blackjack', true],
        ['caribbean-stud', true],
        ['three-card-poker', false],
      ],
      [MIXED],
    ],
    // mirror: the same games, homogeneous → the ordinary ratio (four contiguous and homogeneous, L718–721), no recording needed
    [
      'four blackjacks, no recording',
      [
        ['blackjack', false],
        ['blackjack', false],
        ['blackjack', false],
        ['blackjack', false],
      ],
      [],
    ],
    [
      'five blackjacks, no recording',
      [
        ['blackjack', false],
        ['blackjack', false],
        ['blackjack', false],
        ['blackjack', false],
        ['blackjack', false],
      ],
      [RATIO],
    ],
    // mixed with recording: the four of L728–729 is the blackjack ratio's, the póker sin descarte sector's (L3559–3562) and the trijoker's (L3940–3943)
    [
      'five mixed tables with recording',
      [
        ['blackjack', true],
        ['blackjack', true],
        ['punto-banco', true, 'mini'],
        ['caribbean-stud', true],
        ['trijoker', true],
      ],
      [RATIO, CSTUD, TRIJOKER],
    ],
    [
      'five mixed tables without recording',
      [
        ['blackjack', false],
        ['blackjack', false],
        ['punto-banco', false, 'mini'],
        ['caribbean-stud', false],
        ['trijoker', false],
      ],
      [MIXED, RATIO, CSTUD, TRIJOKER],
    ],
    // no blackjack among them: the clause stands in the blackjack part, not judged
    [
      'poker tables and punto y banca without a blackjack',
      [
        ['caribbean-stud', false],
        ['punto-banco', false, 'mini'],
      ],
      [],
    ],
  ] as Array<[string, Array<[string, boolean | undefined, string?]>, string[]]>)('%s → %j', (_name, tables, expected) => {
    expect(rules(tables)).toEqual(expected);
  });
  it('mixed tables that did not record their recording are not held against the clause, and a note says so', () => {
    const judged = judgeSupervision(
      jefeOf([
        ['blackjack', undefined],
        ['punto-banco', undefined, 'mini'],
      ]),
    );
    expect(judged.findings).toEqual([]);
    expect(judged.notes.join(' ')).toMatch(/cantabria L723–731/);
  });
  it('the finding names the jefe, his tables and those without recording', () => {
    const [f] = judgeSupervision(
      jefeOf([
        ['blackjack', false],
        ['punto-banco', true, 'mini'],
      ]),
    ).findings;
    expect(f).toMatchObject({
      code: 'SUPERVISION_VIOLATION',
      rule: 'blackjack/mixed-card-games',
      citation: 'cantabria L723–731',
      tableId: 'T-1',
      recorded: { inspector: 'jefe-1', tables: ['T-1', 'T-2'], withoutRecording: ['T-1'] },
    });
  });
});

describe('supervision, the clauses the first pass left unmapped (compliance-not-carried.md; day-compliance.resolutions.md §10)', () => {
  type Table = [game: string, more?: Partial<DaySession>];
  const jefeOf = (j: JurisdictionId, tables: Table[]) =>
    tables.map(([game, more], i) =>
      session({ tableId: `T-${i + 1}`, game, jurisdiction: j, from: '20:00', to: '23:00', inspector: 'jefe-1', ...(more ?? {}) }),
    );
  const rules = (j: JurisdictionId, tables: Table[]) => [...new Set(judgeSupervision(jefeOf(j, tables)).findings.map((f) => `${f.rule} ${f.citation}`))].sort();
  const times = (k: number, table: Table) => Array.from({ length: k }, () => table);
  const rec = (individualRecording?: boolean) => ({ individualRecording });

  // cantabria L3559–3562 (A.14.1 Póker sin descarte): «Puede haber un inspector o jefe de mesa para cada sector de juego de naipes
  // de contrapartida. Cada sector podra tener hasta un maximo de cuatro mesas.» The sector is of banking card games: they count together.
  const CSTUD = 'caribbean-stud/supervision-ratio cantabria L3559–3562';
  const MIXED = 'blackjack/mixed-card-games cantabria L723–731';
  const BJ = 'blackjack/supervision-ratio cantabria L713–721';
  it.each([
    ['four póker sin descarte tables', times(4, ['caribbean-stud']), []],
    ['five póker sin descarte tables', times(5, ['caribbean-stud']), [CSTUD]],
    // other banking card games of the sector count in its four
    // (the tripoker's own «un Jefe de Mesa para cada cuatro mesas», L4497–4498, is broken by the same five)
    [
      'three póker sin descarte and two tripoker',
      [...times(3, ['caribbean-stud']), ...times(2, ['three-card-poker'])],
      [CSTUD, 'three-card-poker/supervision-ratio cantabria L4497–4498'],
    ],
    ['two póker sin descarte and two tripoker', [...times(2, ['caribbean-stud']), ...times(2, ['three-card-poker'])], []],
    // with blackjack tables, blackjack's L723–731 adds each table's recording
    ['two póker sin descarte and two blackjacks, each recorded', [...times(2, ['caribbean-stud', rec(true)]), ...times(2, ['blackjack', rec(true)])], []],
    [
      'two póker sin descarte and two blackjacks, none recorded',
      [...times(2, ['caribbean-stud', rec(false)]), ...times(2, ['blackjack', rec(false)])],
      [MIXED],
    ],
    [
      'three póker sin descarte and two blackjacks, each recorded',
      [...times(3, ['caribbean-stud', rec(true)]), ...times(2, ['blackjack', rec(true)])],
      [BJ, CSTUD],
    ],
  ] as Array<[string, Table[], string[]]>)('cantabria L3559–3562: %s → %j', (_name, tables, expected) => {
    expect(rules('cantabria', tables)).toEqual(expected);
  });
  it('cantabria L3559–3562: one jefe over five póker sin descarte tables at once is a SUPERVISION_VIOLATION at each of them', () => {
    const { findings } = judgeSupervision(jefeOf('cantabria', times(5, ['caribbean-stud'])));
    expect(findings.map((f) => [f.code, f.citation, f.tableId])).toEqual(
      ['T-1', 'T-2', 'T-3', 'T-4', 'T-5'].map((t) => ['SUPERVISION_VIOLATION', 'cantabria L3559–3562', t]),
    );
  });

  // cantabria L4768–4773 (A.14.5 Texas Hold'em Bonus Póker): «podra haber un jefe de mesa por cada sector de juegos de naipes de
  // contrapartida, sin que el numero total de mesas a su cargo pueda exceder de cuatro y siempre que cuenten con un sistema de grabacion individualizado»
  const SECTOR = 'texas-holdem-bonus/recorded-sector cantabria L4768–4773';
  const HOLDEM = 'texas-holdem-bonus/supervision-ratio cantabria L4768–4773';
  it.each([
    ['four tables, each recorded', times(4, ['texas-holdem-bonus', rec(true)]), []],
    ['four tables, one without recording', [...times(3, ['texas-holdem-bonus', rec(true)]), ['texas-holdem-bonus', rec(false)]], [SECTOR]],
    ['five tables, each recorded', times(5, ['texas-holdem-bonus', rec(true)]), [HOLDEM]],
    ['five tables, none recorded', times(5, ['texas-holdem-bonus', rec(false)]), [SECTOR, HOLDEM]],
    // the recording is the sector's: a póker sin descarte table of the same jefe without it breaks it
    [
      "two hold'em bonus and a póker sin descarte without recording",
      [...times(2, ['texas-holdem-bonus', rec(true)]), ['caribbean-stud', rec(false)]],
      [SECTOR],
    ],
    // a table alone under its jefe: «sobre cada una de las mesas», no sector, no recording needed
    ['one table without recording, its own jefe', [['texas-holdem-bonus', rec(false)]], []],
  ] as Array<[string, Table[], string[]]>)('cantabria L4768–4773: %s → %j', (_name, tables, expected) => {
    expect(rules('cantabria', tables)).toEqual(expected);
  });
  it('cantabria L4768–4773: tables that did not record their recording are not held against the clause; a note says so, as for L723–731', () => {
    const judged = judgeSupervision(jefeOf('cantabria', times(4, ['texas-holdem-bonus'])));
    expect(judged.findings).toEqual([]);
    expect(judged.notes).toEqual([
      'T-1, T-2, T-3, T-4: a texas-holdem-bonus table sharing its jefe with other tables under jefe-1, whose individual video recording was not recorded; not held against the clause (cantabria L4768–4773)',
    ]);
  });

  // illes-balears L1244–1248 (07 Punt i banca): «Cada taula de joc ha de tenir un cap de taula i dos o tres crupiers … En el cas de les
  // taules reduides hi pot haver un cap de taula cada quatre taules»; galicia L440 (06 Punto e banca): «Cada mesa de xogo terá afectos
  // un/unha xefe/a de mesa … No caso das mesas reducidas pode existir un/unha xefe/a de mesa cada catro mesas». Reduced = mini and midi
  // (illes-balears L1212–1229, galicia L432–434).
  describe.each([
    ['illes-balears', 'illes-balears L1244–1246', 'illes-balears L1246–1248'],
    ['galicia', 'galicia L440', 'galicia L440'],
  ] as Array<[JurisdictionId, string, string]>)('%s punto y banca: a full table its own jefe (%s), reduced ones four per jefe (%s)', (j, full, reduced) => {
    const FULL = `punto-banco/supervision-ratio ${full}`;
    const REDUCED = `punto-banco/supervision-ratio ${reduced}`;
    const pb = (tableFormat?: string): Table => ['punto-banco', tableFormat ? { tableFormat } : {}];
    it.each([
      ['four mini tables', times(4, pb('mini')), []],
      ['two mini and two midi tables', [...times(2, pb('mini')), ...times(2, pb('midi'))], []],
      ['five mini tables', times(5, pb('mini')), [REDUCED]],
      ['five midi tables', times(5, pb('midi')), [REDUCED]],
      ['a full table alone', [pb('full')], []],
      ['a full table and a blackjack', [pb('full'), ['blackjack']], [FULL]],
      ['a full table and a mini table', [pb('full'), pb('mini')], [FULL]],
      ['two full tables', times(2, pb('full')), [FULL]],
      // the facts cannot tell full from reduced: not judged
      ['five tables of no recorded format', times(5, pb()), []],
      ['a table of no recorded format and a blackjack', [pb(), ['blackjack']], []],
    ] as Array<[string, Table[], string[]]>)('%s → %j', (_name, tables, expected) => {
      expect(rules(j, tables)).toEqual(expected);
    });
    it('a table of no recorded format is «not judged», said in the notes and the checklist; a reduced table is judged', () => {
      const judged = judgeSupervision(jefeOf(j, times(2, pb())));
      expect(judged.notes).toEqual([expect.stringMatching(new RegExp(`^not judged: T-1, T-2 recorded no table format .*\\(${full}\\).*\\(${reduced}\\)$`))]);
      const row = (sessions: Array<{ tableId: string; game: string; tableFormat?: string }>) =>
        dayChecklist(j, { sessions, limitChanges: 0, suspensions: 0, closedSessions: 1 }, []).find((r) => r.id === 'supervision')!;
      expect(row([{ tableId: 'PB-1', game: 'punto-banco' }])).toMatchObject({
        status: 'not-judged',
        note: expect.stringContaining('not judged: PB-1 recorded no table format'),
      });
      expect(row([{ tableId: 'PB-1', game: 'punto-banco', tableFormat: 'mini' }])).toMatchObject({
        status: 'pass',
        citation: expect.stringContaining(reduced),
      });
      expect(row([{ tableId: 'PB-1', game: 'punto-banco', tableFormat: 'full' }])).toMatchObject({ status: 'pass', citation: expect.stringContaining(full) });
      // judged tables pass, and the unformatted one is named in the note
      expect(
        row([
          { tableId: 'PB-1', game: 'punto-banco' },
          { tableId: 'BJ-1', game: 'blackjack' },
        ]),
      ).toMatchObject({ status: 'pass', note: expect.stringContaining('not judged: PB-1') });
    });
  });

  // The clauses a read of every jefe-per-tables sentence of the cantabria and illes-balears texts found beside those above
  // (day-compliance.resolutions.md §11): each «four per jefe»; the hold'em de contrapartida's with the recording of A.14.5.
  it.each([
    // cantabria A.14.2 trijoker L3940–3943 «Podra haber un inspector o jefe de mesa para cada sector de juego de naipes de contrapartida. Cada sector podra tener hasta un maximo de cuatro mesas.»
    ['cantabria', 'trijoker', 'cantabria L3940–3943'],
    // cantabria A.14.3 pai gow L4219–4224 «podran simultanearse sobre grupos de mesas contiguas y homogeneas sin que el numero total de mesas a su cargo pueda exceder de cuatro»
    ['cantabria', 'pai-gow-poker', 'cantabria L4219–4224'],
    // cantabria A.14.4 póker tres cartas L4497–4498 «Puede existir un Jefe de Mesa para cada cuatro mesas.»
    ['cantabria', 'three-card-poker', 'cantabria L4497–4498'],
    // cantabria A.15 circle poker L5366–5371 «La zona donde se desarrolle el juego estara controlada por un jefe de sector … Cada sector podra tener hasta un maximo de cuatro mesas.»
    ['cantabria', 'circle-poker-texas-holdem', 'cantabria L5366–5371'],
    ['cantabria', 'circle-poker-seven-card-stud', 'cantabria L5366–5371'],
    // illes-balears: 04 boule L733–734 «Pot haver-n'hi un per cada quatre taules»; 05 trenta i quaranta L826–827, 10 ruleta de la
    // fortuna L2186–2187, 11 pòquer sense descart L2270–2271, 13 trijoker L2886–2887 «Hi pot haver un cap de taula cada quatre taules»
    ['illes-balears', 'boule', 'illes-balears L733–734'],
    ['illes-balears', 'trente-et-quarante', 'illes-balears L826–827'],
    ['illes-balears', 'wheel-of-fortune', 'illes-balears L2186–2187'],
    ['illes-balears', 'caribbean-stud', 'illes-balears L2270–2271'],
    ['illes-balears', 'trijoker', 'illes-balears L2886–2887'],
  ] as Array<[JurisdictionId, string, string]>)('%s %s: four tables under one jefe pass, five are a finding citing %s', (j, game, cite) => {
    expect(rules(j, times(4, [game]))).toEqual([]);
    expect(rules(j, times(5, [game]))).toEqual([`${game}/supervision-ratio ${cite}`]);
  });

  // cantabria A.14.6 Texas Hold'em de contrapartida L5083–5089: «podra haber un jefe de mesa por cada sector de juegos de naipes de
  // contrapartida, sin que el numero total de mesas a su cargo pueda exceder de cuatro, siempre y cuando cada una de ellas cuente con
  // un sistema de grabacion individualizado» (A.14.5's words)
  const VS_SECTOR = 'texas-holdem-vs-bank/recorded-sector cantabria L5083–5089';
  const VS_RATIO = 'texas-holdem-vs-bank/supervision-ratio cantabria L5083–5089';
  it.each([
    ['four tables, each recorded', times(4, ['texas-holdem-vs-bank', rec(true)]), []],
    ['four tables, one without recording', [...times(3, ['texas-holdem-vs-bank', rec(true)]), ['texas-holdem-vs-bank', rec(false)]], [VS_SECTOR]],
    ['five tables, each recorded', times(5, ['texas-holdem-vs-bank', rec(true)]), [VS_RATIO]],
    ['one table without recording, its own jefe', [['texas-holdem-vs-bank', rec(false)]], []],
  ] as Array<[string, Table[], string[]]>)('cantabria L5083–5089: %s → %j', (_name, tables, expected) => {
    expect(rules('cantabria', tables)).toEqual(expected);
  });

  it("the checklist: a cantabria day of póker sin descarte or hold'em bonus tables only is judged, no longer «not applicable»", () => {
    for (const game of ['caribbean-stud', 'texas-holdem-bonus']) {
      const row = dayChecklist('cantabria', { sessions: [{ tableId: 'P-1', game }], limitChanges: 0, suspensions: 0, closedSessions: 1 }, []).find(
        (r) => r.id === 'supervision',
      )!;
      expect(row).toMatchObject({
        status: 'pass',
        citation: expect.stringContaining(game === 'caribbean-stud' ? 'cantabria L3559–3562' : 'cantabria L4768–4773'),
      });
    }
  });
});

describe('supervision: a table of its own, where the text gives each table its own jefe and no exception (day-compliance.resolutions.md §12)', () => {
  type Table = [game: string, more?: Partial<DaySession>];
  const jefeOf = (j: JurisdictionId, tables: Table[]) =>
    tables.map(([game, more], i) =>
      session({ tableId: `T-${i + 1}`, game, jurisdiction: j, from: '20:00', to: '23:00', inspector: 'jefe-1', ...(more ?? {}) }),
    );
  const rules = (j: JurisdictionId, tables: Table[]) => [...new Set(judgeSupervision(jefeOf(j, tables)).findings.map((f) => `${f.rule} ${f.citation}`))].sort();
  it.each([
    // cantabria A.7 L1357–1358 «En cada mesa de dados prestara sus servicios un jefe de mesa, dos croupiers y un stickman.»
    ['cantabria', 'a craps table alone', [['craps']], []],
    ['cantabria', 'a craps table and a blackjack under one jefe', [['craps'], ['blackjack']], ['craps/supervision-ratio cantabria L1357–1358']],
    // A.6 L1218–1219 «Cada mesa tendra permanentemente destinados a su servicio un jefe de mesa y dos croupiers.»
    [
      'cantabria',
      'two trente et quarante tables',
      [['trente-et-quarante'], ['trente-et-quarante']],
      ['trente-et-quarante/supervision-ratio cantabria L1218–1219'],
    ],
    // A.9 L1778–1779 «El personal afecto a cada mesa de banca francesa es de un jefe de mesa y dos croupieres»
    [
      'cantabria',
      'a banca francesa and a roulette',
      [['banca-francesa'], ['french-roulette', { individualRecording: true }]],
      ['banca-francesa/supervision-ratio cantabria L1778–1779'],
    ],
    // A.11 L2258–2260 «Cada mesa de juego tendra permanentemente a su servicio un inspector, un croupier y un cambista»; A.12 applies it (L2971–2978)
    [
      'cantabria',
      'a chemin de fer and a baccarat à deux tableaux',
      [['chemin-de-fer'], ['baccarat-two-tables']],
      ['chemin-de-fer/supervision-ratio cantabria L2258–2260'],
    ],
    // not judged: A.12 L2971–2978 lists the «personal minimo necesario» and takes A.11's duties of the inspector, not its «cada mesa»
    ['cantabria', 'two baccarat à deux tableaux', [['baccarat-two-tables'], ['baccarat-two-tables']], []],
    // A.10 L1995–1996 «Cada mesa de juego tendra afectos un jefe de mesa y dos o tres croupiers.»: the full table
    [
      'cantabria',
      'a full punto y banca and a blackjack',
      [['punto-banco', { tableFormat: 'full' }], ['blackjack']],
      ['punto-banco/supervision-ratio cantabria L1995–1996'],
    ],
    // not judged: the mini and midi tables share a jefe under the blackjack clause L723–731 (four, each recorded)
    [
      'cantabria',
      'two mini punto y banca',
      [
        ['punto-banco', { tableFormat: 'mini' }],
        ['punto-banco', { tableFormat: 'mini' }],
      ],
      [],
    ],
    // not judged: boule L1091–1092 and the wheel of fortune L3418–3421 say only «El jefe de mesa es el que dirige la misma»
    ['cantabria', 'two boule tables', [['boule'], ['boule']], []],
    ['cantabria', 'two wheels of fortune', [['wheel-of-fortune'], ['wheel-of-fortune']], []],
    // illes-balears 06 L937–938 «A cada taula de daus presta els seus serveis un cap de taula, un o dos crupiers i un stickman.»
    ['illes-balears', 'two craps tables', [['craps'], ['craps']], ['craps/supervision-ratio illes-balears L937–938']],
    // 08 L1415–1416 «Cada taula de joc ha de tenir permanentment al seu servei un cap de taula i un crupier.»
    ['illes-balears', 'a chemin de fer and a blackjack', [['chemin-de-fer'], ['blackjack']], ['chemin-de-fer/supervision-ratio illes-balears L1415–1416']],
    // 09 L1899–1902 «El personal minim necessari és: un cap de taula, un crupier, un canvista i un auxiliar»
    ['illes-balears', 'two baccarat à deux tableaux (09 L1899–1902: «personal minim», not judged)', [['baccarat-two-tables'], ['baccarat-two-tables']], []],
    // galicia 05 L392 «Cada mesa terá permanentemente destinados/as ao seu servizo un/unha xefe/a de mesa e dous/dúas croupiers.»
    ['galicia', 'a trinta e corenta and a blackjack', [['trente-et-quarante'], ['blackjack']], ['trente-et-quarante/supervision-ratio galicia L392']],
    // galicia 09 L890 «En cada mesa de dados prestará os seus servizos un/unha xefe/a de mesa, dous/dúas croupiers e un/unha bastoneiro/a ou stickman.»
    ['galicia', 'two craps tables', [['craps'], ['craps']], ['craps/supervision-ratio galicia L890']],
    // not judged: 04 boule L348 «Xefe/a de mesa que dirixe esta»; 07 chemin de fer has no «cada mesa» sentence
    ['galicia', 'two boule tables and two chemin de fer', [['boule'], ['boule'], ['chemin-de-fer'], ['chemin-de-fer']], []],
    // euskadi: «hasta cuatro mesas, independientemente del juego que se practique en ellas» (L463–466): the craps part's
    // «En cada mesa de dados prestará sus servicios un Jefe de Mesa» (L3178–3180) is not held against it (§9)
    ['euskadi', 'two craps tables and two roulettes', [['craps'], ['craps'], ['french-roulette'], ['french-roulette']], []],
  ] as Array<[JurisdictionId, string, Table[], string[]]>)('%s: %s → %j', (j, _name, tables, expected) => {
    expect(rules(j, tables)).toEqual(expected);
  });
  it('one jefe over a craps table, then over a blackjack after the craps table closed, holds them one at a time: no finding', () => {
    const sessions = [
      session({ tableId: 'CR-1', game: 'craps', jurisdiction: 'cantabria', from: '20:00', to: '21:00', inspector: 'jefe-1' }),
      session({ tableId: 'BJ-1', game: 'blackjack', jurisdiction: 'cantabria', from: '21:00', to: '23:00', inspector: 'jefe-1' }),
    ];
    expect(judgeSupervision(sessions).findings).toEqual([]);
  });
  it('the checklist: a cantabria day of craps tables only is judged against L1357–1358, no longer «not applicable»', () => {
    const row = dayChecklist('cantabria', { sessions: [{ tableId: 'CR-1', game: 'craps' }], limitChanges: 0, suspensions: 0, closedSessions: 1 }, []).find(
      (r) => r.id === 'supervision',
    )!;
    expect(row).toMatchObject({ status: 'pass', citation: expect.stringContaining('cantabria L1357–1358') });
    // the full punto y banca table's line is cited; the mini and midi tables' (not judged) is not
    expect(row.citation).toContain('cantabria L1995–1996');
    expect(row.citation).not.toContain('L2191–2193');
  });
  it('a cantabria punto y banca table of no recorded format is not judged, and the note says the reduced ones are not judged at all', () => {
    const judged = judgeSupervision(jefeOf('cantabria', [['punto-banco'], ['punto-banco']]));
    expect(judged.findings).toEqual([]);
    expect(judged.notes).toEqual([
      'not judged: T-1, T-2 recorded no table format (options.tableFormat full, mini or midi), and a full table has a jefe of its own (cantabria L1995–1996) where the reduced ones are not judged (cantabria L2191–2193)',
    ]);
  });
});

describe('equipment custody', () => {
  const six = (prefix: string) => Array.from({ length: 6 }, (_, i) => ({ serial: `${prefix}${i + 1}`, initials: 'CSB' }));
  const craps = (j: JurisdictionId, dice: DaySession['diceIssued']) =>
    session({ tableId: 'DC-1', game: 'craps', jurisdiction: j, from: '20:00', to: '23:00', diceIssued: dice });
  it.each(['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const)(
    '%s: six new dice, serial and initials on each, none of the previous session ("seis dados … distintos a los usados la sesión anterior")',
    (j) => {
      expect(
        codes(
          judgeEquipment(
            craps(j, [{ eventId: 'd', at: at('20:00'), dice: six('A'), previous: { sessionId: 'yesterday', serials: six('B').map((d) => d.serial) } }]),
          ),
        ),
      ).toEqual([]);
      expect(codes(judgeEquipment(craps(j, [{ eventId: 'd', at: at('20:00'), dice: six('A').slice(0, 4) }])))).toEqual(['craps/dice-per-session']);
      expect(codes(judgeEquipment(craps(j, [{ eventId: 'd', at: at('20:00'), dice: [...six('A').slice(0, 5), { serial: 'A6' }] }])))).toEqual([
        'craps/dice-marks',
      ]);
      expect(
        codes(judgeEquipment(craps(j, [{ eventId: 'd', at: at('20:00'), dice: six('A'), previous: { sessionId: 'yesterday', serials: ['A3', 'Z9'] } }]))),
      ).toEqual(['craps/dice-renewed']);
    },
  );
  it('a craps session that never recorded its dice is not judged, and the checklist says so', () => {
    const s = craps('euskadi', []);
    const judged = judgeGamingDay('euskadi', [s]);
    expect(judged.findings.filter((f) => f.code === 'EQUIPMENT_CUSTODY_VIOLATION')).toEqual([]);
    const row = dayChecklist('euskadi', { sessions: [s], limitChanges: 0, suspensions: 0, closedSessions: 1 }, judged.findings, {
      notJudged: judged.notJudged,
    }).find((r) => r.id === 'equipment-custody')!;
    expect(row.status).toBe('not-judged');
  });
  it('banca francesa, cantabria L1815–1820 "cada terna ser sustituida rotativamente, de hora en hora" and L1915–1917 the thrower "de hora en hora, salvo situación de fuerza mayor"', () => {
    const bf = (ternas: string[], throwers: Array<[string, boolean?]>) =>
      session({
        tableId: 'BF-1',
        game: 'banca-francesa',
        jurisdiction: 'cantabria',
        from: '20:00',
        to: '22:30',
        ternaChanges: ternas.map((t, i) => ({ eventId: `t${i}`, at: at(t) })),
        throwerChanges: throwers.map(([t, fm], i) => ({ eventId: `w${i}`, at: at(t), forceMajeure: fm })),
      });
    expect(codes(judgeEquipment(bf(['21:00', '22:00'], [['21:00'], ['22:00']])))).toEqual([]);
    expect(codes(judgeEquipment(bf(['21:00', '22:10'], [['21:00'], ['22:00']])))).toEqual(['banca-francesa/terna-hourly']);
    expect(codes(judgeEquipment(bf(['21:00', '22:00'], [['21:30']])))).toEqual(['banca-francesa/thrower-hourly']);
    // a late replacement recorded as force majeure is said, not found
    expect(codes(judgeEquipment(bf(['21:00', '22:00'], [['21:00'], ['22:20', true]])))).toEqual([]);
  });
});

describe('the checklist', () => {
  const day = {
    sessions: [
      { tableId: 'RL-1', game: 'french-roulette' },
      { tableId: 'BJ-1', game: 'blackjack' },
    ],
    limitChanges: 0,
    suspensions: 0,
    closedSessions: 2,
  };
  it('lists the nine rows for every jurisdiction, each with its citation or why not', () => {
    for (const j of ['euskadi', 'cantabria', 'illes-balears', 'galicia', 'andalucia'] as const) {
      const rows = dayChecklist(j, day, []);
      expect(rows.map((r) => r.title)).toEqual([
        'Limit changes',
        'Closing announcements',
        'Temporary closing',
        'Reversible cloths',
        'Tables in service',
        'Supervision',
        'Equipment custody',
        'Circle poker session',
        'Bank deposits',
      ]);
      for (const r of rows) expect(r.status === 'not-applicable' ? !!r.note : !!r.citation).toBe(true);
    }
  });
  it('maps findings to rows by code; a row the text lacks is not applicable with a note', () => {
    const rows = dayChecklist('galicia', day, [{ code: 'SUPERVISION_VIOLATION' }, { code: 'PAYOUT_MISMATCH' }]);
    const of = (id: string) => rows.find((r) => r.id === id)!;
    expect(of('supervision')).toMatchObject({ status: 'finding', findings: 1, citation: expect.stringContaining('galicia L122') });
    expect(of('temporary-closing')).toMatchObject({ status: 'not-applicable', citation: null });
    expect(of('tables-in-service')).toMatchObject({
      status: 'pass',
      citation: 'galicia L56, L178',
      note: expect.stringContaining('(galicia L178) is not judged, the authorised minimum is not recorded'),
    });
    expect(of('equipment-custody')).toMatchObject({ status: 'not-applicable', note: 'no craps or banca francesa table played this gaming day' });
    expect(of('reversible-cloths')).toMatchObject({ status: 'not-applicable' });
  });
  it('illes-balears L264–266 and galicia L178: one table at the authorised minimum is a duty no fact carries — «not judged», never «no rule» (second reading §2.4)', () => {
    const row = dayChecklist('illes-balears', day, []).find((r) => r.id === 'tables-in-service')!;
    expect(row).toMatchObject({
      status: 'not-judged',
      citation: 'illes-balears L264–266',
      note: expect.stringContaining('not judged: the authorised minimum is not recorded'),
    });
    // cantabria L398–403 «se podrá»: a permission, so the text has no such duty
    expect(dayChecklist('cantabria', day, []).find((r) => r.id === 'tables-in-service')).toMatchObject({ status: 'not-applicable', citation: null });
  });
  it('supervision: a day of full punto y banca tables only gives the euskadi row nothing to judge (their four is for mini and midi, L4061–4065)', () => {
    const full = { ...day, sessions: [{ tableId: 'PB-1', game: 'punto-banco' }] };
    expect(dayChecklist('euskadi', full, []).find((r) => r.id === 'supervision')).toMatchObject({ status: 'not-applicable' });
    const mini = { ...day, sessions: [{ tableId: 'PB-1', game: 'punto-banco', tableFormat: 'mini' }] };
    expect(dayChecklist('euskadi', mini, []).find((r) => r.id === 'supervision')).toMatchObject({
      status: 'pass',
      citation: expect.stringContaining('L4061–4065'),
    });
    expect(dayChecklist('cantabria', mini, []).find((r) => r.id === 'supervision')!.citation).toContain('cantabria L723–731');
  });
});
