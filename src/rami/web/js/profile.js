// A player's page (/players/<name>): ratings with their history (a chart and its numbers),
// statistics by family, and the latest games with their replays and records.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { lineChart } from "./chart.js";
import { profileFollowView } from "./friends.js";
import { currentLanguage, errorText, presetName, t } from "./i18n.js";
import { startPage } from "./page.js";
import { FAMILIES, changeText, rating, ratingText } from "./ratings.js";
import { blockedNames, openReport, reportFromProfile, setBlocked } from "./safety.js";

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

function ratingView(name, family, entry) {
  const title = presetName(family);
  const head = html`<h3>${title}: <span class="big">${ratingText(entry)}</span>
    <span class="hint-text">(${t("Games")}: ${entry.games})</span></h3>`;
  const history = entry.history;
  if (!history.length) return html`<div class="family" id=${`rating-${family}`}>${head}<p class="hint-text">${t("No rated game yet.")}</p></div>`;
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
  const numbers = html`<table class="sr-only" id=${`history-${family}`}>
      <caption>${t("Rating history")} — ${title}</caption>
      <thead><tr><th scope="col">${t("After game")}</th><th scope="col">${t("Rating")}</th><th scope="col">${t("Finished")}</th></tr></thead>
      <tbody>${history.map((point, i) => html`<tr><th scope="row">${i + 1}</th><td>${rating(point.rating)}</td><td>${day(point.at)}</td></tr>`)}</tbody></table>`;
  return html`<div class="family" id=${`rating-${family}`}>${head}<figure>${chart}</figure>${numbers}</div>`;
}

function statsView(stats) {
  const columns = [...FAMILIES, "all"];
  const cell = (value) => (value === null || value === undefined ? "—" : String(value));
  return html`<table class="results" id="stats">
    <thead><tr><td></td>${columns.map((c) => html`<th scope="col">${c === "all" ? t("All games") : presetName(c)}</th>`)}</tr></thead>
    <tbody>${STATS.map(([key, label]) => html`<tr data-stat=${key}><th scope="row">${t(label)}</th>${columns.map(
      (c) => html`<td>${cell(stats[c] && stats[c][key])}</td>`)}</tr>`)}</tbody></table>`;
}

function playersCell(players) {
  return players.map((p, n) => {
    const who = p.account
      ? html`<a href=${`/players/${encodeURIComponent(p.account)}`}>${p.name}</a>`
      : p.bot ? `${p.name} (${t("bot")})` : p.name;
    return html`${n ? ", " : ""}${who}: ${p.total}`;
  });
}

function gamesView(games) {
  if (!games.length) return html`<p class="hint-text">${t("No game yet.")}</p>`;
  const rows = games.map((g) => {
    const table = encodeURIComponent(g.table);
    return html`<tr data-game=${g.game}><td>${day(g.finished)}</td>
        <td>${presetName(g.preset)}<br><span class="tag">${t(g.rated ? "Rated" : "Unrated")}</span></td>
        <td>${g.place}</td><td>${g.rating_after ? `${ratingText(g.rating_after)} (${changeText(g.rating_after.change)})` : "—"}</td>
        <td>${playersCell(g.players)}</td>
        <td class="links"><a href=${`/replay/${table}`}>${t("Replay the game")}</a>
          <a href=${`/api/tables/${table}/record`} download>${t("Download the record")}</a></td></tr>`;
  });
  return html`<table class="results" id="games">
    <thead><tr><th scope="col">${t("Finished")}</th><th scope="col">${t("Game")}</th><th scope="col">${t("Place")}</th><th scope="col">${t("Rating")}</th>
      <th scope="col">${t("Players")}</th><th scope="col"><span class="sr-only">${t("Replay the game")}</span></th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}

function leftView(left) {
  return html`<p id="left-rated">${t("Left {left} of {rated} rated games.", left)}
    <span class="hint-text">${t("Left: the game ended with a bot playing for them after they went away and did not come back.")}</span></p>`;
}

async function safetyView(name, account, redraw) {
  if (!account || account.name.toLowerCase() === name.toLowerCase()) return "";
  const blocked = (await blockedNames()).some((other) => other.toLowerCase() === name.toLowerCase());
  const toggle = async () => {
    const problem = await setBlocked(name, !blocked);
    await redraw(problem || t(blocked ? "You no longer block {name}." : "You block {name}: their chat no longer reaches you and quick match keeps you apart.", { name }));
  };
  return html`<div class="buttons" id="profile-safety">
    <button id="profile-report" @click=${() => openReport(name, null, (choice) => reportFromProfile(name, choice))}>${t("Report {name}", { name })}</button>
    <button id="profile-block" aria-pressed=${blocked ? "true" : "false"} @click=${toggle}>${t(blocked ? "Unblock {name}" : "Block {name}", { name })}</button></div>`;
}

function accuracyView(name, reviews) {
  if (!reviews.length) return nothing;
  const values = reviews.map((r) => r.accuracy);
  const shown = values.map((v) => v.toFixed(1));
  const chart = lineChart(values, {
    id: "chart-accuracy",
    title: t("{name}'s accuracy in each reviewed round", { name }),
    desc: t("From {first}% to {last}% over {count} reviewed rounds.", {
      first: shown[0],
      last: shown[shown.length - 1],
      count: values.length,
    }),
  });
  return html`<h2>${t("Accuracy over time")}</h2><figure id="accuracy">${chart}</figure>`;
}

async function draw(main, _meta, account, status = "") {
  const name = decodeURIComponent(location.pathname.replace(/^\/players\//, "").replace(/\/$/, ""));
  document.title = `Rami — ${name}`;
  const response = await fetch(`/api/players/${encodeURIComponent(name)}?games=20`);
  const data = await response.json();
  if (!response.ok) {
    render(html`<section class="card-panel"><h1>${name}</h1>
      <p class="error" role="alert">${errorText(data.code, data.message)}</p></section>`, main);
    return;
  }
  const reviewed = await fetch(`/api/players/${encodeURIComponent(name)}/reviews`);
  const reviews = reviewed.ok ? (await reviewed.json()).reviews : [];
  render(html`<section class="card-panel wide profile" aria-labelledby="player-name">
      <h1 id="player-name">${data.name}</h1>
      <p class="hint-text">${t("Member since {date}", { date: day(data.created) })}</p>
      ${leftView(data.left_rated)}
      ${await profileFollowView(data.name, account, (text) => draw(main, _meta, account, text))}
      ${await safetyView(data.name, account, (text) => draw(main, _meta, account, text))}
      <p id="profile-status" role="status">${status}</p>
      <h2>${t("Ratings")}</h2>
      ${FAMILIES.map((f) => ratingView(data.name, f, data.ratings[f]))}
      ${accuracyView(data.name, reviews)}
      <h2>${t("Statistics")}</h2>
      ${statsView(data.stats)}
      <h2 id="games-title">${t("Latest games")}</h2>
      <div class="scroll" role="region" aria-labelledby="games-title" tabindex="0">${gamesView(data.games)}</div>
    </section>`, main);
}

startPage(draw);
