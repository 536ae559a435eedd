import type { Request } from 'express';
import { because, keyed } from '../../../../libs/i18n/src/reasons';
import { DomainError } from '../../../../libs/platform/src/domain-error';

/**
 * The casino a read is narrowed to: the one asked for, or the credential's own when it is scoped to a
 * casino (a scoped credential asking for another casino is refused; the guard refuses it first on the
 * routes it knows the parameter of).
 */
export function casinoFor(req: Request, asked: unknown): string | null {
  const scoped = (req as Request & { principal?: { casinoId?: string } }).principal?.casinoId;
  const named = typeof asked === 'string' && asked !== '' ? asked : null;
  if (scoped && named && named !== scoped) throw new DomainError('forbidden', keyed(because('access.otherCasino', { casino: scoped, other: named })));
  return named ?? scoped ?? null;
}
