/**
 * How the store's processes connect to PostgreSQL. Two settings matter beyond the address and the pool's size.
 *
 * Named statements planned for their parameters every time (`plan_cache_mode = force_custom_plan`). The store's
 * look-ups that a process names (the stream heads `ca_heads`, replay's round facts and context, the jackpot facts) are
 * parsed once per connection, and PostgreSQL would otherwise switch each to a generic plan after five calls, kept
 * for the connection's life. Made while the store held under a few hundred events (a fresh deployment's first
 * requests), the heads' generic plan is a sequential scan and sort of ca_event_rows for every stream asked; the
 * connection then scans the whole store at every request as it grows (bench/results.md, load probes of 2026-12-01:
 * the same happened to a named duplicate look-up under load, PostgreSQL 0.95 core instead of 0.58). A plan for the
 * call's own values and the table's current size costs a fraction of a millisecond. `ca_append` keeps its own generic
 * plan (its settings: store migrations 6 and 9).
 *
 * No JIT compilation. Every statement of the store and its read models is short (a feed page, an append, a batch's
 * rows), but the planner prices some of them far above `jit_above_cost` when its statistics lag the table (a store
 * that grew since its last ANALYZE, or whose autovacuum is off): a feed page of 4,000 events then spent 181 ms of
 * its 222 ms compiling itself (inlining and optimisation above `jit_optimize_above_cost`), a page of 1,000 25 ms of
 * 63 (bench/results.md, "Load probes of 2026-11-30 night").
 *
 * A connection string that sets its own `options` keeps them, and should set both of these too.
 */
import type { PoolConfig } from 'pg';

export const NO_JIT = '-c jit=off';
export const STORE_SESSION_OPTIONS = `${NO_JIT} -c plan_cache_mode=force_custom_plan`;

export function storePoolConfig(connectionString: string, max: number): PoolConfig {
  return hasOptions(connectionString) ? { connectionString, max } : { connectionString, max, options: STORE_SESSION_OPTIONS };
}

function hasOptions(connectionString: string): boolean {
  try {
    return new URL(connectionString).searchParams.has('options');
  } catch {
    // not a URL (a keyword/value string): leave its settings as they are
    return /(^|\s)options\s*=/.test(connectionString);
  }
}
