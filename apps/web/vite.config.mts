// The pages' build: plain Vite (its own JSX transform, React's automatic runtime), output beside the
// server's build so the Nest app serves it. Nothing is loaded from the internet at run time.
import { defineConfig } from 'vite';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  build: { outDir: resolve(here, '../../dist/web'), emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1000 },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
});
