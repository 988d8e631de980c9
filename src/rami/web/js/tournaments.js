// Tournaments (/tournaments, /tournaments?id=…): the list, creating one, and a tournament's
// page: joining or withdrawing, its standings after each round and its live tables.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { errorText, presetName, t } from "./i18n.js";
import { startPage } from "./page.js";
import { request } from "./session.js";

const shown = { message: null };
const REFRESH_MS = 5000;
let timer = null;

function statusText(status) {
  return t(status === "open" ? "Open for entries" : status === "running" ? "Running" : "Finished");
}

function formatText(format) {
  return t(format === "arena" ? "Arena" : "Swiss");
}

function when(start) {
  return new Date(start * 1000).toLocaleString();
}

function listView(tournaments) {
  if (!tournaments.length) return html`<p class="hint-text">${t("No tournament yet.")}</p>`;
  return html`<table class="results" id="tournaments">
    <thead><tr><th scope="col">${t("Tournaments")}</th><th scope="col">${t("Rules")}</th>
      <th scope="col">${t("Players")}</th><th scope="col">${t("Start")}</th><th></th></tr></thead>
    <tbody>${tournaments.map((x) => html`<tr data-id=${x.id}>
      <th scope="row"><a href=${`/tournaments?id=${encodeURIComponent(x.id)}`}>${x.name}</a></th>
      <td>${presetName(x.preset)} · ${formatText(x.format)}</td><td>${x.players}</td>
      <td>${when(x.start)}</td><td class="state">${statusText(x.status)}</td></tr>`)}</tbody></table>`;
}

function createView(redraw) {
  const submit = async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const format = form.get("format");
    const minutes = Number(form.get("length"));
    const body = {
      name: form.get("name"),
      preset: form.get("preset"),
      format,
      start: Date.now() / 1000 + Number(form.get("starts")) * 60,
      rounds: format === "swiss" ? minutes : 3,
      duration: format === "arena" ? minutes * 60 : null,
      deals: form.get("deals") ? Number(form.get("deals")) : null,
      duplicate: form.get("duplicate") === "on",
      twins: form.get("twins") === "on",
    };
    const answer = await request("POST", "/api/tournaments", body);
    if (answer.ok) location.assign(`/tournaments?id=${encodeURIComponent(answer.data.id)}`);
    else {
      shown.message = errorText(answer.data.code, answer.data.message);
      redraw();
    }
  };
  return html`<details id="create-tournament"><summary>${t("Create a tournament")}</summary>
    <form @submit=${submit}>
      <label>${t("Tournament name")} <input name="name" required maxlength="80"></label>
      <label>${t("Rules")} <select name="preset">
        <option value="rami51">${presetName("rami51")}</option>
        <option value="rami40">${presetName("rami40")}</option></select></label>
      <label><input type="radio" name="format" value="swiss" checked> ${t("Swiss")}</label>
      <label><input type="radio" name="format" value="arena"> ${t("Arena")}</label>
      <label>${t("Rounds (Swiss) or minutes (arena)")} <input name="length" type="number" min="1" value="3"></label>
      <label>${t("Starts in (minutes)")} <input name="starts" type="number" min="1" value="10"></label>
      <label>${t("Deals per table")} <input name="deals" type="number" min="1" max="50" value="1"></label>
      <label><input type="checkbox" name="duplicate"> ${t("Duplicate deals")}</label>
      <label><input type="checkbox" name="twins"> ${t("Twin tables")}</label>
      <button class="primary" type="submit">${t("Create")}</button>
    </form></details>`;
}

function standingsView(found) {
  const arena = found.format === "arena";
  const head = arena
    ? html`<th scope="col">${t("Points")}</th><th scope="col">${t("Wins")}</th><th scope="col">${t("Streak")}</th>`
    : html`<th scope="col">${t("Score")}</th><th scope="col">${t("Buchholz")}</th>`;
  const cells = (s) => (arena
    ? html`<td>${s.points}</td><td>${s.wins}</td><td>${s.streak}</td>`
    : html`<td>${s.score}</td><td>${s.buchholz}</td>`);
  return html`<table class="results ranking" id="standings">
    <thead><tr><th scope="col">${t("Rank")}</th><th scope="col">${t("Player")}</th>${head}
      <th scope="col">${t("Played")}</th></tr></thead>
    <tbody>${found.standings.map((s) => html`<tr><td>${s.rank}</td><th scope="row">${s.player}</th>
      ${cells(s)}<td>${s.played}</td></tr>`)}</tbody></table>`;
}

function liveView(found, account) {
  if (!found.live.length) return html``;
  return html`<h2>${t("Live tables")}</h2><ul id="live">${found.live.map((b) => html`<li>
    <a href=${`/t/${b.table_id}`}>${b.seats.join(" – ")}</a>
    ${account && b.seats.includes(account) ? html`<strong>${t("Your table")}</strong>` : ""}</li>`)}</ul>`;
}

/** Each Swiss round's commitment, published at creation; the seed once the tournament is over. */
function fairView(found) {
  if (!found.commitments.length) return "";
  const document = `/api/tournaments/${encodeURIComponent(found.id)}`;
  const seed = found.seed
    ? html`<p id="tournament-seed">${t("The tournament is over; its seed is {seed}. Check every round with rami verify on the tournament's document.", { seed: found.seed })}
        <a href=${document} download=${`tournament-${found.id}.json`}>${t("The tournament's document")}</a></p>`
    : html`<p class="hint-text">${t("The seed is revealed when the tournament is over.")}</p>`;
  return html`<details class="fair commit" id="fair-deals"><summary>${t("Fair deals")}</summary>
    <p>${t("Each round's deals were fixed when the tournament was created; their commitments:")}</p>
    <ol id="commitments">${found.commitments.map((c) => html`<li><code>${c}</code></li>`)}</ol>${seed}</details>`;
}

function tournamentView(found, account, redraw) {
  const me = found.players.find((p) => p.name === account && !p.withdrawn);
  const act = async (what) => {
    const answer = await request("POST", `/api/tournaments/${encodeURIComponent(found.id)}/${what}`);
    shown.message = answer.ok ? null : errorText(answer.data.code, answer.data.message);
    redraw();
  };
  const canJoin = found.status === "open" || (found.format === "arena" && found.status === "running");
  let action = html``;
  if (!account) action = html`<p class="hint-text">${t("Log in to join a tournament.")}</p>`;
  else if (me && found.status !== "finished") action = html`<button @click=${() => act("withdraw")}>${t("Withdraw")}</button>`;
  else if (!me && canJoin) action = html`<button class="primary" @click=${() => act("join")}>${t("Join")}</button>`;
  const progress = found.format === "swiss"
    ? t("Round {round} of {rounds}", { round: found.round, rounds: found.rounds_total })
    : statusText(found.status);
  return html`<section class="card-panel wide" aria-labelledby="tournament-title">
    <h1 id="tournament-title">${found.name}</h1>
    <p>${presetName(found.preset)} · ${formatText(found.format)} · ${when(found.start)} · <span id="progress">${progress}</span></p>
    ${shown.message ? html`<p class="error" role="alert">${shown.message}</p>` : ""}
    ${action}${standingsView(found)}${liveView(found, account)}${fairView(found)}
    <p><a href="/tournaments">${t("Tournaments")}</a></p></section>`;
}

async function draw(main, _meta, account) {
  document.title = `Rami — ${t("Tournaments")}`;
  const name = account ? account.name : null;
  const redraw = () => draw(main, _meta, account);
  const id = new URLSearchParams(location.search).get("id");
  clearTimeout(timer);
  if (id) {
    const answer = await request("GET", `/api/tournaments/${encodeURIComponent(id)}`);
    if (!answer.ok) {
      render(html`<p class="error" role="alert">${errorText(answer.data.code, answer.data.message)}</p>`, main);
      return;
    }
    render(tournamentView(answer.data, name, redraw), main);
    if (answer.data.status !== "finished") timer = setTimeout(redraw, REFRESH_MS);
    return;
  }
  const answer = await request("GET", "/api/tournaments");
  render(html`<section class="card-panel wide" aria-labelledby="tournaments-title">
      <h1 id="tournaments-title">${t("Tournaments")}</h1>
      ${shown.message ? html`<p class="error" role="alert">${shown.message}</p>` : ""}
      ${name ? createView(redraw) : html`<p class="hint-text">${t("Log in to join a tournament.")}</p>`}
      ${listView(answer.ok ? answer.data.tournaments : [])}</section>`, main);
}

startPage(draw);
