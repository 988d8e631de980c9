// The melds on the table (each a button: play the selected card on it) and the staging area
// with the opening's count, as the server reports it.

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { cardFace } from "./cards.js";
import { cardName, letters, seatName, t } from "./i18n.js";
import { refusalText } from "./refusals.js";

/** The words of a meld: its cards (a joker with what it stands for), points and owner. */
export function meldWords(meld, number, owner) {
  const names = meld.cards.map((card, k) =>
    card === "JK" ? t("{joker} standing for {card}", { joker: cardName(card), card: cardName(meld.represents[k]) }) : cardName(card),
  );
  return t("Meld {number}: {cards}. {points} points, laid by {owner}", {
    number, cards: names.join(", "), points: meld.points, owner,
  });
}

function endWords(end) {
  if (end === "low") return t("left end");
  if (end === "high") return t("right end");
  return "";
}

function meldView(board, meld, index, targets) {
  const owner = seatName(board.snap.table.seats[meld.owner], meld.owner);
  const options = targets[index];
  const swap = options && options.some((o) => o.verb === "swap");
  const ends = options ? options.map((o) => o.end).filter(Boolean) : [];
  const choice = board.layoffChoice && board.layoffChoice.meld === index ? board.layoffChoice : null;
  const hint = options
    ? ends.length > 1 ? t("left end or right end") : swap ? t("take the joker") : t("lay off here")
    : "";
  const play = (event) => {
    const box = event.currentTarget.getBoundingClientRect();
    const side = event.clientX && event.clientX < box.left + box.width / 2 ? "low" : "high";
    board.playOn(index, side);
  };
  const cls = ["meld", options ? "target" : "", choice ? `chosen ${choice.end || ""}` : ""].join(" ");
  return html`<button class=${cls} data-meld=${index} @click=${play}><span class="sr-only">${meldWords(meld, index + 1, owner)}${
    hint ? ` — ${hint}` : ""}</span><span class="meld-no" aria-hidden="true">${index + 1}</span>${meld.cards.map(
    (card) => html`<span class="card small ${card === "JK" && swap ? "swappable" : ""}" aria-hidden="true">${cardFace(card, letters())}</span>`,
  )}${choice && choice.end ? html`<span class="end-mark" aria-hidden="true">${endWords(choice.end)}</span>` : nothing}</button>`;
}

export function meldsView(board) {
  const game = board.game;
  if (!game.table.length) return html`<p class="empty">${t("No meld on the table yet.")}</p>`;
  const targets = board.targets();
  return game.table.map((meld, index) => meldView(board, meld, index, targets));
}

export function stagingView(board) {
  const game = board.game;
  const opening = game.opening;
  const meld = board.selectedMeld();
  const extra = meld ? game.meld_points[meld] || 0 : 0;
  const staged = game.staged.map(
    (m) => html`<span class="staged-meld">${m.cards.map((c) => html`<span class="card tiny">${cardFace(c, letters())}</span>`)}<em
      >${m.points}</em></span>`,
  );
  if (!opening) return staged.length ? html`<div class="staging">${staged}</div>` : nothing;
  const total = opening.points + extra;
  const parts = [t("Opening: {points} of {needed}", { points: total, needed: opening.needed })];
  if (opening.needs_clean_run) parts.push(opening.clean_run ? t("clean run ✓") : t("needs a clean run"));
  const message = opening.points && !opening.valid ? refusalText(opening.code, opening.message, opening) : "";
  const ok = total >= opening.needed && (!opening.needs_clean_run || opening.clean_run);
  return html`<div class="staging" aria-live="polite"><span class="meter ${ok ? "ok" : ""}">${parts.join(" · ")}</span>
    ${staged}${message ? html`<span class="engine">${message}</span>` : nothing}</div>`;
}

export { endWords };
