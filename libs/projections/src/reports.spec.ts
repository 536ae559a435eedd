/** The report read models' pure folds: corrections, reconciliation, jackpot pools, aggregates. */
import type { StoredEvent } from '../../event-store/src';
import { correctionEffect } from './corrections';
import { evolveJackpotPool, JackpotPoolRow } from './jackpots/jackpot.projection';
import { evolveReconciliation, ReconciliationRow } from './reconciliation/reconciliation.projection';
import { downsample, reconciliationReport } from './report-queries';
import { poolsBefore } from '../../replay/src';
import { evolveTableBook, tableBookReport, TableBookRow } from './table-book/table-book.projection';

let position = 0n;
const stored = (type: string, data: Record<string, unknown>, more: Partial<StoredEvent> = {}): StoredEvent => ({
  globalPosition: ++position,
  transactionId: 1n,
  streamId: typeof data.sessionId === 'string' ? `session-${data.sessionId}` : typeof data.poolId === 'string' ? `jackpot-${data.poolId}` : 'session-s1',
  streamVersion: Number(position),
  eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
  type,
  data,
  metadata: {},
  occurredAt: '2026-11-21T20:00:00.000Z',
  recordedAt: '2026-11-21T20:00:00.000Z',
  contentHash: '',
  prevHash: '',
  hash: '',
  ...more,
});

const opened = (sessionId: string, casinoId = 'c1', tableId = 'T1') =>
  stored('TableSessionOpened', {
    sessionId,
    casinoId,
    tableId,
    gamingDay: '2026-11-21',
    game: 'french-roulette',
    jurisdiction: 'euskadi',
    limits: { min: 100, max: 1000 },
    openingFloat: { '500': 100 },
    staff: { inspector: 'i', croupiers: ['c'] },
  });

describe('corrections', () => {
  const cash = stored('CashExchanged', { sessionId: 's1', amount: 5000 }, { metadata: { recordedBy: 'terminal:T1' } });
  const count = stored('DropBoxCounted', { sessionId: 's1', amount: 4000, countedBy: ['Ana', 'Bea'] });
  const correction = (data: Record<string, unknown>) =>
    stored('CorrectionRecorded', { reason: 'r', approvedBy: ['x', 'y'], ...data }, { streamId: 'session-s1' });

  it('infers the figure from the corrected event, or takes the named one (aliases too)', () => {
    expect(correctionEffect(correction({ correctsEventId: cash.eventId, amount: -100 }), cash)).toMatchObject({
      field: 'drop',
      amount: -100,
      applied: true,
      sessionId: 's1',
    });
    expect(correctionEffect(correction({ correctsEventId: cash.eventId, amount: 100, field: 'tip' }), cash)).toMatchObject({ field: 'tips', applied: true });
    expect(correctionEffect(correction({ correctsEventId: cash.eventId, amount: 100, field: 'nonsense' }), cash)).toMatchObject({
      field: null,
      applied: false,
      note: expect.stringMatching(/unknown field/),
    });
    expect(correctionEffect(correction({ correctsEventId: cash.eventId }), cash)).toMatchObject({
      amount: null,
      applied: false,
      note: expect.stringMatching(/annotation/),
    });
  });

  it('does not apply a correction approved by who recorded the corrected event', () => {
    const self = correctionEffect(correction({ correctsEventId: count.eventId, amount: 1000, approvedBy: ['bea', 'Zoe'] }), count);
    expect(self).toMatchObject({ field: 'dropCounted', selfApproved: true, applied: false });
    const terminal = correctionEffect(correction({ correctsEventId: cash.eventId, amount: 1, approvedBy: ['terminal:T1', 'Zoe'] }), cash);
    expect(terminal).toMatchObject({ selfApproved: true, applied: false });
  });

  it('puts corrected figures beside the uncorrected ones in the table book', () => {
    let row: TableBookRow | undefined = evolveTableBook(undefined, opened('s1'));
    row = evolveTableBook(row, cash);
    row = evolveTableBook(row, stored('TableSessionClosed', { sessionId: 's1', closingFloat: { '500': 100 } }));
    const c = correction({ correctsEventId: cash.eventId, amount: -500 });
    row = evolveTableBook(row, c, correctionEffect(c, cash));
    const book = tableBookReport(row!);
    expect([book.drop, book.win, book.corrected.drop, book.corrected.win]).toEqual([5000, 5000, 4500, 4500]);
  });
});

describe('reconciliation', () => {
  it('adds up recorded facts and counts; null until counted', () => {
    let row: ReconciliationRow | undefined = evolveReconciliation(undefined, opened('s2'));
    for (const e of [
      stored('CashExchanged', { sessionId: 's2', amount: 3000 }),
      stored('CashExchanged', { sessionId: 's2', amount: 2000 }),
      stored('TipDeposited', { sessionId: 's2', amount: 500 }),
      stored('CagnotteDeducted', { sessionId: 's2', roundId: 'r', base: 1000, amount: 50 }),
      stored('DropBoxCounted', { sessionId: 's2', amount: 4800, countedBy: ['a', 'b'] }),
    ])
      row = evolveReconciliation(row, e);
    const report = reconciliationReport([row!], '2026-11-21', null);
    expect(report.sessions[0].drop).toMatchObject({ recorded: 5000, counted: 4800, variance: -200, countedBy: ['a', 'b'] });
    expect(report.sessions[0].tips).toMatchObject({ recorded: 500, counted: null, variance: null });
    expect(report.totals.tips).toMatchObject({ recorded: 500, counted: null, variance: null, uncounted: 1 });
    expect(report.variances).toEqual([expect.objectContaining({ box: 'drop', variance: -200 })]);
  });
});

describe('jackpot pools', () => {
  it('follows configuration, contributions, wins in sequence and resets, with the value before and after', () => {
    const facts = [
      stored('JackpotPoolConfigured', { poolId: 'P', casinoId: 'c1', seed: 1000, prizes: {} }),
      stored('JackpotContributed', { poolId: 'P', sessionId: 's1', roundId: 'r1', amount: 100 }),
      stored('JackpotWon', { poolId: 'P', sessionId: 's1', roundId: 'r1', seat: 1, hand: 'royal', amount: 550 }),
      stored('JackpotWon', { poolId: 'P', sessionId: 's1', roundId: 'r1', seat: 2, hand: 'flush', amount: 55 }),
      stored('JackpotReset', { poolId: 'P', amount: 1000 }),
    ];
    let pool: JackpotPoolRow | undefined;
    const moves: Array<[string, number, number, number]> = [];
    for (const e of facts) {
      const next = evolveJackpotPool(pool, e)!;
      pool = next.pool;
      moves.push([next.movement.kind, next.movement.amount, next.movement.value_before, next.movement.value_after]);
    }
    expect(moves).toEqual([
      ['configured', 1000, 0, 1000],
      ['contribution', 100, 1000, 1100],
      ['win', 550, 1100, 550],
      ['win', 55, 550, 495],
      ['reset', 1000, 495, 1000],
    ]);
    expect(pool).toMatchObject({ current: 1000, contributions: 100, won: 605, wins_count: 2, resets_count: 1, movements: 5 });
    expect(evolveJackpotPool(undefined, stored('JackpotReset', { poolId: 'nope', amount: 5 }))).toBeNull();
    // the view the rules get before a position, as replay computes it
    const views = poolsBefore(
      facts.map((f) => ({ transactionId: f.transactionId, globalPosition: f.globalPosition, type: f.type, data: f.data })),
      [facts[2], { transactionId: facts[4].transactionId, globalPosition: facts[4].globalPosition + 1n }],
    );
    expect(views.get(facts[2].globalPosition)!.P.current).toBe(1100);
    expect(views.get(facts[4].globalPosition + 1n)!.P.current).toBe(1000);
  });

  it('downsamples a series keeping the first, the last, wins and resets', () => {
    const points = Array.from({ length: 100 }, (_, i) => ({ kind: i === 50 ? 'win' : 'contribution', i }));
    const kept = downsample(points, 10);
    expect(kept[0].i).toBe(0);
    expect(kept[kept.length - 1].i).toBe(99);
    expect(kept.some((p) => p.i === 50)).toBe(true);
    expect(kept.length).toBeLessThanOrEqual(12);
  });
});
