/**
 * Canonical content and the integrity chain. The content hash covers what the sender said (stream,
 * id, type, data, metadata, time); the chain hash covers the content hash, the stream position and the
 * previous event's chain hash, so an edit, a deletion or a reordering breaks every later link.
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface HashableContent {
  readonly streamId: string;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: unknown;
  readonly occurredAt?: string | null;
}

export function contentHash(e: HashableContent): string {
  return sha256(
    canonicalJson({
      streamId: e.streamId,
      eventId: e.eventId.toLowerCase(),
      type: e.type,
      data: e.data,
      metadata: e.metadata ?? {},
      occurredAt: e.occurredAt ?? null,
    }),
  );
}

/** The chain link. Written the same way in SQL (ca_append) and here (verify). */
export function chainHash(prevHash: string, streamId: string, streamVersion: number, content: string): string {
  return sha256(`${prevHash}|${streamId}|${streamVersion}|${content}`);
}

/** The chain's anchor: the "previous hash" of a stream's first event. */
export const GENESIS = '';
