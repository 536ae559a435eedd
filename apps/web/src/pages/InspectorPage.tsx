/**
 * The inspector's gaming day: filters, the day's figures, charts (drop and win per table,
 * discrepancies per game and code, jackpot pools over time), every discrepancy with its citation,
 * disputes and corrections, and the signed PDF.
 */
import { FormEvent, useState } from 'react';
import { download, eur, getJson } from '../api';
import { BarChart, LineChart } from '../charts';
import { useLoad, Loading } from '../components/Async';
import { href, navigate } from '../router';
import { localTime, zoneIn } from '../time';

interface InspectorReport {
  casinoId: string | null;
  gamingDay: string;
  casinos: string[];
  jurisdictions: string[];
  sessions: Array<{ sessionId: string; casinoId: string; tableId: string; game: string; jurisdiction: string; status: string; staff: { inspector?: string; croupiers?: string[] }; rounds: number; roundsVoided: number; drop: number; win: number | null; cagnotte: number; tips: number; discrepancies: number; limits: Record<string, number> }>;
  staff: { inspectors: string[]; croupiers: string[] };
  rounds: { played: number; voided: number; judged: number; consistent: number; withDiscrepancies: number; incomplete: number };
  discrepanciesByCode: Array<{ code: string; count: number; roundIds: string[] }>;
  discrepancies: Array<{ code: string; roundId: string; tableId: string | null; betId?: string; expected: unknown; recorded: unknown; rule: string; citation: string; message: string }>;
  sessionFindings: Array<{ code: string; sessionId: string; tableId: string; game: string; expected: unknown; recorded: unknown; rule: string; citation: string; message: string }>;
  totals: { drop: number; win: number; cagnotte: number; tips: number; commission: number; jackpotContributions: number; jackpotWins: number; openSessions: number };
  disputes: Array<{ roundId?: string | null; tableId?: string | null; raisedBy?: string; claim?: string; resolution?: string | null; resolvedBy?: string | null }>;
  corrections: Array<{ correctsEventId?: string; reason?: string; approvedBy?: string[]; field?: string; amount?: number; tableId: string | null }>;
  limitChanges: Array<{ tableId: string | null; sessionId?: string; to: Record<string, number>; at: string | null }>;
  /** the zone of each casino's clock */
  timeZones?: Record<string, string>;
  dayFindings?: Array<{ code: string; sessionId: string | null; tableId: string | null; expected: unknown; recorded: unknown; rule: string; citation: string; message: string }>;
  checklist?: Array<{ id: string; title: string; code: string; jurisdiction: string; status: 'pass' | 'finding' | 'not-applicable' | 'not-judged'; findings: number; citation: string | null; note: string | null }>;
}

const CHECKLIST_LABEL = { pass: 'pass', finding: 'finding', 'not-applicable': 'not applicable', 'not-judged': 'not judged' } as const;

interface JackpotsReport {
  pools: Array<{ poolId: string; current: number; series: Array<{ at: string | null; value: number }> }>;
}

const show = (v: unknown) => (typeof v === 'number' ? eur(v) : typeof v === 'string' ? v : JSON.stringify(v));

export function InspectorPage({ query }: { query: URLSearchParams }) {
  const gamingDay = query.get('gamingDay') ?? '';
  const casino = query.get('casino') ?? '';
  const game = query.get('game') ?? '';
  const code = query.get('code') ?? '';
  const [form, setForm] = useState({ gamingDay, casino, game, code });
  const days = useLoad(() => getJson<{ gamingDays: string[] }>('/api/v1/sessions'), []);
  const day = gamingDay || days.data?.gamingDays[0] || '';
  const qs = new URLSearchParams(Object.entries({ gamingDay: day, casino }).filter(([, v]) => v)).toString();
  const report = useLoad(() => (day ? getJson<InspectorReport>(`/api/v1/reports/inspector?${qs}`) : Promise.resolve(null)), [qs]);
  const pools = useLoad(() => getJson<JackpotsReport>(`/api/v1/jackpots${casino ? `?casino=${encodeURIComponent(casino)}` : ''}`), [casino]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(['inspector'], form);
  };
  const r = report.data;
  const sessions = r?.sessions.filter((s) => !game || s.game === game) ?? [];
  const discrepancies = r?.discrepancies.filter((d) => (!code || d.code === code) && (!game || sessions.some((s) => s.tableId === d.tableId))) ?? [];
  const sessionFindings = r?.sessionFindings.filter((f) => (!code || f.code === code) && (!game || f.game === game)) ?? [];
  const dayFindings = r?.dayFindings?.filter((f) => !code || f.code === code) ?? [];
  const byGameAndCode = new Map<string, number>();
  for (const d of discrepancies) {
    const g = r?.sessions.find((s) => s.tableId === d.tableId)?.game ?? '?';
    byGameAndCode.set(`${g} · ${d.code}`, (byGameAndCode.get(`${g} · ${d.code}`) ?? 0) + 1);
  }
  return (
    <article className="inspector">
      <h1>Inspector's report{day ? ` — gaming day ${day}` : ''}</h1>
      <form className="filters no-print" onSubmit={submit}>
        <label>
          Gaming day
          <input type="date" value={form.gamingDay || day} onChange={(e) => setForm({ ...form, gamingDay: e.target.value })} list="inspector-days" />
          <datalist id="inspector-days">{days.data?.gamingDays.map((d) => <option key={d} value={d} />)}</datalist>
        </label>
        <label>
          Casino
          <input value={form.casino} onChange={(e) => setForm({ ...form, casino: e.target.value })} placeholder="all" />
        </label>
        <label>
          Game
          <input value={form.game} onChange={(e) => setForm({ ...form, game: e.target.value })} placeholder="all" list="inspector-games" />
          <datalist id="inspector-games">{[...new Set(r?.sessions.map((s) => s.game))].map((g) => <option key={g} value={g} />)}</datalist>
        </label>
        <label>
          Discrepancy code
          <input value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} placeholder="all" />
        </label>
        <button type="submit">Apply</button>
        <button type="button" disabled={!day} onClick={() => download(`/api/v1/reports/inspector?${qs}&format=pdf`, `inspector-${day}${casino ? `-${casino}` : ''}.pdf`)}>
          Download PDF
        </button>
        <button type="button" disabled={!day} onClick={() => download(`/api/v1/reports/inspector?${qs}&format=csv`, `inspector-${day}.csv`)}>
          Download CSV
        </button>
      </form>
      {!r ? (
        <Loading error={report.error ?? days.error}>{!day && days.data ? <p>No gaming day on record yet.</p> : undefined}</Loading>
      ) : (
        <>
          <p>
            {r.casinos.join(', ')} · jurisdictions {r.jurisdictions.join(', ')} · {r.sessions.length} table sessions · inspectors {r.staff.inspectors.join(', ')}
          </p>
          <dl className="figures">
            <dt>Rounds</dt>
            <dd>
              {r.rounds.played} played, {r.rounds.voided} voided, {r.rounds.withDiscrepancies} with discrepancies
            </dd>
            <dt>Drop</dt>
            <dd>{eur(r.totals.drop)}</dd>
            <dt>Win</dt>
            <dd>{eur(r.totals.win)}</dd>
            <dt>Cagnotte</dt>
            <dd>{eur(r.totals.cagnotte)}</dd>
            <dt>Tips</dt>
            <dd>{eur(r.totals.tips)}</dd>
            <dt>Jackpots</dt>
            <dd>
              contributions {eur(r.totals.jackpotContributions)} · paid {eur(r.totals.jackpotWins)}
            </dd>
          </dl>
          <div className="grid2">
            <BarChart title="Drop per table" data={sessions.map((s) => ({ label: s.tableId, value: s.drop }))} format={eur} />
            <BarChart title="Win per table" data={sessions.map((s) => ({ label: s.tableId, value: s.win ?? 0 }))} format={eur} />
            <BarChart title="Discrepancies per game and code" data={[...byGameAndCode].map(([label, value]) => ({ label, value }))} />
            {pools.data && (
              <LineChart
                title="Jackpot pools over time"
                series={pools.data.pools.map((p) => ({ name: p.poolId, points: p.series.filter((x) => x.at).map((x) => ({ t: Date.parse(x.at!), v: x.value })) }))}
                format={eur}
              />
            )}
          </div>
          <table>
            <caption>Table sessions</caption>
            <thead>
              <tr>
                <th scope="col">table</th>
                <th scope="col">game</th>
                <th scope="col">jurisdiction</th>
                <th scope="col">staff</th>
                <th scope="col" className="num">rounds</th>
                <th scope="col" className="num">drop</th>
                <th scope="col" className="num">win</th>
                <th scope="col" className="num">discrepancies</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.sessionId} className={s.discrepancies ? 'flagged' : undefined}>
                  <td>
                    <a href={href(['sessions', s.sessionId])}>{s.tableId}</a>
                  </td>
                  <td>{s.game}</td>
                  <td>{s.jurisdiction}</td>
                  <td>
                    {s.staff.inspector} / {(s.staff.croupiers ?? []).join(', ')}
                  </td>
                  <td className="num">{s.rounds}</td>
                  <td className="num">{eur(s.drop)}</td>
                  <td className="num">{eur(s.win)}</td>
                  <td className="num">{s.discrepancies}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table>
            <caption>Discrepancies ({discrepancies.length})</caption>
            <thead>
              <tr>
                <th scope="col">round</th>
                <th scope="col">table</th>
                <th scope="col">code</th>
                <th scope="col">what</th>
                <th scope="col">expected</th>
                <th scope="col">recorded</th>
                <th scope="col">citation</th>
              </tr>
            </thead>
            <tbody>
              {discrepancies.slice(0, 300).map((d, i) => (
                <tr key={i}>
                  <td>
                    <a href={href(['rounds', d.roundId])}>{d.roundId.replace(/^.*-(r\d+)$/, '$1')}</a>
                  </td>
                  <td>{d.tableId}</td>
                  <td>{d.code}</td>
                  <td>{d.message}</td>
                  <td>{show(d.expected)}</td>
                  <td>{show(d.recorded)}</td>
                  <td>
                    <cite>{d.citation}</cite>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="session-findings">
            <caption>Findings on the sessions ({sessionFindings.length})</caption>
            <thead>
              <tr>
                <th scope="col">session</th>
                <th scope="col">table</th>
                <th scope="col">code</th>
                <th scope="col">what</th>
                <th scope="col">citation</th>
              </tr>
            </thead>
            <tbody>
              {sessionFindings.length === 0 && (
                <tr>
                  <td colSpan={5}>None: every session opened, changed its limits and started its shoes as its rulebook requires.</td>
                </tr>
              )}
              {sessionFindings.map((f, i) => (
                <tr key={i}>
                  <td>
                    <a href={href(['sessions', f.sessionId])}>{f.sessionId}</a>
                  </td>
                  <td>{f.tableId}</td>
                  <td>{f.code}</td>
                  <td>{f.message}</td>
                  <td>
                    <cite>{f.citation}</cite>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="day-findings">
            <caption>Findings on the gaming day ({dayFindings.length})</caption>
            <thead>
              <tr>
                <th scope="col">table</th>
                <th scope="col">code</th>
                <th scope="col">what</th>
                <th scope="col">citation</th>
              </tr>
            </thead>
            <tbody>
              {dayFindings.length === 0 && (
                <tr>
                  <td colSpan={4}>None: the tables in service, the jefes per table and the changes of game kept to the rules.</td>
                </tr>
              )}
              {dayFindings.map((f, i) => (
                <tr key={i}>
                  <td>{f.sessionId ? <a href={href(['sessions', f.sessionId])}>{f.tableId}</a> : 'the day'}</td>
                  <td>{f.code}</td>
                  <td>{f.message}</td>
                  <td>
                    <cite>{f.citation}</cite>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="checklist">
            <caption>Gaming-day compliance checklist</caption>
            <thead>
              <tr>
                <th scope="col">jurisdiction</th>
                <th scope="col">rule</th>
                <th scope="col">verdict</th>
                <th scope="col">citation</th>
                <th scope="col">note</th>
              </tr>
            </thead>
            <tbody>
              {(r.checklist ?? []).map((c) => (
                <tr key={`${c.jurisdiction}-${c.id}`} className={c.status === 'finding' ? 'flagged' : undefined} data-row={c.id} data-status={c.status}>
                  <td>{c.jurisdiction}</td>
                  <td>{c.title}</td>
                  <td>
                    {c.status === 'finding' ? (
                      <a href={href(['inspector'], { gamingDay: r.gamingDay, ...(r.casinoId ? { casino: r.casinoId } : {}), code: c.code })}>
                        {CHECKLIST_LABEL[c.status]} ({c.findings})
                      </a>
                    ) : (
                      CHECKLIST_LABEL[c.status]
                    )}
                  </td>
                  <td>{c.citation ? <cite>{c.citation}</cite> : '—'}</td>
                  <td>{c.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Disputes and corrections</h2>
          {r.disputes.length + r.corrections.length === 0 && <p>None.</p>}
          <ul>
            {r.disputes.map((d, i) => (
              <li key={`d${i}`}>
                Dispute on round {d.roundId ? <a href={href(['rounds', d.roundId])}>{d.roundId}</a> : '?'} ({d.tableId}) by {d.raisedBy}: {d.claim}
                {d.resolution ? ` — resolved by ${d.resolvedBy}: ${d.resolution}` : ' — open'}
              </li>
            ))}
            {r.corrections.map((c, i) => (
              <li key={`c${i}`}>
                Correction at {c.tableId}: {c.field} {c.amount !== undefined ? eur(c.amount) : ''} — {c.reason} (approved by {(c.approvedBy ?? []).join(' and ')})
              </li>
            ))}
          </ul>
          {r.limitChanges.length > 0 && (
            <>
              <h2>Limit changes</h2>
              <ul>
                {r.limitChanges.map((l, i) => (
                  <li key={i}>
                    {l.tableId} at {localTime(l.at, zoneIn(r.timeZones, r.sessions.find((s) => s.sessionId === l.sessionId)?.casinoId ?? r.casinoId))}: {JSON.stringify(l.to)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </article>
  );
}
