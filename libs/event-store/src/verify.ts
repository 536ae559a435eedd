/**
 * Walks every stream's integrity chain and names the first broken link: an edited event (its content
 * no longer matches its hash), a deleted or reordered one (a version gap or a link that does not
 * follow), or a truncated stream (the recorded head is past the last event). Given the heads that
 * seals recorded (seal.ts), it also names a stream cut short with its head rewritten to match, and
 * a stream rewritten after it was sealed.
 */
import { because, keyed, type KeyedReason, type ReasonKey } from '../../i18n/src/reasons';
import { chainHash, contentHash, GENESIS } from './canonical';
import type { StoredEvent } from './port';

/**
 * A broken link: `reason` in English (as the JSON and integrators read it), `reasonKey` and
 * `reasonValues` to word it in a reader's language (`errors:chain.*`, issue 16).
 */
export interface ChainBreak extends KeyedReason {
  readonly streamId: string;
  readonly streamVersion: number;
  readonly globalPosition: string | null;
  readonly eventId: string | null;
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly streams: number;
  readonly events: number;
  /** every stream's first break, in global-position order; the first is "the first broken position" */
  readonly breaks: ChainBreak[];
  /** the seals found and checked (PostgreSQL store), and the receipt's verdict when one was given */
  readonly seals?: SealSummary;
}

export interface SealSummary {
  /** good seals, in order (checking stops at the first bad one) */
  readonly count: number;
  readonly latest: { sequence: number; sealHash: string; sealedAt: string; gamingDay?: string; receipt: string; streamCount: number } | null;
  /** events stored after the latest seal (covered only by their chains until the next seal) */
  readonly unsealedEvents: number;
  readonly receipt?: { readonly given: string; readonly ok: boolean; readonly sequence?: number } & Partial<KeyedReason>;
}

/** A head a seal recorded: the stream must still hold this event, with this chain hash. */
export interface SealedExpectation {
  readonly version: number;
  readonly hash: string;
  /** which seal, for the reason: "seal #3 (gaming day 2026-11-21, sealed …)" (seal.ts `sealNamed`) */
  readonly seal: ReasonKey;
}

/**
 * Checks one stream, event by event, given its recorded head (version and hash) when known. Versions go
 * into the reasons as text: they name an event and are never grouped (version 12345, not 12.345).
 */
export class StreamChainChecker {
  private expectedVersion = 1;
  private prev = GENESIS;
  private broken: ChainBreak | null = null;
  private sealedAt = 0;
  count = 0;

  /**
   * `sealed`: the heads seals recorded for this stream, in version order; `after`: start mid-stream,
   * after an event already checked (its version and chain hash), rather than at version 1
   */
  constructor(
    readonly streamId: string,
    private readonly sealed: readonly SealedExpectation[] = [],
    after?: { readonly version: number; readonly hash: string },
  ) {
    if (after) {
      this.expectedVersion = after.version + 1;
      this.prev = after.hash;
    }
  }

  get firstBreak(): ChainBreak | null {
    return this.broken;
  }

  check(e: StoredEvent): void {
    this.count++;
    if (this.broken) return;
    const at = { streamId: this.streamId, streamVersion: e.streamVersion, globalPosition: e.globalPosition.toString(), eventId: e.eventId };
    if (e.streamVersion !== this.expectedVersion) {
      this.broken = { ...at, ...keyed(because('chain.versionMissing', { expected: String(this.expectedVersion), found: String(e.streamVersion) })) };
      return;
    }
    const content = contentHash({ streamId: e.streamId, eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata, occurredAt: e.occurredAt });
    if (content !== e.contentHash) {
      this.broken = { ...at, ...keyed(because('chain.edited')) };
      return;
    }
    if (e.prevHash !== this.prev) {
      // an event moved from elsewhere in its stream still carries the hash of its original position
      const moved = [e.streamVersion + 1, e.streamVersion - 1].find((v) => v >= 1 && chainHash(e.prevHash, e.streamId, v, content) === e.hash);
      this.broken = {
        ...at,
        ...keyed(moved ? because('chain.reordered', { stored: String(moved), version: String(e.streamVersion) }) : because('chain.unlinked')),
      };
      return;
    }
    const link = chainHash(this.prev, e.streamId, e.streamVersion, content);
    if (link !== e.hash) {
      this.broken = { ...at, ...keyed(because('chain.hashMismatch')) };
      return;
    }
    while (this.sealedAt < this.sealed.length && this.sealed[this.sealedAt].version <= e.streamVersion) {
      const seal = this.sealed[this.sealedAt++];
      if (seal.version === e.streamVersion && seal.hash !== link) {
        this.broken = { ...at, ...keyed(because('chain.rewrittenAfterSeal', { seal: seal.seal })) };
        return;
      }
    }
    this.prev = link;
    this.expectedVersion++;
  }

  /** The stream's recorded head must be the last event checked. */
  finish(head: { version: number; hash: string } | undefined): void {
    if (this.broken) return;
    const last = this.expectedVersion - 1;
    const sealed = this.sealed[this.sealed.length - 1];
    if (sealed && sealed.version > last) {
      this.broken = {
        streamId: this.streamId,
        streamVersion: last + 1,
        globalPosition: null,
        eventId: null,
        ...keyed(
          because('chain.cutAfterSeal', {
            seal: sealed.seal,
            sealed: String(sealed.version),
            last: String(last),
            head: head && head.version === last ? 'rewritten' : 'kept',
          }),
        ),
      };
      return;
    }
    if (!head) return;
    if (head.version !== last || head.hash !== this.prev) {
      this.broken = {
        streamId: this.streamId,
        streamVersion: last + 1,
        globalPosition: null,
        eventId: null,
        ...keyed(because('chain.headPastEnd', { head: String(head.version), last: String(last) })),
      };
    }
  }
}
