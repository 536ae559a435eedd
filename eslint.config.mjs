// Lint (issue 22 §6): a few type-aware rules that catch real faults, chosen one by one rather than a whole preset.
// typescript-eslint's recommended-type-checked preset reported ~3,000 no-unsafe-* findings (and ~350 others) that nearly all
// follow from `any` at the JSON boundaries; forbidding new explicit `any` stops that debt growing, and the no-unsafe-* rules can be
// switched on once the typed-events work gives event data a type.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // build output, local stores, and files a script writes (bench/blackjack-samples.ts)
    ignores: [
      'dist/**',
      'node_modules/**',
      'apps/web/node_modules/**',
      '.casino-audit/**',
      'coverage/**',
      'test-artifacts/**',
      '.scratch/**',
      'libs/rules/src/games/blackjack/main-bet-samples.ts',
      'libs/rules/src/games/triple-blackjack/main-bet-samples.ts',
    ],
  },
  {
    linterOptions: {
      // a disable comment that no longer silences anything is an out-of-date reason: remove it
      reportUnusedDisableDirectives: 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // each file is typed by the tsconfig that compiles it: tsconfig.json (server, tests, bench) or apps/web/tsconfig.json (pages);
        // the pages' own jest specs are in neither (tsconfig.json leaves apps/web out, apps/web's leaves its specs out): default project
        projectService: { allowDefaultProject: ['apps/web/vite.config.mts', 'apps/web/src/*.spec.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // a promise nobody awaits loses its rejection: await it, or `void` it with a reason when fire-and-forget is meant
      '@typescript-eslint/no-floating-promises': 'error',
      // an async callback where a void one is expected (event handlers, process.once) loses its rejection the same way
      '@typescript-eslint/no-misused-promises': 'error',
      // `_` marks a parameter a signature requires, or a property left out of a rest copy, as deliberately unused
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `any` switches type checking off; where it is still needed, an override below or a line comment says why
      '@typescript-eslint/no-explicit-any': 'error',
      // `import`, not `require`: a require the code means (an optional or untyped package) says so on its line
      '@typescript-eslint/no-require-imports': 'error',
    },
  },
  {
    // the honest-days bench casts the simulated envelopes' data to `Record<string, any>` where it builds feed events (event data is typed everywhere else)
    files: ['bench/honest-days.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // rows and JSON read back from PostgreSQL and from backup files: their shape is the schema's, checked where it is read
    files: [
      'libs/access/src/access-service.ts',
      'libs/backup/src/backup.ts',
      'libs/backup/src/backup-file.ts',
      'libs/backup/src/restore.ts',
      'libs/event-store/src/seal.ts',
      'libs/projections/src/report-queries.ts',
      'libs/event-store/src/postgres/postgres-event-store.ts',
      'libs/projections/src/performance/performance.projection.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the replay page draws each game's own state as the API sends it (one shape per game, not typed on the page)
    files: ['apps/web/src/drawing.ts', 'apps/web/src/components/TableDrawing.tsx', 'apps/web/src/pages/ReplayPage.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // end-to-end and fuzz tests read the API's JSON answers and the OpenAPI document loosely: the assertions state the shape;
    // the fuzz builders make malformed events on purpose
    files: ['test/**/*.e2e.spec.ts', 'test/fuzz/**/*.ts', 'test/support/parameters.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the session specs' step lists: each step's argument has its own shape, read by the step's own case
    files: ['libs/rules/src/core/session-compliance.spec.ts', 'libs/rules/src/core/compliance-second-reading.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the CommonJS launchers and configs (bin/, jest, test setup, scripts) are not compiled by tsc: only unused values are checked
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }] },
  },
);
