/** Playing cards as they lie on the felt: rank and suit, red suits in red, face-down cards hidden. */
import { useT } from '../language';

const SUIT: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function CardFace({ code }: { code: string }) {
  const tr = useT();
  if (code === 'JK')
    return (
      <span className="card joker" aria-label={tr.t('web:cards.joker')}>
        🃏
      </span>
    );
  const suit = code.slice(-1);
  const rank = code.slice(0, -1);
  const red = suit === 'H' || suit === 'D';
  return (
    <span className={`card${red ? ' red' : ''}`} aria-label={tr.t('web:cards.card', { rank, suit: SUIT[suit] ? suit : 'other', symbol: suit })}>
      {rank}
      {SUIT[suit] ?? suit}
    </span>
  );
}

export function Hand({ label, cards, detail, highlight }: { label: string; cards: string[]; detail?: string; highlight?: boolean }) {
  const tr = useT();
  return (
    <div className={`hand${highlight ? ' winner' : ''}`}>
      <div className="hand-label">{label}</div>
      <div className="hand-cards">
        {cards.length ? cards.map((c, i) => <CardFace key={`${c}-${i}`} code={c} />) : <span className="muted">{tr.t('web:cards.none')}</span>}
      </div>
      {detail && <div className="hand-detail">{detail}</div>}
    </div>
  );
}
