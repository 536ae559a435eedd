/**
 * Round replay: step through a round event by event on a drawing of the table, with what was paid
 * beside what should have been paid, discrepancies highlighted with their citation, and a link that
 * opens the same round at the same step. ← and → step back and forth.
 */
import { gameName } from '../games';
import { useEffect, useMemo } from 'react';
import { getJson } from '../api';
import { useLoad, Loading } from '../components/Async';
import { ExplainedFinding, FindingCitation, FindingDetail, FindingWhat } from '../components/Finding';
import { TableDrawing } from '../components/TableDrawing';
import { term, useT } from '../language';
import { href, navigate } from '../router';
import { clockTime, localTime } from '../time';

interface Discrepancy extends ExplainedFinding {
  eventId?: string;
  betId?: string;
  expected: unknown;
  recorded: unknown;
  rule: string;
}

interface Step {
  position: number;
  eventId: string;
  type: string;
  occurredAt?: string;
  narrative: string;
  /** the narrative in the chosen language (the API words it from Accept-Language) */
  narration?: string;
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
  /** the notes and warnings in the chosen language (the API words them from Accept-Language) */
  notesInLanguage?: string[];
  warningsInLanguage?: string[];
  disputes: Array<{ type: string; occurredAt: string | null; data: Record<string, unknown> }>;
  corrections: Array<{ correctsEventId: string; reason: string; approvedBy: string[] }>;
  rulebook: string | null;
  start?: { source: 'stream'; factsFolded: number } | { source: 'snapshot'; atVersion: number };
  /** the zone of the casino's clock */
  timeZone?: string;
}

/**
 * An expected or recorded value: money for amounts; otherwise as the rules wrote it, or what the server
 * shows instead of a sentence the rules write in English only (`shown`, in the chosen language; the
 * English kept in the title).
 */
export function Value({ v, shown }: { v: unknown; shown?: string }) {
  const tr = useT();
  if (shown !== undefined)
    return (
      <span data-server-text title={typeof v === 'string' ? v : undefined}>
        {shown}
      </span>
    );
  return typeof v === 'number' ? <>{tr.money(v)}</> : <span data-server-text>{typeof v === 'string' ? v : JSON.stringify(v)}</span>;
}

export function ReplayPage({ roundId, step, full = false }: { roundId: string; step: number; full?: boolean }) {
  const tr = useT();
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
          {tr.t('web:replay.round')} <code>{data.roundId}</code>
        </h1>
        <p>
          {gameName(tr.lang, data.game)} · {tr.t('web:replay.catalogue')} <strong>{data.jurisdiction}</strong>
          {data.rulebook ? ` (${data.rulebook})` : ''} · {tr.t('web:replay.table', { table: data.tableId ?? '—' })} ·{' '}
          {tr.t('web:replay.gamingDay', { day: data.gamingDay ? tr.date(data.gamingDay) : '—' })} ·{' '}
          <a href={href(['sessions', data.sessionId])}>{tr.t('web:replay.session', { session: data.sessionId })}</a>
        </p>
        {data.start && (
          <p className="start-source">
            {data.start.source === 'snapshot' ? (
              <>
                {tr.t('web:replay.startStored', { facts: data.start.atVersion })} ·{' '}
                <a href={href(['rounds', roundId], { step: current, full: 1 })}>{tr.t('web:replay.foldAgain')}</a>
              </>
            ) : (
              <>{tr.t('web:replay.startFolded', { facts: data.start.factsFolded })}</>
            )}
          </p>
        )}
        <p className={`verdict ${data.verdict}`} role="status" data-verdict={data.verdict}>
          {tr.t('web:replay.verdict')} <strong>{term(tr, 'verdict', data.verdict)}</strong>
          {all.length > 0 && ` — ${tr.t('web:replay.differences', { count: all.length })}`}
        </p>
      </header>

      <nav className="stepper" aria-label={tr.t('web:replay.stepper')}>
        <button onClick={() => go(1)} disabled={current <= 1} aria-label={tr.t('web:replay.firstStep')}>
          {tr.t('web:replay.first')}
        </button>
        <button onClick={() => go(current - 1)} disabled={current <= 1} aria-label={tr.t('web:replay.previousStep')}>
          ◀ {tr.t('web:replay.back')}
        </button>
        <span aria-live="polite" className="step-count">
          {tr.t('web:replay.stepOf', { step: current, total })}
        </span>
        <button onClick={() => go(current + 1)} disabled={current >= total} aria-label={tr.t('web:replay.nextStep')}>
          {tr.t('web:replay.forward')} ▶
        </button>
        <button onClick={() => go(total)} disabled={current >= total} aria-label={tr.t('web:replay.lastStep')}>
          {tr.t('web:replay.last')}
        </button>
        <a className="share" href={href(['rounds', roundId], { step: current })} title={tr.t('web:replay.linkTitle')}>
          {tr.t('web:replay.link')}
        </a>
      </nav>

      {s && (
        <section className="now" aria-label={tr.t('web:replay.thisStep')}>
          <h2>
            {s.position}. <code>{s.type}</code>
          </h2>
          <p className="narrative" data-server-text>
            {s.narration ?? s.narrative}
          </p>
          {s.discrepancies.map((d, i) => (
            <DiscrepancyBox key={i} d={d} />
          ))}
          <TableDrawing game={data.game} state={s.state} />
        </section>
      )}

      <section aria-label={tr.t('web:replay.soFar')}>
        <h2>{tr.t('web:replay.events')}</h2>
        <ol className="events">
          {shown.map((x) => (
            <li key={x.eventId} className={x.discrepancies.length ? 'flagged' : undefined} aria-current={x.position === current ? 'step' : undefined}>
              <a href={href(['rounds', roundId], { step: x.position })}>
                <span className="time">{clockTime(x.occurredAt, data.timeZone)}</span> <span data-server-text>{x.narration ?? x.narrative}</span>
              </a>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label={tr.t('web:replay.allDifferences')}>
        <h2>{tr.t('web:replay.differencesHeading')}</h2>
        {all.length === 0 ? <p>{tr.t('web:replay.none')}</p> : all.map((d, i) => <DiscrepancyBox key={i} d={d} />)}
        {(data.notesInLanguage ?? data.notes).map((n, i) => (
          <p key={i} className="note">
            {tr.t('web:replay.note')} <span data-server-text>{n}</span>
          </p>
        ))}
        {(data.warningsInLanguage ?? data.warnings).map((w, i) => (
          <p key={i} className="note">
            {tr.t('web:replay.warning')} <span data-server-text>{w}</span>
          </p>
        ))}
        {data.disputes.map((d, i) => (
          <p key={i} className="dispute">
            {tr.t(d.type === 'RoundDisputed' ? 'web:replay.disputed' : 'web:replay.resolved', { at: localTime(tr, d.occurredAt, data.timeZone) })}{' '}
            <span data-server-text>
              {Object.entries(d.data)
                .filter(([k]) => k !== 'roundId')
                .map(([k, v]) => `${k} ${String(v)}`)
                .join(' · ')}
            </span>
          </p>
        ))}
        {data.corrections.map((c, i) => (
          <p key={i} className="dispute">
            {tr.t('web:replay.correction', { event: c.correctsEventId, approvedBy: c.approvedBy.join(', ') })} <span data-server-text>{c.reason}</span>
          </p>
        ))}
      </section>
    </article>
  );
}

function DiscrepancyBox({ d }: { d: Discrepancy }) {
  const tr = useT();
  return (
    <div className="discrepancy" role="note">
      <p>
        <strong className="code">{d.code}</strong>
        {d.betId && <> {tr.t('web:replay.onBet', { bet: d.betId.replace(/^.*-(b\d+.*)$/, '$1') })}</>}: <FindingWhat f={d} />
      </p>
      <FindingDetail f={d} />
      <p className="paid">
        {tr.t('web:replay.shouldHaveBeen')}{' '}
        <strong>
          <Value v={d.expected} shown={d.expectedShown} />
        </strong>
        , {tr.t('web:replay.recorded')}{' '}
        <strong>
          <Value v={d.recorded} shown={d.recordedShown} />
        </strong>
      </p>
      <p className="citation">
        {tr.t('web:replay.rule')} <code>{d.rule}</code> · <FindingCitation f={d} />
      </p>
    </div>
  );
}
