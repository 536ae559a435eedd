/**
 * The roles of contract §5 and the decorator that says which roles may call a route. Every route
 * must carry one: the access guard refuses a route without it (deny by default).
 */
import { SetMetadata } from '@nestjs/common';
import type { Role } from '../../../../libs/access/src/roles';

export { ROLES } from '../../../../libs/access/src/roles';
export type { Role } from '../../../../libs/access/src/roles';

export const ROLES_KEY = 'casino-audit:roles';

/** The roles allowed on a route (or on every route of a controller). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** Who may read reports and replays: everyone but the table terminals. */
export const READERS: Role[] = ['pit', 'finance', 'compliance', 'inspector', 'admin'];
