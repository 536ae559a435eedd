/**
 * The embedded default starts anywhere (issue 18 §1): the built CLI run from a private (0700) directory,
 * with no DATABASE_URL, as a fresh machine's root would run the README's first command. Under root the
 * server runs as the system user "postgres", which cannot enter that directory: the cluster is kept in a
 * directory of its own (here under CASINO_AUDIT_CLUSTERS, so the test leaves /var/lib alone), remembered
 * in the home, and a second command finds the same cluster and the same data.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertBuilt, BIN, CliResult } from './support/cli';

function run(args: string[], cwd: string, env: Record<string, string>): Promise<CliResult> {
  assertBuilt();
  const clean = { ...process.env, ...env };
  delete clean.DATABASE_URL;
  delete clean.TEST_DATABASE_URL;
  delete clean.CASINO_AUDIT_HOME;
  return new Promise((resolve, reject) => {
    // in English, as the assertions are written (the command line speaks the shell's language, issue 16;
    // LANG=en itself would be no locale for the embedded cluster's initdb)
    const child = spawn(process.execPath, [BIN, '--lang', 'en', ...args], { cwd, env: clean });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the embedded default, run from a private directory', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('records a simulated day, and a second command reads it from the same cluster', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-private-'));
    fs.chmodSync(cwd, 0o700);
    const clusters = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-clusters-'));
    fs.chmodSync(clusters, 0o755);
    dirs.push(cwd, clusters);
    const env = { CASINO_AUDIT_CLUSTERS: clusters };

    const simulated = await run(['simulate', '--tables', '2', '--rounds', '5', '--seed', '7'], cwd, env);
    expect({ code: simulated.code, stderr: simulated.stderr.includes('Permission denied') }).toEqual({ code: 0, stderr: false });
    expect(simulated.stdout).toMatch(/2 table sessions, 10 rounds/);
    const home = path.join(cwd, '.casino-audit');
    // the simulation's manifest stays in the home, wherever the cluster is
    expect(fs.readdirSync(path.join(home, 'simulations'))).toEqual(['casino-sim-2026-11-21-seed7.json']);

    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      const kept = fs.readFileSync(path.join(home, 'pg.location'), 'utf8').trim();
      expect(kept.startsWith(clusters)).toBe(true);
      expect(fs.existsSync(path.join(kept, 'PG_VERSION'))).toBe(true);
      expect(simulated.stderr + simulated.stdout).toMatch(/cannot enter .*: its data is kept in/);
    } else {
      // not root: the server runs as this user, which can enter its own directory
      expect(fs.existsSync(path.join(home, 'pg', 'PG_VERSION'))).toBe(true);
    }

    const report = await run(['report', 'inspector', '--gaming-day', '2026-11-21', '--json'], cwd, env);
    expect(report.code).toBe(0);
    expect(JSON.parse(report.stdout).rounds.played).toBe(10);
  }, 300_000);
});
