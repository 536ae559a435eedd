/**
 * Session close, for finance: the table book (float by denomination, fills, credits, drop, win), the
 * reconciliation of the boxes against the count room, and the form to record the counts. Printable.
 */
import { FormEvent, useState } from 'react';
import { download, eur, getJson, postEvents, uuid } from '../api';
import { useLoad, Loading } from '../components/Async';
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
  sessionFindings: Array<{ code: string; rule: string; citation: string; message: string }>;
  sessionNotes: string[];
}

interface Figure {
  recorded: number;
  counted: number | null;
  variance: number | null;
}

type ReconciliationRow = { sessionId: string } & Record<'drop' | 'tips' | 'cagnotte', Figure>;

export function SessionClosePage({ sessionId }: { sessionId: string }) {
  const book = useLoad(() => getJson<TableBook>(`/api/v1/sessions/${encodeURIComponent(sessionId)}/table-book`), [sessionId]);
  const day = book.data?.gamingDay;
  const recon = useLoad(
    () => (day ? getJson<{ sessions: ReconciliationRow[] }>(`/api/v1/reconciliation?gamingDay=${day}&casino=${encodeURIComponent(book.data!.casinoId)}`) : Promise.resolve({ sessions: [] })),
    [day],
  );
  if (!book.data) return <Loading error={book.error} />;
  const b = book.data;
  const row = recon.data?.sessions.find((s) => s.sessionId === sessionId);
  const denominations = [...new Set([...Object.keys(b.openingFloat.chips), ...Object.keys(b.closingFloat?.chips ?? {}), ...Object.keys(b.fills.chips), ...Object.keys(b.credits.chips)])].sort((x, y) => Number(y) - Number(x));
  return (
    <article className="session-close">
      <header>
        <h1>
          Table book — {b.tableId} ({b.game})
        </h1>
        <p>
          session <code>{b.sessionId}</code> · {b.casinoId} · gaming day {b.gamingDay} · {b.jurisdiction} · <strong>{b.status}</strong>
        </p>
        <p>
          inspector {b.staff?.inspector ?? '—'} · croupiers {(b.staff?.croupiers ?? []).join(', ') || '—'} · {b.rounds} rounds ({b.roundsVoided} voided) ·{' '}
          <a href={href(['rounds'], { table: b.tableId, gamingDay: b.gamingDay })}>its rounds</a>
        </p>
        <p className="no-print">
          <button onClick={() => window.print()}>Print</button>{' '}
          <button onClick={() => download(`/api/v1/sessions/${encodeURIComponent(b.sessionId)}/table-book?format=pdf`, `table-book-${b.sessionId}.pdf`)}>Download PDF</button>{' '}
          <button onClick={() => download(`/api/v1/sessions/${encodeURIComponent(b.sessionId)}/table-book?format=csv`, `table-book-${b.sessionId}.csv`)}>Download CSV</button>
        </p>
      </header>

      <table className="float">
        <caption>Float by denomination (chips)</caption>
        <thead>
          <tr>
            <th scope="col">denomination</th>
            <th scope="col" className="num">opening</th>
            <th scope="col" className="num">fills</th>
            <th scope="col" className="num">credits</th>
            <th scope="col" className="num">closing</th>
          </tr>
        </thead>
        <tbody>
          {denominations.map((d) => (
            <tr key={d}>
              <th scope="row">{eur(Number(d))}</th>
              <td className="num">{b.openingFloat.chips[d] ?? 0}</td>
              <td className="num">{b.fills.chips[d] ?? 0}</td>
              <td className="num">{b.credits.chips[d] ?? 0}</td>
              <td className="num">{b.closingFloat ? (b.closingFloat.chips[d] ?? 0) : '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">total</th>
            <td className="num">{eur(b.openingFloat.total)}</td>
            <td className="num">{eur(b.fills.total)}</td>
            <td className="num">{eur(b.credits.total)}</td>
            <td className="num">{eur(b.closingFloat?.total)}</td>
          </tr>
        </tfoot>
      </table>

      <dl className="figures">
        <dt>Drop</dt>
        <dd>{eur(b.drop)}</dd>
        <dt>Win</dt>
        <dd>
          <strong>{eur(b.win)}</strong> <small>= drop + closing float + credits − opening float − fills</small>
        </dd>
        <dt>Tips</dt>
        <dd>{eur(b.tips)}</dd>
        <dt>Cagnotte</dt>
        <dd>{eur(b.cagnotte)}</dd>
        <dt>Jackpot contributions</dt>
        <dd>{eur(b.jackpotContributions)}</dd>
        <dt>Fill slips</dt>
        <dd>{b.fills.slips.join(', ') || '—'}</dd>
        <dt>Credit slips</dt>
        <dd>{b.credits.slips.join(', ') || '—'}</dd>
      </dl>

      <section className={`session-verdict ${b.sessionVerdict}`} aria-labelledby="session-verdict">
        <h2 id="session-verdict">Session verdict: {b.sessionVerdict === 'findings' ? `${b.sessionFindings.length} finding(s)` : 'consistent'}</h2>
        {b.sessionFindings.length === 0 ? (
          <p>The table opened, changed its limits and started its shoes as its rulebook requires. Each round has its own verdict.</p>
        ) : (
          <ul>
            {b.sessionFindings.map((f, i) => (
              <li key={i}>
                <strong>{f.code}</strong> {f.message} <cite>{f.citation}</cite>
              </li>
            ))}
          </ul>
        )}
        {b.sessionNotes.length > 0 && (
          <ul className="notes">
            {b.sessionNotes.map((n, i) => (
              <li key={i}>Not judged: {n}</li>
            ))}
          </ul>
        )}
      </section>

      <table className="reconciliation">
        <caption>Reconciliation: recorded at the table vs counted in the count room</caption>
        <thead>
          <tr>
            <th scope="col">box</th>
            <th scope="col" className="num">recorded</th>
            <th scope="col" className="num">counted</th>
            <th scope="col" className="num">variance</th>
          </tr>
        </thead>
        <tbody>
          {(['drop', 'tips', 'cagnotte'] as const).map((k) => {
            const f = row?.[k];
            return (
              <tr key={k} className={f?.variance ? 'flagged' : undefined}>
                <th scope="row">{k}</th>
                <td className="num">{eur(f?.recorded ?? (k === 'drop' ? b.drop : k === 'tips' ? b.tips : b.cagnotte))}</td>
                <td className="num">{f?.counted === null || f?.counted === undefined ? 'not counted' : eur(f.counted)}</td>
                <td className="num">{f?.variance === null || f?.variance === undefined ? '—' : eur(f.variance)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {recon.error && <p className="error">{recon.error}</p>}
      <RecordCounts sessionId={sessionId} onDone={() => recon.reload()} />
    </article>
  );
}

function RecordCounts({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  const [form, setForm] = useState({ drop: '', tips: '', cagnotte: '', countedBy: '' });
  const [message, setMessage] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const countedBy = form.countedBy.split(',').map((s) => s.trim()).filter(Boolean);
    const toMinor = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);
    const events = (
      [
        ['DropBoxCounted', form.drop],
        ['TipsBoxCounted', form.tips],
        ['CagnotteBoxCounted', form.cagnotte],
      ] as const
    )
      .filter(([, v]) => v.trim() !== '')
      .map(([type, v]) => ({ eventId: uuid(), type, occurredAt: new Date().toISOString(), recordedBy: 'count-room:web', data: { sessionId, amount: toMinor(v), countedBy } }));
    if (!events.length) return setMessage('Enter at least one counted amount.');
    try {
      const r = await postEvents(events);
      setMessage(`Recorded ${r.appended} count(s).`);
      onDone();
    } catch (error) {
      setMessage((error as Error).message);
    }
  };
  const input = (name: keyof typeof form, label: string, hint: string) => (
    <label>
      {label}
      <input name={name} inputMode={name === 'countedBy' ? 'text' : 'decimal'} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} aria-describedby={`${name}-hint`} />
      <small id={`${name}-hint`}>{hint}</small>
    </label>
  );
  return (
    <form className="counts no-print" onSubmit={submit}>
      <h2>Record the count-room results</h2>
      {input('drop', 'Drop box counted', 'euros, e.g. 1234.50')}
      {input('tips', 'Tips box counted', 'euros')}
      {input('cagnotte', 'Cagnotte box counted', 'euros')}
      {input('countedBy', 'Counted by', 'names, separated by commas')}
      <button type="submit">Record counts</button>
      {message && <p role="status">{message}</p>}
    </form>
  );
}
