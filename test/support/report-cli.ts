/**
 * The built command line with the report commands registered as the lead will register them
 * (`registerReportCommands(report, program)` in commands.ts), so the tests run what users will run
 * even before that line is added. Once it is, this is the same as `bin/casino-audit.js`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { assertBuilt, CliResult, inEnglish, ROOT } from './cli';

const SCRIPT = `
const path = require('node:path');
const root = ${JSON.stringify(ROOT)};
const need = (m) => require(require.resolve(m, { paths: [root] }));
need('reflect-metadata');
const { Command, Option } = need('commander');
const { registerCommands } = require(path.join(root, 'dist/apps/cli/src/commands'));
const { registerReportCommands } = require(path.join(root, 'dist/apps/cli/src/report-commands'));
const program = new Command();
program.name('casino-audit').showHelpAfterError()
  .addOption(new Option('--data-dir <dir>', 'embedded PostgreSQL data').env('CASINO_AUDIT_HOME'));
registerCommands(program);
const report = program.commands.find((c) => c.name() === 'report');
if (!report.commands.some((c) => c.name() === 'reconciliation')) registerReportCommands(report, program);
program.parseAsync(process.argv).catch((e) => { process.stderr.write('casino-audit: ' + e.message + '\\n'); process.exit(2); });
`;

let file: string | undefined;

/** The script's path (written once per test process). */
export function reportCliScript(): string {
  if (!file) {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casino-audit-cli-')), 'casino-audit-reports.js');
    fs.writeFileSync(file, SCRIPT);
  }
  return file;
}

export function reportCli(args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<CliResult> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [reportCliScript(), ...inEnglish(args, env)], { cwd: ROOT, env: { ...process.env, ...env } });
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
