/**
 * A small hand-written gaming day for the report tests (every expected figure is worked out by hand
 * in test/reports.e2e.spec.ts): two casinos, four sessions (one on the next day), a jackpot pool
 * linked across two tables with two winners in one round, counts with variances, a dispute, an
 * applied correction and a self-approved one.
 */
import { randomUUID } from 'node:crypto';

export const DAY = '2026-11-21';
export const NEXT_DAY = '2026-11-22';

let clock = Date.parse('2026-11-21T20:00:00.000Z');
const at = () => new Date((clock += 1000)).toISOString();
export const ev = (type: string, data: Record<string, unknown>, eventId: string = randomUUID(), recordedBy = 'terminal:test') => ({
  eventId,
  type,
  occurredAt: at(),
  recordedBy,
  data,
});

const FLOAT = { '10000': 10, '500': 100 }; // 150 000, smallest chip 500

const open = (
  sessionId: string,
  casinoId: string,
  tableId: string,
  jurisdiction: string,
  limits: Record<string, number>,
  staff: Record<string, unknown>,
  gamingDay = DAY,
) => ev('TableSessionOpened', { sessionId, casinoId, tableId, gamingDay, game: 'french-roulette', jurisdiction, limits, openingFloat: FLOAT, staff });

export const IDS = {
  cashB: randomUUID(),
  dropCountA1: randomUUID(),
  goodCorrection: randomUUID(),
  selfApproved: randomUUID(),
};

/** The day as ingestion requests, in order. */
export function reportDay(): Array<Array<ReturnType<typeof ev>>> {
  const s = 'a1';
  const r = (roundId: string) => ({ sessionId: s, roundId });
  const a1 = [
    open(s, 'casino-a', 'RF-01', 'euskadi', { min: 100, max: 360000, straight: 2000 }, { inspector: 'insp-a', croupiers: ['cr-1', 'cr-2'] }),
    ev('CashExchanged', { sessionId: s, amount: 20000 }),
    ev('CashExchanged', { sessionId: s, amount: 15000 }, IDS.cashB),
    ev('RoundStarted', r('a1-r1')),
    ev('BetPlaced', { ...r('a1-r1'), betId: 'b1', seat: 1, betType: 'straight', selection: [7], amount: 1000 }),
    ev('BetPlaced', { ...r('a1-r1'), betId: 'b2', seat: 2, betType: 'red', amount: 2000 }),
    ev('BetsClosed', r('a1-r1')),
    ev('WheelSpun', { ...r('a1-r1'), result: 7 }),
    ev('BetSettled', { ...r('a1-r1'), betId: 'b1', outcome: 'win', payout: 35000 }),
    ev('BetSettled', { ...r('a1-r1'), betId: 'b2', outcome: 'win', payout: 2000 }),
    ev('RoundCompleted', r('a1-r1')),
    ev('TipDeposited', { sessionId: s, amount: 1000 }),
    ev('RoundStarted', r('a1-r2')),
    ev('BetPlaced', { ...r('a1-r2'), betId: 'b3', seat: 3, betType: 'red', amount: 1000 }),
    ev('JackpotContributed', { ...r('a1-r2'), poolId: 'P', amount: 500 }),
    ev('BetsClosed', r('a1-r2')),
    ev('WheelSpun', { ...r('a1-r2'), result: 9 }),
    ev('BetSettled', { ...r('a1-r2'), betId: 'b3', outcome: 'win', payout: 1500 }), // red pays 1:1 → 1000
    ev('RoundCompleted', r('a1-r2')),
    ev('TableLimitsChanged', { sessionId: s, limits: { min: 200, max: 360000, straight: 2000 }, announcedRounds: 3 }),
    ev('RoundStarted', r('a1-r3')),
    ev('BetPlaced', { ...r('a1-r3'), betId: 'b5', seat: 1, betType: 'black', amount: 1000 }),
    ev('RoundVoided', { ...r('a1-r3'), reason: 'the ball left the wheel', decidedBy: 'insp-a' }),
    ev('ChipsFilled', { sessionId: s, slipId: 'F-1', chips: { '500': 20 } }),
    ev('TableSessionClosed', { sessionId: s, closingFloat: { '10000': 9, '500': 110 } }),
  ];
  const t = 'a2';
  const q = { sessionId: t, roundId: 'a2-r1' };
  const a2 = [
    open(t, 'casino-a', 'RF-02', 'euskadi', { min: 100, max: 360000 }, { inspector: 'insp-a', croupiers: ['cr-3'] }),
    ev('CashExchanged', { sessionId: t, amount: 50000 }),
    ev('RoundStarted', q),
    ev('BetPlaced', { ...q, betId: 'c1', seat: 1, betType: 'even', amount: 5000 }),
    ev('BetsClosed', q),
    ev('WheelSpun', { ...q, result: 12 }),
    ev('BetSettled', { ...q, betId: 'c1', outcome: 'win', payout: 5000 }),
    ev('JackpotContributed', { ...q, poolId: 'P', amount: 1000 }),
    ev('JackpotWon', { ...q, poolId: 'P', seat: 1, hand: 'royal', amount: 50500 }), // 50 % of 101 500, down to the 500 chip
    ev('JackpotWon', { ...q, poolId: 'P', seat: 4, hand: 'flush', amount: 5000 }), // 10 % of the 51 000 left, down to 500
    ev('RoundCompleted', q),
    ev('TableSessionClosed', { sessionId: t, closingFloat: FLOAT }),
  ];
  const u = 'b1';
  const w = { sessionId: u, roundId: 'b1-r1' };
  const b1 = [
    open(u, 'casino-b', 'RF-10', 'galicia', { min: 100, max: 200000, straight: 1000 }, { inspector: 'insp-b', croupiers: ['cr-9'] }),
    ev('CashExchanged', { sessionId: u, amount: 30000 }),
    ev('TipDeposited', { sessionId: u, amount: 2500 }),
    ev('RoundStarted', w),
    ev('BetPlaced', { ...w, betId: 'd1', seat: 2, betType: 'straight', selection: [0], amount: 1000 }),
    ev('BetPlaced', { ...w, betId: 'd2', seat: 3, betType: 'straight', selection: [5], amount: 2000 }), // above the straight maximum
    ev('BetsClosed', w),
    ev('WheelSpun', { ...w, result: 5 }),
    ev('BetSettled', { ...w, betId: 'd1', outcome: 'lose', payout: 0 }),
    ev('BetSettled', { ...w, betId: 'd2', outcome: 'win', payout: 70000 }),
    ev('RoundCompleted', w),
    ev('TableSessionSuspended', { sessionId: u, reason: 'no players' }),
    ev('TableSessionResumed', { sessionId: u }),
    ev('TableSessionClosed', { sessionId: u, closingFloat: { '10000': 9, '500': 100 } }),
  ];
  const a3 = [
    open('a3', 'casino-a', 'RF-01', 'euskadi', { min: 100, max: 360000 }, { inspector: 'insp-a', croupiers: ['cr-1'] }, NEXT_DAY),
    ev('CashExchanged', { sessionId: 'a3', amount: 7000 }),
  ];
  const pools = [
    ev('JackpotPoolConfigured', {
      poolId: 'P',
      casinoId: 'casino-a',
      seed: 100000,
      contribution: { rule: 'per the authorisation' },
      prizes: { royal: { share: 0.5 }, flush: { share: 0.1 } },
    }),
    ev('JackpotPoolConfigured', {
      poolId: 'Q',
      casinoId: 'casino-b',
      seed: 20000,
      contribution: { rule: 'per the authorisation' },
      prizes: { royal: { share: 1 } },
    }),
  ];
  const counts = [
    ev('DropBoxCounted', { sessionId: 'a1', amount: 34000, countedBy: ['cnt-1', 'cnt-2'] }, IDS.dropCountA1, 'count-room'),
    ev('TipsBoxCounted', { sessionId: 'a1', amount: 1000, countedBy: ['cnt-1', 'cnt-2'] }, undefined, 'count-room'),
    ev('DropBoxCounted', { sessionId: 'a2', amount: 50000, countedBy: ['cnt-1', 'cnt-2'] }, undefined, 'count-room'),
    ev('DropBoxCounted', { sessionId: 'b1', amount: 30000, countedBy: ['cnt-7', 'cnt-8'] }, undefined, 'count-room'),
    ev('TipsBoxCounted', { sessionId: 'b1', amount: 2000, countedBy: ['cnt-7', 'cnt-8'] }, undefined, 'count-room'),
  ];
  const after = [
    ev('JackpotReset', { poolId: 'P', amount: 100000 }),
    ev('RoundDisputed', { roundId: 'a1-r2', raisedBy: 'player seat 3', claim: 'my red bet was paid wrongly' }),
    ev('DisputeResolved', { roundId: 'a1-r2', resolvedBy: 'insp-a', resolution: 'red pays 1:1; the 500 overpaid was recovered', adjustment: -500 }),
    ev(
      'CorrectionRecorded',
      { correctsEventId: IDS.cashB, reason: 'cash miskeyed: 14 000 changed, not 15 000', approvedBy: ['fin-1', 'fin-2'], amount: -1000 },
      IDS.goodCorrection,
      'back-office:fin-1',
    ),
    ev(
      'CorrectionRecorded',
      { correctsEventId: IDS.dropCountA1, reason: 'recount', approvedBy: ['cnt-1', 'fin-1'], amount: 1000, field: 'dropCounted' },
      IDS.selfApproved,
      'back-office:cnt-1',
    ),
  ];
  return [pools, a1, a2, b1, a3, counts, after];
}
