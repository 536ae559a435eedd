/**
 * The access log (admin, compliance, inspector): who replayed, read or exported what, who was refused,
 * and the credentials refused at the door — the caller's address, the credential id it claimed, the
 * reason and how many times that minute. A page at a time (issue 20 §2 §3).
 */
import { Head } from '../components/Head';
import { getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { Filters, filtersOf } from '../components/Filters';
import { listQuery, Pager } from '../components/Pager';
import { term, useT } from '../language';
import { navigate } from '../router';
import { localTime } from '../time';

interface AccessRecord {
  id: string;
  at: string;
  credentialId: string | null;
  subject: string;
  roles: string[];
  kind: string;
  method: string;
  route: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  format: string;
  outcome: 'allowed' | 'denied';
  reason: string | null;
  address: string | null;
  claimedCredentialId: string | null;
  attempts: number;
  lastAt: string | null;
}

interface AccessLogAnswer {
  from: string;
  to: string;
  count: number;
  next: string | null;
  total: number;
  totalIsEstimate: boolean;
  /** the zone the instants are read in (the reader's casino's, else the platform's default) */
  timeZone: string;
  records: AccessRecord[];
}

const FILTERS = ['from', 'to'] as const;

const parameters = (r: AccessRecord) =>
  Object.entries({ ...r.params, ...r.query })
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');

export function AccessLogPage({ query }: { query: URLSearchParams }) {
  const tr = useT();
  const params = Object.fromEntries(query.entries());
  const qs = listQuery(params, FILTERS);
  const { data, error } = useLoad(() => getJson<AccessLogAnswer>(`/api/v1/access-log?${qs}`), [qs]);
  return (
    <article>
      <h1>{tr.t('web:access.title')}</h1>
      <Filters
        className="filters no-print"
        ariaLabel={tr.t('web:access.window')}
        initial={filtersOf(query, ['from', 'to'] as const)}
        fields={[
          { name: 'from', label: 'web:access.from', placeholder: 'web:access.fromPlaceholder' },
          { name: 'to', label: 'web:access.to', placeholder: 'web:access.now' },
        ]}
        submitLabel="web:field.show"
        onSubmit={(values) => navigate(['access-log'], { ...values, limit: params.limit })}
      />
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
          <p className="muted">
            {localTime(tr, data.from, data.timeZone)} — {localTime(tr, data.to, data.timeZone)}:{' '}
            {tr.t(data.totalIsEstimate ? 'web:access.recordsAbout' : 'web:access.records', { count: data.total })};{' '}
            {tr.t('web:access.refusedAttempts', { count: data.records.filter((r) => r.kind === 'credential').reduce((n, r) => n + r.attempts, 0) })}
          </p>
          <Pager path={['access-log']} params={params} shown={data.records.length} total={data.total} next={data.next} noun="records" />
          <table className="access-log">
            <caption>{tr.t('web:access.caption')}</caption>
            <Head
              cols={[
                'web:col.when',
                'web:access.outcome',
                'web:access.kind',
                'web:access.who',
                'web:access.credential',
                'web:access.request',
                ['web:access.attempts', 'num'],
                'web:access.reason',
              ]}
            />
            <tbody>
              {data.records.map((r) =>
                // a refused credential, or a request that named nobody: one row per minute, address and reason
                r.kind === 'credential' || r.kind === 'anonymous' ? (
                  <tr key={r.id} className="flagged" data-kind={r.kind}>
                    <td>
                      <time dateTime={r.at}>{localTime(tr, r.at, data.timeZone)}</time>
                      {r.lastAt && r.attempts > 1 && <div className="muted">{tr.t('web:access.until', { at: localTime(tr, r.lastAt, data.timeZone) })}</div>}
                    </td>
                    <td>{term(tr, 'outcome', 'refused')}</td>
                    <td>{term(tr, 'kind', r.kind)}</td>
                    <td>{tr.t('web:access.fromAddress', { address: r.address ?? '?' })}</td>
                    <td>{r.claimedCredentialId ? tr.t('web:access.claimed', { id: r.claimedCredentialId }) : '—'}</td>
                    <td>
                      {r.method} {r.route}
                    </td>
                    <td className="num">{tr.number(r.attempts)}</td>
                    <td data-server-text>{r.reason}</td>
                  </tr>
                ) : (
                  <tr key={r.id} className={r.outcome === 'denied' ? 'flagged' : undefined} data-kind={r.kind}>
                    <td>
                      <time dateTime={r.at}>{localTime(tr, r.at, data.timeZone)}</time>
                    </td>
                    <td>{term(tr, 'outcome', r.outcome)}</td>
                    <td>{term(tr, 'kind', r.kind)}</td>
                    <td>
                      {r.subject} <code className="muted">[{r.roles.join(', ')}]</code>
                    </td>
                    <td>{r.credentialId ?? '—'}</td>
                    <td>
                      <code>
                        {r.method} {r.route}
                      </code>{' '}
                      <span className="muted">{parameters(r)}</span> {r.format !== 'json' && <span className="muted">({r.format})</span>}
                    </td>
                    <td className="num">1</td>
                    <td data-server-text>{r.reason ?? ''}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </>
      )}
    </article>
  );
}
