/**
 * Every HTTP request, once answered: one structured log line (pino-http) and one observation of
 * `casino_audit_http_request_duration_seconds` (issue 18 §2). Each request carries an id: the caller's
 * `X-Request-Id` when it is a plain token (a load balancer's), otherwise a new UUID; it is sent back in
 * `X-Request-Id`, bound to every line logged for the request, and given in a 500's body, so one
 * complaint can be matched with its log lines.
 *
 * The log shows the method, the URL, the route pattern, the status, the time taken and the credential's
 * id, never a header's value: credentials travel in headers.
 */
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../../../libs/platform/src';
import { httpRequestDuration } from '../../../libs/platform/src/metric-families';

const CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The route a request matched, as a pattern (a bounded set of label values), or what it was instead. */
export function routeOf(req: Request): string {
  if (req.route?.path) return `${req.baseUrl ?? ''}${req.route.path}`;
  return req.path.startsWith('/api/') || req.path === '/metrics' ? '(no route)' : '(pages)';
}

function answeredBy(req: Request & { principal?: { credentialId: string } }) {
  return { route: routeOf(req), ...(req.principal ? { credential: req.principal.credentialId } : {}) };
}

export interface RequestObserverOptions {
  /** one level for every request's line (the ops listener's probes and scrapes: debug; readiness changes are logged by the probes) */
  readonly level?: 'debug';
  /** observe the duration histogram (the API's port; not the ops listener's own requests) */
  readonly measure?: boolean;
}

export function observeRequests(logger: Logger, options: RequestObserverOptions = {}) {
  const logRequest = pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && CALLER_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    wrapSerializers: false,
    serializers: {
      req: (req: Request) => ({ id: req.id, method: req.method, url: req.originalUrl ?? req.url, remoteAddress: req.socket?.remoteAddress }),
      res: (res: Response) => ({ statusCode: res.statusCode }),
    },
    // known once answered: the route matched and the credential the guard accepted
    customSuccessObject: (req, _res, logged) => ({ ...logged, ...answeredBy(req as Request) }),
    // a 5xx is logged with its cause by the app's error filter; pino-http's own "failed with status code" error adds nothing
    customErrorObject: (req, _res, _error, logged) => {
      const { err: _synthetic, ...line } = logged as Record<string, unknown>;
      return { ...line, ...answeredBy(req as Request) };
    },
    customLogLevel: (_req, res, error) => options.level ?? (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${(req as Request).originalUrl ?? req.url} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${(req as Request).originalUrl ?? req.url} ${res.statusCode}`,
  });
  const measure = options.measure ?? true;
  return (req: Request, res: Response, next: NextFunction) => {
    if (measure) {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        httpRequestDuration.observe({ method: req.method, route: routeOf(req), status: String(res.statusCode) }, seconds);
      });
    }
    logRequest(req, res, next);
  };
}

/** The id of the request being answered (set by `observeRequests`). */
export const requestIdOf = (req: Request): string | undefined => (req.id === undefined ? undefined : String(req.id));
