/** The event-store contract against PostgreSQL: a fresh database on the test server. */
import { createTestDatabase, migratedStore } from '../../../../test/support/database';
import { verifyPostgresStore } from '../postgres/postgres-verifier';
import { describeEventStoreContract } from './event-store.contract';

describeEventStoreContract(
  'PostgreSQL',
  async () => {
    const db = await createTestDatabase('ca_contract');
    const { pool, store } = await migratedStore(db.url, 30);
    return {
      store,
      verify: () => verifyPostgresStore(pool),
      // what an intruder with table-owner rights could do: switch the immutability trigger off and edit
      tamper: async (event, data) => {
        const client = await pool.connect();
        try {
          await client.query('ALTER TABLE ca_event_rows DISABLE TRIGGER ca_events_no_update');
          await client.query('UPDATE ca_events SET data = $1 WHERE event_id = $2', [JSON.stringify(data), event.eventId]);
          await client.query('ALTER TABLE ca_event_rows ENABLE TRIGGER ca_events_no_update');
        } finally {
          client.release();
        }
      },
      dispose: async () => {
        await store.close();
        await db.drop();
      },
    };
  },
  { atomicMultiStream: true, tampering: true },
);
