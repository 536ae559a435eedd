/**
 * `casino-audit`: the command line of the public contract (§4). Every command uses the same runtime
 * as the HTTP app: DATABASE_URL, or the embedded PostgreSQL under ./.casino-audit/.
 */
import 'reflect-metadata';
import { ConfigError, readConfig } from '../../../libs/platform/src/config';
import { createLogger, installProcessLogger } from '../../../libs/platform/src/logger';
import { createProgram } from './commands';
import { argvLanguage, cliSay, reasonIn } from './language';

// the language is known before anything is parsed: the configuration's refusal, --help and commander's refusals speak it
const lang = argvLanguage();

// the whole configuration is checked before any command runs: a bad value stops here, named (exit 2)
try {
  readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`casino-audit: ${cliSay(lang).t('config.unusable')}\n${error.problems.map((p) => `  ${p.variable} ${reasonIn(lang, p)}\n`).join('')}`);
  process.exit(2);
}
// one structured logger for every runtime and server this command starts (stderr; stdout is the results)
installProcessLogger(createLogger());

createProgram(lang)
  .parseAsync(process.argv)
  .catch((error) => {
    process.stderr.write(`casino-audit: ${error instanceof Error ? reasonIn(lang, error) : String(error)}\n`);
    process.exit(2);
  });
