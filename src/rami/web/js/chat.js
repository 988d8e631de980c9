// Table chat: a panel beside the board (outside it, so a new snapshot never resets what is
// being typed). New lines are announced politely; a viewer's mutes stay in this browser.

import { t } from "./i18n.js";
import { escapeHtml } from "./lobby.js";

const muteKey = (tableId) => `rami-mute-${tableId}`;

/** The seats whose lines this browser hides at a table. */
export function mutedSeats(tableId) {
  return new Set(JSON.parse(localStorage.getItem(muteKey(tableId)) || "[]"));
}

/** Keep the mutes of a table at its rematch table (same seats, same people). */
export function carryMutes(from, to) {
  const kept = localStorage.getItem(muteKey(from));
  if (kept) localStorage.setItem(muteKey(to), kept);
}

export class ChatPanel {
  constructor(board) {
    this.board = board;
    this.lines = [];
    this.el = document.createElement("section");
    this.el.className = "chat card-panel";
    this.el.setAttribute("aria-labelledby", "chat-title");
    document.getElementById("app").after(this.el);
    this.build();
  }

  get muted() {
    return mutedSeats(this.board.tableId);
  }

  build() {
    const typed = this.el.querySelector("#chat-input");
    const draft = typed ? typed.value : "";
    this.el.innerHTML = `<h2 id="chat-title">${t("Chat")}</h2>
      <ol id="chat-lines" class="chat-lines" tabindex="0" aria-label="${t("Chat")}"
        aria-live="polite" aria-relevant="additions"></ol>
      <form id="chat-form" class="chat-form">
        <label for="chat-input" class="sr-only">${t("Your message")}</label>
        <input id="chat-input" maxlength="300" autocomplete="off" placeholder="${t("Your message")}">
        <button id="chat-send">${t("Send")}</button></form>
      <p id="chat-who" class="chat-who"></p>
      <div id="chat-mutes" class="chat-mutes"></div>`;
    this.el.querySelector("#chat-input").value = draft;
    this.el.querySelector("#chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = this.el.querySelector("#chat-input");
      const text = input.value.trim();
      if (!text) return;
      this.board.send({ type: "chat", text });
      input.value = "";
    });
    this.showAll();
    this.update();
  }

  receive(message) {
    if (message.type === "chat_log") {
      this.lines = message.lines.slice();
      this.showAll();
    } else if (!this.lines.some((line) => line.id === message.id)) {
      this.lines.push(message);
      if (this.lines.length > 100) this.lines.shift();
      this.append(message);
    }
  }

  who(line) {
    return line.seat !== null ? line.name || "?" : t("Spectator {number}", { number: line.spectator });
  }

  lineHtml(line) {
    return `<li class="chat-line ${line.channel}" data-chat="${line.id}"><strong>${escapeHtml(this.who(line))}</strong>: ${escapeHtml(line.text)}</li>`;
  }

  hidden(line, muted) {
    return line.seat !== null && muted.has(line.seat);
  }

  showAll() {
    const list = this.el.querySelector("#chat-lines");
    const muted = this.muted;
    list.setAttribute("aria-live", "off"); // a whole new list is not read out
    list.innerHTML = this.lines.filter((line) => !this.hidden(line, muted)).map((line) => this.lineHtml(line)).join("");
    list.scrollTop = list.scrollHeight;
    setTimeout(() => list.setAttribute("aria-live", "polite"), 0);
  }

  append(line) {
    if (this.hidden(line, this.muted)) return;
    const list = this.el.querySelector("#chat-lines");
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 4;
    list.insertAdjacentHTML("beforeend", this.lineHtml(line));
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  /** The reader hint and the mute buttons, after each snapshot. */
  update() {
    const snap = this.board.snap;
    if (!snap) return;
    const spectator = this.board.seat === null;
    this.el.querySelector("#chat-who").textContent = spectator
      ? t("Only spectators read what you write.")
      : t("Players and spectators read what you write.");
    const muted = this.muted;
    const buttons = snap.table.seats
      .map((seat, i) => ({ seat, i }))
      .filter(({ seat, i }) => seat.name && !seat.bot && i !== this.board.seat)
      .map(({ seat, i }) => {
        const on = muted.has(i);
        const label = on ? t("Unmute {name}", { name: seat.name }) : t("Mute {name}", { name: seat.name });
        return `<button class="small" data-mute="${i}" aria-pressed="${on}">${escapeHtml(label)}</button>`;
      })
      .join(" ");
    const box = this.el.querySelector("#chat-mutes");
    if (box.innerHTML === buttons) return;
    box.innerHTML = buttons;
    for (const button of box.querySelectorAll("[data-mute]")) {
      button.addEventListener("click", () => this.toggleMute(Number(button.dataset.mute)));
    }
  }

  toggleMute(seat) {
    const muted = this.muted;
    if (muted.has(seat)) muted.delete(seat);
    else muted.add(seat);
    localStorage.setItem(muteKey(this.board.tableId), JSON.stringify([...muted]));
    this.showAll();
    this.update();
    const again = this.el.querySelector(`[data-mute="${seat}"]`);
    if (again) again.focus();
  }
}
