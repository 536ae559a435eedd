/**
 * The built command line as users run it (`bin/casino-audit.js`): the report commands have been registered
 * by commands.ts for a while, so the stand-in script this file once wrote (with the report commands added by
 * hand) is gone; `reportCli` keeps its name for the specs that call it.
 */
import { spawn } from 'node:child_process';
import { assertBuilt, BIN, CliResult, inEnglish, ROOT } from './cli';

export function reportCli(args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<CliResult> {
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
