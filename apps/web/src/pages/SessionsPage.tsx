/** The day at a glance: every table session of a gaming day, with links to its close and its rounds. */
import { FormEvent, useState } from 'react';
import { eur, getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { listQuery, Pager } from '../components/Pager';
import { href, navigate } from '../router';

interface SessionRow {
  sessionId: string;
  casinoId: string;
  tableId: string;
  game: string;
  jurisdiction: string;
  gamingDay: string;
  status: string;
  drop: number;
  win: number | null;
  rounds: number;
  /** the opening on the casino's clock with its offset */
  openedAtLocal: string;
}

interface SessionsList {
  sessions: SessionRow[];
  gamingDays: string[];
  next: string | null;
  total: number | null;
}

export function SessionsPage({ query }: { query: URLSearchParams }) {
  const gamingDay = query.get('gamingDay') ?? '';
  const casino = query.get('casino') ?? '';
  const [day, setDay] = useState(gamingDay);
  const params = Object.fromEntries(query.entries());
  const qs = listQuery(params, ['gamingDay', 'casino']);
  const { data, error } = useLoad(() => getJson<SessionsList>(`/api/v1/sessions?${qs}`), [qs]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate([], { gamingDay: day, casino });
  };
  return (
    <article>
      <h1>Table sessions{gamingDay ? ` — ${gamingDay}` : ''}</h1>
      <form className="filters" onSubmit={submit}>
        <label>
          Gaming day
          <input type="date" value={day} onChange={(e) => setDay(e.target.value)} list="days" />
          <datalist id="days">{data?.gamingDays.map((d) => <option key={d} value={d} />)}</datalist>
        </label>
        <button type="submit">Show</button>
      </form>
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
        {(data.next || params.cursor) && <Pager path={[]} params={params} shown={data.sessions.length} total={data.total} next={data.next} noun="sessions" />}
        <table>
          <caption>{data.total ?? data.sessions.length} session(s)</caption>
          <thead>
            <tr>
              <th scope="col">table</th>
              <th scope="col">game</th>
              <th scope="col">jurisdiction</th>
              <th scope="col">casino</th>
              <th scope="col">day</th>
              <th scope="col">opened (casino's clock)</th>
              <th scope="col">status</th>
              <th scope="col" className="num">rounds</th>
              <th scope="col" className="num">drop</th>
              <th scope="col" className="num">win</th>
              <th scope="col">rounds</th>
            </tr>
          </thead>
          <tbody>
            {data.sessions.map((s) => (
              <tr key={s.sessionId}>
                <td>
                  <a href={href(['sessions', s.sessionId])}>{s.tableId}</a>
                </td>
                <td>{s.game}</td>
                <td>{s.jurisdiction}</td>
                <td>{s.casinoId}</td>
                <td>{s.gamingDay}</td>
                <td>{s.openedAtLocal}</td>
                <td>{s.status}</td>
                <td className="num">{s.rounds}</td>
                <td className="num">{eur(s.drop)}</td>
                <td className="num">{eur(s.win)}</td>
                <td>
                  <a href={href(['rounds'], { table: s.tableId, gamingDay: s.gamingDay })}>replay</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </>
      )}
    </article>
  );
}
