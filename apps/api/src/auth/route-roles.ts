/**
 * Every route the Nest app serves, with the roles its `@Roles` allows (null: none declared, so the
 * guard refuses it). Used to document the roles in OpenAPI and by the route × role test, so that a
 * new route cannot escape either.
 */
import { INestApplication, RequestMethod } from '@nestjs/common';
import { DiscoveryService, ModulesContainer, Reflector } from '@nestjs/core';
import type { Role } from './roles';
import { ROLES_KEY } from './roles';

export interface RouteRoles {
  readonly method: string;
  /** Express style: /api/v1/rounds/:roundId/replay */
  readonly path: string;
  readonly roles: Role[] | null;
  readonly controller: string;
  readonly handler: string;
}

const PATH_METADATA = 'path';
const METHOD_METADATA = 'method';

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

export function routeRoles(app: INestApplication): RouteRoles[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const reflector = app.get(Reflector);
  const routes: RouteRoles[] = [];
  for (const wrapper of discovery.getControllers()) {
    const type = wrapper.metatype as (Function & { prototype?: Record<string, unknown> }) | null | undefined;
    if (!type?.prototype) continue;
    const base: string | string[] = Reflect.getMetadata(PATH_METADATA, type) ?? '/';
    for (const name of Object.getOwnPropertyNames(type.prototype)) {
      if (name === 'constructor') continue;
      const handler = type.prototype[name];
      if (typeof handler !== 'function') continue;
      const sub: string | string[] | undefined = Reflect.getMetadata(PATH_METADATA, handler);
      const method: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, handler);
      if (sub === undefined || method === undefined) continue;
      const roles = reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [handler, type]) ?? null;
      for (const b of ([] as string[]).concat(base)) {
        for (const s of ([] as string[]).concat(sub)) {
          routes.push({ method: RequestMethod[method], path: join(b, s), roles: roles && roles.length ? roles : null, controller: type.name, handler: name });
        }
      }
    }
  }
  return routes;
}
