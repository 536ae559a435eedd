/**
 * Canonical content and the integrity chain. The content hash covers what the sender said (stream,
 * id, type, data, metadata, time); the chain hash covers the content hash, the stream position and the
 * previous event's chain hash, so an edit, a deletion or a reordering breaks every later link.
 */
import { hash } from 'node:crypto';

/** A string JSON.stringify would print as it is between quotes: no quote, backslash, control character or surrogate. */
const PLAIN_STRING = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;
const quoted = (s: string): string => (PLAIN_STRING.test(s) ? `"${s}"` : JSON.stringify(s));

/**
 * JSON with object keys sorted at every level: the same value always gives the same text. The text is what every
 * content hash, seal and receipt commits to, so it must never change: it is `JSON.stringify` of each primitive, keys
 * in `sort()` order, undefined members left out (canonical.spec.ts holds it to that definition on random values). It
 * runs twice for every event appended through the API (ingestion's duplicate check, the store's hash): written out
 * with loops and a quoting shortcut it takes a third of the time of the map/filter/stringify form (bench/results.md,
 * "The content hash made cheaper").
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value ?? null);
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i) out += ',';
      if (i in value) out += canonicalJson(value[i]); // a hole prints as nothing, as Array.prototype.map left it
    }
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    if (out.length > 1) out += ',';
    out += quoted(key) + ':' + canonicalJson(member);
  }
  return out + '}';
}

/** SHA-256 in hex; the one-shot `crypto.hash` (Node 20.12+) costs half of a `createHash` object per call. */
export const sha256 = (text: string): string => hash('sha256', text, 'hex');

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
