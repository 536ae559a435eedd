/** Find a round by table, time, round id or discrepancy code. */
import { Head } from '../components/Head';
import { gameName } from '../games';
import { download, getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { Filters, filtersOf } from '../components/Filters';
import { listQuery, Pager } from '../components/Pager';
import { term, useT } from '../language';
import { href, navigate } from '../router';
import { localTime } from '../time';

interface RoundRow {
  roundId: string;
  sessionId: string;
  tableId: string;
  game: string;
  startedAt: string | null;
  /** the start on the casino's clock with its offset */
  startedAtLocal: string;
  timeZone?: string;
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
  const tr = useT();
  const params = Object.fromEntries(query.entries());
  const qs = listQuery(params, FILTERS);
  const { data, error } = useLoad(() => getJson<RoundsPage>(`/api/v1/rounds?${qs}`), [qs]);
  // a round id opens that round; the other fields search
  const submit = ({ roundId, ...rest }: Record<'roundId' | 'gamingDay' | 'table' | 'code' | 'from' | 'to', string>) =>
    roundId.trim() ? navigate(['rounds', roundId.trim()]) : navigate(['rounds'], { ...rest, limit: params.limit });
  return (
    <article>
      <h1>{tr.t('web:search.title')}</h1>
      <Filters
        role="search"
        initial={{ ...filtersOf(query, ['gamingDay', 'table', 'code', 'from', 'to'] as const), roundId: '' }}
        fields={[
          { name: 'roundId', label: 'web:search.roundId' },
          { name: 'gamingDay', label: 'web:field.gamingDay', type: 'date' },
          { name: 'table', label: 'web:field.table', placeholder: 'RL-01' },
          { name: 'code', label: 'web:field.discrepancyCode', placeholder: 'PAYOUT_MISMATCH' },
          { name: 'from', label: 'web:search.from', type: 'time' },
          { name: 'to', label: 'web:search.to', type: 'time' },
        ]}
        submitLabel="web:search.search"
        onSubmit={submit}
      />
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
          {!data.verdicts.complete && (
            <p role="status" className="warning">
              {tr.t(data.verdicts.pendingEvents >= 10000 ? 'web:search.judgingMany' : 'web:search.judging', {
                pending: data.verdicts.pendingEvents >= 10000 ? 10000 : data.verdicts.pendingEvents,
              })}
            </p>
          )}
          <Pager path={['rounds']} params={params} shown={data.rounds.length} total={data.total} next={data.next} noun="rounds" />
          <button
            type="button"
            onClick={() => void download(`/api/v1/rounds?${listQuery(params, FILTERS).replace(/(^|&)(limit|cursor)=[^&]*/g, '')}&format=csv`, 'rounds.csv')}
          >
            {tr.t('web:search.downloadCsv')}
          </button>
          <table>
            <caption>
              {data.total === null
                ? tr.t('web:search.onThisPage', { count: data.rounds.length })
                : tr.t(data.totalIsEstimate ? 'web:search.totalAbout' : 'web:search.total', { count: data.total })}
            </caption>
            <Head cols={['web:col.round', 'web:col.table', 'web:col.game', 'web:search.started', 'web:col.verdict', 'web:col.discrepancies']} />
            <tbody>
              {data.rounds.map((r) => (
                <tr key={r.roundId} className={r.codes.length ? 'flagged' : undefined}>
                  <td>
                    <a href={href(['rounds', r.roundId])}>{r.roundId}</a>
                  </td>
                  <td>{r.tableId}</td>
                  <td data-game={r.game}>{gameName(tr.lang, r.game)}</td>
                  <td>
                    <time dateTime={r.startedAt ?? undefined}>{r.startedAt ? localTime(tr, r.startedAt, r.timeZone) : r.startedAtLocal}</time>
                  </td>
                  <td>{term(tr, 'verdict', r.verdict)}</td>
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
