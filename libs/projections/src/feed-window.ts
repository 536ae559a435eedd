/**
 * The newest stretch of the feed the live projector has read, kept so that the nine read models following it read
 * each event once between them, not once each.
 *
 * Why: following the feed under load, every read model's batch read its own page of the same events, and the feed
 * reads were 46 % of the batches' time at 3,000 events/s (bench/results.md, "Load, 2026-11-30 afternoon"). The
 * shared-page cache before this (`Projector.sharedPage`) could hand on only full pages read within 2 s from the same
 * checkpoint; near the head the pages are short and the read models stand at different checkpoints, so each read
 * its own.
 *
 * Why it is right: a page of the feed ends below the feed's horizon, where the order is final (nothing committed later
 * can land before a returned event: postgres-event-store.ts, `feedQuery`). So consecutive pages read at different
 * times make one gap-free stretch, and the events after any checkpoint inside it, up to its end, are exactly the
 * feed's events there: a page as good as one read now, only shorter at the end.
 *
 * What it must not do is hide events committed before a catch-up began: `catchUp()` promises everything visible when
 * it was called. So a slice shorter than a full batch is handed out only when the stretch's end was read after the
 * catch-up began (`since`); otherwise the stretch is first read on from its end.
 */
import { performance } from 'node:perf_hooks';
import { compareCheckpoints, type FeedCheckpoint, type FeedPage, type FedEventHead } from '../../event-store/src';

const checkpointAt = (e: FedEventHead): FeedCheckpoint => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });

export class FeedWindow<E extends FedEventHead> {
  /** the events of the stretch, in feed order, and the checkpoint just before the first */
  private events: E[] = [];
  private start: FeedCheckpoint | null = null;
  /** an event's index in `events` plus `dropped`, by its position (positions are unique in the store) */
  private readonly indexOf = new Map<bigint, number>();
  private dropped = 0;
  /**
   * When the read that brought the stretch to its present end was sent (`performance.now()`), if that read reached the
   * feed's horizon (a page shorter than `limit`): everything visible then is in the stretch. -Infinity otherwise.
   */
  private endReadAt = -Infinity;
  /** the read on in flight, shared by every caller that needs it */
  private reading: Promise<void> | null = null;

  /**
   * @param read a page of at most `limit` events after a checkpoint (the store's feed, in the read models' shape)
   * @param limit the events a batch takes (the projector's batch size)
   * @param kept how many events the stretch keeps at most: the oldest go first (a page is a few MiB of parsed events)
   */
  constructor(
    private readonly read: (after: FeedCheckpoint) => Promise<FeedPage<E>>,
    private readonly limit: number,
    private readonly kept: number,
  ) {}

  /** The checkpoint after the stretch's last event (where it is read on from), or null before the first read. */
  get end(): FeedCheckpoint | null {
    const last = this.events[this.events.length - 1];
    return last ? checkpointAt(last) : this.start;
  }

  /** How many events it holds now. */
  get size(): number {
    return this.events.length;
  }

  /**
   * The page after `after` for a catch-up that began at `since` (`performance.now()`), or undefined when `after` is
   * behind the stretch (a read model catching up from further back reads its own pages).
   */
  async pageAfter(after: FeedCheckpoint, since: number): Promise<FeedPage<E> | undefined> {
    const asked = performance.now();
    for (;;) {
      const end = this.end;
      // before the first read, or a read model ahead of the stretch (the others fell behind it, or a checkpoint moved
      // by another process): the stretch moves to the front, where the followers are
      if (!end || compareCheckpoints(after, end) > 0) {
        if (this.reading) {
          await this.reading.catch(() => undefined);
          continue;
        }
        this.restartAt(after);
      }
      const from = this.offsetAfter(after);
      if (from === undefined) return undefined;
      const events = this.events.slice(from, from + this.limit);
      // a full page is the feed's whatever the time; a shorter one only if the stretch's end is no older than the catch-up
      if (events.length >= this.limit || (events.length && this.endReadAt >= since)) {
        return { events, checkpoint: checkpointAt(events[events.length - 1]) };
      }
      // at the end: nothing new by a read sent after this one was asked for (a lane polling the head reads on each time)
      if (!events.length && this.endReadAt >= asked) return { events, checkpoint: after };
      // read on from the end, or wait for the read in flight and look again (it may have been sent too early)
      await this.readOn();
    }
  }

  /** Read the next page after the stretch's end, once for every caller that needs it meanwhile. */
  private readOn(): Promise<void> {
    if (this.reading) return this.reading;
    const sentAt = performance.now();
    const from = this.end!;
    this.reading = this.read(from).then(
      (page) => {
        this.reading = null;
        // the stretch may have been moved meanwhile (`restartAt` waits for reads in flight, so only by this read)
        if (compareCheckpoints(from, this.end!) !== 0) return;
        this.append(page.events);
        this.endReadAt = page.events.length < this.limit ? sentAt : -Infinity;
      },
      (error: unknown) => {
        this.reading = null;
        throw error;
      },
    );
    return this.reading;
  }

  /** Where the events after `after` begin in `events`, or undefined when `after` is not a checkpoint of the stretch. */
  private offsetAfter(after: FeedCheckpoint): number | undefined {
    if (this.start && compareCheckpoints(after, this.start) === 0) return 0;
    const at = this.indexOf.get(after.globalPosition);
    if (at === undefined) return undefined;
    const i = at - this.dropped;
    const e = this.events[i];
    return e && e.transactionId === after.transactionId ? i + 1 : undefined;
  }

  private append(events: readonly E[]): void {
    for (const e of events) {
      this.indexOf.set(e.globalPosition, this.dropped + this.events.length);
      this.events.push(e);
    }
    const over = this.events.length - this.kept;
    if (over > 0) {
      const gone = this.events.splice(0, over);
      for (const e of gone) this.indexOf.delete(e.globalPosition);
      this.dropped += over;
      this.start = checkpointAt(gone[gone.length - 1]);
    }
  }

  private restartAt(after: FeedCheckpoint): void {
    this.events = [];
    this.indexOf.clear();
    this.dropped = 0;
    this.start = after;
    this.endReadAt = -Infinity;
  }
}
