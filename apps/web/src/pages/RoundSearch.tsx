/** Find a round by table, time, round id or discrepancy code. */
import { FormEvent, useState } from 'react';
import { download, getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { listQuery, Pager } from '../components/Pager';
import { href, navigate } from '../router';

interface RoundRow {
  roundId: string;
  sessionId: string;
  tableId: string;
  game: string;
  startedAt: string | null;
  /** the start on the casino's clock with its offset */
  startedAtLocal: string;
  verdict: string | null;
  codes: string[];
}

interface RoundsPage {
  rounds: RoundRow[];
  next: string | null;
  total: number | null;
  totalIsEstimate: boolean;
  verdicts: { complete: boolean; pendingEvents: number };
}

const FILTERS = ['gamingDay', 'table', 'code', 'from', 'to', 'roundId', 'casino'];

export function RoundSearch({ query }: { query: URLSearchParams }) {
  const params = Object.fromEntries(query.entries());
  const [form, setForm] = useState({ roundId: '', gamingDay: params.gamingDay ?? '', table: params.table ?? '', code: params.code ?? '', from: params.from ?? '', to: params.to ?? '' });
  const qs = listQuery(params, FILTERS);
  const { data, error } = useLoad(() => getJson<RoundsPage>(`/api/v1/rounds?${qs}`), [qs]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.roundId.trim()) return navigate(['rounds', form.roundId.trim()]);
    const { roundId: _, ...rest } = form;
    navigate(['rounds'], { ...rest, limit: params.limit });
  };
  const field = (name: keyof typeof form, label: string, type = 'text', placeholder = '') => (
    <label>
      {label}
      <input type={type} name={name} value={form[name]} placeholder={placeholder} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
    </label>
  );
  return (
    <article>
      <h1>Find a round</h1>
      <form className="filters" onSubmit={submit} role="search">
        {field('roundId', 'Round id')}
        {field('gamingDay', 'Gaming day', 'date')}
        {field('table', 'Table', 'text', 'RL-01')}
        {field('code', 'Discrepancy code', 'text', 'PAYOUT_MISMATCH')}
        {field('from', "From (casino's clock)", 'time')}
        {field('to', "To (casino's clock)", 'time')}
        <button type="submit">Search</button>
      </form>
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
        {!data.verdicts.complete && (
          <p role="status" className="warning">
            The verdicts are still being judged ({data.verdicts.pendingEvents >= 10000 ? 'over 10,000' : data.verdicts.pendingEvents} recorded fact(s) not yet read): verdicts and codes may be missing from this list.
          </p>
        )}
        <Pager path={['rounds']} params={params} shown={data.rounds.length} total={data.total} next={data.next} noun="rounds" />
        <button type="button" onClick={() => void download(`/api/v1/rounds?${listQuery(params, FILTERS).replace(/(^|&)(limit|cursor)=[^&]*/g, '')}&format=csv`, 'rounds.csv')}>
          Download every round (CSV)
        </button>
        <table>
          <caption>
            {data.total === null ? `${data.rounds.length} round(s) on this page` : `${data.total.toLocaleString('en-GB')} round(s)${data.totalIsEstimate ? ' (about)' : ''}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">round</th>
              <th scope="col">table</th>
              <th scope="col">game</th>
              <th scope="col">started (casino's clock)</th>
              <th scope="col">verdict</th>
              <th scope="col">discrepancies</th>
            </tr>
          </thead>
          <tbody>
            {data.rounds.map((r) => (
              <tr key={r.roundId} className={r.codes.length ? 'flagged' : undefined}>
                <td>
                  <a href={href(['rounds', r.roundId])}>{r.roundId}</a>
                </td>
                <td>{r.tableId}</td>
                <td>{r.game}</td>
                <td>
                  <time dateTime={r.startedAt ?? undefined}>{r.startedAtLocal}</time>
                </td>
                <td>{r.verdict ?? '—'}</td>
                <td>{r.codes.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.rounds.length > 20 && <Pager path={['rounds']} params={params} shown={data.rounds.length} total={data.total} next={data.next} noun="rounds" />}
        </>
      )}
    </article>
  );
}
