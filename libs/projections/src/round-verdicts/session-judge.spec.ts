import type { FeedFact } from '../../../event-store/src';
import { FactSweepRequest, parseRequests, requestsJson } from './session-judge';

const fact = (streamVersion: number, type: string, data: Record<string, unknown>): FeedFact => ({
  globalPosition: BigInt(100 + streamVersion),
  transactionId: 9n,
  streamId: 'session-s1',
  streamVersion,
  eventId: `e-${streamVersion}`,
  type,
  dataText: JSON.stringify(data),
  roundId: typeof data.roundId === 'string' ? data.roundId : null,
  startHash: type === 'RoundStarted' ? `hash-before-${streamVersion}` : null,
});

describe('what crosses to a judge thread (requestsJson, parseRequests)', () => {
  it('reads back each fact as judging reads it: data parsed, its round, the chain hash only of a round start, no time', () => {
    const data = { roundId: 'r "1" \\ ñ', note: 'quote " backslash \\ ✓', amount: 12.5, list: [1, null, true] };
    const requests: FactSweepRequest[] = [
      {
        sessionId: 's1',
        after: 3,
        events: [fact(4, 'RoundStarted', { roundId: 'r "1" \\ ñ' }), fact(5, 'BetPlaced', data), fact(6, 'Odd', { roundId: 7 })],
        targets: [{ roundId: 'r "1" \\ ñ', cut: 5, position: 105 }],
        close: undefined,
        pools: { 4: { p1: { poolId: 'p1' } as never } },
      },
      { sessionId: 's2', after: 0, events: [], targets: [], close: { version: 9, position: 300 }, pools: {} },
    ];
    expect(parseRequests(requestsJson(requests))).toEqual([
      {
        sessionId: 's1',
        after: 3,
        events: [
          { eventId: 'e-4', type: 'RoundStarted', data: { roundId: 'r "1" \\ ñ' }, streamVersion: 4, roundId: 'r "1" \\ ñ', startHash: 'hash-before-4' },
          { eventId: 'e-5', type: 'BetPlaced', data, streamVersion: 5, roundId: 'r "1" \\ ñ', startHash: null },
          { eventId: 'e-6', type: 'Odd', data: { roundId: 7 }, streamVersion: 6, roundId: null, startHash: null },
        ],
        targets: [{ roundId: 'r "1" \\ ñ', cut: 5, position: 105 }],
        pools: { 4: { p1: { poolId: 'p1' } } },
      },
      { sessionId: 's2', after: 0, events: [], targets: [], close: { version: 9, position: 300 }, pools: {} },
    ]);
    expect(parseRequests(requestsJson([]))).toEqual([]);
  });
});
