// A player's page (/players/<name>): ratings with their history (a chart and its numbers),
// statistics by family, and the latest games with their replays and records.

import { lineChart } from "./chart.js";
import { currentLanguage, errorText, presetName, t } from "./i18n.js";
import { escapeHtml } from "./escape.js";
import { startPage } from "./page.js";
import { FAMILIES, rating } from "./ratings.js";

const STATS = [
  ["games", "Games"],
  ["matches_won", "Matches won"],
  ["rounds_played", "Rounds played"],
  ["rounds_won", "Rounds won"],
  ["mean_penalty", "Mean penalty per round"],
  ["mean_opening_turn", "Mean opening turn"],
  ["rami_sec", "Rami sec (whole hand in one turn)"],
];

function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(currentLanguage(), { dateStyle: "medium" });
}

function ratingHtml(name, family, entry) {
  const title = presetName(family);
  const head = `<h3>${escapeHtml(title)}: <span class="big">${rating(entry.rating)}</span>
    <span class="hint-text">(${t("Games")}: ${entry.games})</span></h3>`;
  const history = entry.history;
  if (!history.length) return `<div class="family" id="rating-${family}">${head}<p class="hint-text">${t("No rated game yet.")}</p></div>`;
  const values = history.map((point) => point.rating);
  const shown = values.map(rating);
  const chart = lineChart(values, {
    id: `chart-${family}`,
    title: t("{name}'s rating in {family} after each rated game", { name, family: title }),
    desc: t("From {first} to {last} over {count} rated games; lowest {low}, highest {high}.", {
      first: shown[0],
      last: shown[shown.length - 1],
      count: values.length,
      low: rating(Math.min(...values)),
      high: rating(Math.max(...values)),
    }),
  });
  const rows = history
    .map((point, i) => `<tr><th scope="row">${i + 1}</th><td>${rating(point.rating)}</td><td>${day(point.at)}</td></tr>`)
    .join("");
  const numbers = `<table class="sr-only" id="history-${family}">
      <caption>${escapeHtml(t("Rating history"))} — ${escapeHtml(title)}</caption>
      <thead><tr><th scope="col">${t("After game")}</th><th scope="col">${t("Rating")}</th><th scope="col">${t("Finished")}</th></tr></thead>
      <tbody>${rows}</tbody></table>`;
  return `<div class="family" id="rating-${family}">${head}<figure>${chart}</figure>${numbers}</div>`;
}

function statsHtml(stats) {
  const columns = [...FAMILIES, "all"];
  const head = columns
    .map((c) => `<th scope="col">${escapeHtml(c === "all" ? t("All games") : presetName(c))}</th>`)
    .join("");
  const cell = (value) => (value === null || value === undefined ? "—" : String(value));
  const rows = STATS.map(
    ([key, label]) => `<tr data-stat="${key}"><th scope="row">${t(label)}</th>${columns
      .map((c) => `<td>${cell(stats[c] && stats[c][key])}</td>`)
      .join("")}</tr>`,
  ).join("");
  return `<table class="results" id="stats">
    <thead><tr><td></td>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function playersCell(players) {
  return players
    .map((p) => {
      const who = p.account
        ? `<a href="/players/${encodeURIComponent(p.account)}">${escapeHtml(p.name)}</a>`
        : escapeHtml(p.bot ? `${p.name} (${t("bot")})` : p.name);
      return `${who}: ${p.total}`;
    })
    .join(", ");
}

function gamesHtml(games) {
  if (!games.length) return `<p class="hint-text">${t("No game yet.")}</p>`;
  const rows = games
    .map((g) => {
      const table = encodeURIComponent(g.table);
      return `<tr data-game="${escapeHtml(g.game)}"><td>${day(g.finished)}</td>
        <td>${escapeHtml(presetName(g.preset))}<br><span class="tag">${t(g.rated ? "Rated" : "Unrated")}</span></td>
        <td>${g.place}</td><td>${g.rating_after ? rating(g.rating_after.rating) : "—"}</td>
        <td>${playersCell(g.players)}</td>
        <td class="links"><a href="/replay/${table}">${t("Replay the game")}</a>
          <a href="/api/tables/${table}/record" download>${t("Download the record")}</a></td></tr>`;
    })
    .join("");
  return `<table class="results" id="games">
    <thead><tr><th scope="col">${t("Finished")}</th><th scope="col">${t("Game")}</th><th scope="col">${t("Place")}</th><th scope="col">${t("Rating")}</th>
      <th scope="col">${t("Players")}</th><th scope="col"><span class="sr-only">${t("Replay the game")}</span></th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}

async function render(main) {
  const name = decodeURIComponent(location.pathname.replace(/^\/players\//, "").replace(/\/$/, ""));
  document.title = `Rami — ${name}`;
  const response = await fetch(`/api/players/${encodeURIComponent(name)}?games=20`);
  const data = await response.json();
  if (!response.ok) {
    main.innerHTML = `<section class="card-panel"><h1>${escapeHtml(name)}</h1>
      <p class="error" role="alert">${escapeHtml(errorText(data.code, data.message))}</p></section>`;
    return;
  }
  const own = escapeHtml(data.name);
  main.innerHTML = `<section class="card-panel wide profile" aria-labelledby="player-name">
      <h1 id="player-name">${own}</h1>
      <p class="hint-text">${t("Member since {date}", { date: day(data.created) })}</p>
      <h2>${t("Ratings")}</h2>
      ${FAMILIES.map((f) => ratingHtml(data.name, f, data.ratings[f])).join("")}
      <h2>${t("Statistics")}</h2>
      ${statsHtml(data.stats)}
      <h2 id="games-title">${t("Latest games")}</h2>
      <div class="scroll" role="region" aria-labelledby="games-title" tabindex="0">${gamesHtml(data.games)}</div>
    </section>`;
}

startPage(render);
