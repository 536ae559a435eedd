/**
 * A drawing of the table after a replay step: the layout with the chips and the winning pocket for the
 * roulettes, the dice for dice games, card positions for card games, the pot and the cagnotte for circle
 * poker. It reads the step's state (the round's bets and the game's own description of itself).
 */
import { Head } from './Head';
import { gameName } from '../games';
import type { Translator } from '../../../../libs/i18n/src';
import { term, useT } from '../language';
import { Hand } from './Cards';
import { Dice } from './Dice';
import { isCardsByPosition, isHand, isHandList, positionSeat, wheelLayout } from '../drawing';

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

interface Bet {
  betId: string;
  seat?: string | number;
  betType: string;
  selection?: unknown;
  amount: number;
}

interface StepState {
  round?: { bets: Bet[]; settled: Array<{ betId: string; outcome: string; payout: number }>; cagnotte: number; closed: boolean };
  game?: Record<string, any> | null;
}

export function TableDrawing({ game, state }: { game: string; state: StepState | null }) {
  const tr = useT();
  const g = state?.game ?? {};
  const bets = state?.round?.bets ?? [];
  const wheel = wheelLayout(game);
  return (
    <figure className="table-drawing" aria-label={tr.t('web:table.after', { game: gameName(tr.lang, game) })}>
      {wheel?.kind === 'roulette' && <RouletteLayout result={g.result} bets={bets} doubleZero={wheel.doubleZero} />}
      {wheel?.kind === 'boule' && <BouleLayout result={g.result} bets={bets} />}
      {wheel?.kind === 'segment' && <Segment result={g.result} call={g.call} />}
      {Array.isArray(g.dice) && (
        <div className="dice-row">
          <Dice dice={g.dice} /> <span className="total">{tr.t('web:table.total', { total: g.total })}</span>
          {g.pointBefore != null && <span className="chip-note">{tr.t('web:table.point', { point: g.pointBefore })}</span>}
        </div>
      )}
      {Array.isArray(g.throws) && (
        <ol className="throws">
          {g.throws.map((t: { dice: number[]; total: number }, i: number) => (
            <li key={i}>
              <Dice dice={t.dice} /> {t.total}
            </li>
          ))}
        </ol>
      )}
      <CardPositions g={g} />
      {typeof g.pot === 'number' && (
        <div className="pot" aria-label={tr.t('web:table.potAndCagnotte')}>
          <strong>{tr.t('web:table.pot')}</strong> {tr.money(g.pot)} · <strong>{tr.t('web:table.cagnotte')}</strong> {tr.money(state?.round?.cagnotte ?? 0)}
        </div>
      )}
      {g.call && !wheel && <figcaption data-server-text>{g.call}</figcaption>}
      {bets.length > 0 && <BetsOnTable bets={bets} settled={state?.round?.settled ?? []} />}
    </figure>
  );
}

function numbersOf(bet: Bet): number[] {
  const s = bet.selection;
  if (Array.isArray(s)) return s.map(Number).filter((n) => Number.isFinite(n));
  if (typeof s === 'number' && bet.betType === 'straight') return [s];
  return [];
}

function RouletteLayout({ result, bets, doubleZero }: { result?: string; bets: Bet[]; doubleZero: boolean }) {
  const tr = useT();
  const chips = new Map<string, number>();
  for (const b of bets) for (const n of numbersOf(b)) chips.set(String(n), (chips.get(String(n)) ?? 0) + b.amount);
  const cell = (n: string, colour: string) => (
    <div
      key={n}
      className={`pocket ${colour}${result === n ? ' hit' : ''}`}
      aria-label={`${n}${result === n ? ` ${tr.t('web:table.ballLandedHere')}` : ''}${chips.has(n) ? `, ${tr.t('web:table.chipsOn', { amount: tr.money(chips.get(n)!) })}` : ''}`}
    >
      {n}
      {chips.has(n) && <span className="chip" aria-hidden="true" />}
    </div>
  );
  const rows = [];
  for (let r = 0; r < 12; r++)
    for (let c = 1; c <= 3; c++) {
      const n = r * 3 + c;
      rows.push(cell(String(n), RED.has(n) ? 'red' : 'black'));
    }
  return (
    <div className="roulette">
      <div className="zeros">{doubleZero ? [cell('0', 'green'), cell('00', 'green')] : cell('0', 'green')}</div>
      <div className="grid">{rows}</div>
      <p className="result-call" aria-live="polite">
        {result !== undefined ? tr.t('web:table.result', { result }) : tr.t('web:table.notSpunRoulette')}
      </p>
    </div>
  );
}

function BouleLayout({ result, bets }: { result?: string; bets: Bet[] }) {
  const tr = useT();
  const chips = new Set(bets.flatMap(numbersOf).map(String));
  return (
    <div className="boule">
      {Array.from({ length: 9 }, (_, i) => String(i + 1)).map((n) => (
        <div key={n} className={`pocket${result === n ? ' hit' : ''}`}>
          {n}
          {chips.has(n) && <span className="chip" aria-hidden="true" />}
        </div>
      ))}
      <p className="result-call">{result !== undefined ? tr.t('web:table.result', { result }) : tr.t('web:table.notSpun')}</p>
    </div>
  );
}

function Segment({ result, call }: { result?: string; call?: string }) {
  const tr = useT();
  return <p className="segment">{result !== undefined ? tr.t('web:table.wheelStops', { segment: call ?? result }) : tr.t('web:table.notSpun')}</p>;
}

/** Every hand the game describes: banker, player/punto, dealer, paños, seats, the board. */
function CardPositions({ g }: { g: Record<string, any> }) {
  const tr = useT();
  const hands: Array<{ label: string; cards: string[]; detail?: string; highlight?: boolean }> = [];
  for (const [key, value] of Object.entries(g)) {
    if (isHand(value)) {
      hands.push({ label: term(tr, 'hands', key), cards: value.cards, detail: describeHand(tr, value), highlight: g.result === key || value.result === key });
    }
  }
  // the bank-poker games: cards by position (the hand each makes is named in English only: not shown)
  for (const value of Object.values(g)) {
    if (!isCardsByPosition(value)) continue;
    for (const [position, cards] of Object.entries(value)) {
      const seat = positionSeat(position);
      const label = seat !== undefined ? tr.t('web:hands.seat', { seat }) : term(tr, 'hands', position);
      hands.push({ label, cards });
    }
  }
  if (Array.isArray(g.board) && g.board.length) hands.push({ label: tr.t('web:hands.board'), cards: g.board });
  for (const [key, value] of Object.entries(g)) {
    if (isHandList(value)) {
      for (const h of value) {
        const label =
          h.seat === undefined
            ? term(tr, 'hands', key)
            : h.hand !== undefined && typeof h.hand !== 'string'
              ? tr.t('web:hands.seatHand', { seat: h.seat, hand: h.hand })
              : tr.t('web:hands.seat', { seat: h.seat });
        const bits = [
          h.hand && typeof h.hand === 'string' ? h.hand : undefined,
          h.total !== undefined ? tr.t('web:table.total', { total: h.total }) : undefined,
          h.contributed !== undefined ? tr.t('web:hands.inThePot', { amount: tr.money(h.contributed) }) : undefined,
          h.folded ? tr.t('web:hands.folded') : undefined,
          h.allIn ? tr.t('web:hands.allIn') : undefined,
          h.receives ? tr.t('web:hands.receives', { amount: tr.money(h.receives) }) : undefined,
        ];
        hands.push({ label, cards: h.cards, detail: bits.filter(Boolean).join(' · '), highlight: !!h.receives });
      }
    }
  }
  if (!hands.length) return null;
  return (
    <div className="hands">
      {hands.map((h, i) => (
        <Hand key={`${h.label}-${i}`} {...h} />
      ))}
    </div>
  );
}

function describeHand(tr: Translator, h: Record<string, any>): string {
  const bits: string[] = [];
  if (h.total !== undefined) bits.push(tr.t('web:table.total', { total: h.total }));
  for (const flag of ['natural', 'blackjack', 'bust', 'soft'] as const) if (h[flag]) bits.push(tr.t(`web:hands.${flag}`));
  if (h.result) bits.push(term(tr, 'hands', String(h.result)));
  return bits.join(' · ');
}

function BetsOnTable({ bets, settled }: { bets: Bet[]; settled: Array<{ betId: string; outcome: string; payout: number }> }) {
  const tr = useT();
  return (
    <table className="bets">
      <caption>{tr.t('web:bets.caption')}</caption>
      <Head cols={['web:bets.bet', 'web:bets.seat', 'web:bets.type', 'web:bets.selection', ['web:bets.stake', 'num'], 'web:bets.settled']} />
      <tbody>
        {bets.map((b) => {
          const s = settled.filter((x) => x.betId === b.betId);
          return (
            <tr key={b.betId}>
              <td>{b.betId.replace(/^.*-(b\d+.*)$/, '$1')}</td>
              <td>{String(b.seat ?? '')}</td>
              <td>
                <code>{b.betType}</code>
              </td>
              <td>{b.selection === undefined ? '' : <code>{JSON.stringify(b.selection)}</code>}</td>
              <td className="num">{tr.money(b.amount)}</td>
              <td>{s.length ? s.map((x) => `${term(tr, 'outcome', x.outcome)} ${tr.money(x.payout)}`).join(', ') : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
