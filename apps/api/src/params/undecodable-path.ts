/**
 * A path whose percent-encoding does not spell UTF-8 (`/api/v1/rounds/%E0%A4%A/replay`) makes Express's
 * router throw before any route runs: no credential check, no parameter check, nothing in the access
 * log, and a refusal that names nothing. Such a segment is handed to the router with its `%` escaped
 * instead, so that the route's parameter receives the segment exactly as it was sent, and the guard
 * refuses it like any bad parameter (400 naming it, recorded) — `checkParameters` knows it from
 * `undecodableSegments`. `req.path` keeps the path as it was sent.
 */
import type { NextFunction, Request, Response } from 'express';

const SEGMENTS = Symbol('casino-audit: path segments that are not percent-encoded UTF-8');

const decodable = (segment: string) => {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
};

export function keepUndecodablePaths(req: Request, _res: Response, next: NextFunction) {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (!path.startsWith('/api/') || !path.includes('%')) return next();
  const undecodable = path.split('/').filter((s) => s.includes('%') && !decodable(s));
  if (!undecodable.length) return next();
  const sent = req.path;
  req.url =
    path
      .split('/')
      .map((s) => (undecodable.includes(s) ? s.replace(/%/g, '%25') : s))
      .join('/') + (q < 0 ? '' : req.url.slice(q));
  // the router reads req.url; everything that records or reports the request reads req.path
  Object.defineProperty(req, 'path', { value: sent, configurable: true });
  (req as Request & { [SEGMENTS]?: string[] })[SEGMENTS] = undecodable;
  next();
}

/** The path segments of this request that were not percent-encoded UTF-8, as sent. */
export function undecodableSegments(req: object): readonly string[] {
  return (req as { [SEGMENTS]?: string[] })[SEGMENTS] ?? [];
}
