// Step through the finished rounds of a table with every hand shown.

import { backPattern, cardFace, suitSprite } from "./cards.js";
import { cardName, currentLanguage, letters, loadLanguage, t, tn } from "./i18n.js";
import { escapeHtml } from "./lobby.js";

const LANG_KEY = "rami-lang";
const root = document.getElementById("replay");
const tableId = location.pathname.split("/").pop();
let data = null;
let at = 0;

const face = (card, cls = "small") =>
  `<span class="card ${cls}" role="img" aria-label="${escapeHtml(cardName(card))}">${cardFace(card, letters())}</span>`;

function roundsOf(frames) {
  const first = new Map();
  frames.forEach((frame, index) => {
    if (!first.has(frame.round)) first.set(frame.round, index);
  });
  return first;
}

function go(n) {
  at = Math.max(0, Math.min(data.frames.length - 1, n));
  render();
}

function render() {
  const frame = data.frames[at];
  const hands = frame.hands
    .map((hand, seat) => {
      const acting = frame.current === seat ? " acting" : "";
      const opened = frame.opened[seat] ? ` <span class="badge open">${t("opened")}</span>` : "";
      const name = escapeHtml(data.names[seat]);
      return `<div class="seat${acting}" role="group" aria-label="${name}"><div class="who"><strong>${name}</strong>${opened}</div>
        <div class="hand">${hand.map((c) => face(c)).join("")}</div></div>`;
    })
    .join("");
  const melds = frame.table
    .map((m, i) => {
      const names = m.cards.map((c, k) => (c === "JK" ? t("{joker} standing for {card}", { joker: cardName(c), card: cardName(m.represents[k]) }) : cardName(c)));
      const label = t("Meld {number}: {cards}. {points} points, laid by {owner}", {
        number: i + 1, cards: names.join(", "), points: m.points, owner: data.names[m.owner],
      });
      return `<div class="meld" role="img" aria-label="${escapeHtml(label)}"><span class="meld-no" aria-hidden="true">${i + 1}</span>${m.cards.map((c) => `<span class="card small" aria-hidden="true">${cardFace(c, letters())}</span>`).join("")}</div>`;
    })
    .join("");
  const top = frame.discard[frame.discard.length - 1];
  const rounds = [...roundsOf(data.frames).keys()]
    .map((r) => `<option value="${r}" ${r === frame.round ? "selected" : ""}>${t("Round {number}", { number: r })}</option>`)
    .join("");
  root.innerHTML = `
    <section class="controls" style="grid-column: 1 / -1">
      <label>${t("Round")} <select id="round-picker">${rounds}</select></label>
      <button id="first">${t("First")}</button>
      <button id="back" aria-label="${t("Back")}">◀</button>
      <button id="next" aria-label="${t("Next")}">▶</button>
      <button id="last">${t("Last")}</button>
      <input id="slider" type="range" min="0" max="${data.frames.length - 1}" value="${at}" aria-label="${t("Position")}">
      <span role="status">${t("Round {number}", { number: frame.round })} · ${at + 1}/${data.frames.length}</span>
      <p class="hint-text" aria-live="polite">${escapeHtml(frame.text || t("The deal"))}</p>
    </section>
    <section class="opponents" style="grid-column: 1 / -1">${hands}</section>
    <section class="center" style="grid-column: 1 / -1">
      <span class="pile" role="img" aria-label="${top ? t("Discard pile, top card {card}", { card: cardName(top) }) : t("Discard pile: empty")}">${top ? cardFace(top, letters()) : ""}<span class="pile-count" aria-hidden="true">${frame.discard_count}</span></span>
      <span>${tn("Stock: {count} cards", frame.stock)}</span></section>
    <section class="melds" style="grid-column: 1 / -1" aria-label="${t("Melds on the table")}">${melds || `<p class="empty">${t("No meld on the table yet.")}</p>`}</section>`;
  root.querySelector("#first").onclick = () => go(0);
  root.querySelector("#back").onclick = () => go(at - 1);
  root.querySelector("#next").onclick = () => go(at + 1);
  root.querySelector("#last").onclick = () => go(data.frames.length - 1);
  root.querySelector("#slider").oninput = (e) => go(Number(e.target.value));
  root.querySelector("#round-picker").onchange = (e) => go(roundsOf(data.frames).get(Number(e.target.value)));
}

function translateStatic() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

async function load(lang) {
  await loadLanguage(lang);
  translateStatic();
  const response = await fetch(`/api/tables/${tableId}/replay?lang=${currentLanguage()}`);
  const body = await response.json();
  if (!response.ok) {
    root.textContent = body.message;
    return false;
  }
  data = body;
  document.getElementById("table-title").textContent = `${tableId} · ${t("rules {hash}", { hash: data.rules_hash })}`;
  render();
  return true;
}

async function start() {
  document.body.insertAdjacentHTML("afterbegin", suitSprite() + backPattern());
  document.getElementById("back-to-table").href = `/t/${tableId}`;
  const meta = await (await fetch("/api/meta")).json();
  const picker = document.getElementById("lang-picker");
  picker.innerHTML = meta.languages
    .map((l) => `<option value="${l.code}" lang="${l.code}">${l.name}</option>`)
    .join("");
  const ok = await load(localStorage.getItem(LANG_KEY) || meta.preferred_language || "en");
  picker.value = currentLanguage();
  picker.addEventListener("change", async () => {
    localStorage.setItem(LANG_KEY, picker.value);
    await load(picker.value);
  });
  if (!ok) return;
  document.addEventListener("keydown", (e) => {
    if (e.target && ["SELECT", "INPUT"].includes(e.target.tagName)) return;
    if (e.key === "ArrowRight") go(at + 1);
    if (e.key === "ArrowLeft") go(at - 1);
  });
  window.ramiReplay = { get at() { return at; }, get frames() { return data.frames; } };
}

start();
