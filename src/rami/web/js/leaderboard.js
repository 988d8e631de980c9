// The leaderboard (/leaderboard?preset=rami51 or rami40): players by shown rating, and the bots.

import { errorText, presetName, t } from "./i18n.js";
import { escapeHtml } from "./escape.js";
import { startPage } from "./page.js";
import { FAMILIES, rating } from "./ratings.js";

function playersHtml(players, family) {
  if (!players.length) return `<p class="hint-text">${t("No rated player yet.")}</p>`;
  const rows = players
    .map(
      (p) => `<tr><td>${p.rank}</td>
        <th scope="row"><a href="/players/${encodeURIComponent(p.name)}">${escapeHtml(p.name)}</a></th>
        <td>${rating(p.rating)}</td><td>${p.games}</td></tr>`,
    )
    .join("");
  return `<table class="results ranking" id="players">
      <caption>${escapeHtml(presetName(family))}</caption>
      <thead><tr><th scope="col">${t("Rank")}</th><th scope="col">${t("Player")}</th>
        <th scope="col">${t("Rating")}</th><th scope="col">${t("Games")}</th></tr></thead>
      <tbody>${rows}</tbody></table>`;
}

function botsHtml(bots) {
  const rows = bots
    .map((b) => `<tr><th scope="row">${escapeHtml(t("Bot: {level}", { level: b.level }))}</th><td>${rating(b.rating)}</td></tr>`)
    .join("");
  return `<table class="results" id="bots">
      <caption>${t("Bots")}</caption>
      <thead><tr><th scope="col">${t("Level")}</th><th scope="col">${t("Rating")}</th></tr></thead>
      <tbody>${rows}</tbody></table>`;
}

async function render(main) {
  const asked = new URLSearchParams(location.search).get("preset") || "rami51";
  const family = FAMILIES.includes(asked) ? asked : "rami51";
  document.title = `Rami — ${t("Leaderboard")} — ${presetName(family)}`;
  const links = FAMILIES.map(
    (f) => `<a href="/leaderboard?preset=${f}" class="button${f === family ? " primary" : ""}"
      ${f === family ? 'aria-current="page"' : ""}>${escapeHtml(presetName(f))}</a>`,
  ).join("");
  main.innerHTML = `<section class="card-panel wide" aria-labelledby="board-title">
      <h1 id="board-title">${t("Leaderboard")}</h1>
      <nav class="families" aria-label="${escapeHtml(t("Rating family"))}">${links}</nav>
      <div id="board"><p class="hint-text">${t("Loading…")}</p></div>
      <p class="hint-text">${t("The rating is the skill estimate minus three times its uncertainty: it rises as games are played.")}</p>
    </section>`;
  const response = await fetch(`/api/leaderboard?preset=${family}&limit=100`);
  const data = await response.json();
  const board = main.querySelector("#board");
  if (!response.ok) {
    board.innerHTML = `<p class="error" role="alert">${escapeHtml(errorText(data.code, data.message))}</p>`;
    return;
  }
  board.innerHTML = playersHtml(data.players, family) + botsHtml(data.bots);
}

startPage(render);
