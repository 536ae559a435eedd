import type { StoredEvent } from '../../event-store/src';

/** The store of record holds an event whose chain link does not hold: the mirror stops there (store-mirror.ts). */
export class MirrorChainError extends Error {
  constructor(
    readonly event: StoredEvent,
    readonly reason: string,
  ) {
    super(
      `the store of record breaks its chain at ${event.streamId} version ${event.streamVersion} (event ${event.eventId}): ${reason}; nothing from there on was copied`,
    );
    this.name = 'MirrorChainError';
  }
}
