/**
 * A thread of `verify` (verify-threads.ts): with its own connection, it walks each stream range it is
 * sent and answers with the range's outcome; it reports every page walked, for the progress bar.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'pg';
import type { VerifyThreadMessage, VerifyThreadSetup } from './verify-threads';
import { checkStreamRange, StreamRange } from './verify-range';
import { storePoolConfig } from './pool';

const setup = workerData as VerifyThreadSetup;
const pool = new Pool(storePoolConfig(setup.connectionString, 1));
pool.on('error', () => undefined); // a connection lost while idle: the next query says so
const say = (m: VerifyThreadMessage) => parentPort!.postMessage(m);

async function answer(m: { id?: number; range?: StreamRange; close?: true }): Promise<void> {
  if (m.close) {
    await pool.end().catch(() => undefined);
    say({ closed: true });
    return;
  }
  try {
    const outcome = await checkStreamRange(pool, setup.numbered, m.range!, setup.expect, (page) => say({ page }));
    say({ id: m.id, outcome });
  } catch (error) {
    const e = error as Error;
    say({ id: m.id, error: { message: e.message, stack: e.stack } });
  }
}

parentPort!.on('message', (m: { id?: number; range?: StreamRange; close?: true }) => void answer(m));
