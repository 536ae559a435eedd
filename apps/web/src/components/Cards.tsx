/** Playing cards as they lie on the felt: rank and suit, red suits in red, face-down cards hidden. */
const SUIT: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function CardFace({ code }: { code: string }) {
  if (code === 'JK') return <span className="card joker" aria-label="joker">🃏</span>;
  const suit = code.slice(-1);
  const rank = code.slice(0, -1);
  const red = suit === 'H' || suit === 'D';
  return (
    <span className={`card${red ? ' red' : ''}`} aria-label={`${rank} of ${{ S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' }[suit] ?? suit}`}>
      {rank}
      {SUIT[suit] ?? suit}
    </span>
  );
}

export function Hand({ label, cards, detail, highlight }: { label: string; cards: string[]; detail?: string; highlight?: boolean }) {
  return (
    <div className={`hand${highlight ? ' winner' : ''}`}>
      <div className="hand-label">{label}</div>
      <div className="hand-cards">{cards.length ? cards.map((c, i) => <CardFace key={`${c}-${i}`} code={c} />) : <span className="muted">no cards</span>}</div>
      {detail && <div className="hand-detail">{detail}</div>}
    </div>
  );
}
