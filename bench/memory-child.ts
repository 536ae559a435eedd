/**
 * The memory suite's child process (bench/memory.ts forks it with `--expose-gc`): rebuild every
 * projection of the store given as argv[2], one after another (as `casino-audit projections rebuild`),
 * sampling this process's memory every argv[3] ms, and at each tenth of each projection's events
 * forcing a full GC and recording what is still live. Sends one `result` message, then exits.
 */
import { readFileSync } from 'node:fs';
import { startRuntime } from '../libs/platform/src';
import { rebuildProjection, RoundVerdictProjection } from '../libs/projections/src';
import { runChild, sendToParent } from './child';

export interface MemorySample {
  /** ms since the child started measuring */
  readonly t: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly projection: string;
  /** events of the current projection done so far / its total */
  readonly done: number;
  readonly total: number;
}

export interface Checkpoint {
  readonly projection: string;
  /** 0–10: tenths of the projection's events */
  readonly tenth: number;
  readonly done: number;
  readonly rss: number;
  /** after a forced full GC (NaN without --expose-gc) */
  readonly heapAfterGc: number;
  readonly heapUsed: number;
  /** round-verdicts: the heap its judge threads hold (after a full GC in each), asked for at the same point */
  judgeHeap?: number;
}

/** Sent as each projection is rebuilt, or abandoned over the budget. */
export interface MemoryProgress {
  readonly type: 'progress';
  readonly projection: string;
  readonly events: number;
  readonly complete: boolean;
}

export interface MemoryResult {
  readonly type: 'result';
  readonly samples: MemorySample[];
  readonly checkpoints: Checkpoint[];
  readonly projections: Array<{ name: string; events: number; seconds: number; complete: boolean }>;
  readonly budget: number;
  readonly start: { rss: number; heapUsed: number; heapAfterGc: number };
  readonly end: { rss: number; heapUsed: number; heapAfterGc: number };
  /** VmHWM: the kernel's record of the peak resident set */
  readonly peakRssKernel: number;
  readonly gcExposed: boolean;
  readonly seconds: number;
}

class OverBudget extends Error {}

const gc = (globalThis as { gc?: () => void }).gc;
const heapAfterGc = () => {
  if (!gc) return NaN;
  gc();
  return process.memoryUsage().heapUsed;
};

function vmHwm(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function main() {
  const url = process.argv[2];
  const every = Number(process.argv[3]) || 200;
  /** seconds after which a projection's rebuild is abandoned before its swap (argv[4]) */
  const budget = Number(process.argv[4]) || Infinity;
  const runtime = await startRuntime({ databaseUrl: url, poolSize: 4 });
  const samples: MemorySample[] = [];
  const checkpoints: Checkpoint[] = [];
  const projections: MemoryResult['projections'] = [];
  /** the judge threads' answers, which come once they have judged what was sent before the question */
  const judgeHeaps: Array<Promise<void>> = [];
  let current = { projection: '(start)', done: 0, total: 0 };
  const t0 = Date.now();
  const sample = () => {
    const m = process.memoryUsage();
    samples.push({ t: Date.now() - t0, rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, ...current });
  };
  const startHeap = heapAfterGc();
  const startMem = process.memoryUsage();
  sample();
  const timer = setInterval(sample, every);
  try {
    for (const p of runtime.projections) {
      current = { projection: p.name, done: 0, total: 0 };
      let nextTenth = 1;
      const p0 = Date.now();
      const at = (tenth: number, done: number) => {
        const heap = heapAfterGc();
        const m = process.memoryUsage();
        const checkpoint: Checkpoint = { projection: p.name, tenth, done, rss: m.rss, heapAfterGc: heap, heapUsed: m.heapUsed };
        checkpoints.push(checkpoint);
        if (p instanceof RoundVerdictProjection) judgeHeaps.push(p.judgeHeap().then((h) => void (checkpoint.judgeHeap = h)));
      };
      at(0, 0);
      let events = 0;
      let complete = true;
      try {
        const r = await rebuildProjection(runtime.pool, runtime.store, p, ({ done, total }) => {
          current = { projection: p.name, done, total };
          events = done;
          while (nextTenth <= 10 && done >= (total * nextTenth) / 10) at(nextTenth++, done);
          if ((Date.now() - p0) / 1000 > budget && done < total) throw new OverBudget();
        });
        events = r.events;
      } catch (error) {
        if (!(error instanceof OverBudget)) throw error;
        complete = false;
      }
      projections.push({ name: p.name, events, seconds: (Date.now() - p0) / 1000, complete });
      process.send?.({ type: 'progress', projection: p.name, events, complete } satisfies MemoryProgress);
    }
    current = { projection: '(end)', done: 0, total: 0 };
    sample();
    await Promise.all(judgeHeaps);
  } finally {
    clearInterval(timer);
  }
  const endMem = process.memoryUsage();
  const endHeap = heapAfterGc();
  const result: MemoryResult = {
    type: 'result',
    samples,
    checkpoints,
    projections,
    start: { rss: startMem.rss, heapUsed: startMem.heapUsed, heapAfterGc: startHeap },
    end: { rss: endMem.rss, heapUsed: endMem.heapUsed, heapAfterGc: endHeap },
    peakRssKernel: vmHwm(),
    gcExposed: !!gc,
    budget,
    seconds: (Date.now() - t0) / 1000,
  };
  await runtime.close();
  await sendToParent(result);
}

runChild(main);
