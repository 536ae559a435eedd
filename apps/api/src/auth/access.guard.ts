/**
 * The global access guard (issue 6, "Access"). Every route of the Nest app passes through it:
 *
 *   1. a credential: `X-Api-Key: cak_…` (terminals) or `Authorization: Bearer <token>` (people; an
 *      API key is accepted as a bearer too). None, malformed, unknown, revoked or expired → 401,
 *      naming the reason. A presented credential that is refused is recorded in the access log (per
 *      minute, address and claimed id) and counted against its address: past the limit, 429 with
 *      `Retry-After` (libs/access/src/refusals.ts).
 *   2. the route's `@Roles`: a route without it is refused (deny by default); a principal with none of
 *      its roles → 403 naming the roles.
 *   3. the route's declared query and path parameters (params/parameters.ts): a malformed, repeated,
 *      missing or unknown one → 400 naming it, before any database read.
 *   4. casino scope on reads: a credential scoped to a casino may read only that casino's sessions and
 *      rounds (`:sessionId`, `:roundId`, `casinoId` in the path, `casinoId` or `casino` in the query).
 *
 * The guard writes no access-log row but a refused credential's: every request's record is written
 * once its answer is known, with the status and the reason, whoever refused it (access-recorder.ts).
 *
 * The OpenAPI document (/api/docs) is served outside Nest's routing and stays public.
 */
import { BadRequestException, CanActivate, ExecutionContext, ForbiddenException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { OWNER_OUT_OF_STORE, type AccessService, type Principal, type Verification } from '../../../../libs/access/src';
import { streamOfRoundAnywhere, type PostgresEventStore } from '../../../../libs/event-store/src';
import { checkParameters, PARAMETERS_KEY, parameterRefusalBody, RouteParameters } from '../params/parameters';
import { keepRefusal, markRecorded } from './access-recorder';
import { clientAddress } from './audited-request';
import { ROLES_KEY, Role } from './roles';
import { because, keyed, type ReasonKey } from '../../../../libs/i18n/src/reasons';

/** The injection token of the access service. */
export const ACCESS = Symbol('casino-audit access service');

export { auditKind, clientAddress, UNAUDITED_ROUTES } from './audited-request';

export interface AuthenticatedRequest extends Request {
  principal?: Principal;
}

/** The caller of a request that passed the guard. */
export function principalOf(req: Request): Principal {
  const principal = (req as AuthenticatedRequest).principal;
  if (!principal) throw new HttpException(refusalBody(401, because('auth.noPrincipal')), 401);
  return principal;
}

/** The presented credential, or a reason why the headers are unusable (in English, and as a key of the `errors` catalogue). */
export function presentedCredential(req: Request): {
  credential?: string;
  problem?: string;
  problemKey?: { readonly key: string; readonly values?: Readonly<Record<string, string>> };
} {
  const header = req.headers['x-api-key'];
  const apiKey = (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
  const authorization = req.headers.authorization?.trim();
  let bearer: string | undefined;
  if (authorization) {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!m) return { problem: 'the Authorization header must be "Bearer <token>"', problemKey: { key: 'auth.bearerForm', values: { form: 'Bearer <token>' } } };
    bearer = m[1];
  }
  if (apiKey && bearer && apiKey !== bearer)
    return { problem: 'two different credentials (X-Api-Key and Authorization): send one', problemKey: { key: 'auth.twoCredentials' } };
  return { credential: apiKey ?? bearer };
}

/**
 * A 401, 403 or 429 answer: `reason` (and `message`) in English, with its key and values so that the answer
 * words `reason` in the caller's Accept-Language (issue 16; the access log keeps the English).
 */
export function refusalBody(status: 401 | 403 | 429, why: ReasonKey) {
  const reason = keyed(why);
  return { statusCode: status, error: { 401: 'Unauthorized', 403: 'Forbidden', 429: 'Too Many Requests' }[status], ...reason, message: reason.reason };
}

@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessService,
    private readonly store: PostgresEventStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return false;
    const res = context.switchToHttp().getResponse<Response>();
    try {
      return await this.check(context, res);
    } catch (error) {
      keepRefusal(res, error); // for the access log's record of this request (access-recorder.ts)
      throw error;
    }
  }

  private async check(context: ExecutionContext, res: Response): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const route = (req.route?.path as string | undefined) ?? req.path;
    const name = `${req.method} ${route}`;

    const { credential, problem, problemKey } = presentedCredential(req);
    if (!problem && !credential)
      throw this.unauthorized(res, because('auth.noCredential', { authorization: 'Authorization: Bearer <token>', apiKey: 'X-Api-Key: <key>' }));
    const verified: Verification = problem
      ? { ok: false, reason: problem, because: problemKey!, refusal: 'malformed', claimedId: null }
      : await this.access.verify(credential!);
    if (!verified.ok) {
      markRecorded(req);
      throw await this.refuse(req, res, route, verified);
    }
    const principal = verified.principal;
    req.principal = principal;

    const deny = (why: ReasonKey): never => {
      throw new ForbiddenException(refusalBody(403, why));
    };

    const allowed = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!allowed?.length) return deny(because('auth.noRoles', { route: name }));
    if (!principal.roles.some((r) => allowed.includes(r))) {
      return deny(because('auth.roleMayNot', { roles: principal.roles.join(', '), route: name, allowed: allowed.join(', ') }));
    }
    // the parameters, before anything reads the database with them (issue 20 §1); a refusal is recorded whatever the method
    const refusals = checkParameters(this.reflector.get<RouteParameters | undefined>(PARAMETERS_KEY, context.getHandler()), req);
    if (refusals.length) throw new BadRequestException(parameterRefusalBody(refusals));
    if (principal.casinoId && req.method === 'GET') {
      const outside = await this.outsideCasino(req, principal.casinoId);
      if (outside) return deny(outside);
    }
    return true;
  }

  /** A presented credential was refused: recorded and counted (issue 20 §2); 429 once its address is over the limit, else 401. */
  private async refuse(req: Request, res: Response, route: string, refused: Extract<Verification, { ok: false }>): Promise<HttpException> {
    const outcome = await this.access.refused({
      address: clientAddress(req),
      claimedId: refused.claimedId,
      refusal: refused.refusal,
      reason: refused.reason,
      method: req.method,
      route,
      path: req.path,
      format: typeof req.query.format === 'string' ? req.query.format : 'json',
    });
    if (!outcome.throttled) return this.unauthorized(res, refused.because);
    res.setHeader('Retry-After', String(outcome.retryAfterSeconds));
    const throttled = because('auth.throttled', {
      failures: String(outcome.failures),
      window: String(outcome.windowSeconds),
      retry: String(outcome.retryAfterSeconds),
    });
    return new HttpException(refusalBody(429, throttled), HttpStatus.TOO_MANY_REQUESTS);
  }

  private unauthorized(res: Response, why: ReasonKey): HttpException {
    res.setHeader('WWW-Authenticate', 'Bearer realm="casino-audit", ApiKey header="X-Api-Key"');
    return new HttpException(refusalBody(401, why), HttpStatus.UNAUTHORIZED);
  }

  /** Why a casino-scoped credential may not read this, or null. */
  private async outsideCasino(req: Request, casinoId: string): Promise<ReasonKey | null> {
    const params = req.params as Record<string, string | undefined>;
    const query = req.query as Record<string, unknown>;
    const fromQuery = [query.casinoId, query.casino].find((v): v is string => typeof v === 'string');
    const named = params.casinoId ?? fromQuery;
    if (named !== undefined && named !== casinoId) return because('access.otherCasino', { casino: casinoId, other: named });
    const streams: string[] = [];
    if (params.sessionId) streams.push(`session-${params.sessionId}`);
    if (params.roundId) {
      const stream = await streamOfRoundAnywhere(this.store, params.roundId);
      if (stream) streams.push(stream);
    }
    if (!streams.length) return null;
    const casinos = await this.access.casinosOfStreams(streams);
    for (const [stream, casino] of casinos) {
      if (casino && casino !== casinoId) {
        const named = { casino: casinoId, kind: stream.startsWith('session-') ? 'session' : 'stream', stream: stream.replace(/^session-/, '') };
        // began in a month out of the store that kept no owner of it: which casino's it is cannot be told, so not this one's
        if (casino === OWNER_OUT_OF_STORE) return because('auth.ownerOutOfStore', named);
        return because('auth.streamOfCasino', { ...named, owner: casino });
      }
    }
    return null;
  }
}
