import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { asInputs, envelope, opened, SAMPLE_SESSION, sampleLines } from '../../../test/support/sample';
import { Runtime, startRuntime } from '../../platform/src';
import { loadTableBook } from '../../projections/src';
import { parseNdjson } from './ingest';

describe('ingestion and the table book', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  const eventCount = async () => Number((await runtime.pool.query('SELECT count(*) FROM ca_events')).rows[0].count);

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('records a roulette session and closes its table book: win = drop + closing float + credits − opening float − fills', async () => {
    const result = await runtime.ingestion.ingest(parseNdjson(sampleLines().join('\n')));
    expect(result).toMatchObject({ ok: true, appended: 37, duplicate: 0, refused: 0 });
    await runtime.projector.catchUp();
    const book = (await loadTableBook(runtime, SAMPLE_SESSION))!;
    expect(book).toMatchObject({
      sessionId: SAMPLE_SESSION,
      tableId: 'RF-01',
      game: 'french-roulette',
      gamingDay: '2026-11-21',
      status: 'closed',
      openingFloat: { total: 370000, chips: { '10000': 20, '2500': 40, '500': 100, '100': 200 } },
      closingFloat: { total: 410000 },
      fills: { total: 50000, chips: { '2500': 20 }, slips: ['F-0001'] },
      credits: { total: 50000, chips: { '10000': 5 }, slips: ['C-0001'] },
      drop: 170000,
      tips: 1500,
      cagnotte: 0,
      jackpotContributions: 0,
      rounds: 3,
    });
    // 170000 + 410000 + 50000 − 370000 − 50000
    expect(book.win).toBe(210000);
  });

  it('changes nothing when the same file is imported again, and says every event is a duplicate', async () => {
    const before = await eventCount();
    const bookBefore = await loadTableBook(runtime, SAMPLE_SESSION);
    const result = await runtime.ingestion.ingest(parseNdjson(sampleLines().join('\n')));
    expect(result).toMatchObject({ ok: true, appended: 0, duplicate: 37, refused: 0 });
    await runtime.projector.catchUp();
    expect(await eventCount()).toBe(before);
    expect(await loadTableBook(runtime, SAMPLE_SESSION)).toEqual(bookBefore);
  });

  it('takes a correction sent on its own after the close, on the corrected fact’s session', async () => {
    // the sample session is closed (first test); its closing float, corrected by the back office in a request of its own
    const closing = (
      await runtime.pool.query(`SELECT event_id::text AS id, stream_id FROM ca_events WHERE event_type = 'TableSessionClosed' AND stream_id = $1`, [
        `session-${SAMPLE_SESSION}`,
      ])
    ).rows[0];
    const correction = envelope('CorrectionRecorded', {
      correctsEventId: closing.id,
      reason: 'a 250 chip miscounted',
      approvedBy: ['fin-1', 'fin-2'],
      amount: -250,
    });
    const result = await runtime.ingestion.ingest([{ value: correction }]);
    expect(result.refusals).toEqual([]);
    expect(result.events).toMatchObject([{ status: 'appended', streamId: closing.stream_id }]);
    // and a fact of the session itself is still refused: it is closed
    const late = await runtime.ingestion.ingest([{ value: envelope('CashExchanged', { sessionId: SAMPLE_SESSION, amount: 2500 }) }]);
    expect(late.refusals.map((r) => r.reasonKey)).toEqual(['ingest.closed']);
  });

  it('stores nothing of a file with one bad line, and names that line and field', async () => {
    const before = await eventCount();
    const lines = [
      JSON.stringify(opened('s-bad-file')),
      JSON.stringify(envelope('CashExchanged', { sessionId: 's-bad-file', amount: 2500 })),
      JSON.stringify(envelope('CashExchanged', { sessionId: 's-bad-file', amount: 12.5 })),
      JSON.stringify(envelope('CashExchanged', { sessionId: 's-bad-file', amount: 500 })),
    ];
    const result = await runtime.ingestion.ingest(parseNdjson(lines.join('\n')));
    expect(result.ok).toBe(false);
    expect(result.appended).toBe(0);
    expect(result.refusals).toEqual([expect.objectContaining({ line: 3, field: 'data.amount', reason: expect.stringMatching(/whole number of minor units/) })]);
    expect(await eventCount()).toBe(before);
  });

  it('names the line of a line that is not JSON', async () => {
    const result = await runtime.ingestion.ingest(parseNdjson(`${JSON.stringify(opened('s-json'))}\n{"eventId": oops}\n`));
    expect(result.refusals).toEqual([expect.objectContaining({ line: 2, field: '(line)', reason: expect.stringMatching(/not valid JSON/) })]);
  });

  it('refuses what cannot be a fact, naming field and reason, and stores none of the request', async () => {
    const cases: Array<[string, unknown[], string, RegExp]> = [
      ['unknown session', [envelope('CashExchanged', { sessionId: 'nobody', amount: 100 })], 'data.sessionId', /unknown session/],
      ['closed session', [envelope('CashExchanged', { sessionId: SAMPLE_SESSION, amount: 100 })], 'data.sessionId', /is closed/],
      [
        'unknown round',
        [opened('s-round'), envelope('BetPlaced', { sessionId: 's-round', roundId: 'nope', betId: 'b', seat: 1, betType: 'red', amount: 100 })],
        'data.roundId',
        /unknown round/,
      ],
      [
        'a card that does not exist',
        [
          opened('s-card', { game: 'punto-banco' }),
          envelope('RoundStarted', { sessionId: 's-card', roundId: 'card-r1' }),
          envelope('CardDealt', { sessionId: 's-card', roundId: 'card-r1', card: '11H', to: 'player' }),
        ],
        'data.card',
        /not a card/,
      ],
      ['a game the jurisdiction does not catalogue', [opened('s-sicbo', { game: 'sic-bo' })], 'data.game', /not catalogued in euskadi/],
      ['a game catalogued without rules', [opened('s-andalucia', { jurisdiction: 'andalucia' })], 'data.game', /without rules/],
      ['an unknown field', [envelope('CashExchanged', { sessionId: SAMPLE_SESSION, amount: 100, ammount: 5 })], 'data.ammount', /unknown field/],
      ['an unknown type', [envelope('ChipsStolen', { sessionId: SAMPLE_SESSION })], 'type', /unknown event type/],
      [
        "another game's fact: a banco at a roulette table",
        [
          opened('s-banco'),
          envelope('RoundStarted', { sessionId: 's-banco', roundId: 'banco-r1' }),
          envelope('BancoCalled', { sessionId: 's-banco', roundId: 'banco-r1', seat: 2, betId: 'b', kind: 'banco' }),
        ],
        'type',
        /BancoCalled is not a fact of french-roulette/,
      ],
      [
        "a game's fact without that game's own fields: a chemin de fer banco with no bet",
        [
          opened('s-chemin', { game: 'chemin-de-fer' }),
          envelope('RoundStarted', { sessionId: 's-chemin', roundId: 'chemin-r1' }),
          envelope('BancoCalled', { sessionId: 's-chemin', roundId: 'chemin-r1', seat: 2, kind: 'banco' }),
        ],
        'data.betId',
        /required/,
      ],
      [
        'two approvers who are one person',
        [envelope('CorrectionRecorded', { correctsEventId: '00000000-0000-4000-8000-000000000000', reason: 'x', approvedBy: ['ana', 'Ana'] })],
        'data.approvedBy',
        /different people/,
      ],
    ];
    for (const [name, events, field, reason] of cases) {
      const before = await eventCount();
      const result = await runtime.ingestion.ingest(asInputs(events));
      expect({ name, ok: result.ok }).toEqual({ name, ok: false });
      expect({ name, refusal: result.refusals[0] }).toEqual({ name, refusal: expect.objectContaining({ field, reason: expect.stringMatching(reason) }) });
      expect(await eventCount()).toBe(before);
    }
  });

  it('refuses an event id reused with other content', async () => {
    const first = envelope('TableSessionOpened', opened('s-reuse').data);
    expect((await runtime.ingestion.ingest(asInputs([first]))).ok).toBe(true);
    const reused = { ...first, data: { ...first.data, tableId: 'OTHER' } };
    const result = await runtime.ingestion.ingest(asInputs([reused]));
    expect(result.refusals[0]).toMatchObject({ field: 'eventId', kind: 'conflict', reason: expect.stringMatching(/other content/) });
  });

  it('tells a resent or repeated event from an id reused with other content, in the store and within one request', async () => {
    const first = envelope('TableSessionOpened', opened('s-twice').data);
    const cash = envelope('CashExchanged', { sessionId: 's-twice', amount: 100 });
    // the same fact twice in one request: stored once
    expect(await runtime.ingestion.ingest(asInputs([first, cash, cash]))).toMatchObject({ ok: true, appended: 2 });
    // resent: a duplicate, nothing stored
    const before = await eventCount();
    expect(await runtime.ingestion.ingest(asInputs([first, cash]))).toMatchObject({ ok: true, appended: 0, duplicate: 2 });
    expect(await eventCount()).toBe(before);
    // one id with two contents in one request: refused, nothing stored
    const more = envelope('CashExchanged', { sessionId: 's-twice', amount: 100 });
    const result = await runtime.ingestion.ingest(asInputs([more, { ...more, data: { ...more.data, amount: 200 } }]));
    expect(result.ok).toBe(false);
    expect(result.refusals[0]).toMatchObject({ index: 1, field: 'eventId', kind: 'conflict' });
    expect(await eventCount()).toBe(before);
  });

  it('accepts rule breaches as facts (contract §1.1): a wrong payout is stored, to be judged on replay', async () => {
    const events = [
      opened('s-breach'),
      envelope('RoundStarted', { sessionId: 's-breach', roundId: 'breach-1' }),
      envelope('BetPlaced', { sessionId: 's-breach', roundId: 'breach-1', betId: 'b1', seat: 1, betType: 'straight', selection: [7], amount: 100 }),
      envelope('BetsClosed', { sessionId: 's-breach', roundId: 'breach-1' }),
      envelope('WheelSpun', { sessionId: 's-breach', roundId: 'breach-1', result: 7 }),
      envelope('BetSettled', { sessionId: 's-breach', roundId: 'breach-1', betId: 'b1', outcome: 'win', payout: 9999 }),
      envelope('RoundCompleted', { sessionId: 's-breach', roundId: 'breach-1' }),
    ];
    expect(await runtime.ingestion.ingest(asInputs(events))).toMatchObject({ ok: true, appended: 7 });
  });

  it('honours a terminal’s expectedVersion', async () => {
    const open = opened('s-version');
    expect((await runtime.ingestion.ingest(asInputs([{ ...open, expectedVersion: 0 }]))).ok).toBe(true);
    const stale = { ...envelope('CashExchanged', { sessionId: 's-version', amount: 100 }), expectedVersion: 0 };
    const result = await runtime.ingestion.ingest(asInputs([stale]));
    expect(result.refusals[0]).toMatchObject({ field: 'expectedVersion', kind: 'conflict' });
    const fresh = { ...envelope('CashExchanged', { sessionId: 's-version', amount: 100 }), expectedVersion: 1 };
    expect((await runtime.ingestion.ingest(asInputs([fresh]))).ok).toBe(true);
  });
});
