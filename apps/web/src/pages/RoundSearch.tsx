/** Find a round by table, time, round id or discrepancy code. */
import { Head } from '../components/Head';
import { gameName } from '../games';
import { FormEvent, useState } from 'react';
import { download, getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
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
      <h1>{tr.t('web:search.title')}</h1>
      <form className="filters" onSubmit={submit} role="search">
        {field('roundId', tr.t('web:search.roundId'))}
        {field('gamingDay', tr.t('web:field.gamingDay'), 'date')}
        {field('table', tr.t('web:field.table'), 'text', 'RL-01')}
        {field('code', tr.t('web:field.discrepancyCode'), 'text', 'PAYOUT_MISMATCH')}
        {field('from', tr.t('web:search.from'), 'time')}
        {field('to', tr.t('web:search.to'), 'time')}
        <button type="submit">{tr.t('web:search.search')}</button>
      </form>
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
        {!data.verdicts.complete && (
          <p role="status" className="warning">
            {tr.t(data.verdicts.pendingEvents >= 10000 ? 'web:search.judgingMany' : 'web:search.judging', { pending: data.verdicts.pendingEvents >= 10000 ? 10000 : data.verdicts.pendingEvents })}
          </p>
        )}
        <Pager path={['rounds']} params={params} shown={data.rounds.length} total={data.total} next={data.next} noun="rounds" />
        <button type="button" onClick={() => void download(`/api/v1/rounds?${listQuery(params, FILTERS).replace(/(^|&)(limit|cursor)=[^&]*/g, '')}&format=csv`, 'rounds.csv')}>
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
