/**
 * The inspector's gaming day: filters, the day's figures, charts (drop and win per table,
 * discrepancies per game and code, jackpot pools over time), every discrepancy with its citation,
 * disputes and corrections, and the signed PDF.
 */
import { Head } from '../components/Head';
import { gameName } from '../games';
import { download, getJson } from '../api';
import { BarChart, LineChart } from '../charts';
import { useLoad, Loading } from '../components/Async';
import { ALL, Filters, filtersOf, gamingDayField } from '../components/Filters';
import { ExplainedFinding, FindingCitation, FindingDetail, FindingWhat } from '../components/Finding';
import { term, useT } from '../language';
import { href, navigate } from '../router';
import { localTime, zoneIn } from '../time';
import { Value } from './ReplayPage';

interface InspectorReport {
  casinoId: string | null;
  gamingDay: string;
  casinos: string[];
  jurisdictions: string[];
  sessions: Array<{
    sessionId: string;
    casinoId: string;
    tableId: string;
    game: string;
    jurisdiction: string;
    status: string;
    staff: { inspector?: string; croupiers?: string[] };
    rounds: number;
    roundsVoided: number;
    drop: number;
    win: number | null;
    cagnotte: number;
    tips: number;
    discrepancies: number;
    limits: Record<string, number>;
  }>;
  staff: { inspectors: string[]; croupiers: string[] };
  rounds: { played: number; voided: number; judged: number; consistent: number; withDiscrepancies: number; incomplete: number };
  discrepanciesByCode: Array<{ code: string; count: number; roundIds: string[] }>;
  discrepancies: Array<ExplainedFinding & { roundId: string; tableId: string | null; betId?: string; expected: unknown; recorded: unknown; rule: string }>;
  sessionFindings: Array<ExplainedFinding & { sessionId: string; tableId: string; game: string; expected: unknown; recorded: unknown; rule: string }>;
  totals: {
    drop: number;
    win: number;
    cagnotte: number;
    tips: number;
    commission: number;
    jackpotContributions: number;
    jackpotWins: number;
    openSessions: number;
  };
  disputes: Array<{
    roundId?: string | null;
    tableId?: string | null;
    raisedBy?: string;
    claim?: string;
    resolution?: string | null;
    resolvedBy?: string | null;
  }>;
  corrections: Array<{ correctsEventId?: string; reason?: string; approvedBy?: string[]; field?: string; amount?: number; tableId: string | null }>;
  limitChanges: Array<{ tableId: string | null; sessionId?: string; to: Record<string, number>; at: string | null }>;
  /** the zone of each casino's clock */
  timeZones?: Record<string, string>;
  dayFindings?: Array<ExplainedFinding & { sessionId: string | null; tableId: string | null; expected: unknown; recorded: unknown; rule: string }>;
  checklist?: Array<{
    id: string;
    title: string;
    code: string;
    jurisdiction: string;
    status: 'pass' | 'finding' | 'not-applicable' | 'not-judged';
    findings: number;
    citation: string | null;
    legalCitation?: string;
    originalText?: string;
    note: string | null;
    /** the title and the note in the chosen language (the API words them from Accept-Language) */
    titleInLanguage?: string;
    noteInLanguage?: string | null;
  }>;
}

interface JackpotsReport {
  pools: Array<{ poolId: string; current: number; series: Array<{ at: string | null; value: number }> }>;
}

export function InspectorPage({ query }: { query: URLSearchParams }) {
  const tr = useT();
  const filters = filtersOf(query, ['gamingDay', 'casino', 'game', 'code'] as const);
  const { gamingDay, casino, game, code } = filters;
  const days = useLoad(() => getJson<{ gamingDays: string[] }>('/api/v1/sessions'), []);
  const day = gamingDay || days.data?.gamingDays[0] || '';
  const qs = new URLSearchParams(Object.entries({ gamingDay: day, casino }).filter(([, v]) => v)).toString();
  const report = useLoad(() => (day ? getJson<InspectorReport>(`/api/v1/reports/inspector?${qs}`) : Promise.resolve(null)), [qs]);
  const pools = useLoad(() => getJson<JackpotsReport>(`/api/v1/jackpots${casino ? `?casino=${encodeURIComponent(casino)}` : ''}`), [casino]);
  const r = report.data;
  const sessions = r?.sessions.filter((s) => !game || s.game === game) ?? [];
  const discrepancies = r?.discrepancies.filter((d) => (!code || d.code === code) && (!game || sessions.some((s) => s.tableId === d.tableId))) ?? [];
  const sessionFindings = r?.sessionFindings.filter((f) => (!code || f.code === code) && (!game || f.game === game)) ?? [];
  const dayFindings = r?.dayFindings?.filter((f) => !code || f.code === code) ?? [];
  const byGameAndCode = new Map<string, number>();
  for (const d of discrepancies) {
    const id = r?.sessions.find((s) => s.tableId === d.tableId)?.game;
    const g = id ? gameName(tr.lang, id) : '?';
    byGameAndCode.set(`${g} · ${d.code}`, (byGameAndCode.get(`${g} · ${d.code}`) ?? 0) + 1);
  }
  const zone = zoneIn(r?.timeZones, r?.casinoId);
  return (
    <article className="inspector">
      <h1>{day ? tr.t('web:inspector.titleOn', { day: tr.date(day) }) : tr.t('web:inspector.title')}</h1>
      <Filters
        className="filters no-print"
        initial={filters}
        fields={[
          gamingDayField('inspector-days', days.data?.gamingDays, day),
          { name: 'casino', label: 'web:col.casino', placeholder: ALL },
          {
            name: 'game',
            label: 'web:col.game',
            placeholder: ALL,
            suggestions: { id: 'inspector-games', values: [...new Set(r?.sessions.map((s) => s.game))] },
          },
          { name: 'code', label: 'web:field.discrepancyCode', placeholder: ALL },
        ]}
        submitLabel="web:inspector.apply"
        onSubmit={(values) => navigate(['inspector'], values)}
      >
        <button
          type="button"
          disabled={!day}
          onClick={() => void download(`/api/v1/reports/inspector?${qs}&format=pdf`, `inspector-${day}${casino ? `-${casino}` : ''}.pdf`)}
        >
          {tr.t('web:download.pdf')}
        </button>
        <button type="button" disabled={!day} onClick={() => void download(`/api/v1/reports/inspector?${qs}&format=csv`, `inspector-${day}.csv`)}>
          {tr.t('web:download.csv')}
        </button>
      </Filters>
      {!r ? (
        <Loading error={report.error ?? days.error}>{!day && days.data ? <p>{tr.t('web:inspector.noDay')}</p> : undefined}</Loading>
      ) : (
        <>
          <p>
            {r.casinos.join(', ')} · {tr.t('web:inspector.jurisdictions', { list: r.jurisdictions.join(', ') })} ·{' '}
            {tr.t('web:inspector.sessionCount', { count: r.sessions.length })} · {tr.t('web:inspector.inspectors', { list: r.staff.inspectors.join(', ') })}
          </p>
          <dl className="figures">
            <dt>{tr.t('web:inspector.rounds')}</dt>
            <dd>{tr.t('web:inspector.roundFigures', { played: r.rounds.played, voided: r.rounds.voided, flagged: r.rounds.withDiscrepancies })}</dd>
            <dt>{tr.t('web:figure.drop')}</dt>
            <dd>{tr.money(r.totals.drop)}</dd>
            <dt>{tr.t('web:figure.win')}</dt>
            <dd>{tr.money(r.totals.win)}</dd>
            <dt>{tr.t('web:figure.cagnotte')}</dt>
            <dd>{tr.money(r.totals.cagnotte)}</dd>
            <dt>{tr.t('web:figure.tips')}</dt>
            <dd>{tr.money(r.totals.tips)}</dd>
            <dt>{tr.t('web:figure.jackpots')}</dt>
            <dd>{tr.t('web:inspector.jackpotFigures', { contributions: tr.money(r.totals.jackpotContributions), paid: tr.money(r.totals.jackpotWins) })}</dd>
          </dl>
          <div className="grid2">
            <BarChart title={tr.t('web:inspector.dropPerTable')} data={sessions.map((s) => ({ label: s.tableId, value: s.drop }))} format={tr.money} />
            <BarChart title={tr.t('web:inspector.winPerTable')} data={sessions.map((s) => ({ label: s.tableId, value: s.win ?? 0 }))} format={tr.money} />
            <BarChart
              title={tr.t('web:inspector.perGameAndCode')}
              data={[...byGameAndCode].map(([label, value]) => ({ label, value }))}
              format={(v) => tr.number(v)}
            />
            {pools.data && (
              <LineChart
                title={tr.t('web:inspector.poolsOverTime')}
                series={pools.data.pools.map((p) => ({
                  name: p.poolId,
                  points: p.series.filter((x) => x.at).map((x) => ({ t: Date.parse(x.at!), v: x.value })),
                }))}
                format={tr.money}
                zone={zone}
              />
            )}
          </div>
          <table>
            <caption>{tr.t('web:inspector.sessions')}</caption>
            <Head
              cols={[
                'web:col.table',
                'web:col.game',
                'web:col.jurisdiction',
                'web:col.staff',
                ['web:col.rounds', 'num'],
                ['web:col.drop', 'num'],
                ['web:col.win', 'num'],
                ['web:col.discrepancies', 'num'],
              ]}
            />
            <tbody>
              {sessions.map((s) => (
                <tr key={s.sessionId} className={s.discrepancies ? 'flagged' : undefined}>
                  <td>
                    <a href={href(['sessions', s.sessionId])}>{s.tableId}</a>
                  </td>
                  <td data-game={s.game}>{gameName(tr.lang, s.game)}</td>
                  <td>{s.jurisdiction}</td>
                  <td>
                    {s.staff.inspector} / {(s.staff.croupiers ?? []).join(', ')}
                  </td>
                  <td className="num">{tr.number(s.rounds)}</td>
                  <td className="num">{tr.money(s.drop)}</td>
                  <td className="num">{tr.money(s.win)}</td>
                  <td className="num">{tr.number(s.discrepancies)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="discrepancies">
            <caption>{tr.t('web:inspector.discrepancies', { count: discrepancies.length })}</caption>
            <Head cols={['web:col.round', 'web:col.table', 'web:col.code', 'web:col.what', 'web:col.expected', 'web:col.recorded', 'web:col.citation']} />
            <tbody>
              {discrepancies.slice(0, 300).map((d, i) => (
                <tr key={i}>
                  <td>
                    <a href={href(['rounds', d.roundId])}>{d.roundId.replace(/^.*-(r\d+)$/, '$1')}</a>
                  </td>
                  <td>{d.tableId}</td>
                  <td>{d.code}</td>
                  <td>
                    <FindingWhat f={d} />
                    <FindingDetail f={d} />
                  </td>
                  <td>
                    <Value v={d.expected} shown={d.expectedShown} />
                  </td>
                  <td>
                    <Value v={d.recorded} shown={d.recordedShown} />
                  </td>
                  <td>
                    <FindingCitation f={d} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="session-findings">
            <caption>{tr.t('web:inspector.sessionFindings', { count: sessionFindings.length })}</caption>
            <Head cols={['web:col.session', 'web:col.table', 'web:col.code', 'web:col.what', 'web:col.citation']} />
            <tbody>
              {sessionFindings.length === 0 && (
                <tr>
                  <td colSpan={5}>{tr.t('web:inspector.noSessionFindings')}</td>
                </tr>
              )}
              {sessionFindings.map((f, i) => (
                <tr key={i}>
                  <td>
                    <a href={href(['sessions', f.sessionId])}>{f.sessionId}</a>
                  </td>
                  <td>{f.tableId}</td>
                  <td>{f.code}</td>
                  <td>
                    <FindingWhat f={f} />
                    <FindingDetail f={f} />
                  </td>
                  <td>
                    <FindingCitation f={f} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="day-findings">
            <caption>{tr.t('web:inspector.dayFindings', { count: dayFindings.length })}</caption>
            <Head cols={['web:col.table', 'web:col.code', 'web:col.what', 'web:col.citation']} />
            <tbody>
              {dayFindings.length === 0 && (
                <tr>
                  <td colSpan={4}>{tr.t('web:inspector.noDayFindings')}</td>
                </tr>
              )}
              {dayFindings.map((f, i) => (
                <tr key={i}>
                  <td>{f.sessionId ? <a href={href(['sessions', f.sessionId])}>{f.tableId}</a> : tr.t('web:inspector.theDay')}</td>
                  <td>{f.code}</td>
                  <td>
                    <FindingWhat f={f} />
                    <FindingDetail f={f} />
                  </td>
                  <td>
                    <FindingCitation f={f} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="checklist">
            <caption>{tr.t('web:inspector.checklist')}</caption>
            <Head cols={['web:col.jurisdiction', 'web:col.rule', 'web:col.verdict', 'web:col.citation', 'web:col.note']} />
            <tbody>
              {(r.checklist ?? []).map((c) => (
                <tr key={`${c.jurisdiction}-${c.id}`} className={c.status === 'finding' ? 'flagged' : undefined} data-row={c.id} data-status={c.status}>
                  <td>{c.jurisdiction}</td>
                  <td data-server-text>{c.titleInLanguage ?? c.title}</td>
                  <td>
                    {c.status === 'finding' ? (
                      <a href={href(['inspector'], { gamingDay: r.gamingDay, ...(r.casinoId ? { casino: r.casinoId } : {}), code: c.code })}>
                        {term(tr, 'checklist', c.status)} ({tr.number(c.findings)})
                      </a>
                    ) : (
                      term(tr, 'checklist', c.status)
                    )}
                  </td>
                  <td>{c.citation ? <FindingCitation f={{ ...c, citation: c.citation }} /> : '—'}</td>
                  <td data-server-text>{(c.noteInLanguage !== undefined ? c.noteInLanguage : c.note) ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{tr.t('web:inspector.disputesAndCorrections')}</h2>
          {r.disputes.length + r.corrections.length === 0 && <p>{tr.t('web:inspector.noneShort')}</p>}
          <ul>
            {r.disputes.map((d, i) => (
              <li key={`d${i}`}>
                {tr.t('web:inspector.disputeOn')} {d.roundId ? <a href={href(['rounds', d.roundId])}>{d.roundId}</a> : '?'} ({d.tableId}){' '}
                {tr.t('web:inspector.by', { who: d.raisedBy ?? '?' })}: <span data-server-text>{d.claim}</span> —{' '}
                {d.resolution ? (
                  <>
                    {tr.t('web:inspector.resolvedBy', { who: d.resolvedBy ?? '?' })} <span data-server-text>{d.resolution}</span>
                  </>
                ) : (
                  tr.t('web:inspector.open')
                )}
              </li>
            ))}
            {r.corrections.map((c, i) => (
              <li key={`c${i}`}>
                {tr.t('web:inspector.correctionAt', { table: c.tableId ?? '?' })} <code>{c.field}</code> {c.amount !== undefined ? tr.money(c.amount) : ''} —{' '}
                <span data-server-text>{c.reason}</span> ({tr.t('web:inspector.approvedBy', { who: (c.approvedBy ?? []).join(', ') })})
              </li>
            ))}
          </ul>
          {r.limitChanges.length > 0 && (
            <>
              <h2>{tr.t('web:inspector.limitChanges')}</h2>
              <ul>
                {r.limitChanges.map((l, i) => (
                  <li key={i}>
                    {tr.t('web:inspector.limitChangeAt', {
                      table: l.tableId ?? '?',
                      at: localTime(tr, l.at, zoneIn(r.timeZones, r.sessions.find((s) => s.sessionId === l.sessionId)?.casinoId ?? r.casinoId)),
                    })}{' '}
                    {Object.entries(l.to)
                      .map(([k, v]) => `${term(tr, 'limit', k)} ${tr.money(v)}`)
                      .join(', ')}
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
