/**
 * What the phrase tests share: a simulated day judged the way replay judges it from the store, the keys a
 * phrase uses, and the words of a worded line.
 */
import { SessionTracker } from '../../replay/src';
import { dataOf, judgeRound, type JurisdictionId, type Phrase, type PhraseValue, type RoundJudgement } from '../../rules/src';
import { simulateDay } from '../../simulator/src';

/** Every round of a simulated day of `games` (one table each), judged the way replay judges it from the store. */
export function judgedDay(
  games: readonly string[],
  rounds: number,
  seed: number,
  jurisdiction?: JurisdictionId,
): Array<{ game: string; judgement: RoundJudgement }> {
  return judgedRounds(
    [...simulateDay({ tables: games.length, tableGames: games, rounds, seed, errorRate: 0.3, ...(jurisdiction ? { jurisdiction } : {}) })].flat(),
  );
}

/** Every round of recorded facts (in recording order), judged the way replay judges it from the store. */
export function judgedRounds(
  events: ReadonlyArray<{ eventId: string; type: string; data: Readonly<Record<string, unknown>> }>,
): Array<{ game: string; judgement: RoundJudgement }> {
  const trackers = new Map<string, SessionTracker>();
  const open = new Map<
    string,
    {
      sessionId: string;
      facts: Array<{ eventId: string; type: string; data: Readonly<Record<string, unknown>> }>;
      env: ReturnType<SessionTracker['env']> | null;
    }
  >();
  for (const e of events) {
    const sessionId = String(e.data.sessionId);
    let tracker = trackers.get(sessionId);
    if (!tracker) trackers.set(sessionId, (tracker = new SessionTracker(sessionId)));
    const started = dataOf(e, 'RoundStarted');
    if (started) open.set(started.roundId, { sessionId, facts: [], env: tracker.judged ? tracker.env() : null });
    const round = typeof e.data.roundId === 'string' ? open.get(e.data.roundId) : undefined;
    if (round) round.facts.push({ eventId: e.eventId, type: e.type, data: e.data });
    tracker.apply({ eventId: e.eventId, type: e.type, data: e.data });
  }
  const out: Array<{ game: string; judgement: RoundJudgement }> = [];
  for (const r of open.values()) {
    if (!r.env) continue;
    const rules = trackers.get(r.sessionId)!.game!;
    out.push({
      game: rules.game,
      judgement: judgeRound(
        rules,
        r.env,
        r.facts.map((f, i) => ({ ...f, position: i + 1 })),
      ),
    });
  }
  return out;
}

/** Every key a phrase uses, its nested phrases' and its terms' (`term.<group>.<code>`) included. */
export function phraseKeys(p: Phrase, into: string[] = []): string[] {
  into.push(p.key);
  const visit = (v: PhraseValue) => {
    if (typeof v !== 'object') return;
    if ('key' in v) phraseKeys(v, into);
    if ('term' in v) into.push(`term.${v.term}.${v.of}`);
    if ('list' in v) v.list.forEach(visit);
  };
  Object.values(p.values ?? {}).forEach(visit);
  return into;
}

/** The words of a line, lower-cased; JSON in a line is a bet's selection as recorded (field names, not words to translate); «…» quotes a text's own title («Black Jack») */
export const words = (text: string): string[] =>
  text
    .replace(/\{[^}]*\}|«[^»]*»/g, ' ')
    .split(/[\s,:;()«»"—→=−]+/)
    .filter((w) => /^\p{L}+$/u.test(w))
    .map((w) => w.toLowerCase());
