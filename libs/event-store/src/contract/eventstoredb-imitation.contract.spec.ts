/**
 * The event-store contract run on the EventStoreDB adapter over an in-memory IMITATION of the client
 * (esdb-imitation.ts): it exercises the adapter's own logic (id claims, chain, retries, feed paging)
 * where no server is available. It is not evidence about a real EventStoreDB server: that is
 * eventstoredb.contract.spec.ts, reported as NOT RUN without EVENTSTORE_CONNECTION_STRING.
 */
import { EventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store';
import { verifyEventStoreDb } from '../eventstoredb/eventstoredb-verifier';
import { EsdbImitation } from './esdb-imitation';
import { describeEventStoreContract } from './event-store.contract';

describeEventStoreContract(
  'EventStoreDB adapter on an in-memory imitation of the client (not a server)',
  async () => {
    const imitation = new EsdbImitation();
    imitation.system(); // the log starts with system records, as a real one does
    const store = new EventStoreDbEventStore(imitation.asClient(), { pollIntervalMs: 50 });
    const timer = setInterval(() => imitation.system(), 5); // stats records keep arriving between events
    return {
      store,
      verify: () => verifyEventStoreDb(store),
      dispose: async () => {
        clearInterval(timer);
        await store.close();
      },
    };
  },
  { atomicMultiStream: false, tampering: false },
);
