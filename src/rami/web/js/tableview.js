// The table screen: the waiting room before the start, the board during the match, a page of
// its own for a table that does not exist. Views are lit templates: every text and attribute
// they show is escaped by lit.

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { cardBack, cardFace } from "./cards.js";
import { cardName, letters, presetName, t, tn } from "./i18n.js";
import { SHORTCUTS } from "./keys.js";
import { TURN_ALERTS, chooseTurnAlert, setSetting, setting, askToNotify } from "./alerts.js";
import { lastResult, roundOverView, scoresView } from "./results.js";
import { hostToolsView } from "./host.js";
import { seatView } from "./seatview.js";
import { meldsView, stagingView } from "./meldsview.js";
import { actionsView, handView, messageView } from "./handview.js";
import { waitingView } from "./waitingroom.js";
import { durationWords, timerWords } from "./daysform.js";

/** The facts of a table in one line: its game, rated or not, its turn timer. */
export function tableFacts(info) {
  const facts = [presetName(info.preset), info.rated ? t("Rated") : t("Unrated")];
  facts.push(info.turn_timer ? timerWords(info.turn_timer) : t("no turn timer"));
  return facts.join(" · ");
}

function missingView() {
  return html`<section class="missing card-panel">
    <h1>${t("No such table")}</h1>
    <p>${t("There is no table at this address: the link may be mistyped, or the table is gone.")}</p>
    <p><a class="button primary" href="/">${t("Back to the lobby")}</a></p></section>`;
}

function settingBox(id, name, label) {
  const changed = async (event) => {
    const box = event.currentTarget;
    let on = box.checked;
    if (name === "notify" && on) on = await askToNotify();
    box.checked = on;
    if (TURN_ALERTS.includes(name)) await chooseTurnAlert(name, on);
    else setSetting(name, on);
  };
  return html`<label><input type="checkbox" id=${id} data-setting=${name} .checked=${setting(name)}
    @change=${changed}> ${label}</label>`;
}

function settingsView(board) {
  return html`<details class="settings" data-keep="settings" ?open=${board.openDetails.has("settings")}
      @toggle=${(e) => board.keepDetails(e)}><summary>${t("Settings")}</summary>
    ${settingBox("setting-sound", "sound", t("Sound on your turn"))}
    ${settingBox("setting-vibrate", "vibrate", t("Vibrate on your turn"))}
    ${settingBox("setting-notify", "notify", t("Notification on your turn"))}
    ${settingBox("setting-large", "large", t("Larger cards"))}</details>`;
}

function seatLinkView(board) {
  if (board.seat === null || !board.token) return nothing;
  const link = `${location.origin}/t/${board.tableId}#seat=${board.token}`;
  return html`<p><a href=${link} target="_blank" rel="noopener">${t("Your seat on another device")}</a>
    <small>(${t("keep this link secret")})</small></p>`;
}

function logView(board) {
  const game = board.game;
  const first = game.log_count - game.log.length;
  const items = [];
  game.log.forEach((entry, k) => {
    const index = first + k;
    const forMe = board.watch.playedForMe(index);
    if (forMe && !board.watch.playedForMe(index - 1)) {
      items.push(html`<li class="note">${t("Out of time: a bot played for you")}</li>`);
    }
    items.push(html`<li value=${index + 1} class=${forMe ? "for-me" : ""}>${entry.text}</li>`);
  });
  return html`<details data-keep="log" ?open=${board.openDetails.has("log")} @toggle=${(e) => board.keepDetails(e)}>
    <summary>${t("Log")}</summary><ol class="log" tabindex="0" aria-label=${t("Log")}>${items}</ol></details>`;
}

function timerView(board) {
  const info = board.snap.table;
  if (info.turn_left === null) return nothing;
  const low = board.watch.low();
  return html`<span class="timer ${low ? "low" : ""}" data-timer>${durationWords(info.turn_left)}</span>`;
}

function centreView(board) {
  const game = board.game;
  const top = game.discard[game.discard.length - 1];
  const result = lastResult(game);
  const reopen = result && board.resultsHidden === result.round
    ? html`<button id="show-results" class="primary" @click=${() => board.showResults()}>${t("Show the results")}</button>`
    : nothing;
  const pileClick = () => {
    if (board.legal.includes("draw discard")) board.act("draw discard");
    else if (board.selected.size === 1) board.discardSelected();
  };
  const pileName = top ? t("Discard pile, top card {card}", { card: cardName(top) }) : t("Discard pile: empty");
  return html`<section class="center" aria-label=${t("Stock and discard pile")}>
    <button class="pile stock" id="stock" @click=${() => board.act("draw stock")}><span class="sr-only"
      >${tn("Stock: {count} cards", game.stock)}</span>${cardBack()}<span class="pile-count" aria-hidden="true"
      >${game.stock}</span></button>
    <button class="pile discard" id="discard-pile" @click=${pileClick}><span class="sr-only">${pileName}</span>${top
      ? cardFace(top, letters()) : nothing}<span class="pile-count" aria-hidden="true">${game.discard.length}</span></button>
    <div class="round-info"><div>${t("Round {number}", { number: game.round })} · ${t("turn {number}", { number: game.turn })}
      ${timerView(board)}</div>
      <details class="commit" data-keep="fair" ?open=${board.openDetails.has("fair")} @toggle=${(e) => board.keepDetails(e)}>
        <summary>${t("Fair shuffle")}</summary>
        <p>${t("rules {hash}", { hash: board.snap.table.rules_hash })}</p>
        <p>${t("Hash of this round's seed, published before the deal")}</p>
        <p>${t("Seed hash")}: <code>${game.commitment}</code></p></details></div>
    ${reopen}</section>`;
}

function boardView(board) {
  const game = board.game;
  const info = board.snap.table;
  const others = info.seats.map((_, i) => i).filter((i) => i !== board.seat && game.active[i]);
  const myTurn = game.current === board.seat;
  const closed = info.status === "closed" ? html`<p class="closed" role="status">${t("This table is closed.")}</p>` : nothing;
  const touch = document.body.classList.contains("touch");
  return html`<div class="board ${myTurn ? "my-turn" : ""}">
    <h1 class="sr-only">${t("Table {id}", { id: board.tableId })}</h1>${closed}
    <section class="opponents" aria-label=${t("Other players")}>${others.map((i) => seatView(board, i))}</section>
    ${centreView(board)}
    <section class="melds" id="melds" tabindex="-1" aria-label=${t("Melds on the table")}>${meldsView(board)}</section>
    <section class="mine" aria-label=${t("Your hand")}>
      ${board.seat !== null ? seatView(board, board.seat) : nothing}${stagingView(board)}${messageView(board)}
      <div class="hand" id="hand" tabindex="-1" role="group" aria-label=${t("Your hand")}>${handView(board)}</div>
      ${board.seat !== null ? actionsView(board) : nothing}
    </section>
    <aside class="side">${logView(board)}
      ${scoresView(board, t("Scores"))}
      ${settingsView(board)}
      ${hostToolsView(board)}
      ${seatLinkView(board)}
      ${touch ? nothing : html`<p class="keys">${t("Keys:")} ${SHORTCUTS.map(([k, label], n) =>
        html`${n ? " · " : ""}<kbd>${k}</kbd> ${t(label)}`)}</p>`}</aside>
    ${roundOverView(board)}</div>`;
}

export function tableView(board) {
  const title = document.getElementById("table-title");
  const rules = document.getElementById("rules-link");
  if (board.missing) {
    title.textContent = "";
    return missingView();
  }
  const info = board.snap.table;
  title.textContent = tableFacts(info);
  const skip = document.getElementById("skip-link");
  skip.hidden = !board.game;
  skip.href = board.seat !== null ? "#hand" : "#melds";
  skip.textContent = board.seat !== null ? t("Skip to your hand") : t("Skip to the melds");
  rules.href = `/rules/${board.lang}/table/${info.id}`;
  return board.game ? boardView(board) : waitingView(board);
}
