// A rating history as an SVG line chart (a lit template): role="img" named by its <title> and
// <desc>; the page also gives the numbers as a table.

import { html, nothing, svg } from "../vendor/lit-html/lit-html.js";

const WIDTH = 560;
const HEIGHT = 200;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** The chart of ``values`` (one per rated game, oldest first); ``id`` names its title/desc. */
export function lineChart(values, { id, title, desc }) {
  const low = Math.min(...values, 0);
  const high = Math.max(...values, 1);
  const span = high - low || 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (values.length === 1 ? innerW / 2 : (i * innerW) / (values.length - 1));
  const y = (v) => PAD.top + innerH - ((v - low) * innerH) / span;
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const ticks = [low, (low + high) / 2, high].map(
    (v) => svg`<line class="grid" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(v)} y2=${y(v)} />
      <text class="tick" x=${PAD.left - 6} y=${y(v) + 4} text-anchor="end">${v.toFixed(1)}</text>`,
  );
  const dots = values.map((v, i) => svg`<circle cx=${x(i).toFixed(1)} cy=${y(v).toFixed(1)} r="3.5" />`);
  const last = values.length;
  return html`<svg class="chart" viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby=${`${id}-title ${id}-desc`}>
    <title id=${`${id}-title`}>${title}</title>
    <desc id=${`${id}-desc`}>${desc}</desc>
    ${ticks}
    <text class="tick" x=${x(0)} y=${HEIGHT - 8} text-anchor="middle">1</text>
    ${last > 1 ? svg`<text class="tick" x=${x(last - 1)} y=${HEIGHT - 8} text-anchor="middle">${last}</text>` : nothing}
    <polyline class="line" points=${points} />
    <g class="dots">${dots}</g>
  </svg>`;
}
