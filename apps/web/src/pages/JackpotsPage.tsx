/** Progressive jackpot pools: each pool's value over time, its contributions and its wins in order. */
import { eur, getJson } from '../api';
import { LineChart } from '../charts';
import { useLoad, Loading } from '../components/Async';
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
  wins: Array<{ roundId: string | null; tableId: string | null; seat: string | null; hand: string | null; amount: number; before: number; after: number; occurredAt: string | null }>;
  resets: Array<{ amount: number; before: number; after: number; occurredAt: string | null }>;
  series: Array<{ at: string | null; kind: string; value: number }>;
}

export function JackpotsPage() {
  const { data, error } = useLoad(() => getJson<{ pools: Pool[]; timeZones?: Record<string, string> }>('/api/v1/jackpots'), []);
  if (!data) return <Loading error={error} />;
  return (
    <article>
      <h1>Jackpot pools</h1>
      {data.pools.length === 0 && <p>No jackpot pool is configured.</p>}
      {data.pools.map((p) => (
        <section key={p.poolId} aria-labelledby={`pool-${p.poolId}`}>
          <h2 id={`pool-${p.poolId}`}>
            {p.poolId} <small>({p.casinoId}; linked tables: {p.tables.join(', ') || '—'})</small>
          </h2>
          <dl className="figures">
            <dt>Seed</dt>
            <dd>{eur(p.seed)}</dd>
            <dt>Contributions</dt>
            <dd>
              {eur(p.contributions)} ({p.contributionsCount})
            </dd>
            <dt>Won</dt>
            <dd>
              {eur(p.won)} ({p.winsCount})
            </dd>
            <dt>Current value</dt>
            <dd>
              <strong>{eur(p.current)}</strong>
            </dd>
          </dl>
          <LineChart title={`${p.poolId}: value over time`} series={[{ name: p.poolId, points: p.series.filter((x) => x.at).map((x) => ({ t: Date.parse(x.at!), v: x.value })) }]} format={eur} />
          <table>
            <caption>Wins, in the order paid</caption>
            <thead>
              <tr>
                <th scope="col">when</th>
                <th scope="col">round</th>
                <th scope="col">table</th>
                <th scope="col">seat</th>
                <th scope="col">hand</th>
                <th scope="col" className="num">pool before</th>
                <th scope="col" className="num">paid</th>
                <th scope="col" className="num">pool after</th>
              </tr>
            </thead>
            <tbody>
              {p.wins.map((w, i) => (
                <tr key={i}>
                  <td>{localTime(w.occurredAt, zoneIn(data.timeZones, p.casinoId))}</td>
                  <td>{w.roundId ? <a href={href(['rounds', w.roundId])}>{w.roundId}</a> : '—'}</td>
                  <td>{w.tableId}</td>
                  <td>{w.seat}</td>
                  <td>{w.hand}</td>
                  <td className="num">{eur(w.before)}</td>
                  <td className="num">{eur(w.amount)}</td>
                  <td className="num">{eur(w.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </article>
  );
}
