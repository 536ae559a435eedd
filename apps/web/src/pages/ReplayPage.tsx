/**
 * Round replay: step through a round event by event on a drawing of the table, with what was paid
 * beside what should have been paid, discrepancies highlighted with their citation, and a link that
 * opens the same round at the same step. ← and → step back and forth.
 */
import { useEffect, useMemo } from 'react';
import { eur, getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { TableDrawing } from '../components/TableDrawing';
import { href, navigate } from '../router';
import { clockTime, localTime } from '../time';

interface Discrepancy {
  code: string;
  eventId?: string;
  betId?: string;
  expected: unknown;
  recorded: unknown;
  rule: string;
  citation: string;
  message: string;
}

interface Step {
  position: number;
  eventId: string;
  type: string;
  occurredAt?: string;
  narrative: string;
  state: any;
  discrepancies: Discrepancy[];
}

export interface Replay {
  roundId: string;
  sessionId: string;
  tableId?: string;
  casinoId?: string;
  gamingDay?: string;
  game: string;
  jurisdiction: string;
  verdict: 'consistent' | 'discrepancies' | 'void' | 'incomplete';
  discrepancies: Discrepancy[];
  steps: Step[];
  notes: string[];
  warnings: string[];
  disputes: Array<{ type: string; occurredAt: string | null; data: Record<string, unknown> }>;
  corrections: Array<{ correctsEventId: string; reason: string; approvedBy: string[] }>;
  rulebook: string | null;
  start?: { source: 'stream'; factsFolded: number } | { source: 'snapshot'; atVersion: number };
  /** the zone of the casino's clock */
  timeZone?: string;
}

const show = (v: unknown) => (typeof v === 'number' ? eur(v) : typeof v === 'string' ? v : JSON.stringify(v));

export function ReplayPage({ roundId, step, full = false }: { roundId: string; step: number; full?: boolean }) {
  const { data, error } = useLoad(() => getJson<Replay>(`/api/v1/rounds/${encodeURIComponent(roundId)}/replay${full ? '?full=true' : ''}`), [roundId, full]);
  const total = data?.steps.length ?? 0;
  const current = Math.min(Math.max(step || total, 1), Math.max(total, 1));
  const go = (n: number) => navigate(['rounds', roundId], { step: Math.min(Math.max(n, 1), total), full: full ? 1 : undefined }, true);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement)?.closest?.('input, select, textarea')) return;
      if (e.key === 'ArrowRight') go(current + 1);
      if (e.key === 'ArrowLeft') go(current - 1);
      if (e.key === 'Home') go(1);
      if (e.key === 'End') go(total);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const shown = useMemo(() => data?.steps.slice(0, current) ?? [], [data, current]);
  if (!data) return <Loading error={error} />;
  const s = data.steps[current - 1];
  const all = data.discrepancies;
  return (
    <article className="replay">
      <header>
        <h1>
          Round <code>{data.roundId}</code>
        </h1>
        <p>
          {data.game} under the <strong>{data.jurisdiction}</strong> catalogue{data.rulebook ? ` (${data.rulebook})` : ''} · table {data.tableId} ·
          gaming day {data.gamingDay} · <a href={href(['sessions', data.sessionId])}>session {data.sessionId}</a>
        </p>
        {data.start && (
          <p className="start-source">
            {data.start.source === 'snapshot' ? (
              <>
                Table state at the round's start: stored with its verdict, folded from the session's first {data.start.atVersion} facts ·{' '}
                <a href={href(['rounds', roundId], { step: current, full: 1 })}>fold them again now</a>
              </>
            ) : (
              <>Table state at the round's start: folded now from {data.start.factsFolded} earlier fact{data.start.factsFolded === 1 ? '' : 's'} of the session</>
            )}
          </p>
        )}
        <p className={`verdict ${data.verdict}`} role="status">
          Verdict: <strong>{data.verdict}</strong>
          {all.length > 0 && ` — ${all.length} difference${all.length > 1 ? 's' : ''} from the regulation`}
        </p>
      </header>

      <nav className="stepper" aria-label="step through the round">
        <button onClick={() => go(1)} disabled={current <= 1} aria-label="first step">First</button>
        <button onClick={() => go(current - 1)} disabled={current <= 1} aria-label="previous step">◀ Back</button>
        <span aria-live="polite" className="step-count">
          step {current} of {total}
        </span>
        <button onClick={() => go(current + 1)} disabled={current >= total} aria-label="next step">Forward ▶</button>
        <button onClick={() => go(total)} disabled={current >= total} aria-label="last step">Last</button>
        <a className="share" href={href(['rounds', roundId], { step: current })} title="a link to this round at this step">
          link to this step
        </a>
      </nav>

      {s && (
        <section className="now" aria-label="this step">
          <h2>
            {s.position}. {s.type}
          </h2>
          <p className="narrative">{s.narrative}</p>
          {s.discrepancies.map((d, i) => (
            <DiscrepancyBox key={i} d={d} />
          ))}
          <TableDrawing game={data.game} state={s.state} />
        </section>
      )}

      <section aria-label="the round so far">
        <h2>Events</h2>
        <ol className="events">
          {shown.map((x) => (
            <li key={x.eventId} className={x.discrepancies.length ? 'flagged' : undefined} aria-current={x.position === current ? 'step' : undefined}>
              <a href={href(['rounds', roundId], { step: x.position })}>
                <span className="time">{clockTime(x.occurredAt, data.timeZone)}</span> {x.narrative}
              </a>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="all differences">
        <h2>Differences from the regulation</h2>
        {all.length === 0 ? <p>None: every bet, draw, payout and levy agrees with the regulation.</p> : all.map((d, i) => <DiscrepancyBox key={i} d={d} />)}
        {data.notes.map((n, i) => (
          <p key={i} className="note">Note: {n}</p>
        ))}
        {data.warnings.map((w, i) => (
          <p key={i} className="note">Rulebook warning: {w}</p>
        ))}
        {data.disputes.map((d, i) => (
          <p key={i} className="dispute">
            {d.type === 'RoundDisputed' ? 'Disputed' : 'Resolved'} {localTime(d.occurredAt, data.timeZone)}: {Object.entries(d.data).filter(([k]) => k !== 'roundId').map(([k, v]) => `${k} ${String(v)}`).join(' · ')}
          </p>
        ))}
        {data.corrections.map((c, i) => (
          <p key={i} className="dispute">
            Correction of {c.correctsEventId}: {c.reason} (approved by {c.approvedBy.join(' and ')})
          </p>
        ))}
      </section>
    </article>
  );
}

function DiscrepancyBox({ d }: { d: Discrepancy }) {
  return (
    <div className="discrepancy" role="note">
      <p>
        <strong className="code">{d.code}</strong>
        {d.betId && <> on bet {d.betId.replace(/^.*-(b\d+.*)$/, '$1')}</>}: {d.message}
      </p>
      <p className="paid">
        should have been <strong>{show(d.expected)}</strong>, recorded <strong>{show(d.recorded)}</strong>
      </p>
      <p className="citation">
        rule <code>{d.rule}</code> · <cite>{d.citation}</cite>
      </p>
    </div>
  );
}
