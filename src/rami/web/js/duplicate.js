// The Daily Duplicate (/duplicate): today's editions with their published commitments, each
// deal to play or resume, a deal's field once played, and each edition's leaderboard.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { errorText, presetName, t } from "./i18n.js";
import { startPage } from "./page.js";
import { request } from "./session.js";

const shown = { deal: null, board: null, history: null, message: null };

function short(commitment) {
  return html`<code title=${commitment}>${commitment.slice(0, 12)}…</code>`;
}

function dealRow(edition, deal, state, account, redraw) {
  const play = async () => {
    const answer = await request("POST", `/api/duplicate/${edition.day}/${edition.kind}/${deal.number}/play`);
    if (answer.ok) location.assign(`/t/${answer.data.table}`);
    else {
      shown.message = errorText(answer.data.code, answer.data.message);
      redraw();
    }
  };
  const results = async () => {
    const answer = await request("GET", `/api/duplicate/${edition.day}/${edition.kind}/${deal.number}`);
    shown.deal = answer.ok ? answer.data : null;
    shown.message = answer.ok ? null : errorText(answer.data.code, answer.data.message);
    redraw();
  };
  let action = html``;
  if (account && state === "new") action = html`<button class="primary" @click=${play}>${t("Play")}</button>`;
  else if (account && state === "playing") action = html`<button @click=${play}>${t("Resume")}</button>`;
  else if (state === "played") action = html`<button @click=${results}>${t("Results")}</button>`;
  return html`<tr data-deal=${deal.number}><th scope="row">${deal.number}</th>
    <td>${t("Seat {seat}", { seat: deal.seat + 1 })}</td><td>${short(deal.commitment)}</td>
    <td class="state">${state ? t(state === "new" ? "Not played" : state === "playing" ? "Begun" : "Played") : ""}</td>
    <td>${action}</td></tr>`;
}

function editionView(edition, account, redraw) {
  const board = async () => {
    const answer = await request("GET", `/api/duplicate/${edition.day}/${edition.kind}/leaderboard`);
    shown.board = answer.ok ? answer.data : null;
    redraw();
  };
  return html`<section class="edition" data-kind=${edition.kind}>
    <h2>${presetName(edition.preset)} · ${t("{players} players", { players: edition.players })}</h2>
    <table class="results"><thead><tr><th scope="col">${t("Deal")}</th><th scope="col">${t("Your seat")}</th>
      <th scope="col">${t("Commitment")}</th><th scope="col">${t("State")}</th><th></th></tr></thead>
      <tbody>${edition.deals.map((d, i) => dealRow(edition, d, edition.progress[i], account, redraw))}</tbody></table>
    <button class="leaderboard" @click=${board}>${t("The day's leaderboard")}</button></section>`;
}

function dealView(deal) {
  if (!deal) return html``;
  return html`<section id="deal-results" aria-live="polite">
    <h2>${t("Deal {number}", { number: deal.number })}</h2>
    <p id="par">${deal.par === null ? t("Par is being computed.") : t("Par (the expert bot): {points} points", { points: deal.par })}</p>
    <table class="results ranking"><thead><tr><th scope="col">${t("Rank")}</th><th scope="col">${t("Player")}</th>
      <th scope="col">${t("Points")}</th><th scope="col">${t("Matchpoints")}</th><th scope="col">${t("IMPs")}</th><th></th></tr></thead>
      <tbody>${deal.field.map((r) => html`<tr><td>${r.rank}</td><th scope="row">${r.name}</th><td>${r.penalty}</td>
        <td>${r.percentage}%</td><td>${r.imps}</td>
        <td>${r.replay ? html`<a href=${`/replay/${r.replay}`}>${t("Replay")}</a>` : ""}</td></tr>`)}</tbody></table></section>`;
}

function boardView(board) {
  if (!board) return html``;
  return html`<section id="day-board"><h2>${t("The day's leaderboard")}</h2>
    <table class="results ranking"><thead><tr><th scope="col">${t("Player")}</th><th scope="col">${t("Deals")}</th>
      <th scope="col">${t("Matchpoints")}</th><th scope="col">${t("IMPs")}</th></tr></thead>
      <tbody>${board.leaders.map((r) => html`<tr><th scope="row">${r.name}</th><td>${r.deals}</td>
        <td>${r.percentage}%</td><td>${r.imps}</td></tr>`)}</tbody></table></section>`;
}

function historyView(history) {
  if (!history) return html``;
  return html`<section id="history"><h2>${t("Your history")}</h2>
    <table class="results"><thead><tr><th scope="col">${t("Day")}</th><th scope="col">${t("Edition")}</th>
      <th scope="col">${t("Deals")}</th><th scope="col">${t("Matchpoints")}</th><th scope="col">${t("IMPs")}</th></tr></thead>
      <tbody>${history.editions.map((e) => html`<tr><th scope="row">${e.day}</th><td>${e.kind}</td><td>${e.deals}</td>
        <td>${e.percentage}%</td><td>${e.imps}</td></tr>`)}</tbody></table></section>`;
}

async function draw(main) {
  document.title = `Rami — ${t("Daily Duplicate")}`;
  const response = await fetch("/api/duplicate", { credentials: "same-origin" });
  const today = await response.json();
  const redraw = () => draw(main);
  const account = today.account;
  const showHistory = async () => {
    const answer = await request("GET", `/api/duplicate/players/${encodeURIComponent(account)}`);
    shown.history = answer.ok ? answer.data : { editions: [] };
    redraw();
  };
  render(html`<section class="card-panel wide" aria-labelledby="duplicate-title">
      <h1 id="duplicate-title">${t("Daily Duplicate")}</h1>
      <p id="duplicate-day">${t("The deals of {day}: the same for everyone, against the hard bot. Each seed's commitment is shown now; the seeds are revealed at 00:00 UTC.", { day: today.day })}</p>
      ${account ? "" : html`<p class="hint-text">${t("Log in to play the Daily Duplicate.")}</p>`}
      ${shown.message ? html`<p class="error" role="alert">${shown.message}</p>` : ""}
      ${today.editions.map((e) => editionView(e, account, redraw))}
      ${account ? html`<button id="show-history" @click=${showHistory}>${t("Your history")}</button>` : ""}
      ${dealView(shown.deal)}${boardView(shown.board)}${historyView(shown.history)}
    </section>`, main);
}

startPage(draw);
