// The end of a round (and of the match): who went out, the hands left, the points, the match's
// scores by round, the fair-shuffle check. The box can be closed to look at the final table.

import { html, nothing } from "../vendor/lit-html/lit-html.js";
import { cardFace } from "./cards.js";
import { cardName, letters, seatName, t } from "./i18n.js";
import { carryMutes } from "./chat.js";
import { followAfterGameView } from "./friends.js";
import { ratingChangesView } from "./ratingchange.js";
import { roundReviewView } from "./roundreview.js";

/** The scores table: one row per finished round, then the totals. */
export function scoresView(board, caption, extraClass = "") {
  const game = board.game;
  const names = board.snap.table.seats.map(seatName);
  return html`<table class="scores ${extraClass}"><caption>${caption}</caption><thead><tr><th scope="col">${t("Round")}</th>${names.map(
    (n) => html`<th scope="col">${n}</th>`)}</tr></thead>
    <tbody>${game.rounds.map((r) => html`<tr><th scope="row">${r.round}</th>${names.map(
      (_, i) => html`<td>${r.seats.includes(i) ? r.scores[r.seats.indexOf(i)] : "—"}</td>`)}</tr>`)}<tr class="total"><th
      scope="row">${t("Total")}</th>${game.totals.map((v) => html`<td><strong>${v}</strong></td>`)}</tr></tbody></table>`;
}

/** The last finished round, when the board shows its end. */
export function lastResult(game) {
  if (!game || game.phase !== "over") return null;
  const result = game.rounds[game.rounds.length - 1];
  return result && result.round === game.round ? result : null;
}

/** The key of a result box that has just appeared (to announce and focus once), else null. */
export function resultToFocus(board) {
  const result = lastResult(board.game);
  const key = result ? `${result.round}-${board.snap.table.status}` : null;
  if (!key || key === board.resultsShown || board.resultsHidden === result.round) return null;
  return key;
}

/** The result in one sentence (what the page announces when the box appears). */
export function resultWords(board) {
  const game = board.game;
  const result = lastResult(game);
  if (!result) return "";
  const names = board.snap.table.seats.map(seatName);
  const parts = [t("End of round {number}", { number: result.round }), result.text];
  if (board.snap.table.status === "finished") {
    parts.push(`${t("Match over")}: ${t("Winner: {names}", { names: game.winners.map((w) => names[w]).join(", ") })}`);
  }
  return parts.join(". ");
}

export function roundOverView(board) {
  const game = board.game;
  const result = lastResult(game);
  if (!result || board.resultsHidden === result.round) return nothing;
  const names = board.snap.table.seats.map(seatName);
  const rows = result.seats.map((seat, k) => {
    const hand = result.hands[k].map(
      (c) => html`<span class="card tiny" role="img" aria-label=${cardName(c)}>${cardFace(c, letters())}</span>`,
    );
    const flag = result.winner === seat ? (result.rami_sec ? t("rami sec!") : t("went out")) : "";
    return html`<tr><th scope="row">${names[seat]}</th><td class="hand-cell">${hand.length ? hand : "—"}</td><td>${result.scores[k]}</td><td
      >${game.totals[seat]}</td><td>${flag}</td></tr>`;
  });
  const finished = board.snap.table.status === "finished";
  const winners = finished
    ? html`<p class="winner">${t("Match over")}: ${t("Winner: {names}", { names: game.winners.map((w) => names[w]).join(", ") })}</p>
       ${scoresView(board, t("Scores by round"), "match-scores")}${ratingChangesView(board)}`
    : nothing;
  const verified = board.verified[result.round];
  const next = !finished && board.seat !== null
    ? html`<button id="next-round" class="primary" @click=${() => board.send({ type: "next_round", version: board.snap.version })}>${t("Next round")}</button>`
    : nothing;
  const replay = finished ? html`<a class="button" href=${`/replay/${board.tableId}`}>${t("Replay the game")}</a>` : nothing;
  const [before, after] = t("Seed revealed: {seed}").split("{seed}");
  return html`<section class="round-over" role="dialog" aria-modal="false" aria-labelledby="round-over-title">
    <button id="close-results" class="close" aria-keyshortcuts="Escape" @click=${() => board.closeResults()}>${t("Look at the table")}</button>
    <h2 id="round-over-title" tabindex="-1">${t("End of round {number}", { number: result.round })}</h2><p>${result.text}</p>${winners}
    <table class="results"><thead><tr><th scope="col">${t("Player")}</th><th scope="col">${t("Hand left")}</th><th scope="col">${t("Points")}</th><th
      scope="col">${t("Total")}</th><th scope="col"><span class="sr-only">${t("went out")}</span></th></tr></thead>
    <tbody>${rows}</tbody></table>${roundReviewView(board, result.round)}
    <details class="fair" data-keep="fair-result" ?open=${board.openDetails.has("fair-result")} @toggle=${(e) => board.keepDetails(e)}>
      <summary>${t("Fair shuffle")}</summary>
      <p>${before}<code>${result.seed}</code>${after || ""}</p>
      <p><button id="verify" @click=${() => board.verify()}>${t("Check the shuffle")}</button>
      <span id="verify-result" role="status">${verified || ""}</span></p></details>
    <p class="links">${next} <a class="button" href=${`/api/tables/${board.tableId}/record`} download>${t("Download the record")}</a> ${replay}</p>
    ${finished ? rematchView(board) : nothing}${finished ? followAfterGameView(board) : nothing}
  </section>`;
}

/** The rematch button (seated players) and who has asked so far (everyone). */
export function rematchView(board) {
  const votes = board.rematchVotes || { asked: [], waiting: [] };
  const names = board.snap.table.seats.map(seatName);
  const asked = board.seat !== null && votes.asked.includes(board.seat);
  const button = board.seat !== null
    ? html`<button id="rematch" class="primary" aria-pressed=${asked ? "true" : "false"} ?disabled=${asked}
        @click=${() => board.send({ type: "rematch" })}>${t("Rematch")}</button>`
    : nothing;
  const parts = [];
  if (votes.asked.length) parts.push(t("Asked for a rematch: {names}", { names: votes.asked.map((i) => names[i]).join(", ") }));
  if (votes.asked.length && votes.waiting.length) parts.push(t("Waiting for: {names}", { names: votes.waiting.map((i) => names[i]).join(", ") }));
  return html`<p class="rematch">${button} <span id="rematch-votes" role="status">${parts.join(" · ")}</span></p>`;
}

/** Go to the rematch table, keeping this seat's new token the way a join keeps it. */
export function goToRematch(board, message) {
  if (message.token) localStorage.setItem(`rami-token-${message.table}`, message.token);
  carryMutes(board.tableId, message.table);
  board.link.closed = true;
  board.announce(t("Moving to the rematch table…"));
  location.assign(`/t/${message.table}`);
}
