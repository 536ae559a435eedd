/**
 * The image and the compose file (issue 18 §3), checked here where no container engine runs: the
 * Dockerfile's stages, user, entry point, command and health check must name things that exist (the
 * `casino-audit` bin, a command with those options, the ops listener's port and a route it serves),
 * its settings and the compose app's must pass the configuration schema, and the compose file must
 * build the image instead of installing at start, with every service it depends on declared.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProbesController } from '../apps/api/src/health/probes';
import { createProgram } from '../apps/cli/src/commands';
import { CONFIG_SCHEMA, readConfig } from '../libs/platform/src/config';

// js-yaml comes with @nestjs/swagger (a dependency of the server): the compose file parsed as YAML, not grepped
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml: { load(text: string): unknown } = require('js-yaml');

/** What these tests read of a compose service (the file's own shape, unchecked: a wrong guess fails an assertion). */
interface ComposeService {
  build?: string;
  command?: unknown;
  volumes?: unknown[];
  ports?: string[];
  environment: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
}

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Instruction {
  readonly op: string;
  readonly args: string;
}

/** The Dockerfile's instructions per stage (continuation lines joined, comments dropped). */
function dockerfileStages(text: string): Array<{ from: string; name?: string; steps: Instruction[] }> {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .filter((l) => l && !l.startsWith('#'));
  const stages: Array<{ from: string; name?: string; steps: Instruction[] }> = [];
  for (const line of lines) {
    const [, op, args] = /^(\w+)\s+(.*)$/.exec(line)!;
    if (op.toUpperCase() === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
      stages.push({ from: m[1], name: m[2], steps: [] });
    } else if (stages.length) stages[stages.length - 1].steps.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

const execForm = (args: string): string[] => JSON.parse(args);

describe('the image (Dockerfile)', () => {
  const stages = dockerfileStages(read('Dockerfile'));
  const runtime = stages[stages.length - 1];
  const steps = (op: string) => runtime.steps.filter((s) => s.op === op);
  const env: Record<string, string> = {};
  for (const s of steps('ENV')) for (const m of s.args.matchAll(/(\w+)=(\S+)/g)) env[m[1]] = m[2];

  it('builds in one stage and runs from another holding the compiled code and the production dependencies only', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    const build = stages[0].steps.map((s) => `${s.op} ${s.args}`).join('\n');
    expect(build).toMatch(/RUN npm ci\b/);
    expect(build).toMatch(/npm run build && npm prune --omit=dev/);
    const copied = steps('COPY').map((s) => s.args);
    expect(copied).toEqual([
      '--from=build /app/package.json ./package.json',
      '--from=build /app/node_modules ./node_modules',
      '--from=build /app/dist ./dist',
      'bin ./bin',
    ]);
    const ignored = read('.dockerignore').split('\n');
    for (const local of ['node_modules', 'dist', '.casino-audit', '.env', '.git']) expect(ignored).toContain(local);
  });

  it('runs as an unprivileged user', () => {
    const users = steps('USER').map((s) => s.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('has casino-audit as its entry point, linked to the package bin, and a default command the CLI knows', () => {
    expect(execForm(steps('ENTRYPOINT')[0].args)).toEqual(['casino-audit']);
    expect(
      steps('RUN')
        .map((s) => s.args)
        .join(' '),
    ).toContain('ln -s /app/bin/casino-audit.js /usr/local/bin/casino-audit');
    expect(JSON.parse(read('package.json')).bin['casino-audit']).toBe('bin/casino-audit.js');
    expect(fs.existsSync(path.join(ROOT, 'bin/casino-audit.js'))).toBe(true);

    const [command, ...args] = execForm(steps('CMD')[0].args);
    const program = createProgram('en');
    const serve = program.commands.find((c) => c.name() === command);
    expect(serve).toBeDefined();
    const options = serve!.options.map((o) => o.long);
    for (const flag of args.filter((a) => a.startsWith('--'))) expect(options).toContain(flag);
  });

  it('checks its health on the ops listener it configures, at a route that listener serves', () => {
    const check = steps('HEALTHCHECK')[0].args;
    const url = /fetch\('(http:\/\/127\.0\.0\.1:(\d+)(\/[^']*))'\)/.exec(check);
    expect(url).not.toBeNull();
    expect(url![2]).toBe(env.CASINO_AUDIT_OPS_PORT);
    const routes = Object.getOwnPropertyNames(ProbesController.prototype)
      .map((name) => Reflect.getMetadata('path', (ProbesController.prototype as unknown as Record<string, object>)[name]))
      .filter(Boolean)
      .map((p: string) => `/${p.replace(/^\//, '')}`);
    expect(routes).toContain(url![3]);
    expect(url![3]).toBe('/api/v1/health/live'); // liveness: an outage of the database does not get the container killed
    const exposed = steps('EXPOSE').flatMap((s) => s.args.split(/\s+/));
    expect(exposed).toEqual(expect.arrayContaining(['3000', env.CASINO_AUDIT_OPS_PORT]));
  });

  it("sets only variables of the configuration schema, with values it accepts, and Node's own", () => {
    // Node's own: production mode, and the young generation the server is measured with (docs/deployment.md), nothing more
    expect(env.NODE_OPTIONS).toBe('--max-semi-space-size=64');
    const ours = Object.keys(env).filter((k) => k !== 'NODE_ENV' && k !== 'NODE_OPTIONS');
    for (const name of ours) expect(Object.keys(CONFIG_SCHEMA)).toContain(name);
    expect(() => readConfig(env)).not.toThrow();
    expect(readConfig(env)).toMatchObject({ CASINO_AUDIT_OPS_PORT: 9464, CASINO_AUDIT_OPS_HOST: '0.0.0.0', CASINO_AUDIT_LOG_FORMAT: 'json' });
  });
});

describe('docker-compose.yml', () => {
  const compose = yaml.load(read('docker-compose.yml')) as { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };
  const services = compose.services;

  it('keeps its services and builds the app from the Dockerfile instead of installing at start', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'es1', 'es2', 'es3', 'app']));
    const app = services.app;
    expect(app.build).toBe('.');
    expect(app.command).toBeUndefined();
    expect(app.volumes).toBeUndefined();
    expect(JSON.stringify(app)).not.toMatch(/npm (install|ci)/);
    expect(app.ports).toEqual(expect.arrayContaining(['3000:3000', '127.0.0.1:9464:9464']));
  });

  it('configures the app with variables of the schema, with values it accepts (EventStoreDB as the store of record)', () => {
    const env: Record<string, string> = services.app.environment;
    for (const name of Object.keys(env)) expect(Object.keys(CONFIG_SCHEMA)).toContain(name);
    expect(readConfig(env)).toMatchObject({ EVENT_STORE: 'eventstoredb', DATABASE_URL: expect.stringMatching(/^postgres:\/\/.*@postgres:5432\//) });
  });

  it('depends only on services it declares, waits for them healthy, and declares its volumes', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, condition] of Object.entries(service.depends_on ?? {})) {
        expect({ name, dependency, known: dependency in services }).toEqual({ name, dependency, known: true });
        expect(condition.condition).toBe('service_healthy');
        expect(services[dependency].healthcheck).toBeDefined();
      }
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(':')[0];
        if (!source.startsWith('.') && !source.startsWith('/')) expect(Object.keys(compose.volumes ?? {})).toContain(source);
      }
    }
  });
});
