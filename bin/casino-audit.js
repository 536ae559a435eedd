#!/usr/bin/env node
// The casino-audit command (compiled from apps/cli/src/main.ts by `npm run build`).
const path = require('node:path');
const fs = require('node:fs');
const main = path.join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js');
if (!fs.existsSync(main)) {
  console.error('casino-audit is not built yet: run `npm run build` first.');
  process.exit(2);
}
require(main);
