// Step through the finished rounds of a table with every hand shown.

import { backPattern, cardFace, suitSprite } from "./cards.js";
import { cardName, letters, loadLanguage, t, tn } from "./i18n.js";
import { escapeHtml } from "./lobby.js";

const root = document.getElementById("replay");
const tableId = location.pathname.split("/").pop();
let data = null;
let at = 0;

const face = (card, cls = "small") =>
  `<span class="card ${cls}" role="img" aria-label="${escapeHtml(cardName(card))}">${cardFace(card, letters())}</span>`;

function render() {
  const frame = data.frames[at];
  const hands = frame.hands
    .map((hand, seat) => {
      const acting = frame.current === seat ? " acting" : "";
      const opened = frame.opened[seat] ? ` <span class="badge open">${t("opened")}</span>` : "";
      return `<div class="seat${acting}"><div class="who"><strong>${escapeHtml(data.names[seat])}</strong>${opened}</div>
        <div class="hand">${hand.map((c) => face(c)).join("")}</div></div>`;
    })
    .join("");
  const melds = frame.table
    .map((m, i) => `<div class="meld"><span class="meld-no">${i + 1}</span>${m.cards.map((c) => face(c)).join("")}</div>`)
    .join("");
  const top = frame.discard[frame.discard.length - 1];
  root.innerHTML = `
    <section class="controls" style="grid-column: 1 / -1">
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
      <span class="pile">${top ? cardFace(top, letters()) : ""}<span class="pile-count">${frame.discard_count}</span></span>
      <span>${tn("Stock: {count} cards", frame.stock)}</span></section>
    <section class="melds" style="grid-column: 1 / -1">${melds || t("No meld on the table yet.")}</section>`;
  const go = (n) => {
    at = Math.max(0, Math.min(data.frames.length - 1, n));
    render();
  };
  root.querySelector("#first").onclick = () => go(0);
  root.querySelector("#back").onclick = () => go(at - 1);
  root.querySelector("#next").onclick = () => go(at + 1);
  root.querySelector("#last").onclick = () => go(data.frames.length - 1);
  root.querySelector("#slider").oninput = (e) => go(Number(e.target.value));
}

async function start() {
  document.body.insertAdjacentHTML("afterbegin", suitSprite() + backPattern());
  const lang = localStorage.getItem("rami-lang") || "en";
  await loadLanguage(lang);
  const response = await fetch(`/api/tables/${tableId}/replay?lang=${lang}`);
  data = await response.json();
  if (!response.ok) {
    root.textContent = data.message;
    return;
  }
  document.getElementById("table-title").textContent = `${tableId} · ${data.rules_hash}`;
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") { at = Math.min(at + 1, data.frames.length - 1); render(); }
    if (e.key === "ArrowLeft") { at = Math.max(at - 1, 0); render(); }
  });
  render();
}

start();
