// The review in the round-end box: "Review this round" asks for the seat's review and shows its
// accuracy and luck there, with a link to the whole review on the replay page.

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { currentLanguage, t } from "./i18n.js";
import { fetchReview, summaryView } from "./review.js";

const found = new Map();

/** The review part of the results box of ``round`` (``board.render`` redraws it). */
export function roundReviewView(board, round) {
  if (board.seat === null) return nothing;
  if (!board.account) return html`<p class="hint-text">${t("Log in to review your rounds.")}</p>`;
  const key = `${board.tableId}/${round}`;
  const state = found.get(key);
  const link = html`<a class="button" id="review-link" href=${`/replay/${board.tableId}#review=${round}`}>${t("Open the review on the replay")}</a>`;
  if (!state) {
    const ask = async () => {
      found.set(key, { waiting: true });
      board.render();
      found.set(key, await fetchReview(board.tableId, board.seat, round, currentLanguage()));
      board.render();
    };
    return html`<p class="round-review"><button id="review-round" @click=${ask}>${t("Review this round")}</button></p>`;
  }
  if (state.waiting) return html`<p class="round-review" role="status">${t("The review is being computed…")}</p>`;
  if (state.error) return html`<p class="round-review error" role="alert">${state.error}</p>`;
  return html`<div class="round-review" id="round-review">${summaryView(state.report.rounds[0])}<p>${link}</p></div>`;
}
