// The leaderboard (/leaderboard?preset=rami51 or rami40): players by shown rating, and the bots.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { errorText, levelName, presetName, t } from "./i18n.js";
import { startPage } from "./page.js";
import { FAMILIES, rating, ratingText } from "./ratings.js";

function playersView(players, family) {
  if (!players.length) return html`<p class="hint-text">${t("No rated player yet.")}</p>`;
  return html`<table class="results ranking" id="players">
      <caption>${presetName(family)}</caption>
      <thead><tr><th scope="col">${t("Rank")}</th><th scope="col">${t("Player")}</th>
        <th scope="col">${t("Rating")}</th><th scope="col">${t("Games")}</th></tr></thead>
      <tbody>${players.map((p) => html`<tr><td>${p.rank}</td>
        <th scope="row"><a href=${`/players/${encodeURIComponent(p.name)}`}>${p.name}</a></th>
        <td>${ratingText(p)}</td><td>${p.games}</td></tr>`)}</tbody></table>`;
}

function botsView(bots) {
  return html`<table class="results" id="bots">
      <caption>${t("Bots")}</caption>
      <thead><tr><th scope="col">${t("Level")}</th><th scope="col">${t("Rating")}</th></tr></thead>
      <tbody>${bots.map((b) => html`<tr><th scope="row">${t("Bot: {level}", { level: levelName(b.level) })}</th><td>${rating(b.rating)}</td></tr>`)}</tbody></table>`;
}

async function draw(main) {
  const asked = new URLSearchParams(location.search).get("preset") || "rami51";
  const family = FAMILIES.includes(asked) ? asked : "rami51";
  document.title = `Rami — ${t("Leaderboard")} — ${presetName(family)}`;
  const links = FAMILIES.map(
    (f) => html`<a href=${`/leaderboard?preset=${f}`} class="button ${f === family ? "primary" : ""}"
      aria-current=${f === family ? "page" : "false"}>${presetName(f)}</a>`,
  );
  const page = (body) => html`<section class="card-panel wide" aria-labelledby="board-title">
      <h1 id="board-title">${t("Leaderboard")}</h1>
      <nav class="families" aria-label=${t("Rating family")}>${links}</nav>
      <div id="board">${body}</div>
      <p class="hint-text">${t("A new player starts at 1500; 400 points apart, the stronger player wins ten matches in eleven. A rating of fewer than 5 rated games is provisional.")}</p>
    </section>`;
  render(page(html`<p class="hint-text">${t("Loading…")}</p>`), main);
  const response = await fetch(`/api/leaderboard?preset=${family}&limit=100`);
  const data = await response.json();
  if (!response.ok) {
    render(page(html`<p class="error" role="alert">${errorText(data.code, data.message)}</p>`), main);
    return;
  }
  render(page(html`${playersView(data.players, family)}${botsView(data.bots)}`), main);
}

startPage(draw);
