/**
 * `verify` across threads (issue 23 §3): the walk of a store's chains is CPU-bound in Node (reading the
 * rows, hashing each event's canonical content twice; PostgreSQL takes about a fifth of the time), and
 * chains never cross streams, so ranges of streams are walked at once, each thread with its own
 * connection, taking the next range as it finishes one. The outcomes come back in range order, so the
 * report is the same whatever the number of threads.
 */
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../../platform/src/worker-script';
import { ChainExpectations, checkStreamRange, Queryable, RangeOutcome, StreamRange } from './verify-range';

/** What a verify thread is given once (worker data). */
export interface VerifyThreadSetup {
  readonly connectionString: string;
  readonly numbered: boolean;
  readonly expect: ChainExpectations;
}

/** A verify thread's messages: a page walked (progress), a range's outcome, or an error. */
export interface VerifyThreadMessage {
  readonly id?: number;
  readonly page?: number;
  readonly outcome?: RangeOutcome;
  readonly error?: { message: string; stack?: string };
  readonly closed?: true;
}

export interface WalkOptions {
  /** threads to walk with; 1 (or a connection without a URL to give them) walks in the caller's thread */
  readonly threads: number;
  /** the connection string each thread opens its own connection with */
  readonly connectionString?: string;
  readonly onPage?: (events: number) => void;
}

/** Walk every range, in threads when asked and able; the outcomes in the ranges' order. */
export async function walkStreamRanges(
  db: Queryable,
  numbered: boolean,
  ranges: readonly StreamRange[],
  expect: ChainExpectations,
  options: WalkOptions,
): Promise<RangeOutcome[]> {
  const threads = Math.min(options.threads, ranges.length);
  if (threads <= 1 || !options.connectionString || !numbered) {
    const outcomes: RangeOutcome[] = [];
    for (const range of ranges) outcomes.push(await checkStreamRange(db, numbered, range, expect, options.onPage));
    return outcomes;
  }
  const setup: VerifyThreadSetup = { connectionString: options.connectionString, numbered, expect };
  const script = workerScript(__filename, __dirname, 'verify-worker');
  const workers = Array.from({ length: threads }, () => new Worker(script, { workerData: setup }));
  const outcomes: RangeOutcome[] = new Array(ranges.length);
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let current = -1;
            const take = () => {
              if (next >= ranges.length) return resolve();
              current = next++;
              worker.postMessage({ id: current, range: ranges[current] });
            };
            worker.on('message', (m: VerifyThreadMessage) => {
              if (m.page !== undefined) options.onPage?.(m.page);
              else if (m.error) reject(Object.assign(new Error(`verify thread: ${m.error.message}`), { stack: m.error.stack }));
              else if (m.outcome) {
                outcomes[m.id!] = m.outcome;
                take();
              }
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (current < ranges.length && outcomes[current] === undefined)
                reject(new Error(`verify thread stopped (exit code ${code}) walking stream range ${current + 1} of ${ranges.length}`));
            });
            take();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => closeThread(w)));
  }
  return outcomes;
}

/** Let the thread close its connection, then stop it (at once if it does not answer). */
async function closeThread(worker: Worker): Promise<void> {
  worker.removeAllListeners('message');
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    worker.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.postMessage({ close: true });
  });
  await worker.terminate();
}
