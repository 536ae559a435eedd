/**
 * What the access log records of a request: which reads are recorded and of what kind, and from which
 * address. Read by the guard (a refused credential's row) and by the recorder (every other row); its own file
 * so that the two do not import each other (issue 22 §3, no import circles).
 */
import type { Request } from 'express';

/** GET routes that are not reads of the record (not written to the access log). */
export const UNAUDITED_ROUTES = ['/api/v1/health', '/api/v1/health/live', '/api/v1/health/ready', '/metrics'];

/** The caller's address as the server sees it (Express's `req.ip`: the proxy's, unless `trust proxy` is set), IPv4 without its IPv6 mapping. */
export function clientAddress(req: Request): string {
  return (req.ip ?? req.socket?.remoteAddress ?? 'unknown').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

/** What kind of read a request is, for the access log; null when it is not recorded. */
export function auditKind(req: Request, route: string): string | null {
  if (req.method !== 'GET' || UNAUDITED_ROUTES.includes(route)) return null;
  if (/\/replay\b/.test(route)) return 'replay';
  if (/\/access-log\b/.test(route)) return 'access-log';
  const format = typeof req.query.format === 'string' ? req.query.format : 'json';
  return format === 'json' ? 'report' : 'export';
}
