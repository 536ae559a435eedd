/**
 * The HTTP app: API under /api/v1, OpenAPI at /api/docs. Bodies: JSON arrays or NDJSON up to 20 MB;
 * a malformed body is a 400 that names the body and the reason. Every route needs a credential with
 * one of its roles (the global AccessGuard, auth/access.guard.ts); /api/docs is public.
 */
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, INestApplication, Module } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import * as express from 'express';
import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AccessService, WRITE_POLICY } from '../../../libs/access/src';
import { Logger, NestLogger, Runtime } from '../../../libs/platform/src';
import { AppModule } from './app.module';
import { setting } from '../../../libs/platform/src/config';
import { AccessGuard } from './auth/access.guard';
import { keepRefusal, KeepRefusals, recordAccess } from './auth/access-recorder';
import { AccessModule } from './auth/access.module';
import { because, keyed, refusalInLanguage, type ReasonKey } from '../../../libs/i18n/src/reasons';
import { answerLanguage } from './language';
import { ProbesModule } from './health/probes';
import { observeRequests, requestIdOf } from './observability';
import { routeRoles } from './auth/route-roles';
import { PARAMETER_REFUSAL_DESCRIPTION } from './params/parameters';
import { keepUndecodablePaths } from './params/undecodable-path';
import { securityHeaders } from './security-headers';
import { httpRefusal } from './refusals';
import { keepConnectionsAlive } from './keep-alive';

export const BODY_LIMIT = '20mb';

/** Hostile input (docs/security.md): bytes that are not UTF-8 are refused, never decoded into replacement characters. */
function refuseInvalidUtf8(_req: unknown, _res: unknown, buf: Buffer, encoding: string) {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(buf)) {
    throw Object.assign(new Error('not valid UTF-8'), { status: 400, type: 'entity.invalid.utf8', refusalReason: because('body.notUtf8') });
  }
}

/**
 * body-parser's refusal (too large, not JSON, not UTF-8) as the ledger's refusals answer it, its reason keyed
 * so that the answer words it in the caller's Accept-Language (issue 16) while the access log keeps the
 * English. The parser's own diagnostic (`Unexpected token … at position 5`) is quoted as it says it.
 */
export function bodyRefusal(error: { type?: string; status?: unknown; message?: unknown; refusalReason?: ReasonKey }): {
  status: number;
  body: Record<string, unknown>;
} {
  const status = error.type === 'entity.too.large' ? 413 : typeof error.status === 'number' ? error.status : 400;
  const why =
    status === 413
      ? because('body.tooLarge', { limit: BODY_LIMIT })
      : (error.refusalReason ?? because('body.notJson', { detail: String(error.message).slice(0, 200) }));
  return { status, body: { statusCode: status, refused: 1, refusals: [{ index: 0, field: '(body)', ...keyed(why) }] } };
}

@Catch()
class ErrorsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<express.Response>();
    const req = host.switchToHttp().getRequest<express.Request>();
    // a domain refusal by its code, Nest's own as they are: one mapping (refusals.ts)
    const refusal = httpRefusal(error);
    if (refusal) {
      // a keyed reason worded in the caller's Accept-Language, Spanish by default (issue 16); fields unchanged
      const body = refusalInLanguage(refusal.getResponse(), answerLanguage(req, res));
      res.status(refusal.getStatus()).json(typeof body === 'string' ? { statusCode: refusal.getStatus(), message: body } : body);
      return;
    }
    // the request's own logger carries its id; the answer gives the id, to match a complaint with the log
    (req.log ?? this.logger).error({ err: error }, 'internal error');
    res.status(500).json({ statusCode: 500, message: 'internal error', requestId: requestIdOf(req) });
  }
}

/** The root of the HTTP app: the application's module and the access module (global). */
@Module({})
class HttpRootModule {}

export interface HttpAppOptions {
  /** the credentials and access-log service (default: one over the runtime's pool) */
  readonly access?: AccessService;
  /** reached over HTTPS: answers carry Strict-Transport-Security (default: CASINO_AUDIT_BEHIND_TLS) */
  readonly behindTls?: boolean;
  /** Express's `trust proxy` (default: CASINO_AUDIT_TRUST_PROXY; unset: none) */
  readonly trustProxy?: number | string;
}

export async function createHttpApp(runtime: Runtime, options: HttpAppOptions = {}): Promise<INestApplication> {
  const access = options.access ?? new AccessService(runtime.pool);
  await access.ready();
  const app = await NestFactory.create(
    { module: HttpRootModule, imports: [AppModule.register(runtime), AccessModule.register(access), ProbesModule.register(runtime)] },
    { bodyParser: false, logger: new NestLogger(runtime.logger) },
  );
  // idle connections kept 65 s, not 5: a terminal's next request must not meet the server closing it (keep-alive.ts)
  keepConnectionsAlive(app.getHttpServer());
  // before anything that can answer: every request is logged with its id and timed (observability.ts)
  app.use(observeRequests(runtime.logger));
  // every request under /api in the access log once its answer is known, whoever answers it (auth/access-recorder.ts)
  app.use(recordAccess(access, runtime.logger));
  // first, so that every answer carries them, refusals included (security-headers.ts)
  app.getHttpAdapter().getInstance().disable('x-powered-by');
  // the caller's address (access log, failed-login throttle) comes from X-Forwarded-For only through these proxies
  const trustProxy = options.trustProxy ?? setting('CASINO_AUDIT_TRUST_PROXY');
  if (trustProxy !== undefined) app.getHttpAdapter().getInstance().set('trust proxy', trustProxy);
  app.use(securityHeaders({ behindTls: options.behindTls ?? setting('CASINO_AUDIT_BEHIND_TLS') }));
  app.use(keepUndecodablePaths);
  app.useGlobalGuards(new AccessGuard(app.get(Reflector), access, runtime.store));
  app.useGlobalInterceptors(new KeepRefusals());
  app.use(express.json({ limit: BODY_LIMIT, type: ['application/json'], verify: refuseInvalidUtf8 }));
  app.use(express.text({ limit: BODY_LIMIT, type: ['application/x-ndjson', 'application/ndjson', 'text/plain'], verify: refuseInvalidUtf8 }));
  // body-parser's refusals (too large, not JSON, bad charset) answered here, before Nest rewrites them
  app.use((error: Parameters<typeof bodyRefusal>[0] | undefined, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!error) return next();
    const { status, body } = bodyRefusal(error);
    // the access log records the English reason (access-recorder.ts), the caller reads it in its language
    keepRefusal(res, new HttpException(refusalInLanguage(body, 'en'), status));
    res.status(status).json(refusalInLanguage(body, answerLanguage(req, res)));
  });
  app.useGlobalFilters(new ErrorsFilter(runtime.logger));
  servePages(app);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('casino-audit')
      .setDescription('Event-sourced audit and reconciliation for casino table games: the public contract v1 (facts in, reports and verdicts out).')
      .setVersion('1')
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "a person's signed token (`casino-audit credentials issue --role R --subject S`); an API key is accepted here too",
        },
        'token',
      )
      .addApiKey(
        { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "a table terminal's API key (cak_…), bound to one casino and its tables" },
        'apiKey',
      )
      .addSecurityRequirements('token')
      .addSecurityRequirements('apiKey')
      .build(),
  );
  documentRoles(app, document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  // no enableShutdownHooks(): `casino-audit serve` stops the projector, closes the app and the runtime on
  // SIGTERM/SIGINT and exits 0; Nest's hook would close the app and re-send the signal, killing the
  // process before the projector's batch and the pool are finished
  return app;
}

/**
 * The pages (apps/web, built by `npm run build` into dist/web), served at / by the same app. They load
 * nothing from anywhere else: the Content-Security-Policy says so to the browser.
 */
export function pagesDirectory(): string | null {
  for (const dir of [path.resolve(__dirname, '../../../web'), path.resolve(__dirname, '../../../dist/web')]) {
    if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return null;
}

function servePages(app: INestApplication) {
  const dir = pagesDirectory();
  if (!dir) return;
  // their Content-Security-Policy is set with the other security headers (security-headers.ts)
  app.use(express.static(dir, { index: 'index.html', fallthrough: true, maxAge: '1h' }));
}

/** What documentRoles writes into an operation of the generated document: its description, responses and `x-` extensions. */
type DocumentedOperation = {
  description?: string;
  responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
  [extension: `x-${string}`]: unknown;
};

/** Each operation says which roles may call it (`x-roles` and its description), and what they may send to POST /events. */
function documentRoles(app: INestApplication, document: OpenAPIObject) {
  for (const route of routeRoles(app)) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = (document.paths[path] as unknown as Record<string, DocumentedOperation | undefined> | undefined)?.[route.method.toLowerCase()];
    if (!operation) continue;
    operation['x-roles'] = route.roles ?? [];
    const roles = route.roles ? `Roles: ${route.roles.join(', ')}.` : 'No roles: refused to everyone (deny by default).';
    operation.description = [operation.description, roles].filter(Boolean).join('\n\n');
    operation.responses ??= {};
    const parameters = operation.responses['400'];
    operation.responses['400'] = { ...parameters, description: [parameters?.description, PARAMETER_REFUSAL_DESCRIPTION].filter(Boolean).join('; or ') };
    for (const status of ['401', '403']) {
      operation.responses ??= {};
      operation.responses[status] ??= {
        description:
          status === '401'
            ? 'no credential, or a malformed, unknown, revoked or expired one: { statusCode, error, reason }'
            : "a role not allowed here, a casino or table outside the credential's scope, or an event type the role may not send: { statusCode, reason } or { refusals: [{ index, field, reason }] }",
      };
    }
    operation.responses['429'] ??= {
      description:
        'too many refused credentials from this address (CASINO_AUDIT_LOGIN_FAILURES within CASINO_AUDIT_LOGIN_WINDOW_SECONDS, on all nodes together): { statusCode, error, reason }; a valid credential is never answered 429',
      headers: { 'Retry-After': { description: 'seconds until this address may present a credential again', schema: { type: 'integer', minimum: 1 } } },
    };
    if (route.method === 'POST' && route.path === '/api/v1/events') {
      operation['x-write-policy'] = WRITE_POLICY;
      operation.description += `\n\nEvent types per role: ${Object.entries(WRITE_POLICY)
        .map(
          ([role, types]) =>
            `${role}: ${Array.isArray(types) ? types.join(', ') : types}${role === 'terminal' ? ' and every game-specific fact, for its own table(s) only' : ''}`,
        )
        .join('; ')}.`;
    }
  }
}
