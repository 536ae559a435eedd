/** Dice as thrown, pips drawn in SVG. */
import { useT } from '../language';

const PIPS: Record<number, Array<[number, number]>> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [1, 3],
    [3, 1],
    [3, 3],
  ],
  5: [
    [1, 1],
    [1, 3],
    [2, 2],
    [3, 1],
    [3, 3],
  ],
  6: [
    [1, 1],
    [1, 2],
    [1, 3],
    [3, 1],
    [3, 2],
    [3, 3],
  ],
};

export function Die({ value }: { value: number }) {
  const tr = useT();
  return (
    <svg className="die" viewBox="0 0 40 40" role="img" aria-label={tr.t('web:dice.showing', { value })}>
      <rect x="1" y="1" width="38" height="38" rx="7" />
      {(PIPS[value] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x * 10} cy={y * 10} r="3.6" />
      ))}
    </svg>
  );
}

export function Dice({ dice }: { dice: number[] }) {
  return (
    <span className="dice">
      {dice.map((d, i) => (
        <Die key={i} value={d} />
      ))}
    </span>
  );
}
