/** Progressive jackpot pools: each pool's value over time, its contributions and its wins in order. */
import { Head } from '../components/Head';
import { getJson } from '../api';
import { LineChart } from '../charts';
import { useLoad, Loading } from '../components/Async';
import { useT } from '../language';
import { href } from '../router';
import { localTime, zoneIn } from '../time';

interface Pool {
  poolId: string;
  casinoId: string;
  seed: number;
  contributions: number;
  won: number;
  current: number;
  contributionsCount: number;
  winsCount: number;
  tables: string[];
  wins: Array<{
    roundId: string | null;
    tableId: string | null;
    seat: string | null;
    hand: string | null;
    amount: number;
    before: number;
    after: number;
    occurredAt: string | null;
  }>;
  resets: Array<{ amount: number; before: number; after: number; occurredAt: string | null }>;
  series: Array<{ at: string | null; kind: string; value: number }>;
}

export function JackpotsPage() {
  const tr = useT();
  const { data, error } = useLoad(() => getJson<{ pools: Pool[]; timeZones?: Record<string, string> }>('/api/v1/jackpots'), []);
  if (!data) return <Loading error={error} />;
  return (
    <article>
      <h1>{tr.t('web:jackpots.title')}</h1>
      {data.pools.length === 0 && <p>{tr.t('web:jackpots.none')}</p>}
      {data.pools.map((p) => (
        <section key={p.poolId} aria-labelledby={`pool-${p.poolId}`}>
          <h2 id={`pool-${p.poolId}`}>
            {p.poolId}{' '}
            <small>
              ({p.casinoId}; {tr.t('web:jackpots.linked', { tables: p.tables.join(', ') || '—' })})
            </small>
          </h2>
          <dl className="figures">
            <dt>{tr.t('web:jackpots.seed')}</dt>
            <dd>{tr.money(p.seed)}</dd>
            <dt>{tr.t('web:jackpots.contributions')}</dt>
            <dd>
              {tr.money(p.contributions)} ({tr.number(p.contributionsCount)})
            </dd>
            <dt>{tr.t('web:jackpots.won')}</dt>
            <dd>
              {tr.money(p.won)} ({tr.number(p.winsCount)})
            </dd>
            <dt>{tr.t('web:jackpots.current')}</dt>
            <dd>
              <strong>{tr.money(p.current)}</strong>
            </dd>
          </dl>
          <LineChart
            title={tr.t('web:jackpots.overTime', { pool: p.poolId })}
            series={[{ name: p.poolId, points: p.series.filter((x) => x.at).map((x) => ({ t: Date.parse(x.at!), v: x.value })) }]}
            format={tr.money}
            zone={zoneIn(data.timeZones, p.casinoId)}
          />
          <table>
            <caption>{tr.t('web:jackpots.wins')}</caption>
            <Head
              cols={[
                'web:col.when',
                'web:col.round',
                'web:col.table',
                'web:bets.seat',
                'web:jackpots.hand',
                ['web:jackpots.before', 'num'],
                ['web:jackpots.paid', 'num'],
                ['web:jackpots.after', 'num'],
              ]}
            />
            <tbody>
              {p.wins.map((w, i) => (
                <tr key={i}>
                  <td>{localTime(tr, w.occurredAt, zoneIn(data.timeZones, p.casinoId))}</td>
                  <td>{w.roundId ? <a href={href(['rounds', w.roundId])}>{w.roundId}</a> : '—'}</td>
                  <td>{w.tableId}</td>
                  <td>{w.seat}</td>
                  <td data-server-text>{w.hand}</td>
                  <td className="num">{tr.money(w.before)}</td>
                  <td className="num">{tr.money(w.amount)}</td>
                  <td className="num">{tr.money(w.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </article>
  );
}
