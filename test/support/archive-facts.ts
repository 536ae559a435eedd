/**
 * What the archive specs write into a store and read off its files (test/partitioned-archive.spec.ts,
 * test/verify-archive.e2e.spec.ts): a fact appended straight to the store, as a terminal of its stream
 * records it, and a file's sha256 as `sha256sum` gives it.
 */
import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import type { NewEvent } from '../../libs/event-store/src/port';

export const fact = (streamId: string, type: string, data: Record<string, unknown>, occurredAt: string): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type,
  data,
  metadata: { recordedBy: `terminal:${streamId}` },
  occurredAt,
});

export const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
