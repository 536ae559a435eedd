/** Tests run against real PostgreSQL (see test/support/global-setup.js). */
const swcTypescript = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.test.ts'],
  // NestJS 12, jose and the ICU message packages ship ES modules: swc turns them into CommonJS for Jest on Node 20
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|jose|@formatjs|intl-messageformat|i18next-icu)/)'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcTypescript],
    '^.+/node_modules/(@nestjs|jose|@formatjs|intl-messageformat|i18next-icu)/.+\\.m?js$': [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  testTimeout: 60000,
};
