/**
 * The event-store contract against EventStoreDB / KurrentDB, when EVENTSTORE_CONNECTION_STRING names a
 * server (e.g. `docker compose up es1 es2 es3`, then EVENTSTORE_CONNECTION_STRING=esdb://localhost:2113?tls=false).
 * Without one the suite is skipped, and says so in its name: it is reported as skipped, never as passed.
 */
import { EventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store';
import { verifyEventStoreDb } from '../eventstoredb/eventstoredb-verifier';
import { describeEventStoreContract } from './event-store.contract';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  describeEventStoreContract(
    'EventStoreDB',
    async () => {
      const store = EventStoreDbEventStore.fromConnectionString(connectionString, { pollIntervalMs: 200 });
      return {
        store,
        verify: () => verifyEventStoreDb(store),
        // EventStoreDB has no operation that edits a stored event: the suite checks detection on an edited copy only
        dispose: () => store.close(),
      };
    },
    { atomicMultiStream: false, tampering: false },
  );
} else {
  describe.skip('event store contract: EventStoreDB — NOT RUN: EVENTSTORE_CONNECTION_STRING is not set', () => {
    it('NOT RUN: EVENTSTORE_CONNECTION_STRING is not set', () => undefined);
  });
}
