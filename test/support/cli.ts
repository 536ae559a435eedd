/** Run the built `casino-audit` command as a user would (npm test builds it first). */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const BIN = path.join(ROOT, 'bin/casino-audit.js');

export function assertBuilt() {
  if (!fs.existsSync(path.join(ROOT, 'dist/apps/cli/src/main.js'))) throw new Error('the CLI is not built: run `npm run build` (npm test does it)');
}

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The command line speaks Spanish unless told otherwise (issue 16): the tests read its English words, so
 * they ask for English (`--lang en`) unless they choose a language themselves (`--lang`, or `LANG` in `env`).
 */
export function inEnglish(args: string[], env: Record<string, string> = {}): string[] {
  return args.includes('--lang') || 'LANG' in env ? args : ['--lang', 'en', ...args];
}

export function cli(args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<CliResult> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...inEnglish(args, env)], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export function cliSync(args: string[], env: Record<string, string>): CliResult {
  assertBuilt();
  const r = spawnSync(process.execPath, [BIN, ...inEnglish(args, env)], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
