// The host's controls: remove a person before the start, give an away seat to a bot, close
// the table. The server checks each again; these only offer what makes sense now.

import { t } from "./i18n.js";
import { escapeHtml } from "./lobby.js";

const isHost = (board) => board.snap.you.host && board.snap.table.status !== "closed";

/** The "remove" button of a person's seat in the waiting room (host only). */
export function removeButtonHtml(board, seat, i) {
  if (!isHost(board) || i === 0 || seat.bot || !seat.name) return "";
  const label = t("Remove {name}", { name: seat.name });
  return ` <button class="small" data-remove="${i}">${escapeHtml(label)}</button>`;
}

/** The host's box beside the board: away seats to a bot, close the table. */
export function hostToolsHtml(board) {
  if (!isHost(board)) return "";
  const seats = board.snap.table.seats;
  const away = board.game
    ? seats
        .map((seat, i) => ({ seat, i }))
        .filter(({ seat, i }) => i !== 0 && !seat.bot && seat.name && !seat.online)
        .map(({ seat, i }) => `<li><button class="small" data-stand-in="${i}">${escapeHtml(t("Give {name}'s seat to a bot", { name: seat.name }))}</button></li>`)
        .join("")
    : "";
  const levels = (board.meta.bots || []).map((level) => `<option value="${escapeHtml(level)}">${escapeHtml(level)}</option>`).join("");
  const standIn = away
    ? `<p><label>${t("Bot level")} <select id="stand-in-level">${levels}</select></label></p><ul class="plain">${away}</ul>`
    : "";
  return `<details class="host-tools" data-keep="host"><summary>${t("Host")}</summary>${standIn}
    <p><button id="close-table" class="danger">${t("Close the table")}</button></p></details>`;
}

export function wireHost(board) {
  board.on("[data-remove]", "click", (e) => board.send({ type: "remove", seat: Number(e.currentTarget.dataset.remove) }));
  board.on("[data-stand-in]", "click", (e) => {
    const level = board.root.querySelector("#stand-in-level").value;
    board.send({ type: "stand_in", seat: Number(e.currentTarget.dataset.standIn), level });
  });
  board.on("#close-table", "click", () => {
    if (window.confirm(t("Close the table for everyone? Nobody can play at it afterwards."))) board.send({ type: "close" });
  });
}
