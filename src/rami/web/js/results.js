// The end of a round (and of the match): who went out, the hands left, the points, the match's
// scores by round, the fair-shuffle check. The box can be closed to look at the final table.

import { cardFace } from "./cards.js";
import { cardName, letters, t } from "./i18n.js";
import { escapeHtml } from "./lobby.js";

/** The scores table: one row per finished round, then the totals. */
export function scoresHtml(board, caption, extraClass = "") {
  const game = board.game;
  const names = board.snap.table.seats.map((s) => escapeHtml(s.name || "?"));
  const head = names.map((n) => `<th scope="col">${n}</th>`).join("");
  const rows = game.rounds
    .map((r) => `<tr><th scope="row">${r.round}</th>${names.map((_, i) => `<td>${r.seats.includes(i) ? r.scores[r.seats.indexOf(i)] : "—"}</td>`).join("")}</tr>`)
    .join("");
  const totals = game.totals.map((v) => `<td><strong>${v}</strong></td>`).join("");
  return `<table class="scores ${extraClass}"><caption>${caption}</caption><thead><tr><th scope="col">${t("Round")}</th>${head}</tr></thead>
    <tbody>${rows}<tr class="total"><th scope="row">${t("Total")}</th>${totals}</tr></tbody></table>`;
}

/** The last finished round, when the board shows its end. */
export function lastResult(game) {
  if (!game || game.phase !== "over") return null;
  const result = game.rounds[game.rounds.length - 1];
  return result && result.round === game.round ? result : null;
}

export function roundOverHtml(board) {
  const game = board.game;
  const result = lastResult(game);
  if (!result || board.resultsHidden === result.round) return "";
  const names = board.snap.table.seats.map((s) => escapeHtml(s.name || "?"));
  const rows = result.seats
    .map((seat, k) => {
      const hand = result.hands[k].map((c) => `<span class="card tiny" role="img" aria-label="${escapeHtml(cardName(c))}">${cardFace(c, letters())}</span>`).join("");
      const flags = [];
      if (result.winner === seat) flags.push(result.rami_sec ? t("rami sec!") : t("went out"));
      return `<tr><th scope="row">${names[seat]}</th><td class="hand-cell">${hand || "—"}</td><td>${result.scores[k]}</td><td>${game.totals[seat]}</td><td>${flags.join(" ")}</td></tr>`;
    })
    .join("");
  const finished = board.snap.table.status === "finished";
  const title = t("End of round {number}", { number: result.round });
  const winners = finished
    ? `<p class="winner">${t("Match over")}: ${t("Winner: {names}", { names: game.winners.map((w) => names[w]).join(", ") })}</p>
       ${scoresHtml(board, t("Scores by round"), "match-scores")}`
    : "";
  const verified = board.verified[result.round];
  const next = !finished && board.seat !== null ? `<button id="next-round" class="primary">${t("Next round")}</button>` : "";
  const replay = finished ? `<a class="button" href="/replay/${board.tableId}">${t("Replay the game")}</a>` : "";
  const rematch = finished ? rematchHtml(board) : "";
  return `<section class="round-over" role="dialog" aria-modal="false" aria-labelledby="round-over-title">
    <button id="close-results" class="close" aria-keyshortcuts="Escape">${t("Look at the table")}</button>
    <h2 id="round-over-title">${title}</h2><p>${escapeHtml(result.text)}</p>${winners}
    <table class="results"><thead><tr><th scope="col">${t("Player")}</th><th scope="col">${t("Hand left")}</th><th scope="col">${t("Points")}</th><th scope="col">${t("Total")}</th><th scope="col"><span class="sr-only">${t("went out")}</span></th></tr></thead>
    <tbody>${rows}</tbody></table>
    <details class="fair" data-keep="fair-result"><summary>${t("Fair shuffle")}</summary>
      <p>${t("Seed revealed: {seed}", { seed: `<code>${escapeHtml(result.seed)}</code>` })}</p>
      <p><button id="verify">${t("Check the shuffle")}</button>
      <span id="verify-result" role="status">${verified ? escapeHtml(verified) : ""}</span></p></details>
    <p class="links">${next} <a class="button" href="/api/tables/${board.tableId}/record" download>${t("Download the record")}</a> ${replay}</p>
    ${rematch}
  </section>`;
}

/** The rematch button (seated players) and who has asked so far (everyone). */
export function rematchHtml(board) {
  const votes = board.rematchVotes || { asked: [], waiting: [] };
  const names = board.snap.table.seats.map((s) => escapeHtml(s.name || "?"));
  const asked = board.seat !== null && votes.asked.includes(board.seat);
  const button = board.seat !== null
    ? `<button id="rematch" class="primary" aria-pressed="${asked}" ${asked ? "disabled" : ""}>${t("Rematch")}</button>`
    : "";
  const parts = [];
  if (votes.asked.length) parts.push(t("Asked for a rematch: {names}", { names: votes.asked.map((i) => names[i]).join(", ") }));
  if (votes.asked.length && votes.waiting.length) parts.push(t("Waiting for: {names}", { names: votes.waiting.map((i) => names[i]).join(", ") }));
  return `<p class="rematch">${button} <span id="rematch-votes" role="status">${parts.join(" · ")}</span></p>`;
}
