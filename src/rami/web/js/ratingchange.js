// The rating changes of a finished rated match, in the result box: GET /api/results/<table>
// once the server has recorded the result (asked again for a while until it has).

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { seatName, t } from "./i18n.js";
import { changeText, ratingText } from "./ratings.js";

export const RESULT_RETRY_MS = 1000;
const RESULT_TRIES = 20;

async function fetchResult(board, tries) {
  try {
    const response = await fetch(`/api/results/${encodeURIComponent(board.tableId)}`);
    if (response.ok) {
      board.ratingResult = await response.json();
      board.render();
      return;
    }
  } catch {
    // offline for a moment: try again
  }
  if (tries > 1) setTimeout(() => fetchResult(board, tries - 1), RESULT_RETRY_MS);
}

/** Each seat's rating after a rated match and how much this match changed it. */
export function ratingChangesView(board) {
  const table = board.snap.table;
  if (!table.rated || table.status !== "finished") return nothing;
  if (!board.ratingAsked) {
    board.ratingAsked = true;
    fetchResult(board, RESULT_TRIES);
  }
  const result = board.ratingResult;
  if (!result) return html`<p class="hint-text" id="rating-changes-wait">${t("Updating the ratings…")}</p>`;
  const rows = result.seats.filter((seat) => seat.rating).map((seat) => html`<tr data-seat=${seat.seat}>
      <th scope="row">${seatName(table.seats[seat.seat] || seat, seat.seat)}</th>
      <td>${ratingText(seat.rating)}</td><td class="change">${changeText(seat.rating.change)}</td></tr>`);
  return html`<table class="results" id="rating-changes"><caption>${t("Rating changes")}</caption>
    <thead><tr><th scope="col">${t("Player")}</th><th scope="col">${t("Rating")}</th><th scope="col">${t("Change")}</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}
