/**
 * A gaming day of many plain roulette rounds (one red bet each), for the tests of long lists and local
 * time: rounds at chosen instants, some paid wrong on purpose (PAYOUT_MISMATCH), recorded through the
 * real ingestion.
 */
import { randomUUID } from 'node:crypto';
import type { IngestionService } from '../../libs/ledger/src';

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export interface PlainTable {
  readonly sessionId: string;
  readonly tableId: string;
  /** when each round starts (ISO instants, in order) */
  readonly starts: readonly string[];
  /** rounds (by index) whose winning bet is paid 1,500 instead of 1,000 */
  readonly paidWrong?: ReadonlySet<number>;
}

const at = (iso: string, plusSeconds: number) => new Date(Date.parse(iso) + plusSeconds * 1000).toISOString();

/** The facts of one table's session: opened, its rounds, closed. */
export function plainTableFacts(casinoId: string, gamingDay: string, t: PlainTable): unknown[] {
  const fact = (type: string, occurredAt: string, data: Record<string, unknown>) => ({
    eventId: randomUUID(),
    type,
    occurredAt,
    recordedBy: `terminal:${t.tableId}`,
    data: { sessionId: t.sessionId, ...data },
  });
  const first = t.starts[0] ?? `${gamingDay}T20:00:00.000Z`;
  const out: unknown[] = [
    fact('TableSessionOpened', at(first, -60), {
      casinoId,
      tableId: t.tableId,
      gamingDay,
      game: 'french-roulette',
      jurisdiction: 'euskadi',
      limits: { min: 100, max: 360000 },
      openingFloat: { '10000': 10, '500': 100 },
      staff: { inspector: 'insp-1', croupiers: ['cr-1'] },
    }),
  ];
  t.starts.forEach((start, i) => {
    const roundId = `${t.sessionId}-r${String(i + 1).padStart(5, '0')}`;
    const pocket = 1 + (i % 36); // never 0: a red bet on zero goes to prison, not lost
    const won = RED.has(pocket);
    out.push(
      fact('RoundStarted', start, { roundId }),
      fact('BetPlaced', at(start, 1), { roundId, betId: `${roundId}-b1`, seat: 1, betType: 'red', amount: 1000 }),
      fact('BetsClosed', at(start, 2), { roundId }),
      fact('WheelSpun', at(start, 3), { roundId, result: pocket }),
      fact('BetSettled', at(start, 4), {
        roundId,
        betId: `${roundId}-b1`,
        outcome: won ? 'win' : 'lose',
        payout: won ? (t.paidWrong?.has(i) ? 1500 : 1000) : 0,
      }),
      fact('RoundCompleted', at(start, 5), { roundId }),
    );
  });
  out.push(fact('TableSessionClosed', at(t.starts[t.starts.length - 1] ?? first, 30), { closingFloat: { '10000': 10, '500': 100 } }));
  return out;
}

/** Record the tables' sessions through ingestion, in batches; every fact must be accepted. */
export async function recordPlainDay(
  ingestion: IngestionService,
  casinoId: string,
  gamingDay: string,
  tables: readonly PlainTable[],
  batch = 3000,
): Promise<void> {
  for (const t of tables) {
    const facts = plainTableFacts(casinoId, gamingDay, t);
    for (let i = 0; i < facts.length; i += batch) {
      const r = await ingestion.ingest(facts.slice(i, i + batch).map((value) => ({ value })));
      if (r.refusals.length) throw new Error(`refused: ${JSON.stringify(r.refusals.slice(0, 3))}`);
    }
  }
}

/** `n` instants from `first`, `seconds` apart. */
export const everySeconds = (first: string, n: number, seconds: number) => Array.from({ length: n }, (_, i) => at(first, i * seconds));

/** The rounds of a plain table whose red bet won (the ones a wrong payout can touch). */
export const redWins = (n: number) => Array.from({ length: n }, (_, i) => i).filter((i) => RED.has(1 + (i % 36)));
