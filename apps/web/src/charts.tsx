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
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${title}: ${series.map((s) => tr.t('web:chart.fromTo', { name: s.name, from: format(s.points[0]?.v ?? 0), to: format(s.points[s.points.length - 1]?.v ?? 0) })).join('; ')}`}
      >
        <text x={4} y={y(v1) + 4} className="axis">
          {format(v1)}
        </text>
        <text x={4} y={y(v0)} className="axis">
          {format(v0)}
        </text>
        {series.map((s, i) => (
          <g key={s.name}>
            <polyline className={`series s${i % 6}`} fill="none" points={s.points.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ')} />
            <text x={width - pad + 4} y={y(s.points[s.points.length - 1]?.v ?? 0)} className={`legend s${i % 6}`}>
              {s.name}
            </text>
          </g>
        ))}
        <text x={pad} y={height - 4} className="axis">
          {clockTime(new Date(t0).toISOString(), zone).slice(0, 5)}
        </text>
        <text x={width - pad} y={height - 4} textAnchor="end" className="axis">
          {clockTime(new Date(t1).toISOString(), zone).slice(0, 5)}
        </text>
      </svg>
    </figure>
  );
}

/** A round of a table's control chart: Σ(actual − theoretical) after it, and √Σ variance. */
export interface ControlPoint {
  round: number;
  difference: number;
  sd: number;
}

/**
 * A table's control chart (issue 21 §7): the running actual − theoretical win round by round, inside the bands
 * of ±2σ and ±3σ of its own cumulative standard deviation. Honest play stays inside ±2σ about 95 % of the
 * time and inside ±3σ about 99.7 %; the line leaving them is what a finding's z-score says in figures.
 */
export function ControlChart({ title, points, format = String }: { title: string; points: ControlPoint[]; format?: (v: number) => string }) {
  const tr = useT();
  const width = 640;
  const height = 240;
  const left = 90;
  const right = 20;
  const top = 12;
  const bottom = 28;
  if (!points.length) return <p>{tr.t('web:chart.noData', { title })}</p>;
  const r0 = Math.min(points[0].round - 1, ...points.map((p) => p.round));
  const r1 = Math.max(r0 + 1, ...points.map((p) => p.round));
  const extent = Math.max(1, ...points.map((p) => Math.max(Math.abs(p.difference), 3 * p.sd))) * 1.05;
  const x = (round: number) => left + ((round - r0) / (r1 - r0)) * (width - left - right);
  const y = (v: number) => top + ((extent - v) / (2 * extent)) * (height - top - bottom);
  // each band starts at zero before the first round: no σ yet
  const from = [{ round: r0, difference: 0, sd: 0 }, ...points];
  const band = (k: number) =>
    [
      ...from.map((p) => `${x(p.round).toFixed(1)},${y(k * p.sd).toFixed(1)}`),
      ...[...from].reverse().map((p) => `${x(p.round).toFixed(1)},${y(-k * p.sd).toFixed(1)}`),
    ].join(' ');
  const last = points[points.length - 1];
  const z = last.sd > 0 ? last.difference / last.sd : null;
  const summary = tr.t('web:chart.control', {
    rounds: points.length,
    difference: format(last.difference),
    sd: format(last.sd),
    z: z === null ? '—' : tr.number(z, 2),
  });
  return (
    <figure className="chart control-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${summary}`}>
        <polygon className="band band-3" points={band(3)}>
          <title>{tr.t('web:chart.band', { k: 3 })}</title>
        </polygon>
        <polygon className="band band-2" points={band(2)}>
          <title>{tr.t('web:chart.band', { k: 2 })}</title>
        </polygon>
        <line className="zero" x1={x(r0)} x2={x(r1)} y1={y(0)} y2={y(0)} />
        <polyline className="difference" fill="none" points={from.map((p) => `${x(p.round).toFixed(1)},${y(p.difference).toFixed(1)}`).join(' ')}>
          <title>{summary}</title>
        </polyline>
        <text x={left - 6} y={y(extent) + 10} textAnchor="end" className="axis">
          {format(extent)}
        </text>
        <text x={left - 6} y={y(0) + 4} textAnchor="end" className="axis">
          {format(0)}
        </text>
        <text x={left - 6} y={y(-extent)} textAnchor="end" className="axis">
          {format(-extent)}
        </text>
        <text x={x(r0)} y={height - 8} className="axis">
          {tr.t('web:chart.round', { round: r0 + 1 })}
        </text>
        <text x={x(r1)} y={height - 8} textAnchor="end" className="axis">
          {tr.t('web:chart.round', { round: r1 })}
        </text>
      </svg>
      <p className="chart-legend">
        <span className="key difference" /> {tr.t('web:chart.differenceKey')} <span className="key band-2" /> ±2σ <span className="key band-3" /> ±3σ ·{' '}
        {summary}
      </p>
    </figure>
  );
}

export interface HeatCell {
  key: string;
  observed: number;
  expected: number;
}

/** observed / expected as a fill: white at 1, red towards 2× and above, blue towards ½× and below (a log scale, symmetric). */
export function heatFill(ratio: number | null): string {
  if (ratio === null) return '#d0d7de';
  const t = Math.max(-1, Math.min(1, Math.log2(Math.max(ratio, 1e-9))));
  const lightness = 97 - 45 * Math.abs(t);
  return t >= 0 ? `hsl(4, 80%, ${lightness.toFixed(1)}%)` : `hsl(214, 80%, ${lightness.toFixed(1)}%)`;
}

/**
 * A wheel's pockets as a heat map on the wheel's own layout (issue 21 §7): a ring in the wheel's order, each
 * pocket coloured by observed / expected, its counts in its title. `order` is the wheel's pocket order and
 * `colourOf` its pockets' colours (libs/rules' wheel, never retyped here); without an order (the wheel of
 * fortune, whose rulebooks count each combination's cells but do not place them) each combination takes an
 * arc as wide as its share of the cells, in the rulebook's order.
 */
export function WheelHeatMap({
  title,
  cells,
  order,
  colourOf,
}: {
  title: string;
  cells: HeatCell[];
  order: readonly string[] | null;
  colourOf?: (pocket: string) => 'red' | 'black' | 'zero' | undefined;
}) {
  const tr = useT();
  const size = 360;
  const c = size / 2;
  const outer = 170;
  const band = 146;
  const inner = 92;
  const byKey = new Map(cells.map((x) => [x.key, x]));
  const keys = order ?? cells.map((x) => x.key);
  const totalExpected = cells.reduce((t, x) => t + x.expected, 0);
  // each pocket the same arc on a wheel with its order; otherwise as wide as its share
  const widths = keys.map((k) => (order || !(totalExpected > 0) ? 1 / keys.length : (byKey.get(k)?.expected ?? 0) / totalExpected));
  const point = (radius: number, turn: number) => {
    const a = 2 * Math.PI * turn - Math.PI / 2;
    return `${(c + radius * Math.cos(a)).toFixed(2)},${(c + radius * Math.sin(a)).toFixed(2)}`;
  };
  const arc = (r0: number, r1: number, t0: number, t1: number) => {
    const large = t1 - t0 > 0.5 ? 1 : 0;
    return `M${point(r1, t0)} A${r1},${r1} 0 ${large} 1 ${point(r1, t1)} L${point(r0, t1)} A${r0},${r0} 0 ${large} 0 ${point(r0, t0)} Z`;
  };
  let start = -widths[0] / 2; // the first pocket (0 on a roulette) at the top
  const described = (k: string) => {
    const cell = byKey.get(k);
    const observed = cell?.observed ?? 0;
    const expected = cell?.expected ?? 0;
    const ratio = expected > 0 ? observed / expected : null;
    return {
      observed,
      expected,
      ratio,
      text: tr.t('web:chart.pocket', {
        pocket: k,
        observed: tr.number(observed),
        expected: tr.number(expected, 1),
        ratio: ratio === null ? '—' : tr.number(ratio, 2),
      }),
    };
  };
  const hottest = keys.map((k) => ({ k, ...described(k) })).sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0))[0];
  return (
    <figure className="chart wheel-heat">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={`${title}: ${tr.t('web:chart.heatSummary', { pockets: keys.length, hottest: hottest?.text ?? '—' })}`}
      >
        {keys.map((k, i) => {
          const t0 = start;
          const t1 = (start += widths[i]);
          const d = described(k);
          const colour = colourOf?.(k);
          const mid = (t0 + t1) / 2;
          // a pocket's number on the rim, along it; a combination's name (no rim colour) across the heat ring
          const [lx, ly] = point(order ? (outer + band) / 2 : (inner + band) / 2, mid)
            .split(',')
            .map(Number);
          return (
            <g key={k} className="pocket" data-pocket={k} data-observed={d.observed} data-expected={d.expected.toFixed(3)}>
              <title>{d.text}</title>
              <path d={arc(band, outer, t0, t1)} className={`rim ${colour ?? 'plain'}`} />
              <path d={arc(inner, band, t0, t1)} className="heat" style={{ fill: heatFill(d.ratio) }} />
              <text
                x={lx}
                y={ly}
                textAnchor="middle"
                dominantBaseline="central"
                className={`pocket-label ${colour ?? 'plain'}`}
                transform={`rotate(${(mid * 360 - (order ? 0 : 90)).toFixed(1)} ${lx} ${ly})`}
              >
                {k}
              </text>
            </g>
          );
        })}
        <circle cx={c} cy={c} r={inner - 1} className="hub" />
        <text x={c} y={c - 6} textAnchor="middle" className="axis">
          {tr.t('web:chart.observedOverExpected')}
        </text>
        <g className="scale" transform={`translate(${c - 60}, ${c + 6})`}>
          {[-1, -0.5, 0, 0.5, 1].map((t, i) => (
            <rect key={t} x={i * 24} y={0} width={24} height={10} style={{ fill: heatFill(2 ** t) }} />
          ))}
          <text x={0} y={24} className="axis">
            ½×
          </text>
          <text x={60} y={24} textAnchor="middle" className="axis">
            1×
          </text>
          <text x={120} y={24} textAnchor="end" className="axis">
            2×
          </text>
        </g>
      </svg>
    </figure>
  );
}
