/** Find a round by table, time, round id or discrepancy code. */
import { FormEvent, useState } from 'react';
import { getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { href, navigate } from '../router';

interface RoundRow {
  roundId: string;
  sessionId: string;
  tableId: string;
  game: string;
  startedAt: string | null;
  verdict: string | null;
  codes: string[];
}

export function RoundSearch({ query }: { query: URLSearchParams }) {
  const params = Object.fromEntries(query.entries());
  const [form, setForm] = useState({ roundId: '', gamingDay: params.gamingDay ?? '', table: params.table ?? '', code: params.code ?? '', from: params.from ?? '', to: params.to ?? '' });
  const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v)).toString();
  const { data, error } = useLoad(() => getJson<{ rounds: RoundRow[] }>(`/api/v1/rounds?${qs}`), [qs]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.roundId.trim()) return navigate(['rounds', form.roundId.trim()]);
    const { roundId: _, ...rest } = form;
    navigate(['rounds'], rest);
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
        {field('from', 'From (time)', 'time')}
        {field('to', 'To (time)', 'time')}
        <button type="submit">Search</button>
      </form>
      {!data ? (
        <Loading error={error} />
      ) : (
        <table>
          <caption>{data.rounds.length} round(s){data.rounds.length >= 500 ? ' (first 500)' : ''}</caption>
          <thead>
            <tr>
              <th scope="col">round</th>
              <th scope="col">table</th>
              <th scope="col">game</th>
              <th scope="col">started</th>
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
                <td>{r.startedAt?.replace('T', ' ').replace(/\..*$/, '')}</td>
                <td>{r.verdict ?? '—'}</td>
                <td>{r.codes.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
