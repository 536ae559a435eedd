/**
 * What `archive --drop` keeps of a session (sessionStateKeeper, store migration 16) must be what ingestion would fold
 * from the whole stream: the drop reads only the facts of SESSION_STATE_FACTS, so every other fact must change nothing
 * but the version, and the kept state, read back from its JSON, must judge as the folded one.
 */
import { simulateDay } from '../../simulator/src';
import { emptySession, evolveSession, SESSION_STATE_FACTS, sessionFromJson, sessionStateKeeper, sessionToJson } from './session-state';

const days = [
  ...simulateDay({ tables: 6, rounds: 12, seed: 3, errorRate: 0.1, gamingDay: '2026-10-30', casinoId: 'casino-keep' }),
  ...simulateDay({ tables: 4, rounds: 8, seed: 5, errorRate: 0, gamingDay: '2026-10-31', casinoId: 'casino-keep', reversibleCloths: true }),
].flat();
const sessions = [...new Set(days.map((e) => e.data.sessionId).filter((id): id is string => typeof id === 'string'))];
/**
 * The simulated days have no limit change, suspension or voided round: the first session gets them, in the middle of
 * its day (after its third round started), so that a fact the keeper's list left out would show.
 */
const extras = (sessionId: string, roundId: string) => [
  { type: 'TableLimitsChanged', data: { sessionId, limits: { min: 25, max: 5000 }, announcedRounds: 3 } },
  { type: 'TableSessionSuspended', data: { sessionId, reason: 'count of the float' } },
  { type: 'RoundVoided', data: { sessionId, roundId, reason: 'wheel stopped', decidedBy: 'jefe de mesa' } },
];
const factsOf = (sessionId: string) => {
  const facts: Array<{ type: string; data: Record<string, unknown> }> = days.filter((e) => e.data.sessionId === sessionId);
  if (sessionId !== sessions[0]) return facts;
  const third = facts.filter((f) => f.type === 'RoundStarted')[2];
  const at = facts.indexOf(third) + 1;
  return [...facts.slice(0, at), ...extras(sessionId, String(third.data.roundId)), ...facts.slice(at)];
};

describe('the session state kept with a month out of the store', () => {
  it('is, from the facts that change it alone, the state folded from every fact', () => {
    expect(sessions.length).toBeGreaterThan(5);
    // the extras did change the first session: limits, suspended, a round voided
    const first = emptySession(sessions[0]);
    const withExtras = factsOf(sessions[0]);
    for (const f of withExtras.slice(0, withExtras.findIndex((f) => f.type === 'RoundVoided') + 1)) evolveSession(first, f.type, f.data);
    expect([first.limits, first.suspended, [...first.rounds.values()].filter((finished) => finished)]).toEqual([
      { min: 25, max: 5000 },
      true,
      [true, true, true],
    ]);
    // at every fact of every session: a fact left out of the list shows where it changes the state, even if a later one undoes it
    for (const sessionId of sessions) {
      const facts = factsOf(sessionId);
      const folded = emptySession(sessionId);
      const changing: typeof facts = [];
      for (const [i, f] of facts.entries()) {
        evolveSession(folded, f.type, f.data);
        if ((SESSION_STATE_FACTS as readonly string[]).includes(f.type)) changing.push(f);
        const kept = sessionStateKeeper.fold(`session-${sessionId}`, undefined, changing, i + 1);
        expect(sessionFromJson(sessionId, JSON.parse(JSON.stringify(kept)))).toEqual(folded);
      }
    }
  });

  it('goes on from a state kept at any cut as the fold of every fact does', () => {
    for (const sessionId of sessions) {
      const facts = factsOf(sessionId);
      const cut = Math.floor(facts.length / 3);
      const kept = JSON.parse(JSON.stringify(sessionStateKeeper.fold(`session-${sessionId}`, undefined, facts.slice(0, cut), cut)));
      const later = sessionStateKeeper.fold(`session-${sessionId}`, kept, facts.slice(cut), facts.length);
      const folded = emptySession(sessionId);
      for (const f of facts) evolveSession(folded, f.type, f.data);
      expect(sessionFromJson(sessionId, JSON.parse(JSON.stringify(later)))).toEqual(folded);
    }
  });

  it('is in play while the session is open, not once it closed or when it never opened', () => {
    const sessionId = sessions[0];
    const facts = factsOf(sessionId);
    const close = facts.findIndex((f) => f.type === 'TableSessionClosed');
    expect(close).toBeGreaterThan(0);
    const at = (n: number) => sessionStateKeeper.fold(`session-${sessionId}`, undefined, facts.slice(0, n), n);
    expect(sessionStateKeeper.inPlay(at(close))).toBe(true);
    expect(sessionStateKeeper.inPlay(at(close + 1))).toBe(false);
    expect(sessionStateKeeper.inPlay(sessionToJson(emptySession('never')))).toBe(false);
  });
});
