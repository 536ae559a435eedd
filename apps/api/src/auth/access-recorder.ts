/**
 * The access log's record of each request, written once its answer is known (issue 20 §1, §2): the
 * status it got and, when refused, why — whoever refused it (the guard, a route's own check such as a
 * cursor of another list or an unknown round, the code search's 503, the body parser, the router).
 *
 * The middleware holds the end of each answer under /api (and /metrics) until its record is written,
 * as express-session holds the end until the session is saved: a caller who has its answer (or, for
 * a streamed export, the whole of it) can read its record. A body written in pieces goes out chunked,
 * not with its length, so that its last piece is not its end. Exactly once per request: at the answer's end, or when the connection closes first.
 * Recording never fails the request: a record that cannot be written (the database down, 5 s without
 * an answer) is logged in full with the request id, counted in
 * `casino_audit_access_log_write_failures_total`, and the answer ends anyway.
 *
 * - a request the guard accepted the credential of: one row with its principal, parameters and query
 *   as sent (storable.ts), its status and reason;
 * - a presented credential the guard refused: recorded by the guard itself, aggregated and throttled
 *   (libs/access/src/refusals.ts), not again here;
 * - a request that named nobody (no credential, a path no route serves, a body refused before the
 *   route ran): kind `anonymous`, one row per minute, address and reason with the count of attempts.
 */
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { Counter } from 'prom-client';
import { catchError, Observable, throwError } from 'rxjs';
import type { AccessService, Principal } from '../../../../libs/access/src';
import type { Logger } from '../../../../libs/platform/src';
import { metricsRegistry } from '../../../../libs/platform/src/metrics';
import { requestIdOf } from '../observability';
import { httpRefusal } from '../refusals';
import { auditKind, clientAddress, UNAUDITED_ROUTES } from './audited-request';

export const accessLogWriteFailures = new Counter({
  name: 'casino_audit_access_log_write_failures_total',
  help: 'Requests answered whose access-log record could not be written (each is logged in full instead)',
  registers: [metricsRegistry],
});

/** Give up waiting for a record after this long: the answer ends, the record is still tried and logged if it fails. */
const RECORD_WAIT_MS = 5_000;
/** Refusal reasons longer than this are cut (a 100,000-event body can be refused 100,000 times). */
const MAX_REASON = 2_000;

const RECORDED = Symbol('casino-audit: access recorded');

/** This request's access is recorded elsewhere (a refused credential: the guard's aggregated, throttled row). */
export function markRecorded(req: Request): void {
  (req as Request & { [RECORDED]?: boolean })[RECORDED] = true;
}

const recordedElsewhere = (req: Request) => (req as Request & { [RECORDED]?: boolean })[RECORDED] === true;

const REFUSAL = Symbol('casino-audit: the refusal answered');

/**
 * Keep a refusal as it was raised, for the record: the answer may word its reason in the caller's
 * language (issue 16), the access log keeps the English `reason` the exception carries.
 */
export function keepRefusal(res: Response, error: unknown): void {
  const refusal = httpRefusal(error);
  if (refusal) (res as Response & { [REFUSAL]?: unknown })[REFUSAL] = refusal.getResponse();
}

/** The routes' own refusals, kept for the record (the guard keeps its own: access.guard.ts). */
@Injectable()
export class KeepRefusals implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        keepRefusal(res, error);
        return throwError(() => error);
      }),
    );
  }
}

/** The refusal a route or the guard raised, else the JSON body answered (the body parser's, the router's). */
const refusalOf = (res: Response, chunk: unknown) => (res as Response & { [REFUSAL]?: unknown })[REFUSAL] ?? bodyOf(res, chunk);

/** Requests recorded: the API and the metrics, not the OpenAPI page nor the pages' files. */
const recorded = (path: string) => (path.startsWith('/api/') && !/^\/api\/docs(-json)?(\/|$)/.test(path)) || path === '/metrics';

/** Why an answer refused, from its JSON body (the shape every refusal of the app has), prefixed with its status. */
export function refusalReason(status: number, body: unknown): string {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const named = (r: Record<string, unknown>) =>
    [r.in ? `${String(r.in)} parameter` : '', r.field, r.reason]
      .filter((x) => x !== undefined && x !== '')
      .map(String)
      .join(' ');
  let text: string;
  if (Array.isArray(b.refusals) && b.refusals.length) {
    const shown = b.refusals.slice(0, 5).map((r) => named(r && typeof r === 'object' ? r : { reason: r }));
    text = shown.join('; ') + (b.refusals.length > 5 ? `; and ${b.refusals.length - 5} more` : '');
  } else if (typeof b.reason === 'string') text = named(b);
  else if (typeof b.message === 'string' || Array.isArray(b.message)) text = [b.message].flat().map(String).join('; ');
  else text = STATUS_CODES[status] ?? '';
  const reason = `${status} ${text}`.trim();
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason;
}

/** A short reason that is the same for every such request, so that a flood of them aggregates. */
function anonymousReason(status: number, routed: boolean): string {
  if (status === 401) return 'no credential';
  if (status === 404 && !routed) return 'no such route';
  if (status === 413) return 'request body too large';
  if (status === 400) return 'refused before its route (a body that is not valid JSON or UTF-8)';
  return `${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

function bodyOf(res: Response, chunk: unknown): unknown {
  if (res.statusCode < 400 || !/json/.test(String(res.getHeader('content-type') ?? ''))) return undefined;
  const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : undefined;
  if (text === undefined || text.length > 1_000_000) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function recordAccess(access: AccessService, logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!recorded(req.path)) return next();
    let written: Promise<void> | undefined;
    const record = (body: unknown, closedEarly: boolean): Promise<void> => {
      written ??= write(access, req, res, body, closedEarly).catch((error) => {
        accessLogWriteFailures.inc();
        // the record, in full, where the operator will find it
        (req.log ?? logger).error({ err: error, access: describe(req, res, body) }, 'access-log record not written');
      });
      return written;
    };
    // A body piped out with its length (Nest's StreamableFile: a PDF) is whole for the caller at its last
    // write, before the end this middleware holds: the caller could read the log before its row. Sent
    // chunked instead, the answer is whole only at its end.
    const writePiece = res.write;
    res.write = function (this: Response, ...args: unknown[]) {
      if (!res.headersSent) res.removeHeader('Content-Length');
      return writePiece.apply(res, args as Parameters<typeof writePiece>);
    } as typeof res.write;
    const end = res.end;
    let ending = false;
    res.end = function (this: Response, ...args: unknown[]) {
      // the first end is the answer's, as it is without this hold: a later one (Nest's reply after a
      // handler that answered by itself) changes nothing
      if (ending) return res;
      ending = true;
      const body = refusalOf(res, typeof args[0] === 'function' ? undefined : args[0]);
      const status = res.statusCode;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, RECORD_WAIT_MS).unref()));
      void Promise.race([record(body, false), waited]).finally(() => {
        clearTimeout(timer);
        // the status the answer ended with (Nest's reply sets its default on a response a handler answered itself)
        if (!res.headersSent) res.statusCode = status;
        end.apply(res, args as Parameters<typeof end>);
      });
      return res;
    } as typeof res.end;
    // a caller gone before the end of its answer (a long export) is recorded all the same
    res.once('close', () => {
      if (!written) void record(refusalOf(res, undefined), !res.writableFinished);
    });
    next();
  };
}

interface AccessOf {
  readonly principal?: Principal;
  readonly route?: string;
}

function describe(req: Request, res: Response, body: unknown) {
  const { principal, route } = { principal: (req as Request & AccessOf).principal, route: req.route?.path as string | undefined };
  return {
    method: req.method,
    path: req.path,
    route,
    params: req.params,
    query: req.query,
    credentialId: principal?.credentialId,
    subject: principal?.subject,
    address: clientAddress(req),
    requestId: requestIdOf(req),
    status: res.statusCode,
    reason: res.statusCode >= 400 ? refusalReason(res.statusCode, body) : undefined,
  };
}

async function write(access: AccessService, req: Request, res: Response, body: unknown, closedEarly: boolean): Promise<void> {
  if (recordedElsewhere(req)) return;
  const principal = (req as Request & AccessOf).principal;
  const route = req.route?.path as string | undefined;
  const status = res.statusCode;
  const format = typeof req.query.format === 'string' ? req.query.format : 'json';
  // an allowed health check or scrape is not a read of the record; a refused one is recorded
  if (route && UNAUDITED_ROUTES.includes(route) && status < 400 && !closedEarly) return;
  if (!principal) {
    access.anonymous({
      address: clientAddress(req),
      claimedId: null,
      reason: anonymousReason(status, !!route),
      method: req.method,
      route: route ?? '(no route)',
      path: req.path,
      format,
      status,
    });
    return;
  }
  const refused = status >= 400;
  const reason = refused ? refusalReason(status, body) : closedEarly ? `${status} the caller closed the connection before the answer was complete` : undefined;
  await access.record({
    principal,
    kind: auditKind(req, route!) ?? (req.method === 'GET' ? 'operations' : 'write'),
    method: req.method,
    route: route!,
    path: req.path,
    params: { ...req.params },
    query: { ...req.query },
    format,
    outcome: refused ? 'denied' : 'allowed',
    reason,
    status,
    address: clientAddress(req),
    requestId: requestIdOf(req),
  });
}
