/**
 * The access log (admin, compliance, inspector): who replayed, read or exported what, who was refused,
 * and the credentials refused at the door — the caller's address, the credential id it claimed, the
 * reason and how many times that minute. A page at a time (issue 20 §2 §3).
 */
import { FormEvent, useState } from 'react';
import { getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { listQuery, Pager } from '../components/Pager';
import { navigate } from '../router';

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
  records: AccessRecord[];
}

const FILTERS = ['from', 'to'] as const;

const parameters = (r: AccessRecord) =>
  Object.entries({ ...r.params, ...r.query })
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');

export function AccessLogPage({ query }: { query: URLSearchParams }) {
  const params = Object.fromEntries(query.entries());
  const [form, setForm] = useState({ from: params.from ?? '', to: params.to ?? '' });
  const qs = listQuery(params, FILTERS);
  const { data, error } = useLoad(() => getJson<AccessLogAnswer>(`/api/v1/access-log?${qs}`), [qs]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(['access-log'], { ...form, limit: params.limit });
  };
  return (
    <article>
      <h1>Access log</h1>
      <form className="filters no-print" onSubmit={submit} aria-label="access log window">
        <label>
          from (date or date-time, UTC)
          <input value={form.from} placeholder="24 h before “to”" onChange={(e) => setForm({ ...form, from: e.target.value })} />
        </label>
        <label>
          to
          <input value={form.to} placeholder="now" onChange={(e) => setForm({ ...form, to: e.target.value })} />
        </label>
        <button type="submit">Show</button>
      </form>
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
          <p className="muted">
            {data.from} — {data.to}: {data.totalIsEstimate ? 'about ' : ''}
            {data.total.toLocaleString('en-GB')} record(s); refused credentials: {data.records.filter((r) => r.kind === 'credential').reduce((n, r) => n + r.attempts, 0).toLocaleString('en-GB')} attempt(s) on this page
          </p>
          <Pager path={['access-log']} params={params} shown={data.records.length} total={data.total} next={data.next} noun="records" />
          <table className="access-log">
            <caption>Oldest first; a refused credential is one row per minute, address, claimed id and reason, with the number of attempts</caption>
            <thead>
              <tr>
                <th scope="col">when</th>
                <th scope="col">outcome</th>
                <th scope="col">kind</th>
                <th scope="col">who</th>
                <th scope="col">credential</th>
                <th scope="col">request</th>
                <th scope="col" className="num">attempts</th>
                <th scope="col">reason</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((r) =>
                r.kind === 'credential' ? (
                  <tr key={r.id} className="flagged" data-kind="credential">
                    <td>
                      {r.at}
                      {r.lastAt && r.attempts > 1 && <div className="muted">until {r.lastAt}</div>}
                    </td>
                    <td>refused</td>
                    <td>credential</td>
                    <td>from {r.address ?? '?'}</td>
                    <td>{r.claimedCredentialId ? `claimed ${r.claimedCredentialId}` : '—'}</td>
                    <td>
                      {r.method} {r.route}
                    </td>
                    <td className="num">{r.attempts.toLocaleString('en-GB')}</td>
                    <td>{r.reason}</td>
                  </tr>
                ) : (
                  <tr key={r.id} className={r.outcome === 'denied' ? 'flagged' : undefined} data-kind={r.kind}>
                    <td>{r.at}</td>
                    <td>{r.outcome}</td>
                    <td>{r.kind}</td>
                    <td>
                      {r.subject} <span className="muted">[{r.roles.join(', ')}]</span>
                    </td>
                    <td>{r.credentialId ?? '—'}</td>
                    <td>
                      {r.method} {r.route} <span className="muted">{parameters(r)}</span> {r.format !== 'json' && <span className="muted">({r.format})</span>}
                    </td>
                    <td className="num">1</td>
                    <td>{r.reason ?? ''}</td>
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
