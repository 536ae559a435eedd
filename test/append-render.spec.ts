/**
 * The append benchmark's section is rendered from a measured result alone (issue 22 §3): a fixed result (the
 * figures of the run of 2026-11-29 12:30 UTC, as whole numbers: the batch ratio comes out 4.38× where that run's
 * unrounded medians gave 4.39×) gives the same tables and figures, the JSON it is saved as renders the same again,
 * and no interpretation is generated. No PostgreSQL, no benchmark run.
 */
import { AppendResult, appendResultJson, MainKey, Measured, parseAppendResult, ProbeResult, renderAppend } from '../bench/append-render';

/** Trials of `size`-event appends at these rates over 5 s each, with the same CPU and WAL figures in every trial. */
function trials(size: number, rates: number[], clientCores: number, machineBusy: number, walSyncsPerSec: number): Measured[] {
  return rates.map((perSecond) => ({
    perSecond,
    units: perSecond * 5,
    seconds: 5,
    clientCores,
    operations: (perSecond * 5) / size,
    machineBusy,
    walSyncsPerSec,
  }));
}

const probe = (
  key: ProbeResult['key'],
  label: string,
  unit: string,
  shows: string,
  rates: number[],
  cores: number,
  busy: number,
  wal: number,
): ProbeResult => ({
  key,
  label,
  unit,
  shows,
  trials: trials(1, rates, cores, busy, wal),
});

const LABEL: Record<MainKey, string> = { ours: 'casino-audit PostgresEventStore', emmett: 'Emmett PostgreSQL event store', raw: 'raw INSERT (ceiling)' };

function result(over: Partial<AppendResult> = {}): AppendResult {
  return {
    started: '2026-11-29T12:30:21.652Z',
    uptimeBefore: '12:30:21 up  1:53,  0 user,  load average: 1.91, 2.71, 3.24',
    uptimeAfter: '12:36:26 up  1:59,  0 user,  load average: 4.55, 4.06, 3.75',
    settings: {
      quick: false,
      trials: 5,
      durationSec: 5,
      warmupSec: 1,
      workers: 16,
      poolSize: 16,
      batch: 10,
      eventBytes: 213,
      serverUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    machine: { cpus: 2, cpuModel: 'AMD EPYC', memoryGiB: 23.5, platform: 'Linux 6.18.44-fc-v857 (x64)', node: 'v20.20.2' },
    server: { version: 'PostgreSQL 15.20 (Debian 15.20-0+deb12u1)', settings: { synchronous_commit: 'on', fsync: 'on', shared_buffers: '16384 (unit 8kB)' } },
    versions: { emmett: '0.42.0', pg: '8.23.1' },
    systems: [
      { key: 'ours', label: LABEL.ours, roundTrips: '1 (prepared `SELECT * FROM ca_append(…)`, autocommit)' },
      { key: 'emmett', label: LABEL.emmett, roundTrips: '3 (`BEGIN`; unprepared `SELECT * FROM emt_append_to_stream(…)`; `COMMIT`)' },
      { key: 'raw', label: LABEL.raw, roundTrips: '1 (prepared single-row, or 10-row multi-row, `INSERT`, autocommit)' },
    ],
    workloads: [
      {
        size: 1,
        trials: {
          ours: trials(1, [3469, 3443, 4160, 3893, 4140], 0.44, 0.88, 930),
          emmett: trials(1, [3035, 3088, 3288, 3246, 3629], 0.57, 0.86, 1355),
          raw: trials(1, [12464, 12796, 13537, 13025, 13447], 0.56, 0.86, 3617),
        },
      },
      {
        size: 10,
        trials: {
          ours: trials(10, [17590, 17069, 16436, 16548, 17243], 0.53, 0.87, 552),
          emmett: trials(10, [16240, 16779, 18076, 16832, 15459], 0.66, 0.84, 825),
          raw: trials(10, [78619, 76372, 78363, 78042, 77174], 0.56, 0.85, 2165),
        },
      },
    ],
    probes: [
      probe('select1', 'prepared `SELECT 1`, 16 workers, no write', 'round trips/s', 'the round-trip ceiling', [34705, 36354, 37956], 0.91, 0.86, NaN),
      probe('raw1w', 'raw single-row `INSERT`, 1 worker', 'events/s', 'one durable commit at a time', [3121, 3316, 3346], 0.27, 0.38, 3316),
      probe('ours16', 'ours, one event per append, 16 workers', 'events/s', 'workload (a) again', [3456, 3337, 3682], 0.4, 0.9, 821),
    ],
    ...over,
  };
}

/** The lines of the table under `heading` (up to the first blank line after it). */
function tableUnder(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const first = lines.findIndex((l, i) => i > start && l.startsWith('|'));
  const end = lines.findIndex((l, i) => i > first && !l.startsWith('|'));
  return lines.slice(first, end);
}

describe('the append section, rendered from a result', () => {
  const section = renderAppend(result());

  it('states the run: date, machine, versions, server and its settings, workers, trials, load before and after', () => {
    expect(section.startsWith('## Append throughput\n')).toBe(true);
    expect(section).toContain('- Date: 2026-11-29T12:30:21.652Z\n');
    expect(section).toContain('- Command: `npm run bench` (this section alone: `npm run build && node dist/bench/run.js --suite append`)\n');
    expect(section).toContain('- Machine: 2 CPUs (AMD EPYC), 23.5 GiB RAM, Linux 6.18.44-fc-v857 (x64)\n');
    expect(section).toContain('- Node v20.20.2; Emmett (`@event-driven-io/emmett-postgresql`) 0.42.0; pg 8.23.1\n');
    expect(section).toContain('- Server settings: `synchronous_commit=on`, `fsync=on`, `shared_buffers=16384 (unit 8kB)`\n');
    expect(section).toContain('(they share the 2 CPUs), reached at `postgres://postgres@127.0.0.1:5432/postgres`;');
    expect(section).toContain('- 16 workers, each appending to its own table stream with its expected version; a pool of 16 connections per system');
    expect(section).toContain('with ~213 bytes of JSON data\n');
    expect(section).toContain('- 5 trial(s) per configuration, 5 s measured after 1 s of warm-up,');
    expect(section).toContain('- Load (`uptime`) before: `12:30:21 up  1:53,  0 user,  load average: 1.91, 2.71, 3.24`\n');
    expect(section).toContain('- Load (`uptime`) after: `12:36:26 up  1:59,  0 user,  load average: 4.55, 4.06, 3.75`');
    expect(section).not.toContain('Quick smoke run');
  });

  it('tables workload (a), one event per append: medians, every trial, appends/s, CPU, WAL syncs, round trips', () => {
    expect(tableUnder(section, '### (a) One event per append')).toEqual([
      '| System | Median events/s | Trials (events/s) | Appends/s | Node client CPU (cores) | Machine CPU busy | WAL syncs/s (cluster) | Round trips per append |',
      '| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |',
      '| casino-audit PostgresEventStore | **3,893** | 3,469, 3,443, 4,160, 3,893, 4,140 | 3,893 | 0.44 | 88 % | 930 | 1 (prepared `SELECT * FROM ca_append(…)`, autocommit) |',
      '| Emmett PostgreSQL event store | **3,246** | 3,035, 3,088, 3,288, 3,246, 3,629 | 3,246 | 0.57 | 86 % | 1,355 | 3 (`BEGIN`; unprepared `SELECT * FROM emt_append_to_stream(…)`; `COMMIT`) |',
      '| raw INSERT (ceiling) | **13,025** | 12,464, 12,796, 13,537, 13,025, 13,447 | 13,025 | 0.56 | 86 % | 3,617 | 1 (prepared single-row, or 10-row multi-row, `INSERT`, autocommit) |',
    ]);
  });

  it('tables workload (b), 10-event batches, with appends/s a tenth of the events/s', () => {
    expect(section).toContain(
      'Ours: one `append` of 10 events to one stream; Emmett: `appendToStream` with 10 events; raw: one 10-row multi-row `INSERT` (the ceiling for batches).',
    );
    expect(tableUnder(section, '### (b) 10-event batches per append').slice(2)).toEqual([
      '| casino-audit PostgresEventStore | **17,069** | 17,590, 17,069, 16,436, 16,548, 17,243 | 1,707 | 0.53 | 87 % | 552 | 1 (prepared `SELECT * FROM ca_append(…)`, autocommit) |',
      '| Emmett PostgreSQL event store | **16,779** | 16,240, 16,779, 18,076, 16,832, 15,459 | 1,678 | 0.66 | 84 % | 825 | 3 (`BEGIN`; unprepared `SELECT * FROM emt_append_to_stream(…)`; `COMMIT`) |',
      '| raw INSERT (ceiling) | **78,042** | 78,619, 76,372, 78,363, 78,042, 77,174 | 7,804 | 0.56 | 85 % | 2,165 | 1 (prepared single-row, or 10-row multi-row, `INSERT`, autocommit) |',
    ]);
  });

  it('compares the medians with the targets, and gives the other ratios for context', () => {
    expect(tableUnder(section, '### Ratios and targets')).toEqual([
      '| Target | Measured (medians) | Required | Result |',
      '| --- | ---: | ---: | --- |',
      '| Single events: ours / Emmett | 1.20× (3,893 / 3,246) | ≥ 2× | **FAIL** |',
      '| Single events: ours / raw ceiling | 30 % (3,893 / 13,025) | ≥ 75 % | **FAIL** |',
      '| 10-event batches / single events (ours, events/s) | 4.38× (17,069 / 3,893) | ≥ 5× | **FAIL** |', // 17,069 / 3,893 = 4.385
    ]);
    expect(section).toContain(
      '- 10-event batches: ours / Emmett 1.02×; ours / raw 10-row ceiling 22 %.\n- Batched / single in events/s: Emmett 5.17×; raw 5.99×.',
    );
  });

  it('passes a target the medians meet', () => {
    const fast = result();
    const single = fast.workloads[0];
    const passing = renderAppend({
      ...fast,
      workloads: [{ size: 1, trials: { ...single.trials, ours: trials(1, [7000, 7000, 7000], 0.5, 0.9, 900) } }, fast.workloads[1]],
    });
    expect(tableUnder(passing, '### Ratios and targets')[2]).toBe('| Single events: ours / Emmett | 2.16× (7,000 / 3,246) | ≥ 2× | **PASS** |');
  });

  it('tables the diagnostic probes, "n/a" where a figure was not measured', () => {
    expect(section).toContain('Short probes run after the trials above (3 trial(s) each, interleaved, same durations)');
    expect(tableUnder(section, '### Diagnostics')).toEqual([
      '| Probe | Median rate | Trials | Node client CPU (cores) | Machine CPU busy | WAL syncs/s (cluster) | What it shows |',
      '| --- | ---: | --- | ---: | ---: | ---: | --- |',
      '| prepared `SELECT 1`, 16 workers, no write | 36,354 round trips/s | 34,705, 36,354, 37,956 | 0.91 | 86 % | n/a | the round-trip ceiling |',
      '| raw single-row `INSERT`, 1 worker | 3,316 events/s | 3,121, 3,316, 3,346 | 0.27 | 38 % | 3,316 | one durable commit at a time |',
      '| ours, one event per append, 16 workers | 3,456 events/s | 3,456, 3,337, 3,682 | 0.40 | 90 % | 821 | workload (a) again |',
    ]);
  });

  it('generates no interpretation: it points to the note a person writes', () => {
    expect(section).not.toContain('What limits these figures');
    expect(section).not.toMatch(/target is met|Round trips are far|not the main limit|out of reach/);
    expect(section.trimEnd().endsWith('\nInterpretation: see docs/performance-notes.md')).toBe(true);
  });

  it('warns of a busy machine from `uptime` alone: a 1-minute load above half the CPUs when the run started (the load after it is its own)', () => {
    const warning = '> This run was made while other work was running on the machine';
    expect(section).toContain(warning);
    const idle = renderAppend(result({ uptimeBefore: 'load average: 0.20, 0.10, 0.05', uptimeAfter: 'load average: 0.90, 0.50, 0.20' }));
    expect(idle).not.toContain(warning);
    // the run's own 16 workers bring the load to about 4 on 2 CPUs: not other work
    expect(renderAppend(result({ uptimeBefore: 'load average: 0.20, 0.10, 0.05', uptimeAfter: 'load average: 4.10, 2.50, 1.20' }))).not.toContain(warning);
    expect(renderAppend(result({ uptimeBefore: 'load average: 1.10, 0.50, 0.20', uptimeAfter: 'load average: 4.10, 2.50, 1.20' }))).toContain(warning);
  });

  it('marks a quick run', () => {
    const quick = renderAppend(result({ settings: { ...result().settings, quick: true } }));
    expect(quick).toContain('> **Quick smoke run** (`--quick`): one short trial per configuration; not figures to cite.');
    expect(quick).toContain('`npm run build && node dist/bench/run.js --suite append --quick`');
  });

  it('renders the same again from the JSON the benchmark saves (figures not measured written null, read back as n/a)', () => {
    const json = appendResultJson(result());
    expect(JSON.parse(json).probes[0].trials[0].walSyncsPerSec).toBeNull();
    expect(renderAppend(parseAppendResult(json))).toBe(section);
  });

  it('refuses JSON that is not an append result', () => {
    expect(() => parseAppendResult('{"workloads": []}')).toThrow(/not an append benchmark result/);
  });
});
