/**
 * The load suite's generator (bench/load.ts forks it): POSTs simulated table facts to
 * `POST /api/v1/events` on loopback at a fixed schedule, then reports every request and exits.
 *
 * Config (argv[2], JSON): url, token, eventsPerRequest, requestsPerSecond, seconds, lanes, seed.
 * The facts come from `simulateDay`, one independent casino per lane (each lane's facts must arrive in
 * order, so a lane sends its next request only when the previous one has been answered); request i is
 * due at start + i / requestsPerSecond and goes to lane i mod lanes. A request sent more than one
 * interval after it was due is counted as late. The generator stops by itself after `seconds`.
 */
import { performance } from 'node:perf_hooks';
import type { Envelope } from '../libs/ledger/src';
import { simulateDay } from '../libs/simulator/src';
import { runChild, sendToParent } from './child';

export interface LoadConfig {
  readonly url: string;
  readonly token: string;
  readonly eventsPerRequest: number;
  readonly requestsPerSecond: number;
  readonly seconds: number;
  readonly lanes: number;
  readonly seed: number;
  readonly runTag: string;
}

export interface RequestRecord {
  readonly i: number;
  readonly lane: number;
  /** epoch ms (performance.timeOrigin + now()) */
  readonly due: number;
  readonly sent: number;
  readonly done: number;
  readonly status: number;
  readonly events: number;
  readonly appended: number;
  /** the highest global position the response reports (accepted requests) */
  readonly maxPosition?: string;
  readonly error?: string;
}

export interface GeneratorResult {
  readonly type: 'result';
  readonly records: RequestRecord[];
  readonly start: number;
  readonly end: number;
  readonly cpuSeconds: number;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** An endless, in-order supply of one lane's facts: a simulated day after another. */
function* laneFacts(lane: number, config: LoadConfig): Generator<Envelope> {
  for (let day = 1; ; day++) {
    const gamingDay = new Date(Date.UTC(2027, 0, day)).toISOString().slice(0, 10);
    for (const batch of simulateDay({
      tables: 4,
      rounds: 400,
      seed: config.seed + lane * 1000 + day,
      errorRate: 0,
      casinoId: `casino-load-${config.runTag}-l${lane}-d${day}`,
      gamingDay,
    })) {
      yield* batch;
    }
  }
}

async function main() {
  const config = JSON.parse(process.argv[2]) as LoadConfig;
  const interval = 1000 / config.requestsPerSecond;
  const total = Math.round(config.seconds * config.requestsPerSecond);
  const records: RequestRecord[] = [];
  const supplies = Array.from({ length: config.lanes }, (_, lane) => laneFacts(lane, config));
  // prime the simulators (the first batch of a day is its biggest) before the clock starts
  const next = (lane: number) => {
    const out: Envelope[] = [];
    while (out.length < config.eventsPerRequest) out.push(supplies[lane].next().value as Envelope);
    return out;
  };
  const primed = supplies.map((_, lane) => next(lane));
  const cpu0 = process.cpuUsage();
  const start = now() + 100;
  const laneLoop = async (lane: number) => {
    let body: Envelope[] | undefined = primed[lane];
    for (let i = lane; i < total; i += config.lanes) {
      const events = body ?? next(lane);
      body = undefined;
      const due = start + i * interval;
      await sleep(due - now());
      const sent = now();
      let status = 0;
      let appended = 0;
      let maxPosition: string | undefined;
      let error: string | undefined;
      try {
        const res = await fetch(`${config.url}/api/v1/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
          body: JSON.stringify(events),
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        const json = (await res.json()) as { appended?: number; events?: Array<{ position: string }>; refusals?: Array<{ reason: string }>; message?: unknown };
        if (res.status === 200) {
          appended = json.appended ?? 0;
          for (const e of json.events ?? []) if (maxPosition === undefined || BigInt(e.position) > BigInt(maxPosition)) maxPosition = e.position;
        } else {
          error = JSON.stringify(json.refusals?.slice(0, 2) ?? json.message ?? json).slice(0, 300);
        }
      } catch (e) {
        error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
      records.push({ i, lane, due, sent, done: now(), status, events: events.length, appended, maxPosition, error });
      // a lane whose request failed stops: its next facts would depend on the refused ones
      if (status !== 200) break;
    }
  };
  await Promise.all(Array.from({ length: config.lanes }, (_, lane) => laneLoop(lane)));
  const cpu = process.cpuUsage(cpu0);
  const result: GeneratorResult = { type: 'result', records: records.sort((a, b) => a.i - b.i), start, end: now(), cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  await sendToParent(result);
}

runChild(main);
