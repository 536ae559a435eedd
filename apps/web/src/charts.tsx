/** Small accessible SVG charts (no library, nothing from the internet): bars and a line over time. */
import { useT } from './language';
import { clockTime } from './time';

export interface BarDatum {
  label: string;
  value: number;
}

export function BarChart({ title, data, format = String }: { title: string; data: BarDatum[]; format?: (v: number) => string }) {
  const width = 760;
  const bar = 22;
  const gap = 8;
  const labelWidth = Math.min(300, 40 + 7 * Math.max(4, ...data.map((d) => d.label.length)));
  const max = Math.max(1, ...data.map((d) => Math.abs(d.value)));
  const hasNegative = data.some((d) => d.value < 0);
  const zero = labelWidth + (hasNegative ? (width - labelWidth) / 2 : 0);
  const scale = (width - labelWidth - 90) / (hasNegative ? 2 * max : max);
  const height = data.length * (bar + gap) + 10;
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${data.map((d) => `${d.label} ${format(d.value)}`).join('; ')}`}>
        {data.map((d, i) => {
          const y = i * (bar + gap) + 5;
          const w = Math.abs(d.value) * scale;
          const x = d.value >= 0 ? zero : zero - w;
          return (
            <g key={d.label}>
              <text x={labelWidth - 6} y={y + bar * 0.7} textAnchor="end" className="axis">
                {d.label}
              </text>
              <rect x={x} y={y} width={Math.max(w, 1)} height={bar} className={d.value < 0 ? 'neg' : 'pos'} />
              <text x={d.value >= 0 ? x + w + 4 : zero + 4} y={y + bar * 0.7} textAnchor="start" className="value">
                {format(d.value)}
              </text>
            </g>
          );
        })}
        <line x1={zero} x2={zero} y1={0} y2={height} className="zero" />
      </svg>
    </figure>
  );
}

export interface Series {
  name: string;
  points: Array<{ t: number; v: number }>;
}

export function LineChart({ title, series, format = String, zone }: { title: string; series: Series[]; format?: (v: number) => string; zone: string }) {
  const tr = useT();
  const width = 640;
  const height = 220;
  const pad = 50;
  const all = series.flatMap((s) => s.points);
  if (!all.length) return <p>{tr.t('web:chart.noData', { title })}</p>;
  const t0 = Math.min(...all.map((p) => p.t));
  const t1 = Math.max(...all.map((p) => p.t), t0 + 1);
  const v0 = Math.min(0, ...all.map((p) => p.v));
  const v1 = Math.max(1, ...all.map((p) => p.v));
  const x = (t: number) => pad + ((t - t0) / (t1 - t0)) * (width - 2 * pad);
  const y = (v: number) => height - pad / 2 - ((v - v0) / (v1 - v0)) * (height - pad);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${series.map((s) => tr.t('web:chart.fromTo', { name: s.name, from: format(s.points[0]?.v ?? 0), to: format(s.points[s.points.length - 1]?.v ?? 0) })).join('; ')}`}>
        <text x={4} y={y(v1) + 4} className="axis">{format(v1)}</text>
        <text x={4} y={y(v0)} className="axis">{format(v0)}</text>
        {series.map((s, i) => (
          <g key={s.name}>
            <polyline className={`series s${i % 6}`} fill="none" points={s.points.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ')} />
            <text x={width - pad + 4} y={y(s.points[s.points.length - 1]?.v ?? 0)} className={`legend s${i % 6}`}>{s.name}</text>
          </g>
        ))}
        <text x={pad} y={height - 4} className="axis">{clockTime(new Date(t0).toISOString(), zone).slice(0, 5)}</text>
        <text x={width - pad} y={height - 4} textAnchor="end" className="axis">{clockTime(new Date(t1).toISOString(), zone).slice(0, 5)}</text>
      </svg>
    </figure>
  );
}
