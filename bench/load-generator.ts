/**
 * The load suite's generator (bench/load.ts forks it): POSTs simulated table facts to
 * `POST /api/v1/events` on loopback at a fixed schedule, then reports every request and exits.
 *
 * Config (argv[2], JSON): url, token, eventsPerRequest, requestsPerSecond, seconds, lanes, seed.
 * The facts come from `simulateDay`, one independent casino per lane (each lane's facts must arrive in
 * order, so a lane sends its next request only when the previous one has been answered); request i is
 * due at start + i / requestsPerSecond and goes to lane i mod lanes. A request sent more than one
 * interval after it was due is counted as late. The generator stops by itself after `seconds`.
 *
 * Every request's body is simulated and serialised before the clock starts (the generator says `ready`
 * and waits for the parent's `go`): terminals do not share the server's CPUs, so the run should not
 * charge the server's machine with simulating casinos. Simulating one event and its JSON costs about
 * 34 µs of CPU here (300,000 events, 2026-12-02): at 10,000 events/s a third of a core taken from the server.
 * The bodies are kept as Buffers (about 285 bytes an event: 1.7 GB for 10 minutes at 10,000 events/s).
 */
import * as http from 'node:http';
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
  /** a request that got no answer: whether it went on a keep-alive socket an earlier request had used (`req.reusedSocket`) */
  readonly reusedSocket?: boolean;
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

/** POST one body with a keep-alive connection (node:http: less CPU per request than fetch); 30 s at most. */
function post(url: URL, agent: http.Agent, token: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // an error says whether its socket was a reused one: a reset on a reused socket is the keep-alive race (the server
    // closed it as idle as the request left), one on a fresh socket is not
    const failed = (error: Error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket }));
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', failed);
      },
    );
    req.on('timeout', () => req.destroy(new Error('TimeoutError: no answer in 30 s')));
    req.on('error', failed);
    req.end(body);
  });
}

async function main() {
  const config = JSON.parse(process.argv[2]) as LoadConfig;
  const interval = 1000 / config.requestsPerSecond;
  const total = Math.round(config.seconds * config.requestsPerSecond);
  const records: RequestRecord[] = [];
  const supplies = Array.from({ length: config.lanes }, (_, lane) => laneFacts(lane, config));
  const next = (lane: number) => {
    const out: Envelope[] = [];
    while (out.length < config.eventsPerRequest) out.push(supplies[lane].next().value as Envelope);
    return out;
  };
  // every request's body, before the clock starts: bodies[i] goes to lane i mod lanes
  const bodies: Array<{ body: Buffer; events: number }> = new Array(total);
  for (let i = 0; i < total; i++) {
    const events = next(i % config.lanes);
    bodies[i] = { body: Buffer.from(JSON.stringify(events)), events: events.length };
  }
  await sendToParent({ type: 'ready', requests: total });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  const endpoint = new URL(`${config.url}/api/v1/events`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: config.lanes });
  const cpu0 = process.cpuUsage();
  const start = now() + 100;
  const laneLoop = async (lane: number) => {
    for (let i = lane; i < total; i += config.lanes) {
      const { body, events } = bodies[i];
      bodies[i] = undefined as never; // sent once: let it go
      const due = start + i * interval;
      await sleep(due - now());
      const sent = now();
      let status = 0;
      let appended = 0;
      let maxPosition: string | undefined;
      let error: string | undefined;
      let reusedSocket: boolean | undefined;
      try {
        const res = await post(endpoint, agent, config.token, body);
        status = res.status;
        const json = JSON.parse(res.text) as {
          appended?: number;
          events?: Array<{ position: string }>;
          refusals?: Array<{ reason: string }>;
          message?: unknown;
        };
        if (res.status === 200) {
          appended = json.appended ?? 0;
          for (const e of json.events ?? []) if (maxPosition === undefined || BigInt(e.position) > BigInt(maxPosition)) maxPosition = e.position;
        } else {
          error = JSON.stringify(json.refusals?.slice(0, 2) ?? json.message ?? json).slice(0, 300);
        }
      } catch (e) {
        error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        reusedSocket = (e as { reusedSocket?: boolean }).reusedSocket;
      }
      records.push({ i, lane, due, sent, done: now(), status, events, appended, maxPosition, error, reusedSocket });
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
