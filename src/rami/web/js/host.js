// The host's controls: remove a person before the start, give an away seat to a bot, close
// the table. The server checks each again; these only offer what makes sense now.

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { levelName, t } from "./i18n.js";

const isHost = (board) => board.snap.you.host && board.snap.table.status !== "closed";

/** The "remove" button of a person's seat in the waiting room (host only). */
export function removeButtonView(board, seat, i) {
  if (!isHost(board) || i === 0 || seat.bot || !seat.name) return nothing;
  return html` <button class="small" data-remove=${i} @click=${() => board.send({ type: "remove", seat: i })}>${t(
    "Remove {name}", { name: seat.name })}</button>`;
}

function closeTable(board) {
  if (window.confirm(t("Close the table for everyone? Nobody can play at it afterwards."))) board.send({ type: "close" });
}

/** The host's box beside the board: away seats to a bot, close the table. */
export function hostToolsView(board) {
  if (!isHost(board)) return nothing;
  const seats = board.snap.table.seats;
  const away = board.game
    ? seats.map((seat, i) => ({ seat, i })).filter(({ seat, i }) => i !== 0 && !seat.bot && seat.name && !seat.online)
    : [];
  const standIn = (i) => {
    const level = board.root.querySelector("#stand-in-level").value;
    board.send({ type: "stand_in", seat: i, level });
  };
  const levels = (board.meta.bots || []).map((level) => html`<option value=${level}>${t("Bot: {level}", { level: levelName(level) })}</option>`);
  const tools = away.length
    ? html`<p><label>${t("Bot level")} <select id="stand-in-level">${levels}</select></label></p><ul class="plain">${away.map(
        ({ seat, i }) => html`<li><button class="small" data-stand-in=${i} @click=${() => standIn(i)}>${t(
          "Give {name}'s seat to a bot", { name: seat.name })}</button></li>`)}</ul>`
    : nothing;
  return html`<details class="host-tools" data-keep="host" ?open=${board.openDetails.has("host")}
      @toggle=${(e) => board.keepDetails(e)}><summary>${t("Host")}</summary>${tools}
    <p><button id="close-table" class="danger" @click=${() => closeTable(board)}>${t("Close the table")}</button></p></details>`;
}
