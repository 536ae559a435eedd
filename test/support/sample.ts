/** Builders for test facts: envelopes as a terminal would send them. */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const SAMPLE_FILE = path.resolve(__dirname, '../../samples/roulette-session.ndjson');
export const SAMPLE_SESSION = 'sample-rf01-2026-11-21';

export const sampleLines = (): string[] => fs.readFileSync(SAMPLE_FILE, 'utf8').trim().split('\n');

let clock = Date.parse('2026-11-21T20:00:00.000Z');
export const envelope = (type: string, data: Record<string, unknown>, eventId: string = randomUUID()) => ({
  eventId,
  type,
  occurredAt: new Date((clock += 1000)).toISOString(),
  recordedBy: 'terminal:test',
  data,
});

export const opened = (sessionId: string, overrides: Record<string, unknown> = {}) =>
  envelope('TableSessionOpened', {
    sessionId,
    casinoId: 'casino-1',
    tableId: `T-${sessionId}`,
    gamingDay: '2026-11-21',
    game: 'french-roulette',
    jurisdiction: 'euskadi',
    limits: { min: 100, max: 360000 },
    openingFloat: { '10000': 10, '500': 100 },
    staff: { inspector: 'insp-1', croupiers: ['cr-1'] },
    ...overrides,
  });

export const asInputs = (events: unknown[]) => events.map((value) => ({ value }));
