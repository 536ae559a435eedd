/**
 * Paging through a long list (issue 20 §3): the API answers a page and the cursor of the next one; the
 * page's own address keeps the cursor (so Back goes to the page before) and where the page starts.
 */
import { href } from '../router';

export const PAGE_SIZES = [100, 500, 1000];

/** The API's query for a list page: the filters it knows, the page size and the cursor; nothing of the page's own. */
export function listQuery(params: Record<string, string>, names: readonly string[]): string {
  return new URLSearchParams(Object.entries(params).filter(([k, v]) => v && (names.includes(k) || k === 'limit' || k === 'cursor'))).toString();
}

export function Pager({
  path,
  params,
  shown,
  total,
  next,
  noun,
}: {
  path: string[];
  params: Record<string, string>;
  shown: number;
  total: number | null;
  next: string | null;
  noun: string;
}) {
  const at = Number(params.at) || 1;
  const { cursor: _c, at: _a, ...filters } = params;
  const last = at + shown - 1;
  return (
    <nav className="pager" aria-label={`${noun} pages`}>
      <span className="pager-position">
        {shown ? `${noun} ${at.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')}` : `no ${noun}`}
        {total !== null ? ` of ${total.toLocaleString('en-GB')}` : next ? ' (more follow)' : ''}
      </span>{' '}
      {params.cursor && <a href={href(path, filters)}>« first page</a>}{' '}
      {next && (
        <a rel="next" className="pager-next" href={href(path, { ...filters, cursor: next, at: last + 1 })}>
          next page »
        </a>
      )}{' '}
      <label>
        per page{' '}
        <select
          value={params.limit ?? '100'}
          onChange={(e) => {
            location.hash = href(path, { ...filters, limit: e.target.value });
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
