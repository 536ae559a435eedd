/**
 * Paging through a long list (issue 20 §3): the API answers a page and the cursor of the next one; the
 * page's own address keeps the cursor (so Back goes to the page before) and where the page starts.
 */
import { useT } from '../language';
import { href } from '../router';

export type PagerNoun = 'rounds' | 'sessions' | 'records';

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
  noun: PagerNoun;
}) {
  const tr = useT();
  const at = Number(params.at) || 1;
  const { cursor: _c, at: _a, ...filters } = params;
  const last = at + shown - 1;
  return (
    <nav className="pager" aria-label={tr.t('web:pager.label', { noun: tr.t(`web:pager.noun.${noun}`) })}>
      <span className="pager-position">
        {!shown
          ? tr.t(`web:pager.none.${noun}`)
          : tr.t(total !== null ? 'web:pager.rangeOf' : next ? 'web:pager.rangeMore' : 'web:pager.range', {
              noun: tr.t(`web:pager.noun.${noun}`),
              from: tr.number(at),
              to: tr.number(last),
              total: total === null ? '' : tr.number(total),
            })}
      </span>{' '}
      {params.cursor && <a href={href(path, filters)}>{tr.t('web:pager.first')}</a>}{' '}
      {next && (
        <a rel="next" className="pager-next" href={href(path, { ...filters, cursor: next, at: last + 1 })}>
          {tr.t('web:pager.next')}
        </a>
      )}{' '}
      <label>
        {tr.t('web:pager.perPage')}{' '}
        <select
          value={params.limit ?? '100'}
          onChange={(e) => {
            location.hash = href(path, { ...filters, limit: e.target.value });
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {tr.number(n)}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
