/**
 * The headers every answer carries (issue 20 §5), set with helmet before anything else runs, so that
 * refusals (400, 401, 403, 404, 413) carry them too:
 *
 * - helmet's defaults: no `X-Powered-By`; `Referrer-Policy: no-referrer`; `X-Content-Type-Options:
 *   nosniff`; `X-Frame-Options: SAMEORIGIN`; `Cross-Origin-Opener-Policy` and `-Resource-Policy:
 *   same-origin`; `Origin-Agent-Cluster`; `X-DNS-Prefetch-Control: off`; `X-Download-Options: noopen`;
 *   `X-Permitted-Cross-Domain-Policies: none`; `X-XSS-Protection: 0`.
 * - `Content-Security-Policy`: the pages' own (they load nothing from anywhere else); the API's
 *   answers are data, never a document: `default-src 'none'; frame-ancestors 'none'`. The OpenAPI
 *   page (/api/docs, Swagger UI) keeps none, as before.
 * - `Cache-Control: no-store` on everything under /api/: money figures, reports and replays are never
 *   kept by a browser or a proxy.
 * - `Strict-Transport-Security` only when the deployment says it is reached over HTTPS
 *   (`CASINO_AUDIT_BEHIND_TLS=on`): sent over plain HTTP it would be meaningless, and sent by mistake
 *   it would lock browsers out of a host that has no TLS.
 */
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

export const PAGES_CSP = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
};
const API_CSP = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/** one year, as browsers' preload lists ask */
export const HSTS_MAX_AGE = 31_536_000;

export interface SecurityHeaderOptions {
  /** the deployment is reached over HTTPS: send Strict-Transport-Security */
  readonly behindTls: boolean;
}

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

export function securityHeaders(options: SecurityHeaderOptions): Middleware {
  const base = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: options.behindTls ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
  });
  const csp = (directives: Record<string, string[]>) => helmet.contentSecurityPolicy({ useDefaults: false, directives });
  const pages = csp(PAGES_CSP);
  const api = csp(API_CSP);
  return (req, res, next) =>
    base(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!req.path.startsWith('/api/')) return pages(req, res, next);
      res.setHeader('Cache-Control', 'no-store');
      if (req.path.startsWith('/api/docs')) return next();
      return api(req, res, next);
    });
}
