/**
 * Where the verdict projection's judging runs. Judging a round in JS costs several times more than
 * reading its events, and sessions are judged independently, so by default it runs in worker threads:
 * each session always goes to the same thread (which keeps its tracker), while the projection's own
 * thread reads the feed and writes rows. `CA_JUDGE_WORKERS=0` judges in the projection's thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { setting } from '../../../platform/src/config';
import { judgeBacklog } from '../../../platform/src/metric-families';
import { workerScript } from '../../../platform/src/worker-script';
import { FactSweepRequest, judgeBatch, parseRequests, requestsJson, SessionJudge, SweepOutcome } from './session-judge';

export interface Judges {
  judge(requests: readonly FactSweepRequest[]): Promise<SweepOutcome[]>;
  /** the heap the judges hold in their own threads, bytes (benchmarks); absent when they judge in the caller's thread */
  heapUsed?(): Promise<number>;
  close(): Promise<void>;
}

/** How many judge threads by default: one core is left to the feed reader and the writes (at most 4). */
export function defaultJudgeThreads(env: NodeJS.ProcessEnv = process.env): number {
  return setting('CA_JUDGE_WORKERS', env) ?? Math.min(4, Math.max(1, availableParallelism() - 1));
}

export function createJudges(threads = defaultJudgeThreads()): Judges {
  return threads > 0 ? new ThreadJudges(threads) : new InThreadJudges();
}

export class InThreadJudges implements Judges {
  private readonly judgeOf = new SessionJudge();

  /** the same message a judge thread parses, so both judge exactly the same input */
  async judge(requests: readonly FactSweepRequest[]): Promise<SweepOutcome[]> {
    return judgeBatch(this.judgeOf, parseRequests(requestsJson(requests)));
  }

  async close(): Promise<void> {}
}

/** A judge thread's answer to one message: a batch's outcomes, its heap, or an error. */
interface ThreadAnswer {
  id: number;
  outcomes?: SweepOutcome[];
  heap?: number;
  error?: { message: string; stack?: string };
}

interface Pending {
  answer: (m: ThreadAnswer) => void;
  reject: (error: Error) => void;
  /** the sessions asked about: all missed if the thread is lost before it answers */
  sessionIds: readonly string[];
}

class JudgeThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  dead = false;

  constructor(script: string) {
    this.worker = new Worker(script);
    this.worker.unref(); // an idle judge never keeps the process alive; a pending batch refs it
    this.worker.on('message', (m: ThreadAnswer) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (!this.pending.size) this.worker.unref();
      if (m.error) p.reject(Object.assign(new Error(`judge thread: ${m.error.message}`), { stack: m.error.stack }));
      else p.answer(m);
    });
    // a thread lost (crashed, out of memory, closed) with batches still sent to it: their sessions are
    // misses, sent again from their start to the thread that replaces it (the projection asks for
    // several batches at once, so some are always on their way)
    const lost = () => {
      this.dead = true;
      for (const [id, p] of this.pending) p.answer({ id, outcomes: p.sessionIds.map((sessionId) => ({ sessionId, miss: true })), heap: 0 });
      this.pending.clear();
    };
    this.worker.on('error', lost);
    this.worker.on('exit', lost);
  }

  judge(requests: readonly FactSweepRequest[]): Promise<SweepOutcome[]> {
    const id = this.nextId++;
    const body = requestsJson(requests);
    return new Promise((resolve, reject) => {
      if (this.dead) return resolve(requests.map((r) => ({ sessionId: r.sessionId, miss: true })));
      this.pending.set(id, { answer: (m) => resolve(m.outcomes!), reject, sessionIds: requests.map((r) => r.sessionId) });
      this.worker.ref();
      this.worker.postMessage({ id, requests: body });
    });
  }

  /** the thread's heap after it has judged what was sent before (0 for a thread lost) */
  heapUsed(): Promise<number> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.dead) return resolve(0);
      this.pending.set(id, { answer: (m) => resolve(m.heap ?? 0), reject, sessionIds: [] });
      this.worker.ref();
      this.worker.postMessage({ id, heap: true });
    });
  }

  async close(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}

export class ThreadJudges implements Judges {
  private readonly threads: Array<JudgeThread | undefined>;
  private readonly script = workerScript(__filename, __dirname, 'judge-worker');

  constructor(readonly count: number) {
    this.threads = new Array(count).fill(undefined);
  }

  /** a session's thread: the same one every time (it holds the session's tracker) */
  private indexOf(sessionId: string): number {
    let h = 0;
    for (let i = 0; i < sessionId.length; i++) h = (Math.imul(h, 31) + sessionId.charCodeAt(i)) | 0;
    return (h >>> 0) % this.count;
  }

  async judge(requests: readonly FactSweepRequest[]): Promise<SweepOutcome[]> {
    const parts = new Map<number, FactSweepRequest[]>();
    for (const r of requests) {
      const i = this.indexOf(r.sessionId);
      const part = parts.get(i);
      if (part) part.push(r);
      else parts.set(i, [r]);
    }
    judgeBacklog.inc(requests.length);
    try {
      const answers = await Promise.all(
        [...parts].map(([i, part]) => {
          // a thread that died is started again: it has no trackers, so its sessions are sent whole (a miss)
          let thread = this.threads[i];
          if (!thread || thread.dead) this.threads[i] = thread = new JudgeThread(this.script);
          return thread.judge(part);
        }),
      );
      return answers.flat();
    } finally {
      judgeBacklog.dec(requests.length);
    }
  }

  async heapUsed(): Promise<number> {
    const heaps = await Promise.all(this.threads.map((t) => (t && !t.dead ? t.heapUsed() : 0)));
    return heaps.reduce((a, b) => a + b, 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t?.close()));
    this.threads.fill(undefined);
  }
}
