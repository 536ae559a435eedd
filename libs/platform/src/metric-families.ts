/**
 * The metrics measured where things happen (issue 18 §2), in the process's registry (`metrics.ts`).
 * This module imports nothing of the platform but the registry, so the write side, the projections and
 * the HTTP app can all record into it. What is read from the database at scrape time (projection lag,
 * the last verify and seal, the pool) is in `runtime-metrics.ts`.
 */
import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from './metrics';

const registers = [metricsRegistry];

export const eventsAppended = new Counter({
  name: 'casino_audit_events_appended_total',
  help: 'Events appended to the store of record by this process, by event type (duplicates and refusals not counted)',
  labelNames: ['type'] as const,
  registers,
});

export const appendDuration = new Histogram({
  name: 'casino_audit_append_duration_seconds',
  help: 'Time of one append to the store of record (one request or file: all its events in one call)',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const httpRequestDuration = new Histogram({
  name: 'casino_audit_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route (the pattern, not the path) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const judgeBacklog = new Gauge({
  name: 'casino_audit_judge_backlog',
  help: "Sessions' facts handed to the verdict read model's judge threads and not yet judged",
  registers,
});

/** One labelled counter per event type, made once. */
const appendedOfType = new Map<string, { inc(n: number): void }>();
/** The append being counted, by type (reused: prom-client builds a key string on each increment, so it is incremented once per type, not per event). */
const tally = new Map<string, number>();

/** An append's latency and its appended events by type (`results` in the order of `batch`, as the stores return them). */
export function observeAppend(batch: ReadonlyArray<{ readonly type: string }>, results: ReadonlyArray<{ readonly status: string }>, seconds: number): void {
  appendDuration.observe(seconds);
  for (let i = 0; i < batch.length; i++) {
    if (results[i]?.status === 'appended') tally.set(batch[i].type, (tally.get(batch[i].type) ?? 0) + 1);
  }
  for (const [type, n] of tally) {
    let counter = appendedOfType.get(type);
    if (!counter) appendedOfType.set(type, (counter = eventsAppended.labels(type)));
    counter.inc(n);
  }
  tally.clear();
}
