// The player's hand, the one message area above it and the action bar below it.

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { cardFace } from "./cards.js";
import { cardName, letters, t } from "./i18n.js";

const CARD = /^(?:[2-9]|10|[AJQK])[CDHS]$|^JK$/;
const verbOf = (action) => action.split(" ")[0];

/** The cards a hint marks: its ``cards``, else the cards named in its actions. */
export function hintedCards(hint) {
  if (Array.isArray(hint.cards)) return hint.cards;
  const found = [];
  for (const action of hint.actions || []) {
    for (const token of action.split(" ").slice(1)) {
      const card = token.split("=")[0];
      if (CARD.test(card)) found.push(card);
    }
  }
  return found;
}

export function handView(board) {
  if (board.seat === null) return html`<p class="watching">${t("You are watching this table.")}</p>`;
  const taken = board.game.taken;
  const hinted = board.hint ? hintedCards(board.hint).slice() : [];
  return board.order.map((card, i) => {
    const selected = board.selected.has(i);
    const at = hinted.indexOf(card);
    if (at >= 0) hinted.splice(at, 1);
    const cls = ["card", selected ? "selected" : "", card === taken ? "taken" : "", at >= 0 ? "hinted" : ""].join(" ");
    return html`<button class=${cls} data-hand=${i} aria-pressed=${selected ? "true" : "false"}
      aria-description=${at >= 0 ? t("suggested by the hint") : nothing}
      @click=${() => board.toggle(i)}><span class="sr-only">${cardName(card)}</span>${cardFace(card, letters())}</button>`;
  });
}

/** The one message of the page: a refusal, a word of help, the hint, a bot thinking. */
export function messageView(board) {
  let body = nothing;
  if (board.notice) {
    const { kind, text, code } = board.notice;
    body = html`<p class="notice ${kind}" data-code=${code || nothing}>${text}</p>`;
  } else if (board.hint) {
    body = html`<p class="hint-text">${t("Hint")}: ${board.hint.text || board.hint.actions.join(", ")}</p>`;
  } else {
    const waiting = board.watch.waitingWords();
    if (waiting) body = html`<p class="thinking"><span class="spinner" aria-hidden="true"></span>${waiting}</p>`;
  }
  return html`<div class="messages">${body}</div>`;
}

export function actionsView(board) {
  const legal = board.legal;
  const has = (verb) => legal.some((a) => verbOf(a) === verb);
  const button = (id, label, enabled, key, run) =>
    html`<button id=${id} ?disabled=${!enabled} aria-keyshortcuts=${key} @click=${run}>${label}<kbd aria-hidden="true"
      >${key}</kbd></button>`;
  const one = board.selected.size === 1;
  return html`<div class="actions">
    ${button("draw-stock", t("Draw from the stock"), legal.includes("draw stock"), "S", () => board.act("draw stock"))}
    ${button("draw-discard", t("Take the discard"), legal.includes("draw discard"), "D", () => board.act("draw discard"))}
    ${button("meld", t("Meld the selection"), board.selected.size > 0 && legal.length > 0, "M", () => board.meldSelected())}
    ${button("open", t("Open"), has("open"), "O", () => board.act("open"))}
    ${button("takeback", t("Take back"), has("takeback"), "B", () => board.act("takeback"))}
    ${button("discard", t("Discard the selection"), one && has("discard"), "X", () => board.discardSelected())}
    ${button("hint", t("Hint"), legal.length > 0, "H", () => board.askHint())}
    <span class="sorters" role="group" aria-label=${t("Sort:")}><span aria-hidden="true">${t("Sort:")}</span>
      <button id="sort-suit" @click=${() => board.sortHand("suit")}>${t("suit")}</button>
      <button id="sort-rank" @click=${() => board.sortHand("rank")}>${t("rank")}</button></span></div>`;
}
