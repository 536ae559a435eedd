/**
 * Session close, for finance: the table book (float by denomination, fills, credits, drop, win), the
 * reconciliation of the boxes against the count room, and the form to record the counts. Printable.
 */
import { Head } from '../components/Head';
import { gameName } from '../games';
import { FormEvent, useState } from 'react';
import { parseAmount } from '../amount';
import { download, getJson, postEvents, uuid } from '../api';
import { useLoad, Loading } from '../components/Async';
import { ExplainedFinding, FindingCitation, FindingDetail, FindingWhat } from '../components/Finding';
import { term, useT } from '../language';
import { href } from '../router';

interface Inventory {
  chips: Record<string, number>;
  total: number;
}

interface TableBook {
  sessionId: string;
  casinoId: string;
  tableId: string;
  game: string;
  jurisdiction: string;
  gamingDay: string;
  openingFloat: Inventory;
  closingFloat: Inventory | null;
  fills: Inventory & { slips: string[] };
  credits: Inventory & { slips: string[] };
  drop: number;
  tips: number;
  cagnotte: number;
  jackpotContributions: number;
  win: number | null;
  status: string;
  staff: { inspector?: string; croupiers?: string[] };
  rounds: number;
  roundsVoided: number;
  corrected?: Record<string, number | null>;
  sessionVerdict: 'consistent' | 'findings';
  sessionFindings: Array<ExplainedFinding & { rule: string }>;
  sessionNotes: string[];
}

interface Figure {
  recorded: number;
  counted: number | null;
  variance: number | null;
}

type ReconciliationRow = { sessionId: string } & Record<'drop' | 'tips' | 'cagnotte', Figure>;

export function SessionClosePage({ sessionId }: { sessionId: string }) {
  const tr = useT();
  const book = useLoad(() => getJson<TableBook>(`/api/v1/sessions/${encodeURIComponent(sessionId)}/table-book`), [sessionId]);
  const day = book.data?.gamingDay;
  const recon = useLoad(
    () =>
      day
        ? getJson<{ sessions: ReconciliationRow[] }>(`/api/v1/reconciliation?gamingDay=${day}&casino=${encodeURIComponent(book.data!.casinoId)}`)
        : Promise.resolve({ sessions: [] }),
    [day],
  );
  if (!book.data) return <Loading error={book.error} />;
  const b = book.data;
  const row = recon.data?.sessions.find((s) => s.sessionId === sessionId);
  const denominations = [
    ...new Set([
      ...Object.keys(b.openingFloat.chips),
      ...Object.keys(b.closingFloat?.chips ?? {}),
      ...Object.keys(b.fills.chips),
      ...Object.keys(b.credits.chips),
    ]),
  ].sort((x, y) => Number(y) - Number(x));
  return (
    <article className="session-close">
      <header>
        <h1>{tr.t('web:book.title', { table: b.tableId, game: gameName(tr.lang, b.game) })}</h1>
        <p>
          {tr.t('web:col.session')} <code>{b.sessionId}</code> · {b.casinoId} · {tr.t('web:replay.gamingDay', { day: tr.date(b.gamingDay) })} · {b.jurisdiction}{' '}
          · <strong>{term(tr, 'status', b.status)}</strong>
        </p>
        <p>
          {tr.t('web:book.inspector')} {b.staff?.inspector ?? '—'} · {tr.t('web:book.croupiers')} {(b.staff?.croupiers ?? []).join(', ') || '—'} ·{' '}
          {tr.t('web:book.rounds', { count: b.rounds, voided: b.roundsVoided })} ·{' '}
          <a href={href(['rounds'], { table: b.tableId, gamingDay: b.gamingDay })}>{tr.t('web:sessions.itsRounds')}</a>
        </p>
        <p className="no-print">
          <button onClick={() => window.print()}>{tr.t('web:download.print')}</button>{' '}
          <button onClick={() => void download(`/api/v1/sessions/${encodeURIComponent(b.sessionId)}/table-book?format=pdf`, `table-book-${b.sessionId}.pdf`)}>
            {tr.t('web:download.pdf')}
          </button>{' '}
          <button onClick={() => void download(`/api/v1/sessions/${encodeURIComponent(b.sessionId)}/table-book?format=csv`, `table-book-${b.sessionId}.csv`)}>
            {tr.t('web:download.csv')}
          </button>
        </p>
      </header>

      <table className="float">
        <caption>{tr.t('web:book.floatCaption')}</caption>
        <Head
          cols={['web:book.denomination', ['web:book.opening', 'num'], ['web:book.fills', 'num'], ['web:book.credits', 'num'], ['web:book.closing', 'num']]}
        />
        <tbody>
          {denominations.map((d) => (
            <tr key={d}>
              <th scope="row">{tr.money(Number(d))}</th>
              <td className="num">{tr.number(b.openingFloat.chips[d] ?? 0)}</td>
              <td className="num">{tr.number(b.fills.chips[d] ?? 0)}</td>
              <td className="num">{tr.number(b.credits.chips[d] ?? 0)}</td>
              <td className="num">{b.closingFloat ? tr.number(b.closingFloat.chips[d] ?? 0) : '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{tr.t('web:book.total')}</th>
            <td className="num">{tr.money(b.openingFloat.total)}</td>
            <td className="num">{tr.money(b.fills.total)}</td>
            <td className="num">{tr.money(b.credits.total)}</td>
            <td className="num">{tr.money(b.closingFloat?.total)}</td>
          </tr>
        </tfoot>
      </table>

      <dl className="figures">
        <dt>{tr.t('web:figure.drop')}</dt>
        <dd>{tr.money(b.drop)}</dd>
        <dt>{tr.t('web:figure.win')}</dt>
        <dd>
          <strong>{tr.money(b.win)}</strong> <small>{tr.t('web:book.winFormula')}</small>
        </dd>
        <dt>{tr.t('web:figure.tips')}</dt>
        <dd>{tr.money(b.tips)}</dd>
        <dt>{tr.t('web:figure.cagnotte')}</dt>
        <dd>{tr.money(b.cagnotte)}</dd>
        <dt>{tr.t('web:book.jackpotContributions')}</dt>
        <dd>{tr.money(b.jackpotContributions)}</dd>
        <dt>{tr.t('web:book.fillSlips')}</dt>
        <dd>{b.fills.slips.join(', ') || '—'}</dd>
        <dt>{tr.t('web:book.creditSlips')}</dt>
        <dd>{b.credits.slips.join(', ') || '—'}</dd>
      </dl>

      <section className={`session-verdict ${b.sessionVerdict}`} aria-labelledby="session-verdict">
        <h2 id="session-verdict">
          {tr.t('web:book.sessionVerdict')}{' '}
          {b.sessionVerdict === 'findings' ? tr.t('web:book.findings', { count: b.sessionFindings.length }) : term(tr, 'verdict', 'consistent')}
        </h2>
        {b.sessionFindings.length === 0 ? (
          <p>{tr.t('web:book.noFindings')}</p>
        ) : (
          <ul>
            {b.sessionFindings.map((f, i) => (
              <li key={i}>
                <strong>{f.code}</strong> <FindingWhat f={f} /> <FindingCitation f={f} />
                <FindingDetail f={f} />
              </li>
            ))}
          </ul>
        )}
        {b.sessionNotes.length > 0 && (
          <ul className="notes">
            {b.sessionNotes.map((n, i) => (
              <li key={i}>
                {tr.t('web:book.notJudged')} <span data-server-text>{n}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <table className="reconciliation">
        <caption>{tr.t('web:book.reconciliation')}</caption>
        <Head cols={['web:book.box', ['web:col.recorded', 'num'], ['web:book.counted', 'num'], ['web:book.variance', 'num']]} />
        <tbody>
          {(['drop', 'tips', 'cagnotte'] as const).map((k) => {
            const f = row?.[k];
            return (
              <tr key={k} className={f?.variance ? 'flagged' : undefined}>
                <th scope="row" data-box={k}>
                  {tr.t(`web:figure.${k}`)}
                </th>
                <td className="num">{tr.money(f?.recorded ?? b[k])}</td>
                <td className="num">{f?.counted === null || f?.counted === undefined ? tr.t('web:book.notCounted') : tr.money(f.counted)}</td>
                <td className="num">{f?.variance === null || f?.variance === undefined ? '—' : tr.money(f.variance)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {recon.error && (
        <p className="error" data-server-text>
          {recon.error}
        </p>
      )}
      <RecordCounts sessionId={sessionId} onDone={() => recon.reload()} />
    </article>
  );
}

function RecordCounts({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  const tr = useT();
  const [form, setForm] = useState({ drop: '', tips: '', cagnotte: '', countedBy: '' });
  const [message, setMessage] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const countedBy = form.countedBy
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const boxes = (
      [
        ['DropBoxCounted', 'drop'],
        ['TipsBoxCounted', 'tips'],
        ['CagnotteBoxCounted', 'cagnotte'],
      ] as const
    ).filter(([, box]) => form[box].trim() !== '');
    // an amount that is not one is refused, naming its box, before anything is sent: nothing half-recorded
    const unreadable = boxes.find(([, box]) => parseAmount(form[box]) === null);
    if (unreadable) return setMessage(tr.t('web:counts.invalid', { box: tr.t(`web:counts.${unreadable[1]}`), value: form[unreadable[1]] }));
    const events = boxes.map(([type, box]) => ({
      eventId: uuid(),
      type,
      occurredAt: new Date().toISOString(),
      recordedBy: 'count-room:web',
      data: { sessionId, amount: parseAmount(form[box])!, countedBy },
    }));
    if (!events.length) return setMessage(tr.t('web:counts.enterOne'));
    try {
      const r = await postEvents(events);
      setMessage(tr.t('web:counts.recorded', { count: r.appended }));
      onDone();
    } catch (error) {
      setMessage((error as Error).message);
    }
  };
  const input = (name: keyof typeof form, label: string, hint: string) => (
    <label>
      {label}
      <input
        name={name}
        inputMode={name === 'countedBy' ? 'text' : 'decimal'}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        aria-describedby={`${name}-hint`}
      />
      <small id={`${name}-hint`}>{hint}</small>
    </label>
  );
  return (
    // submit shows its own failures in the form's message: nothing is left to await
    <form className="counts no-print" onSubmit={(e) => void submit(e)}>
      <h2>{tr.t('web:counts.title')}</h2>
      {input('drop', tr.t('web:counts.drop'), tr.t('web:counts.eurosExample', { example: tr.number(1234.5, 2) }))}
      {input('tips', tr.t('web:counts.tips'), tr.t('web:counts.euros'))}
      {input('cagnotte', tr.t('web:counts.cagnotte'), tr.t('web:counts.euros'))}
      {input('countedBy', tr.t('web:counts.countedBy'), tr.t('web:counts.names'))}
      <button type="submit">{tr.t('web:counts.submit')}</button>
      {message && (
        <p role="status" data-server-text>
          {message}
        </p>
      )}
    </form>
  );
}
