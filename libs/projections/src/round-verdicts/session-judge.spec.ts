import type { FeedFact } from '../../../event-store/src';
import { FactSweepRequest, requestsJson } from './session-judge';

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

describe('requestsJson (what crosses to a judge thread)', () => {
  it('parses to the requests with each fact as judging reads it: data parsed, the chain hash only of a round start, no time', () => {
    const data = { roundId: 'r1', note: 'quote " backslash \\ ñ ✓', amount: 12.5, list: [1, null, true] };
    const requests: FactSweepRequest[] = [
      {
        sessionId: 's1',
        after: 3,
        events: [fact(4, 'RoundStarted', { roundId: 'r1' }), fact(5, 'BetPlaced', data)],
        targets: [{ roundId: 'r1', cut: 5, position: 105 }],
        close: undefined,
        pools: { 4: { p1: { poolId: 'p1' } as never } },
      },
      { sessionId: 's2', after: 0, events: [], targets: [], close: { version: 9, position: 300 }, pools: {} },
    ];
    expect(JSON.parse(requestsJson(requests))).toEqual([
      {
        sessionId: 's1',
        after: 3,
        events: [
          { eventId: 'e-4', type: 'RoundStarted', data: { roundId: 'r1' }, occurredAt: null, streamVersion: 4, prevHash: 'hash-before-4' },
          { eventId: 'e-5', type: 'BetPlaced', data, occurredAt: null, streamVersion: 5, prevHash: '' },
        ],
        targets: [{ roundId: 'r1', cut: 5, position: 105 }],
        pools: { 4: { p1: { poolId: 'p1' } } },
      },
      { sessionId: 's2', after: 0, events: [], targets: [], close: { version: 9, position: 300 }, pools: {} },
    ]);
    expect(requestsJson([])).toBe('[]');
  });
});
