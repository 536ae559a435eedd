/**
 * `casino-audit`: the command line of the public contract (§4). Every command uses the same runtime
 * as the HTTP app: DATABASE_URL, or the embedded PostgreSQL under ./.casino-audit/.
 */
import 'reflect-metadata';
import { Command, Option } from 'commander';
import { ConfigError, readConfig } from '../../../libs/platform/src/config';
import { createLogger, installProcessLogger } from '../../../libs/platform/src/logger';
import { registerCommands } from './commands';

// the whole configuration is checked before any command runs: a bad value stops here, named (exit 2)
try {
  readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`casino-audit: the configuration cannot be used:\n${error.problems.map((p) => `  ${p.variable} ${p.reason}\n`).join('')}`);
  process.exit(2);
}
// one structured logger for every runtime and server this command starts (stderr; stdout is the results)
installProcessLogger(createLogger());

const program = new Command();
program
  .name('casino-audit')
  .description('Event-sourced audit and reconciliation for casino table games')
  .showHelpAfterError()
  .addOption(new Option('--data-dir <dir>', 'where the embedded PostgreSQL keeps its data (without DATABASE_URL)').env('CASINO_AUDIT_HOME'));

registerCommands(program);

program.parseAsync(process.argv).catch((error) => {
  process.stderr.write(`casino-audit: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
