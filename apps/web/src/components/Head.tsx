/** A table's column headings from the catalogue: `'web:col.table'`, or `['web:col.drop', 'num']` for a column of figures. */
import { useT } from '../language';

export type Column = string | readonly [string, 'num'];

export function Head({ cols }: { cols: readonly Column[] }) {
  const tr = useT();
  return (
    <thead>
      <tr>
        {cols.map((c) => {
          const [key, num] = typeof c === 'string' ? [c, undefined] : c;
          return (
            <th key={key} scope="col" className={num ? 'num' : undefined}>
              {tr.t(key)}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
