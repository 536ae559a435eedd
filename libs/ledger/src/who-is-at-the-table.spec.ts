/**
 * Issue 21 §5: `CroupierChanged` and the pseudonymous `playerRef` on bets and cash exchanged, through the
 * one ingestion path against the real store: accepted as facts, refused naming the field and the reason,
 * nothing of a refused request stored.
 */
import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { asInputs, envelope, opened } from '../../../test/support/sample';
import { Runtime, startRuntime } from '../../platform/src';

describe('who is at the table (issue 21 §5)', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  const eventCount = async () => Number((await runtime.pool.query('SELECT count(*) FROM ca_events')).rows[0].count);

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    const ok = await runtime.ingestion.ingest(
      asInputs([
        opened('s-who'),
        envelope('CashExchanged', { sessionId: 's-who', amount: 5000, seat: 1, playerRef: 'ADM-2026.0042' }),
        envelope('CroupierChanged', { sessionId: 's-who', croupierId: 'cr-17' }),
        envelope('RoundStarted', { sessionId: 's-who', roundId: 's-who-r1' }),
        envelope('BetPlaced', {
          sessionId: 's-who',
          roundId: 's-who-r1',
          betId: 'b1',
          seat: 1,
          betType: 'straight',
          selection: 17,
          amount: 500,
          playerRef: 'ADM-2026.0042',
        }),
        envelope('CroupierChanged', { sessionId: 's-who', croupierId: 'cr-22', roundId: 's-who-r1' }),
        opened('s-who-closed'),
        envelope('TableSessionClosed', { sessionId: 's-who-closed', closingFloat: { '10000': 10, '500': 100 } }),
      ]),
    );
    expect(ok).toMatchObject({ ok: true, appended: 8 });
  });
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('stores the croupier rotations and the player references as sent', async () => {
    const { rows } = await runtime.pool.query(
      `SELECT event_type AS type, data FROM ca_events WHERE event_type IN ('CroupierChanged', 'BetPlaced', 'CashExchanged') ORDER BY global_position`,
    );
    expect(rows.map((r) => [r.type, r.data.croupierId ?? r.data.playerRef, r.data.roundId ?? null])).toEqual([
      ['CashExchanged', 'ADM-2026.0042', null],
      ['CroupierChanged', 'cr-17', null],
      ['BetPlaced', 'ADM-2026.0042', 's-who-r1'],
      ['CroupierChanged', 'cr-22', 's-who-r1'],
    ]);
  });

  const refusals: Array<[string, () => unknown, string, RegExp]> = [
    [
      'a croupier change for a session never opened',
      () => envelope('CroupierChanged', { sessionId: 's-nobody', croupierId: 'cr-1' }),
      'data.sessionId',
      /unknown session/,
    ],
    [
      'a croupier change for a closed session',
      () => envelope('CroupierChanged', { sessionId: 's-who-closed', croupierId: 'cr-1' }),
      'data.sessionId',
      /is closed/,
    ],
    [
      'a croupier change from a round never started',
      () => envelope('CroupierChanged', { sessionId: 's-who', croupierId: 'cr-1', roundId: 'nope' }),
      'data.roundId',
      /unknown round/,
    ],
    ['an empty croupier id', () => envelope('CroupierChanged', { sessionId: 's-who', croupierId: '  ' }), 'data.croupierId', /non-empty/],
    ['a croupier id of 65 characters', () => envelope('CroupierChanged', { sessionId: 's-who', croupierId: 'c'.repeat(65) }), 'data.croupierId', /at most 64/],
    ['a croupier change without its croupier', () => envelope('CroupierChanged', { sessionId: 's-who' }), 'data.croupierId', /is required/],
    [
      'a name as a player reference on a bet',
      () => envelope('BetPlaced', { sessionId: 's-who', roundId: 's-who-r1', betId: 'b2', seat: 1, betType: 'red', amount: 500, playerRef: 'Juan Pérez' }),
      'data.playerRef',
      /admission register number/,
    ],
    [
      'a player reference of 65 characters on cash exchanged',
      () => envelope('CashExchanged', { sessionId: 's-who', amount: 500, playerRef: 'x'.repeat(65) }),
      'data.playerRef',
      /1–64/,
    ],
    [
      'a number as a player reference',
      () => envelope('CashExchanged', { sessionId: 's-who', amount: 500, playerRef: 42 }),
      'data.playerRef',
      /admission register number/,
    ],
  ];
  it.each(refusals.map(([name, build, field, reason]) => ({ name, build, field, reason })))(
    'refuses $name, naming $field, and stores nothing of the request',
    async ({ build, field, reason }) => {
      const before = await eventCount();
      const good = envelope('CashExchanged', { sessionId: 's-who', amount: 100 });
      const result = await runtime.ingestion.ingest(asInputs([good, build()]));
      expect(result.ok).toBe(false);
      expect(result.refusals).toEqual([expect.objectContaining({ index: 1, field, reason: expect.stringMatching(reason) })]);
      expect(await eventCount()).toBe(before);
    },
  );
});
