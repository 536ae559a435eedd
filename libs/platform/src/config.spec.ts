import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { refusalInLanguage } from '../../i18n/src/reasons';
import { CONFIG_SCHEMA, ConfigError, readConfig, setting } from './config';

/** The variables named in the first column of the README's configuration table. */
function readmeVariables(): string[] {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration\n');
  expect(start).toBeGreaterThan(-1);
  const section = readme.slice(start + 1).split(/\n## /)[0];
  const names: string[] = [];
  for (const row of section.split('\n').filter((l) => l.startsWith('|'))) {
    const first = row.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.push(m[1]);
  }
  return names;
}

function refusal(env: NodeJS.ProcessEnv): ConfigError {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration (one schema)', () => {
  it("the README's configuration table lists exactly the variables of the schema", () => {
    const listed = readmeVariables();
    expect([...listed].sort()).toEqual(Object.keys(CONFIG_SCHEMA).sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('is the only reader of the environment in apps/ and libs/, so the README lists every variable read (issue 22 §3)', () => {
    // a part may hand the environment whole to a reader (`env = process.env`), which reads it through setting();
    // it may not pick a variable out of it. LANG is the shell's locale the command line speaks, not a setting.
    const root = path.resolve(__dirname, '../../..');
    const allowed = new Set(['apps/cli/src/language.ts process.env.LANG']);
    const picked: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules') walk(file);
        } else if (/\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) && file !== 'libs/platform/src/config.ts') {
          const text = fs.readFileSync(path.join(root, file), 'utf8');
          for (const m of text.matchAll(/(?:process\.env|import\.meta\.env|\benv)\s*(?:\.\s*[A-Z][A-Z0-9_]*|\[[^\]]*\])/g)) {
            const read = `${file} ${m[0].replace(/\s+/g, '')}`;
            if (!allowed.has(read)) picked.push(read);
          }
        }
      }
    };
    walk('apps');
    walk('libs');
    expect(picked).toEqual([]);
  });

  it('gives the defaults when nothing is set', () => {
    const c = readConfig({});
    expect(c).toMatchObject({
      DATABASE_URL: undefined,
      CASINO_AUDIT_HOME: '.casino-audit',
      EVENT_STORE: 'postgres',
      PORT: 3000,
      CASINO_AUDIT_BOOTSTRAP: true,
      CASINO_AUDIT_OPS_PORT: undefined,
      CASINO_AUDIT_LOG_LEVEL: undefined,
      CA_PROJECTOR_BATCH_SIZE: 4000,
      CA_PROJECTOR_CONCURRENCY: 7,
      CA_READ_AHEAD: 3,
      CASINO_AUDIT_HEAP_PROBE: false,
    });
    // an empty value is unset
    expect(readConfig({ PORT: '', CASINO_AUDIT_LOG_LEVEL: ' ' }).PORT).toBe(3000);
  });

  it('reads values into their types', () => {
    const c = readConfig({
      PORT: '8080',
      CASINO_AUDIT_BOOTSTRAP: 'off',
      EVENT_STORE: 'KurrentDB',
      EVENTSTORE_CONNECTION_STRING: 'esdb://es1:2113?tls=false',
      CASINO_AUDIT_READY_MAX_LAG_SECONDS: '2.5',
      CASINO_AUDIT_LOG_FORMAT: 'PRETTY',
    });
    expect(c).toMatchObject({
      PORT: 8080,
      CASINO_AUDIT_BOOTSTRAP: false,
      EVENT_STORE: 'eventstoredb',
      CASINO_AUDIT_READY_MAX_LAG_SECONDS: 2.5,
      CASINO_AUDIT_LOG_FORMAT: 'pretty',
    });
  });

  it('refuses a bad value naming the variable and the reason, every bad variable at once', () => {
    const error = refusal({
      PORT: '80a',
      CA_JUDGE_WORKERS: '-1',
      CASINO_AUDIT_BOOTSTRAP: 'maybe',
      CASINO_AUDIT_LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://u:secret@h/db',
    });
    // the English reason each problem keeps beside its key (the key words it in the reader's language)
    expect(error.problems.map(({ variable, reason }) => ({ variable, reason }))).toEqual([
      { variable: 'DATABASE_URL', reason: 'must start with postgres:// or postgresql://, not mysql://' },
      { variable: 'PORT', reason: 'must be a whole number from 0 to 65535, not "80a"' },
      { variable: 'CASINO_AUDIT_BOOTSTRAP', reason: 'must be "on" or "off", not "maybe"' },
      { variable: 'CASINO_AUDIT_LOG_LEVEL', reason: 'must be one of "fatal", "error", "warn", "info", "debug", "trace", "silent", not "loud"' },
      { variable: 'CA_JUDGE_WORKERS', reason: 'must be a whole number ≥ 0, not "-1"' },
    ]);
    // a URL's password is never repeated
    expect(error.message).not.toContain('secret');
  });

  it('words each reason in the reader\'s language from its key (issue 16), lists joined by that language\'s "or"', () => {
    const problems = refusal({ PORT: '80a', CA_JUDGE_WORKERS: '-1', DATABASE_URL: 'mysql://u:secret@h/db', CASINO_AUDIT_TIME_ZONE: 'Mars/Olympus' }).problems;
    const worded = (lang: 'es' | 'eu' | 'en') => Object.fromEntries(problems.map((p) => [p.variable, refusalInLanguage(p, lang).reason]));
    expect(worded('es')).toEqual({
      DATABASE_URL: 'debe empezar por postgres:// o postgresql://, no por mysql://',
      PORT: 'debe ser un número entero de 0 a 65535, no "80a"',
      CA_JUDGE_WORKERS: 'debe ser un número entero ≥ 0, no "-1"',
      CASINO_AUDIT_TIME_ZONE: 'debe ser una zona horaria IANA como Europe/Madrid, no "Mars/Olympus"',
    });
    expect(worded('eu').DATABASE_URL).toBe('postgres:// edo postgresql:// hasiera izan behar du, ez mysql://');
    expect(worded('en')).toEqual(Object.fromEntries(problems.map((p) => [p.variable, p.reason])));
    expect(worded('en').CASINO_AUDIT_TIME_ZONE).toBe('must be an IANA time zone such as Europe/Madrid, not "Mars/Olympus"');
  });

  it('refuses what only two variables together make wrong', () => {
    expect(refusal({ EVENT_STORE: 'eventstoredb' }).problems).toEqual([
      {
        variable: 'EVENTSTORE_CONNECTION_STRING',
        reason: expect.stringContaining('must be set when EVENT_STORE=eventstoredb'),
        reasonKey: 'config.esdbRequired',
        reasonValues: expect.any(Object),
      },
    ]);
  });

  it('reads one variable on its own, with the same checks', () => {
    expect(setting('CA_READ_AHEAD', { CA_READ_AHEAD: '5' })).toBe(5);
    expect(() => setting('CA_READ_AHEAD', { CA_READ_AHEAD: '0' })).toThrow('CA_READ_AHEAD must be a whole number ≥ 1, not "0"');
  });

  it('takes a regulation texts folder only if it holds the five texts, so no request can later fail for want of one', () => {
    const texts = path.resolve(__dirname, '../../../../shared/regulations/texts');
    expect(setting('CASINO_AUDIT_REGULATIONS', { CASINO_AUDIT_REGULATIONS: texts })).toBe(texts);
    expect(() => setting('CASINO_AUDIT_REGULATIONS', { CASINO_AUDIT_REGULATIONS: path.join(texts, 'nowhere') })).toThrow(
      /CASINO_AUDIT_REGULATIONS.*is not a folder/,
    );
    const partial = fs.mkdtempSync(path.join(os.tmpdir(), 'texts-'));
    fs.copyFileSync(
      path.join(
        texts,
        fs.readdirSync(texts).find((f) => f.startsWith('000_'))!,
      ),
      path.join(
        partial,
        fs.readdirSync(texts).find((f) => f.startsWith('000_'))!,
      ),
    );
    expect(() => setting('CASINO_AUDIT_REGULATIONS', { CASINO_AUDIT_REGULATIONS: partial })).toThrow(/lacks 001_.*\(cantabria\)/);
  });
});
