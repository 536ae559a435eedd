/**
 * The HTTP app: API under /api/v1, OpenAPI at /api/docs. Bodies: JSON arrays or NDJSON up to 20 MB;
 * a malformed body is a 400 that names the body and the reason.
 */
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import * as express from 'express';
import type { Runtime } from '../../../libs/platform/src';
import { AppModule } from './app.module';

export const BODY_LIMIT = '20mb';

@Catch()
class ErrorsFilter implements ExceptionFilter {
  catch(error: any, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<express.Response>();
    if (error instanceof HttpException) {
      const body = error.getResponse();
      res.status(error.getStatus()).json(typeof body === 'string' ? { statusCode: error.getStatus(), message: body } : body);
      return;
    }
    // eslint-disable-next-line no-console
    console.error(error);
    res.status(500).json({ statusCode: 500, message: 'internal error' });
  }
}

export async function createHttpApp(runtime: Runtime): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.register(runtime), { bodyParser: false, logger: ['error', 'warn'] });
  app.use(express.json({ limit: BODY_LIMIT, type: ['application/json'] }));
  app.use(express.text({ limit: BODY_LIMIT, type: ['application/x-ndjson', 'application/ndjson', 'text/plain'] }));
  // body-parser's refusals (too large, not JSON, bad charset) answered here, before Nest rewrites them
  app.use((error: any, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!error) return next();
    const status = error.type === 'entity.too.large' ? 413 : typeof error.status === 'number' ? error.status : 400;
    const reason = status === 413 ? `request body larger than ${BODY_LIMIT}` : `not valid JSON: ${String(error.message).slice(0, 200)}`;
    res.status(status).json({ statusCode: status, refused: 1, refusals: [{ index: 0, field: '(body)', reason }] });
  });
  app.useGlobalFilters(new ErrorsFilter());
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('casino-audit')
      .setDescription('Event-sourced audit and reconciliation for casino table games: the public contract v1 (facts in, reports and verdicts out).')
      .setVersion('1')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  app.enableShutdownHooks();
  return app;
}
