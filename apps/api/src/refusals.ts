/**
 * The one place a refusal becomes an HTTP answer (issue 22 §3): each DomainError code has one status, and
 * the body is the error's own with that `statusCode`. Nest's own exceptions (the guard's 401/429, the
 * parameters' 400) are answered as they are.
 */
import { HttpException } from '@nestjs/common';
import { DomainError, RefusalCode } from '../../../libs/platform/src/domain-error';

/** The statuses of README "Refusals" and docs/contract.md "Responses". */
export const REFUSAL_STATUS: Readonly<Record<RefusalCode, number>> = {
  malformed: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  impossible: 422,
  unavailable: 503,
};

/** The HTTP exception a refusal is answered with; undefined for what is no refusal (a fault: 500). */
export function httpRefusal(error: unknown): HttpException | undefined {
  if (error instanceof HttpException) return error;
  if (!(error instanceof DomainError)) return undefined;
  const status = REFUSAL_STATUS[error.code];
  return new HttpException({ statusCode: status, ...error.body }, status, { cause: error });
}
