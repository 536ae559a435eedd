/**
 * A judge thread of the verdict projection (judge-pool.ts): it keeps the trackers of the sessions
 * sent to it and answers each batch message with the sessions' verdict rows as JSON.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { judgeBatch, parseRequests, SessionJudge } from './session-judge';

const judge = new SessionJudge();

parentPort!.on('message', (message: { id: number; requests?: string; heap?: true }) => {
  if (message.heap) {
    // what this thread keeps (its sessions' trackers): after a full GC when the process allows one (--expose-gc)
    (globalThis as { gc?: () => void }).gc?.();
    parentPort!.postMessage({ id: message.id, heap: getHeapStatistics().used_heap_size });
    return;
  }
  try {
    const requests = parseRequests(message.requests!);
    parentPort!.postMessage({ id: message.id, outcomes: judgeBatch(judge, requests) });
  } catch (error) {
    const e = error as Error;
    parentPort!.postMessage({ id: message.id, error: { message: e.message, stack: e.stack } });
  }
});
