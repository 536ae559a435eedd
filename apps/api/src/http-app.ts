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
    // body-parser errors: too large, not JSON, bad encoding
    if (error?.type === 'entity.too.large') {
      res.status(413).json({ statusCode: 413, refused: 1, refusals: [{ index: 0, field: '(body)', reason: `request body larger than ${BODY_LIMIT}` }] });
      return;
    }
    if (error?.type === 'entity.parse.failed' || error?.type === 'encoding.unsupported' || error?.type === 'charset.unsupported' || error instanceof SyntaxError) {
      res.status(400).json({ statusCode: 400, refused: 1, refusals: [{ index: 0, field: '(body)', reason: `not valid JSON: ${String(error.message).slice(0, 200)}` }] });
      return;
    }
    if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
      res.status(error.status).json({ statusCode: error.status, refusals: [{ index: 0, field: '(body)', reason: String(error.message).slice(0, 200) }] });
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
