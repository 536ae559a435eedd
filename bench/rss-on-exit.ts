/**
 * Preloaded (`node -r dist/bench/rss-on-exit.js …`) into a command the archive suite runs as a user would: at
 * exit it writes the process's own peak resident set (`maxRSS`, KiB) to stderr, where the suite reads it.
 */
process.on('exit', () => process.stderr.write(`\nbench-max-rss ${process.resourceUsage().maxRSS}\n`));
