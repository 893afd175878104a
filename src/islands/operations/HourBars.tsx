/**
 * A small stacked bar chart of the last 24 hours (plain SVG, no chart library): one bar per hour,
 * one colour per series, the hour in India time under every sixth bar. The numbers are in the
 * image's label and in the legend's totals, so nothing depends on seeing the colours.
 */
import type { HourDto } from '../../shared/operations.ts';

export type Series = { key: keyof Omit<HourDto, 'hour'>; label: string; colour: string };

const WIDTH = 480;
const HEIGHT = 140;
const AXIS = 18;
const TOP = 12;
const hourIst = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', hour12: true, timeZone: 'Asia/Kolkata' });

export function HourBars({ hours, series, title }: { hours: HourDto[]; series: Series[]; title: string }) {
  const totals = series.map((s) => hours.reduce((sum, h) => sum + h[s.key], 0));
  const peak = Math.max(1, ...hours.map((h) => series.reduce((sum, s) => sum + h[s.key], 0)));
  const slot = WIDTH / Math.max(1, hours.length);
  const bar = Math.max(2, slot * 0.7);
  const scale = (HEIGHT - AXIS - TOP) / peak;
  const summary = `${title}, last 24 hours: ${series.map((s, i) => `${totals[i]} ${s.label.toLowerCase()}`).join(', ')}. Busiest hour: ${peak}.`;
  return (
    <figure className="ops-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        <line x1="0" x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="ops-chart-axis" />
        <text x="2" y={TOP - 2} className="ops-chart-peak">
          {peak}
        </text>
        {hours.map((h, i) => {
          let y = HEIGHT - AXIS;
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={h.hour}>
              {series.map((s) => {
                const height = h[s.key] * scale;
                y -= height;
                return height > 0 ? <rect key={s.key} x={x} y={y} width={bar} height={height} fill={s.colour} /> : null;
              })}
              {i % 6 === 0 ? (
                <text x={x + bar / 2} y={HEIGHT - 4} textAnchor="middle" className="ops-chart-hour">
                  {hourIst.format(new Date(h.hour))}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul className="ops-legend">
        {series.map((s, i) => (
          <li key={s.key}>
            <span className="ops-swatch" style={{ background: s.colour }} aria-hidden="true" />
            {s.label}: {totals[i]}
          </li>
        ))}
      </ul>
    </figure>
  );
}
