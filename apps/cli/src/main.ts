/**
 * `casino-audit`: the command line of the public contract (§4). Every command uses the same runtime
 * as the HTTP app: DATABASE_URL, or the embedded PostgreSQL under ./.casino-audit/.
 */
import 'reflect-metadata';
import { Command, Option } from 'commander';
import { registerCommands } from './commands';

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
