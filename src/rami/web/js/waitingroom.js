// The waiting room: the invite link, the seats, the table's facts (game, rated, timer), the
// join form and the host's start button.

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { inviteFriendsView } from "./friends.js";
import { levelName, presetName, t } from "./i18n.js";
import { hostToolsView, removeButtonView } from "./host.js";
import { messageView } from "./handview.js";
import { timerWords } from "./daysform.js";

function factsView(info) {
  const length = info.match_end === "rounds"
    ? t("Rounds: {count}", { count: info.match_limit })
    : t("Until a total reaches {limit}", { limit: info.match_limit });
  return html`<dl class="facts">
    <div><dt>${t("Game")}</dt><dd>${presetName(info.preset)} · ${info.rated ? t("Rated") : t("Unrated")}</dd></div>
    <div><dt>${t("Turn timer")}</dt><dd>${info.turn_timer ? timerWords(info.turn_timer) : t("None")}</dd></div>
    <div><dt>${t("Match length")}</dt><dd>${length}</dd></div></dl>`;
}

function joinTable(board, event) {
  event.preventDefault();
  const name = event.target.name.value;
  if (!board.account) localStorage.setItem("rami-name", name);
  board.send({ type: "join", name });
}

export function waitingView(board) {
  const info = board.snap.table;
  const link = `${location.origin}/t/${board.tableId}`;
  const seats = info.seats.map((s, i) => {
    const who = s.bot ? t("Bot: {level}", { level: levelName(s.bot) }) : s.name ? s.name : t("free");
    return html`<li class=${s.taken ? "taken" : "free"}>${t("Seat {number}", { number: i + 1 })}: ${who}${
      i === board.seat ? ` (${t("you")})` : ""}${removeButtonView(board, s, i)}</li>`;
  });
  const free = info.seats.some((s) => !s.taken);
  const closed = info.status === "closed";
  const account = board.account || null;
  const nameField = account
    ? html`<label>${t("Your name")} <input name="name" readonly aria-readonly="true" aria-describedby="join-account-note"
        .value=${account.name}></label><span id="join-account-note" class="hint-text">${t("You play under your account's name.")}</span>`
    : html`<label>${t("Your name")} <input name="name" required maxlength="24" .value=${localStorage.getItem("rami-name") || ""}></label>`;
  const join = board.seat === null && free && !closed
    ? html`<form id="join" class="inline" @submit=${(e) => joinTable(board, e)}>${nameField}
        <button class="primary">${t("Take a seat")}</button></form>`
    : nothing;
  const start = closed
    ? html`<p class="closed" role="status">${t("This table is closed.")}</p>`
    : board.snap.you.host
      ? html`<button id="start" class="primary" ?disabled=${free} @click=${() => board.send({ type: "start" })}>${t("Start the match")}</button>`
      : html`<p>${t("Waiting for the host to start.")}</p>`;
  const copy = () => {
    const input = board.root.querySelector("#invite");
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value);
  };
  return html`<section class="waiting card-panel">
    <h1>${t("Table {id}", { id: board.tableId })}</h1>
    ${factsView(info)}
    <p>${t("Invite friends with this link:")}</p>
    <p class="invite"><input id="invite" readonly .value=${link} aria-label=${t("Invite link")}>
      <button id="copy" @click=${copy}>${t("Copy")}</button></p>
    <ul class="seats">${seats}</ul>${join}${start}${inviteFriendsView(board)}${messageView(board)}${hostToolsView(board)}</section>`;
}
