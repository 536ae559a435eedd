/** The HTTP app served on a free loopback port, as every HTTP test starts it. */
import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '../../apps/api/src/http-app';
import type { Runtime } from '../../libs/platform/src';

export async function serveOnLoopback(runtime: Runtime): Promise<{ app: INestApplication; base: string }> {
  const app = await createHttpApp(runtime);
  await app.listen(0, '127.0.0.1');
  return { app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}
