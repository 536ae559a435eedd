/**
 * Where a worker thread's script is. Worker threads run compiled JavaScript: from the build, the script
 * sits next to the module that starts it; under Jest (TypeScript sources) it is the build's copy, so the
 * tests need `npm run build` first (as `npm test` does).
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** `callerFile`/`callerDir`: the starting module's `__filename` and `__dirname`; `name`: the script's base name */
export function workerScript(callerFile: string, callerDir: string, name: string): string {
  if (callerFile.endsWith('.js')) return join(callerDir, `${name}.js`);
  const built = join(ROOT, 'dist', relative(ROOT, callerDir), `${name}.js`);
  if (!existsSync(built)) throw new Error(`the ${name} thread runs compiled code: ${built} is missing (run npm run build)`);
  return built;
}
