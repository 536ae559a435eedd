/**
 * Walks every stream's integrity chain and names the first broken link: an edited event (its content
 * no longer matches its hash), a deleted or reordered one (a version gap or a link that does not
 * follow), or a truncated stream (the recorded head is past the last event).
 */
import { chainHash, contentHash, GENESIS } from './canonical';
import type { StoredEvent } from './port';

export interface ChainBreak {
  readonly streamId: string;
  readonly streamVersion: number;
  readonly globalPosition: string | null;
  readonly eventId: string | null;
  readonly reason: string;
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly streams: number;
  readonly events: number;
  /** every stream's first break, in global-position order; the first is "the first broken position" */
  readonly breaks: ChainBreak[];
}

/** Checks one stream, event by event, given its recorded head (version and hash) when known. */
export class StreamChainChecker {
  private expectedVersion = 1;
  private prev = GENESIS;
  private broken: ChainBreak | null = null;
  count = 0;

  constructor(readonly streamId: string) {}

  get firstBreak(): ChainBreak | null {
    return this.broken;
  }

  check(e: StoredEvent): void {
    this.count++;
    if (this.broken) return;
    const at = { streamId: this.streamId, streamVersion: e.streamVersion, globalPosition: e.globalPosition.toString(), eventId: e.eventId };
    if (e.streamVersion !== this.expectedVersion) {
      this.broken = { ...at, reason: `version ${this.expectedVersion} is missing: the next stored event is version ${e.streamVersion} (deleted or renumbered)` };
      return;
    }
    const content = contentHash({ streamId: e.streamId, eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata, occurredAt: e.occurredAt });
    if (content !== e.contentHash) {
      this.broken = { ...at, reason: 'content does not match its hash: the event was edited after it was stored' };
      return;
    }
    if (e.prevHash !== this.prev) {
      this.broken = { ...at, reason: 'does not link to the previous event of its stream (an event before it was changed, removed or reordered)' };
      return;
    }
    const link = chainHash(this.prev, e.streamId, e.streamVersion, content);
    if (link !== e.hash) {
      this.broken = { ...at, reason: 'chain hash does not match: the event or its position was altered' };
      return;
    }
    this.prev = link;
    this.expectedVersion++;
  }

  /** The stream's recorded head must be the last event checked. */
  finish(head: { version: number; hash: string } | undefined): void {
    if (this.broken || !head) return;
    const last = this.expectedVersion - 1;
    if (head.version !== last || head.hash !== this.prev) {
      this.broken = {
        streamId: this.streamId,
        streamVersion: last + 1,
        globalPosition: null,
        eventId: null,
        reason: `the stream's head says version ${head.version} but the chain ends at version ${last}: events were removed from its end`,
      };
    }
  }
}
