// The review of one seat's round (POST /api/tables/{id}/reviews, computed on the server once):
// asked for and waited on, then drawn: accuracy and luck, the points lost at each decision as
// an SVG chart, and each mistake with "find a better move" (the player picks, then sees).

import { html, nothing, svg } from "../vendor/lit-html/lit-html.js";
import { errorText, t } from "./i18n.js";
import { request } from "./session.js";

const POLL_MS = 1000;
const WIDTH = 560;
const HEIGHT = 160;
const PAD = { left: 36, right: 8, top: 10, bottom: 22 };
const VERDICTS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** Ask for the review of ``seat`` in ``round`` and wait until it is computed; answers
 * ``{report}`` or ``{error}`` (words of the refusal). ``onWait`` is called while it runs. */
export async function fetchReview(tableId, seat, round, lang, onWait = () => {}) {
  const asked = await request("POST", `/api/tables/${tableId}/reviews`, { seat, round, lang });
  if (!asked.ok) return { error: refusal(asked.data) };
  for (;;) {
    const got = await request("GET", `/api/reviews/${asked.data.review}`);
    if (!got.ok) return { error: refusal(got.data) };
    if (got.data.status === "done") return { report: got.data.report };
    if (got.data.status === "failed") return { error: errorText("internal_error", got.data.error || "") };
    onWait();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function refusal(data) {
  return data ? errorText(data.code, data.message) : errorText("internal_error", "");
}

const fixed = (value, digits = 1) => Number(value).toFixed(digits);
const signed = (value) => `${value > 0 ? "+" : ""}${fixed(value)}`;

/** The decision's kind and turn in words. */
export function decisionTitle(d) {
  return t("Turn {turn}, {kind}", { turn: d.turn, kind: t(`the ${d.kind === "play" ? "table play" : d.kind}`) });
}

/** A verdict's mark and word ("" for none). */
export function verdictText(verdict) {
  return verdict ? `${VERDICTS[verdict]} ${t(verdict)}` : "";
}

/** Accuracy, loss, performance and luck of one reviewed round (or the match). */
export function summaryView(part) {
  const s = part.summary;
  const luck = part.luck;
  return html`<p class="review-summary" data-accuracy=${s.accuracy}>${t(
    "Accuracy {accuracy}%, {points} points lost per decision, performance {rating} ({band})",
    { accuracy: fixed(s.accuracy), points: fixed(s.mean_loss_points, 2), rating: fixed(s.rating), band: t(s.band) },
  )}</p><p class="review-luck">${t("Luck: the deal {deal}, the draws {draws} (above 0: luckier than the average)", {
    deal: signed(luck.deal),
    draws: signed(luck.draws),
  })}</p>`;
}

/** The points lost at each decision of ``decisions``, a bar each, coloured by verdict. */
export function lossChart(decisions, id) {
  const high = Math.max(1, ...decisions.map((d) => d.loss_points));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, decisions.length);
  const bars = decisions.map((d, i) => {
    const h = (d.loss_points * innerH) / high;
    return svg`<rect class=${`loss ${d.verdict || "fine"}`} data-turn=${d.turn} x=${(PAD.left + i * step + step * 0.15).toFixed(1)}
      y=${(PAD.top + innerH - h).toFixed(1)} width=${Math.max(1, step * 0.7).toFixed(1)} height=${Math.max(h, 0.5).toFixed(1)}>
      <title>${decisionTitle(d)}: ${fixed(d.loss_points)} ${verdictText(d.verdict)}</title></rect>`;
  });
  const ticks = [0, high / 2, high].map((v) => {
    const y = PAD.top + innerH - (v * innerH) / high;
    return svg`<line class="grid" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y} y2=${y} />
      <text class="tick" x=${PAD.left - 4} y=${y + 4} text-anchor="end">${fixed(v)}</text>`;
  });
  const worst = decisions.length ? Math.max(...decisions.map((d) => d.loss_points)) : 0;
  return html`<svg class="chart loss-chart" id=${id} viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img"
      aria-labelledby=${`${id}-title ${id}-desc`}>
    <title id=${`${id}-title`}>${t("Points lost at each decision")}</title>
    <desc id=${`${id}-desc`}>${t("{count} decisions judged; the worst lost {points} points.", {
      count: decisions.length,
      points: fixed(worst),
    })}</desc>${ticks}${bars}</svg>`;
}

/** The candidates of a "find a better move" try, in an order that tells nothing. */
function choices(d) {
  const seen = new Map();
  for (const option of [d.played, d.best, ...d.alternatives]) if (!seen.has(option.text)) seen.set(option.text, option);
  return [...seen.values()].sort((a, b) => a.text.localeCompare(b.text));
}

/** Each mistake of ``decisions``: its words, "show the position" (``onShow(d)``) and the
 * better-move try (``tries``: index → the text picked; ``redraw`` after a pick). */
export function mistakesView(decisions, { onShow, tries, redraw }) {
  const marked = decisions.map((d, i) => [d, i]).filter(([d]) => d.verdict);
  if (!marked.length) return html`<p class="hint-text review-none">${t("No mistake in this round.")}</p>`;
  return html`<ol class="mistakes">${marked.map(([d, i]) => {
    const picked = tries.get(i);
    const trying = picked !== undefined;
    const answer = picked
      ? html`<p class="try-answer" role="status">${picked === d.best.text ? t("Right: that is the best move found.") : t("Not the best move found.")}</p>
        <p>${t("Best: {move} ({points} points expected)", { move: d.best.text, points: fixed(d.best.points) })}</p>
        <p>${t("Played: {move} ({points} points expected)", { move: d.played.text, points: fixed(d.played.points) })}</p>`
      : nothing;
    const options = trying && !picked
      ? html`<fieldset class="try"><legend>${t("Which move is better here?")}</legend>${choices(d).map(
          (o) => html`<button class="try-option" @click=${() => { tries.set(i, o.text); redraw(); }}>${o.text}</button>`)}</fieldset>`
      : nothing;
    return html`<li class=${`mistake ${d.verdict}`} data-turn=${d.turn} data-kind=${d.kind}>
      <strong>${verdictText(d.verdict)}</strong> · ${decisionTitle(d)} · ${fixed(d.loss_points)}
      <button class="show-position" @click=${() => onShow(d)}>${t("Show the position")}</button>
      ${trying ? nothing : html`<button class="find-better" @click=${() => { tries.set(i, ""); onShow(d); redraw(); }}>${t("Find a better move")}</button>`}
      ${options}${answer}</li>`;
  })}</ol>`;
}

/** The frame of ``frames`` showing the board as it was when decision ``d`` of round ``round``
 * was taken (before the draw, after it for the table play, before the discard). */
export function decisionFrame(frames, round, d) {
  let turn = 1;
  let drawAt = null;
  for (let i = 0; i < frames.length; i += 1) {
    const frame = frames[i];
    if (frame.round !== round || !frame.action) continue;
    const verb = frame.action.split(" ")[0];
    if (turn === d.turn) {
      if (verb === "draw" && drawAt === null) {
        drawAt = i;
        if (d.kind === "draw") return i - 1;
        if (d.kind === "play") return i;
      }
      if (verb === "discard" && d.kind === "discard") return i - 1;
    }
    if (verb === "discard") turn += 1;
  }
  return drawAt;
}
