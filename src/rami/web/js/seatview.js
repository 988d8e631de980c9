// A seat at the board: its name, what it is doing (to play, dealer, opened, bot, away), its
// turn timer, the backs of its cards and its score.

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { cardBack } from "./cards.js";
import { seatName, t, tn } from "./i18n.js";
import { durationWords } from "./daysform.js";

export function seatView(board, i) {
  const game = board.game;
  const info = board.snap.table.seats[i];
  const name = seatName(info, i);
  const badges = [];
  if (game.current === i) badges.push(html`<span class="badge turn">${t("to play")}</span>`);
  if (game.dealer === i) badges.push(html`<span class="badge">${t("dealer")}</span>`);
  if (game.opened[i]) badges.push(html`<span class="badge open">${t("opened")}</span>`);
  if (info.bot) badges.push(html`<span class="badge bot">${t("bot")}</span>`);
  if (info.autoplay) badges.push(html`<span class="badge away">${t("away: a bot plays")}</span>`);
  if (!info.online && !info.bot) badges.push(html`<span class="badge away">${t("offline")}</span>`);
  if (game.current === i && board.snap.table.turn_left !== null) {
    const low = board.watch.low();
    badges.push(html`<span class="timer ${low ? "low" : ""}" data-timer>${durationWords(board.snap.table.turn_left)}</span>`);
  }
  const count = game.hand_sizes[i];
  const backs = i === board.seat ? [] : Array.from({ length: Math.min(count, 14) }, () => html`<span class="mini">${cardBack()}</span>`);
  const cards = tn("{count} cards", count);
  return html`<div class="seat ${game.current === i ? "acting" : ""} ${i === board.seat ? "me" : ""}" data-seat=${i}
      role="group" aria-label=${`${name}: ${cards}`}>
    <div class="who"><strong>${name}</strong> ${badges.map((b, n) => html`${n ? " " : ""}${b}`)}</div>
    ${backs.length ? html`<div class="fan" aria-hidden="true">${backs}</div>` : nothing}
    <div class="count">${cards} · ${t("score {points}", { points: game.totals[i] })}</div></div>`;
}
