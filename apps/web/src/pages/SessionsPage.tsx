/** The day at a glance: every table session of a gaming day, with links to its close and its rounds. */
import { Head } from '../components/Head';
import { gameName } from '../games';
import { getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { Filters, gamingDayField } from '../components/Filters';
import { listQuery, Pager } from '../components/Pager';
import { term, useT } from '../language';
import { href, navigate } from '../router';
import { localTime } from '../time';

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
  openedAt?: string | null;
  timeZone?: string;
}

interface SessionsList {
  sessions: SessionRow[];
  gamingDays: string[];
  next: string | null;
  total: number | null;
}

export function SessionsPage({ query }: { query: URLSearchParams }) {
  const tr = useT();
  const gamingDay = query.get('gamingDay') ?? '';
  const casino = query.get('casino') ?? '';
  const params = Object.fromEntries(query.entries());
  const qs = listQuery(params, ['gamingDay', 'casino']);
  const { data, error } = useLoad(() => getJson<SessionsList>(`/api/v1/sessions?${qs}`), [qs]);
  return (
    <article>
      <h1>{gamingDay ? tr.t('web:sessions.titleOn', { day: tr.date(gamingDay) }) : tr.t('web:sessions.title')}</h1>
      <Filters
        initial={{ gamingDay }}
        fields={[gamingDayField('days', data?.gamingDays)]}
        submitLabel="web:field.show"
        onSubmit={(values) => navigate([], { gamingDay: values.gamingDay, casino })}
      />
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
          {(data.next || params.cursor) && <Pager path={[]} params={params} shown={data.sessions.length} total={data.total} next={data.next} noun="sessions" />}
          <table>
            <caption>{tr.t('web:sessions.count', { count: data.total ?? data.sessions.length })}</caption>
            <Head
              cols={[
                'web:col.table',
                'web:col.game',
                'web:col.jurisdiction',
                'web:col.casino',
                'web:col.gamingDay',
                'web:sessions.opened',
                'web:col.status',
                ['web:col.rounds', 'num'],
                ['web:col.drop', 'num'],
                ['web:col.win', 'num'],
                'web:col.replay',
              ]}
            />
            <tbody>
              {data.sessions.map((s) => (
                <tr key={s.sessionId}>
                  <td>
                    <a href={href(['sessions', s.sessionId])}>{s.tableId}</a>
                  </td>
                  <td data-game={s.game}>{gameName(tr.lang, s.game)}</td>
                  <td>{s.jurisdiction}</td>
                  <td>{s.casinoId}</td>
                  <td>{tr.date(s.gamingDay)}</td>
                  <td>{s.openedAt ? localTime(tr, s.openedAt, s.timeZone) : s.openedAtLocal}</td>
                  <td>{term(tr, 'status', s.status)}</td>
                  <td className="num">{tr.number(s.rounds)}</td>
                  <td className="num">{tr.money(s.drop)}</td>
                  <td className="num">{tr.money(s.win)}</td>
                  <td>
                    <a href={href(['rounds'], { table: s.tableId, gamingDay: s.gamingDay })}>{tr.t('web:sessions.itsRounds')}</a>
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
