/** Parameters of the routes, for tests that call every route: fixtures, and the declarations OpenAPI shows. */
import type { RouteRoles } from '../../apps/api/src/auth/route-roles';
import { SAMPLE_SESSION } from './sample';

/** A valid value for each parameter name (a new parameter needs one here). */
export const PARAMETER_FIXTURES: Record<string, string> = {
  sessionId: SAMPLE_SESSION,
  roundId: 'r-0001',
  gamingDay: '2026-11-21',
  casino: 'casino-donostia',
  casinoId: 'casino-donostia',
  table: 'RF-01',
  code: 'PAYOUT_MISMATCH',
  from: '2026-11-21T00:00:00Z', // an instant: accepted by /rounds and /access-log alike
  to: '2026-11-22T00:00:00Z',
  poolId: 'pool-1',
  points: '50',
  format: 'json',
  full: 'true',
  limit: '10',
  cursor: 'eyJsIjoicm91bmRzIn0',
  playerRef: 'ADM-2026.0042',
};

/** The routes with their declared parameters, as OpenAPI shows them. */
export function declaredParameters(spec: any, route: RouteRoles): Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: any }> {
  const operation = spec.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
  return (operation?.parameters ?? []).filter((p: any) => p.in === 'path' || p.in === 'query');
}

/**
 * A URL for a route with valid values for its path and required query parameters, then `query` on top;
 * `raw` path and query values are sent as they are (already percent-encoded, or not at all).
 */
export function urlFor(
  spec: any,
  route: RouteRoles,
  options: { path?: Record<string, string>; query?: Array<[string, string]>; rawQuery?: Array<[string, string]> } = {},
): string {
  const { path = {}, query = [], rawQuery = [] } = options;
  const url = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name) => (name in path ? path[name] : encodeURIComponent(fixture(name))));
  const given = new Set([...query, ...rawQuery].map(([n]) => n));
  const q = new URLSearchParams();
  for (const p of declaredParameters(spec, route)) if (p.in === 'query' && p.required && !given.has(p.name)) q.append(p.name, fixture(p.name));
  for (const [n, v] of query) q.append(n, v);
  const parts = [q.toString(), ...rawQuery.map(([n, v]) => `${n}=${v}`)].filter(Boolean);
  return `${url}${parts.length ? `?${parts.join('&')}` : ''}`;
}

export function fixture(name: string): string {
  if (!(name in PARAMETER_FIXTURES)) throw new Error(`no fixture for the parameter "${name}": add one to PARAMETER_FIXTURES`);
  return PARAMETER_FIXTURES[name];
}
