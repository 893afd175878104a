/**
 * A small stacked bar chart of the last 24 hours (plain SVG, no chart library): one bar per hour,
 * one colour per series. The SVG holds only the bars and stretches to the width at a fixed height;
 * the scale and the hours (India time, every sixth) are HTML, so they stay readable on a phone.
 * The numbers are in the image's label and in the legend's totals: nothing depends on colour.
 */
import type { HourDto } from '../../shared/operations.ts';

export type Series = { key: keyof Omit<HourDto, 'hour'>; label: string; colour: string };

const WIDTH = 480;
const HEIGHT = 120;
const hourIst = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', hour12: true, timeZone: 'Asia/Kolkata' });

export function HourBars({ hours, series, title }: { hours: HourDto[]; series: Series[]; title: string }) {
  const totals = series.map((s) => hours.reduce((sum, h) => sum + h[s.key], 0));
  const peak = Math.max(1, ...hours.map((h) => series.reduce((sum, s) => sum + h[s.key], 0)));
  const slot = WIDTH / Math.max(1, hours.length);
  const bar = Math.max(2, slot * 0.7);
  const scale = (HEIGHT - 4) / peak;
  const summary = `${title}, last 24 hours: ${series.map((s, i) => `${totals[i]} ${s.label.toLowerCase()}`).join(', ')}. Busiest hour: ${peak}.`;
  return (
    <figure className="ops-chart">
      <figcaption>
        {title} <span className="muted">(busiest hour: {peak})</span>
      </figcaption>
      <div className="ops-chart-plot">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
          {hours.map((h, i) => {
            let y = HEIGHT;
            const x = i * slot + (slot - bar) / 2;
            return (
              <g key={h.hour}>
                {series.map((s) => {
                  const height = h[s.key] * scale;
                  y -= height;
                  return height > 0 ? <rect key={s.key} x={x} y={y} width={bar} height={height} fill={s.colour} /> : null;
                })}
              </g>
            );
          })}
        </svg>
      </div>
      <div className="ops-chart-hours" aria-hidden="true">
        {hours.map((h, i) =>
          i % 6 === 0 ? (
            <span key={h.hour} style={{ left: `${((i + 0.5) / hours.length) * 100}%` }}>
              {hourIst.format(new Date(h.hour))}
            </span>
          ) : null,
        )}
      </div>
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
