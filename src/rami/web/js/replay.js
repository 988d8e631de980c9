// Step through the finished rounds of a table with every hand shown.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { cardFace, insertCardDefinitions } from "./cards.js";
import { cardName, currentLanguage, letters, loadLanguage, t, tn } from "./i18n.js";
import { meldWords } from "./meldsview.js";
import { redrawDisplay, startDisplay } from "./display.js";
import { registerServiceWorker } from "./install.js";
import { languageOptions } from "./page.js";
import { decisionFrame, decisionTitle, fetchReview, lossChart, mistakesView, summaryView, verdictText } from "./review.js";
import { currentAccount } from "./session.js";

const LANG_KEY = "rami-lang";
const root = document.getElementById("replay");
const tableId = location.pathname.split("/").pop();
let data = null;
let at = 0;
let mySeat = null;
let account = null;
let pickedSeat = 0;
const reviews = new Map();
const tries = new Map();

const face = (card, cls = "small") =>
  html`<span class="card ${cls}" role="img" aria-label=${cardName(card)}>${cardFace(card, letters())}</span>`;

function roundsOf(frames) {
  const first = new Map();
  frames.forEach((frame, index) => {
    if (!first.has(frame.round)) first.set(frame.round, index);
  });
  return first;
}

function go(n) {
  at = Math.max(0, Math.min(data.frames.length - 1, n));
  draw();
}

function seatView(frame, hand, seat) {
  const name = data.names[seat];
  return html`<div class="seat ${frame.current === seat ? "acting" : ""}" role="group" aria-label=${name}><div class="who"><strong
    >${name}</strong>${frame.opened[seat] ? html` <span class="badge open">${t("opened")}</span>` : nothing}</div>
    <div class="hand">${hand.map((c) => face(c))}</div></div>`;
}

function meldView(m, i) {
  const label = meldWords(m, i + 1, data.names[m.owner]);
  return html`<div class="meld" role="img" aria-label=${label}><span class="meld-no" aria-hidden="true">${i + 1}</span>${m.cards.map(
    (c) => html`<span class="card small" aria-hidden="true">${cardFace(c, letters())}</span>`)}</div>`;
}

// In a public game whose match is over anyone logged in may review any seat: a seat picker
// (a player's own seat first chosen); otherwise a player reviews only their own seat.
const anySeat = () => Boolean(account && data.public && data.match_over);
const reviewSeat = () => (anySeat() ? pickedSeat : mySeat);
const reviewKey = (round) => `${round}/${reviewSeat()}`;

async function review(round) {
  const seat = reviewSeat();
  const key = reviewKey(round);
  reviews.set(key, { waiting: true });
  tries.clear();
  draw();
  const found = await fetchReview(tableId, seat, round, currentLanguage());
  reviews.set(key, { ...found, seat });
  draw();
}

function seatPicker() {
  if (!anySeat()) return nothing;
  const pick = (e) => {
    pickedSeat = Number(e.target.value);
    tries.clear();
    draw();
  };
  return html`<label class="review-seat">${t("Seat to review")} <select id="review-seat" @change=${pick}>${data.names.map(
    (name, seat) => html`<option value=${seat} ?selected=${seat === pickedSeat}>${name}</option>`)}</select></label>`;
}

function reviewPanel(frame) {
  const found = reviews.get(reviewKey(frame.round));
  if (!found) {
    if (reviewSeat() !== null) {
      return html`${seatPicker()} <button id="review-round" class="primary" @click=${() => review(frame.round)}>${t("Review this round")}</button>`;
    }
    if (!account) return html`<p class="hint-text">${t("Log in to review your rounds.")}</p>`;
    return data.public ? html`<p class="hint-text review-later">${t("Anyone may review a seat of a public game once the match is over.")}</p>` : nothing;
  }
  if (found.waiting) return html`${seatPicker()}<p role="status" class="review-wait">${t("The review is being computed…")}</p>`;
  if (found.error) return html`${seatPicker()}<p class="error" role="alert">${found.error}</p>`;
  const part = found.report.rounds[0];
  const show = (d) => go(decisionFrame(data.frames, part.round, d) ?? at);
  return html`${seatPicker()}<h2>${t("Review of {name}, round {number}", { name: data.names[found.seat], number: part.round })}</h2>
    ${summaryView(part)}<figure>${lossChart(part.decisions, `loss-${part.round}`)}</figure>
    ${mistakesView(part.decisions, { onShow: show, tries, redraw: draw })}`;
}

function markAt(frame) {
  const found = reviews.get(reviewKey(frame.round));
  if (!found || !found.report) return nothing;
  const part = found.report.rounds[0];
  const here = part.decisions.filter((d) => d.verdict && decisionFrame(data.frames, part.round, d) === at);
  return here.map((d) => html`<p class="review-mark ${d.verdict}" role="note">${verdictText(d.verdict)} · ${decisionTitle(d)}</p>`);
}

function draw() {
  const frame = data.frames[at];
  const top = frame.discard[frame.discard.length - 1];
  const rounds = [...roundsOf(data.frames).keys()].map(
    (r) => html`<option value=${r} ?selected=${r === frame.round}>${t("Round {number}", { number: r })}</option>`,
  );
  const pile = top ? t("Discard pile, top card {card}", { card: cardName(top) }) : t("Discard pile: empty");
  render(html`
    <section class="controls" style="grid-column: 1 / -1">
      <label>${t("Round")} <select id="round-picker" @change=${(e) => go(roundsOf(data.frames).get(Number(e.target.value)))}
        >${rounds}</select></label>
      <button id="first" @click=${() => go(0)}>${t("First")}</button>
      <button id="back" aria-label=${t("Back")} @click=${() => go(at - 1)}>◀</button>
      <button id="next" aria-label=${t("Next")} @click=${() => go(at + 1)}>▶</button>
      <button id="last" @click=${() => go(data.frames.length - 1)}>${t("Last")}</button>
      <input id="slider" type="range" min="0" max=${data.frames.length - 1} .value=${String(at)} aria-label=${t("Position")}
        @input=${(e) => go(Number(e.target.value))}>
      <span role="status">${t("Round {number}", { number: frame.round })} · ${at + 1}/${data.frames.length}</span>
      <p class="hint-text" aria-live="polite">${frame.text || t("The deal")}</p>${markAt(frame)}
    </section>
    <section class="review" id="review" style="grid-column: 1 / -1">${reviewPanel(frame)}</section>
    <section class="opponents" style="grid-column: 1 / -1">${frame.hands.map((hand, seat) => seatView(frame, hand, seat))}</section>
    <section class="center" style="grid-column: 1 / -1">
      <span class="pile" role="img" aria-label=${pile}>${top ? cardFace(top, letters()) : nothing}<span class="pile-count"
        aria-hidden="true">${frame.discard_count}</span></span>
      <span>${tn("Stock: {count} cards", frame.stock)}</span></section>
    <section class="melds" style="grid-column: 1 / -1" aria-label=${t("Melds on the table")}>${frame.table.length
      ? frame.table.map(meldView) : html`<p class="empty">${t("No meld on the table yet.")}</p>`}</section>`, root);
}

function translateStatic() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

async function load(lang) {
  await loadLanguage(lang);
  translateStatic();
  document.title = `Rami — ${t("Replay of table {id}", { id: tableId })}`;
  const response = await fetch(`/api/tables/${tableId}/replay?lang=${currentLanguage()}`);
  const body = await response.json();
  if (!response.ok) {
    root.textContent = body.message;
    return false;
  }
  data = body;
  account = await currentAccount();
  const seat = account ? data.names.indexOf(account.name) : -1;
  mySeat = seat >= 0 ? seat : null;
  pickedSeat = mySeat ?? 0;
  document.getElementById("table-title").textContent = `${tableId} · ${t("rules {hash}", { hash: data.rules_hash })}`;
  draw();
  return true;
}

async function start() {
  insertCardDefinitions();
  document.getElementById("back-to-table").href = `/t/${tableId}`;
  const meta = await (await fetch("/api/meta")).json();
  const picker = document.getElementById("lang-picker");
  languageOptions(picker, meta);
  const ok = await load(localStorage.getItem(LANG_KEY) || meta.preferred_language || "en");
  picker.value = currentLanguage();
  registerServiceWorker();
  startDisplay();
  picker.addEventListener("change", async () => {
    localStorage.setItem(LANG_KEY, picker.value);
    await load(picker.value);
    redrawDisplay();
  });
  if (!ok) return;
  document.addEventListener("keydown", (e) => {
    if (e.target && ["SELECT", "INPUT"].includes(e.target.tagName)) return;
    if (e.key === "ArrowRight") go(at + 1);
    if (e.key === "ArrowLeft") go(at - 1);
  });
  const asked = /^#review=(\d+)$/.exec(location.hash);
  if (asked && mySeat !== null) {
    go(roundsOf(data.frames).get(Number(asked[1])) ?? 0);
    review(Number(asked[1]));
  }
  window.ramiReplay = { get at() { return at; }, get frames() { return data.frames; } };
}

start();
