/**
 * The language of an answer (issue 16): the caller's `Accept-Language`, Spanish when it names none of ours.
 * It chooses the words people read (refusals' `reason`, findings' `explanation`, report labels); field
 * names, codes and ids never change. The answer says which it chose (`Content-Language`).
 */
import type { Request, Response } from 'express';
import { negotiateLanguage, type Language } from '../../../libs/i18n/src';

export function requestLanguage(req: Pick<Request, 'headers'>): Language {
  const header = req.headers['accept-language'];
  return negotiateLanguage(Array.isArray(header) ? header.join(',') : header);
}

/** The request's language, announced on its answer. */
export function answerLanguage(req: Pick<Request, 'headers'>, res: Pick<Response, 'setHeader'>): Language {
  const lang = requestLanguage(req);
  res.setHeader('Content-Language', lang);
  return lang;
}
