/**
 * How the store's processes connect to PostgreSQL. One setting matters beyond the address and the pool's size:
 * no JIT compilation. Every statement of the store and its read models is short (a feed page, an append, a batch's
 * rows), but the planner prices some of them far above `jit_above_cost` when its statistics lag the table (a store
 * that grew since its last ANALYZE, or whose autovacuum is off): a feed page of 4,000 events then spent 181 ms of
 * its 222 ms compiling itself (inlining and optimisation above `jit_optimize_above_cost`), a page of 1,000 25 ms of
 * 63 (bench/results.md, "Load probes of 2026-11-30 night"). A connection string that sets its own `options` keeps
 * them.
 */
import type { PoolConfig } from 'pg';

export const NO_JIT = '-c jit=off';

export function storePoolConfig(connectionString: string, max: number): PoolConfig {
  return hasOptions(connectionString) ? { connectionString, max } : { connectionString, max, options: NO_JIT };
}

function hasOptions(connectionString: string): boolean {
  try {
    return new URL(connectionString).searchParams.has('options');
  } catch {
    // not a URL (a keyword/value string): leave its settings as they are
    return /(^|\s)options\s*=/.test(connectionString);
  }
}
