import { JURISDICTIONS, judgeRound, judgeSettings, judgeShoe, registeredGames } from '../../rules/src';
import { SessionTracker } from '../../replay/src';
import type { Envelope } from '../../ledger/src';
import { isConsequence } from './errors';
import { judgeCompliance, sessionDetection } from './session-compliance';
import { simulateDay, SimulationManifest } from './simulate';

/** Judge every round of a simulated day, in memory, the way replay does from the store. */
export function judgeDay(batches: Envelope[][]) {
  const trackers = new Map<string, SessionTracker>();
  const rounds = new Map<string, { sessionId: string; facts: Envelope[]; env: ReturnType<SessionTracker['env']> | null }>();
  for (const e of batches.flat()) {
    const sessionId = String(e.data.sessionId);
    let tracker = trackers.get(sessionId);
    if (!tracker) trackers.set(sessionId, (tracker = new SessionTracker(sessionId)));
    if (e.type === 'RoundStarted') rounds.set(String(e.data.roundId), { sessionId, facts: [], env: tracker.judged ? tracker.env() : null });
    const round = e.data.roundId !== undefined ? rounds.get(String(e.data.roundId)) : undefined;
    if (round) round.facts.push(e);
    tracker.apply({ eventId: e.eventId, type: e.type, data: e.data });
  }
  const found = new Map<string, { sessionId: string; discrepancies: Array<{ code: string; message: string }> }>();
  for (const [roundId, r] of rounds) {
    if (!r.env) continue;
    const rules = trackers.get(r.sessionId)!.game!;
    const j = judgeRound(
      rules,
      r.env,
      r.facts.map((e, i) => ({ eventId: e.eventId, type: e.type, data: e.data, position: i + 1 })),
    );
    found.set(roundId, { sessionId: r.sessionId, discrepancies: j.discrepancies });
  }
  return found;
}

const run = (tables: number, rounds: number, seed: number, errorRate = 0, games?: string[]) => {
  const manifest: { value?: SimulationManifest } = {};
  const batches = [...simulateDay({ tables, rounds, seed, errorRate, games }, manifest)];
  return { batches, manifest: manifest.value! };
};

describe('the simulator', () => {
  it('is reproducible from a seed', () => {
    const a = run(4, 5, 42).batches.flat();
    const b = run(4, 5, 42).batches.flat();
    expect(a).toEqual(b);
    expect(run(4, 5, 43).batches.flat()).not.toEqual(a);
  });

  it('plays a day on a dozen tables across the game families, every round consistent with the rules', () => {
    const { batches, manifest } = run(12, 15, 7);
    const families = new Set(manifest.tables.map((t) => registeredGames().find((g) => g.game === t.game)!.family));
    expect(families.size).toBe(new Set(registeredGames().map((g) => g.family)).size);
    const found = judgeDay(batches);
    expect(found.size).toBe(12 * 15);
    const flagged = [...found].filter(([, r]) => r.discrepancies.length).map(([roundId, r]) => [roundId, r.discrepancies.map((d) => d.message)]);
    expect(flagged).toEqual([]);
  });

  it("names at its opening the jackpot pool a table plays: its game's pool, or none ([]) for the other games with a jackpot hand", () => {
    const games = ['caribbean-stud', 'blackjack', 'french-roulette'];
    const events = [...simulateDay({ tables: games.length, tableGames: games, rounds: 3, seed: 11, errorRate: 0, jurisdiction: 'euskadi' })].flat();
    const poolIds = events.filter((e) => e.type === 'JackpotPoolConfigured').map((e) => e.data.poolId);
    const named = Object.fromEntries(
      events.filter((e) => e.type === 'TableSessionOpened').map((e) => [e.data.game, (e.data.options as Record<string, unknown> | undefined)?.jackpotPools]),
    );
    expect(poolIds).toEqual(['casino-sim-caribbean-stud-progressive']);
    expect(named).toEqual({ 'caribbean-stud': poolIds, blackjack: [], 'french-roulette': undefined });
  });

  it('opens every table and starts every shoe as its catalogue requires, in every jurisdiction (no session finding)', () => {
    const flagged: string[] = [];
    const kept = new Set<string>();
    for (const jurisdiction of JURISDICTIONS) {
      const games = registeredGames()
        .filter((g) => g.rulebooks[jurisdiction] && g.play)
        .map((g) => g.game);
      if (!games.length) continue;
      const manifest: { value?: SimulationManifest } = {};
      const events = [...simulateDay({ tables: games.length, tableGames: games, rounds: 40, seed: 5, errorRate: 0, jurisdiction }, manifest)].flat();
      const trackers = new Map<string, SessionTracker>();
      for (const e of events) {
        const sessionId = String(e.data.sessionId);
        let tracker = trackers.get(sessionId);
        if (!tracker) trackers.set(sessionId, (tracker = new SessionTracker(sessionId)));
        tracker.apply({ eventId: e.eventId, type: e.type, data: e.data });
        if (!tracker.judged) continue;
        const env = tracker.env();
        const judged =
          e.type === 'TableSessionOpened'
            ? judgeSettings(tracker.game!, env, { limits: env.ctx.limits, options: env.ctx.options })
            : e.type === 'ShoeStarted'
              ? judgeShoe(tracker.game!, env, {
                  shoeId: String(e.data.shoeId),
                  decks: Number(e.data.decks),
                  cutCardPosition: e.data.cutCardPosition == null ? undefined : Number(e.data.cutCardPosition),
                })
              : null;
        for (const f of judged?.findings ?? []) flagged.push(`${jurisdiction} ${tracker.state.game} ${f.rule}`);
      }
      // the session rules (issue 15): limit changes, announcements, suspensions, bank deposits, as an honest casino keeps them
      for (const [sessionId, findings] of judgeCompliance(events, (game) => registeredGames().find((g) => g.game === game))) {
        for (const f of findings) flagged.push(`${jurisdiction} ${sessionId} ${f.rule}: ${f.message}`);
      }
      for (const e of events)
        if (['LastRoundsAnnounced', 'TableLimitsChanged', 'TableSessionSuspended', 'TableSessionResumed', 'BankDeposited'].includes(e.type))
          kept.add(`${jurisdiction} ${e.type}${e.data.purpose ? ` ${e.data.purpose}` : ''}`);
    }
    // the one setting no casino can avoid: cantabria's 64-cell wheel as printed (docs/decisions/open-questions.md#oq-05), which
    // the product must flag wherever it is played (its 40 and its 1)
    expect(flagged).toEqual(['cantabria wheel-of-fortune wheel-of-fortune/house-edge', 'cantabria wheel-of-fortune wheel-of-fortune/house-edge']);
    // and the day kept them: limit changes announced where a text allows them (none in galicia), suspensions in euskadi, bank deposits
    expect([...kept].sort()).toEqual(
      expect.arrayContaining([
        'euskadi LastRoundsAnnounced closing',
        'euskadi LastRoundsAnnounced limit-change',
        'euskadi TableLimitsChanged',
        'euskadi TableSessionSuspended',
        'euskadi TableSessionResumed',
        'euskadi BankDeposited',
        'cantabria LastRoundsAnnounced limit-change',
        'cantabria TableLimitsChanged',
        'illes-balears TableLimitsChanged',
        'galicia BankDeposited',
        'andalucia LastRoundsAnnounced closing',
      ]),
    );
    expect([...kept].some((k) => k.startsWith('galicia TableLimitsChanged'))).toBe(false);
  });

  it('circle poker: an error that changed a hand explains what follows from it in later hands, and nothing else (seeds 1 and 3 showed it)', () => {
    for (const seed of [1, 3]) {
      const { batches, manifest } = run(2, 60, seed, 0.3, ['circle-poker-five-card-draw']);
      const found = judgeDay(batches);
      const injected = new Set(manifest.injected.map((i) => i.roundId));
      const order = [...found.keys()];
      const unexplained = [...found]
        .filter(([roundId]) => !injected.has(roundId))
        .flatMap(([roundId, r]) =>
          r.discrepancies
            .filter(
              (d) =>
                !isConsequence(
                  d,
                  roundId,
                  r.sessionId,
                  manifest.injected,
                  order.filter((id) => found.get(id)!.sessionId === r.sessionId),
                ),
            )
            .map((d) => `${roundId} ${d.code}`),
        );
      expect({ seed, unexplained }).toEqual({ seed, unexplained: [] });
    }
  });

  // two seeds: seed 1 is where an error that broke a refait left later prison claims to explain (trente et quarante)
  it.each([11, 1])('finds every injected error in its round and nothing in clean rounds, for every game (seed %i)', (seed) => {
    for (const game of registeredGames()) {
      if (!JURISDICTIONS.some((j) => game.rulebooks[j]) || !game.play) continue;
      const { batches, manifest } = run(2, 60, seed, 0.3, [game.game]);
      const found = judgeDay(batches);
      const byRound = new Map(manifest.injected.filter((i) => i.detector === 'rules').map((i) => [i.roundId!, i]));
      expect({ game: game.game, injected: byRound.size > 0 }).toEqual({ game: game.game, injected: true });
      // where the croupier records who plays (PlayersSeated), a coup dealt with too few players is among the errors
      if (game.factTypes?.PlayersSeated) {
        const kinds = new Set([...byRound.values()].map((i) => i.kind));
        expect({ game: game.game, tooFewPlayers: kinds.has('too-few-players') }).toEqual({ game: game.game, tooFewPlayers: true });
      }
      const order = [...found.keys()];
      for (const [roundId, r] of found) {
        const error = byRound.get(roundId);
        const codes = r.discrepancies.map((d) => d.code);
        if (error) {
          expect({ game: game.game, roundId, kind: error.kind, found: codes.includes(error.expectedCode) }).toEqual({
            game: game.game,
            roundId,
            kind: error.kind,
            found: true,
          });
          continue;
        }
        const rounds = order.filter((id) => found.get(id)!.sessionId === r.sessionId);
        const unexplained = r.discrepancies
          .filter((d) => !isConsequence(d, roundId, r.sessionId, manifest.injected, rounds))
          .map((d) => `${d.code}: ${d.message}`);
        expect({ game: game.game, roundId, unexplained }).toEqual({ game: game.game, roundId, unexplained: [] });
      }
    }
  });
  // issue 15: a session may carry one violation of its session rules; the judge finds each, and nothing in the other sessions
  it.each([11, 1])('finds every injected session violation and nothing else, in every jurisdiction (seed %i)', (seed) => {
    const kinds = new Set<string>();
    for (const jurisdiction of JURISDICTIONS) {
      const games = registeredGames()
        .filter((g) => g.rulebooks[jurisdiction] && g.play)
        .map((g) => g.game);
      const manifest: { value?: SimulationManifest } = {};
      const events = [...simulateDay({ tables: games.length, tableGames: games, rounds: 40, seed, errorRate: 0.3, jurisdiction }, manifest)].flat();
      const detection = sessionDetection(
        manifest.value!.injected,
        judgeCompliance(events, (game) => registeredGames().find((g) => g.game === game)),
      );
      expect({ jurisdiction, missed: detection.missed, falsePositives: detection.falsePositives }).toEqual({ jurisdiction, missed: [], falsePositives: [] });
      expect(detection.found).toBe(detection.injected);
      for (const kind of Object.keys(detection.byKind)) kinds.add(kind);
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['forbidden-limit-change', 'no-bank-deposit', 'short-circle-session', 'unannounced-close', 'unannounced-limit-change']),
    );
  });
});
