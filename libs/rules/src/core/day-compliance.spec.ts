/**
 * The gaming day's judge on days built from the texts' own words (not from the code): each case quotes
 * the lines it rests on, and says what an inspector reading them would find.
 */
import { dayChecklist } from './compliance-checklist';
import { DaySession, judgeEquipment, judgeGamingDay, judgeReversibleCloths, judgeSupervision, judgeTablesInService } from './day-compliance';
import type { JurisdictionId } from './types';

const at = (hhmm: string) => `2026-11-21T${hhmm}:00.000Z`;
let n = 0;
function session(p: Partial<DaySession> & { tableId: string; game: string; jurisdiction: JurisdictionId; from: string; to?: string; inspector?: string }): DaySession {
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
  const day = (j: JurisdictionId, games: string[], overrides: Array<Partial<DaySession>> = []) =>
    games.map((game, i) => session({ tableId: 'BJ-1', game, jurisdiction: j, from: `2${i}:00`, to: `2${i}:50`, clothNumber: `P-${game}`, ...(overrides[i] ?? {}) }));
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
    expect(codes(judgeReversibleCloths(sessions)).sort()).toEqual(['reversible-cloth/cloth-number', 'reversible-cloth/new-float', 'reversible-cloth/previous-closed']);
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
    games.map((game, i) => session({ tableId: `T-${i + 1}`, game, jurisdiction: j, from: '20:00', to: '23:00', inspector: 'jefe-1', individualRecording: recording }));
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
    const sessions = [0, 1, 2].map((i) => session({ tableId: `RL-${i}`, game: 'french-roulette', jurisdiction: 'galicia', from: `2${i}:00`, to: `2${i}:59`, inspector: 'jefe-1' }));
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

describe('equipment custody', () => {
  const six = (prefix: string) => Array.from({ length: 6 }, (_, i) => ({ serial: `${prefix}${i + 1}`, initials: 'CSB' }));
  const craps = (j: JurisdictionId, dice: DaySession['diceIssued']) => session({ tableId: 'DC-1', game: 'craps', jurisdiction: j, from: '20:00', to: '23:00', diceIssued: dice });
  it.each(['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const)(
    '%s: six new dice, serial and initials on each, none of the previous session ("seis dados … distintos a los usados la sesión anterior")',
    (j) => {
      expect(codes(judgeEquipment(craps(j, [{ eventId: 'd', at: at('20:00'), dice: six('A'), previous: { sessionId: 'yesterday', serials: six('B').map((d) => d.serial) } }])))).toEqual([]);
      expect(codes(judgeEquipment(craps(j, [{ eventId: 'd', at: at('20:00'), dice: six('A').slice(0, 4) }])))).toEqual(['craps/dice-per-session']);
      expect(codes(judgeEquipment(craps(j, [{ eventId: 'd', at: at('20:00'), dice: [...six('A').slice(0, 5), { serial: 'A6' }] }])))).toEqual(['craps/dice-marks']);
      expect(codes(judgeEquipment(craps(j, [{ eventId: 'd', at: at('20:00'), dice: six('A'), previous: { sessionId: 'yesterday', serials: ['A3', 'Z9'] } }])))).toEqual(['craps/dice-renewed']);
    },
  );
  it('a craps session that never recorded its dice is not judged, and the checklist says so', () => {
    const s = craps('euskadi', []);
    const judged = judgeGamingDay('euskadi', [s]);
    expect(judged.findings.filter((f) => f.code === 'EQUIPMENT_CUSTODY_VIOLATION')).toEqual([]);
    const row = dayChecklist('euskadi', { sessions: [s], limitChanges: 0, suspensions: 0, closedSessions: 1 }, judged.findings, { notJudged: judged.notJudged }).find((r) => r.id === 'equipment-custody')!;
    expect(row.status).toBe('not-judged');
  });
  it('banca francesa, cantabria L1815–1820 "cada terna ser sustituida rotativamente, de hora en hora" and L1915–1917 the thrower "de hora en hora, salvo situación de fuerza mayor"', () => {
    const bf = (ternas: string[], throwers: Array<[string, boolean?]>) =>
      session({ tableId: 'BF-1', game: 'banca-francesa', jurisdiction: 'cantabria', from: '20:00', to: '22:30', ternaChanges: ternas.map((t, i) => ({ eventId: `t${i}`, at: at(t) })), throwerChanges: throwers.map(([t, fm], i) => ({ eventId: `w${i}`, at: at(t), forceMajeure: fm })) });
    expect(codes(judgeEquipment(bf(['21:00', '22:00'], [['21:00'], ['22:00']])))).toEqual([]);
    expect(codes(judgeEquipment(bf(['21:00', '22:10'], [['21:00'], ['22:00']])))).toEqual(['banca-francesa/terna-hourly']);
    expect(codes(judgeEquipment(bf(['21:00', '22:00'], [['21:30']])))).toEqual(['banca-francesa/thrower-hourly']);
    // a late replacement recorded as force majeure is said, not found
    expect(codes(judgeEquipment(bf(['21:00', '22:00'], [['21:00'], ['22:20', true]])))).toEqual([]);
  });
});

describe('the checklist', () => {
  const day = { sessions: [{ tableId: 'RL-1', game: 'french-roulette' }, { tableId: 'BJ-1', game: 'blackjack' }], limitChanges: 0, suspensions: 0, closedSessions: 2 };
  it('lists the nine rows for every jurisdiction, each with its citation or why not', () => {
    for (const j of ['euskadi', 'cantabria', 'illes-balears', 'galicia', 'andalucia'] as const) {
      const rows = dayChecklist(j, day, []);
      expect(rows.map((r) => r.title)).toEqual(['Limit changes', 'Closing announcements', 'Temporary closing', 'Reversible cloths', 'Tables in service', 'Supervision', 'Equipment custody', 'Circle poker session', 'Bank deposits']);
      for (const r of rows) expect(r.status === 'not-applicable' ? !!r.note : !!r.citation).toBe(true);
    }
  });
  it('maps findings to rows by code; a row the text lacks is not applicable with a note', () => {
    const rows = dayChecklist('galicia', day, [{ code: 'SUPERVISION_VIOLATION' }, { code: 'PAYOUT_MISMATCH' }]);
    const of = (id: string) => rows.find((r) => r.id === id)!;
    expect(of('supervision')).toMatchObject({ status: 'finding', findings: 1, citation: expect.stringContaining('galicia L122') });
    expect(of('temporary-closing')).toMatchObject({ status: 'not-applicable', citation: null });
    expect(of('tables-in-service')).toMatchObject({ status: 'pass', citation: 'galicia L56' });
    expect(of('equipment-custody')).toMatchObject({ status: 'not-applicable', note: 'no craps or banca francesa table played this gaming day' });
    expect(of('reversible-cloths')).toMatchObject({ status: 'not-applicable' });
  });
});
