// Table chat: a panel beside the board (outside it, so a new snapshot never resets what is
// being typed). New lines are announced politely; a viewer's mutes stay in this browser.
// A logged-in viewer reports a line, or a seated account, over the table's socket.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { t } from "./i18n.js";
import { openReport } from "./safety.js";

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
    this.quiet = true; // a whole new list is not read out
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
    this.update();
  }

  receive(message) {
    const list = this.el.querySelector("#chat-lines");
    const atEnd = !list || list.scrollHeight - list.scrollTop - list.clientHeight < 4;
    if (message.type === "chat_log") {
      this.lines = message.lines.slice();
      this.quiet = true;
    } else if (!this.lines.some((line) => line.id === message.id)) {
      this.lines.push(message);
      if (this.lines.length > 100) this.lines.shift();
    }
    this.update();
    if (this.quiet) {
      this.quiet = false;
      setTimeout(() => this.update(), 0);
    }
    if (atEnd || message.type === "chat_log") list.scrollTop = list.scrollHeight;
  }

  who(line) {
    return line.seat !== null ? line.name || "?" : t("Spectator {number}", { number: line.spectator });
  }

  send(event) {
    event.preventDefault();
    const input = this.el.querySelector("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    this.board.send({ type: "chat", text });
    input.value = "";
  }

  /** Report the writer of ``line`` (or the account of ``seat``): the dialog, then ``report``. */
  report(name, what, quoted = null) {
    openReport(name, quoted, (choice) => new Promise((resolve) => {
      this.pending = resolve;
      if (!this.board.send({ type: "report", ...what, ...choice })) this.answered(t("Not connected."));
    }));
  }

  /** The socket's answer to a report: null (kept) or the refusal's words. */
  answered(problem) {
    const resolve = this.pending;
    this.pending = null;
    if (resolve) resolve(problem);
  }

  mine(line) {
    return line.seat !== null && line.seat === this.board.seat;
  }

  /** The lines, the reader hint and the mute buttons (after each line and snapshot). */
  update() {
    const snap = this.board.snap;
    const muted = this.muted;
    const shown = this.lines.filter((line) => !(line.seat !== null && muted.has(line.seat)));
    const spectator = this.board.seat === null;
    const who = !snap ? "" : spectator
      ? t("Only spectators read what you write.")
      : t("Players and spectators read what you write.");
    const mutes = !snap ? [] : snap.table.seats
      .map((seat, i) => ({ seat, i }))
      .filter(({ seat, i }) => seat.name && !seat.bot && i !== this.board.seat)
      .map(({ seat, i }) => {
        const on = muted.has(i);
        const label = on ? t("Unmute {name}", { name: seat.name }) : t("Mute {name}", { name: seat.name });
        const report = this.board.account && seat.account
          ? html`<button class="small" data-report-seat=${i}
            @click=${() => this.report(seat.name, { seat: i })}>${t("Report {name}", { name: seat.name })}</button> `
          : "";
        return html`<button class="small" data-mute=${i} aria-pressed=${on ? "true" : "false"}
          @click=${() => this.toggleMute(i)}>${label}</button> ${report}`;
      });
    const reportLine = (line) => (!this.board.account || this.mine(line) ? "" : html` <button class="small link"
      data-report-line=${line.id} aria-label=${t("Report this line of {name}", { name: this.who(line) })}
      @click=${() => this.report(this.who(line), { line: line.id }, `${this.who(line)}: ${line.text}`)}>${t("Report")}</button>`);
    render(html`<h2 id="chat-title">${t("Chat")}</h2>
      <ol id="chat-lines" class="chat-lines" tabindex="0" aria-label=${t("Chat")}
        aria-live=${this.quiet ? "off" : "polite"} aria-relevant="additions">${shown.map(
          (line) => html`<li class="chat-line ${line.channel}" data-chat=${line.id}><strong>${this.who(line)}</strong>: ${line.text}${reportLine(line)}</li>`)}</ol>
      <form id="chat-form" class="chat-form" @submit=${(e) => this.send(e)}>
        <label for="chat-input" class="sr-only">${t("Your message")}</label>
        <input id="chat-input" maxlength="300" autocomplete="off" placeholder=${t("Your message")}>
        <button id="chat-send">${t("Send")}</button></form>
      <p id="chat-who" class="chat-who">${who}</p>
      <div id="chat-mutes" class="chat-mutes">${mutes}</div>`, this.el);
  }

  toggleMute(seat) {
    const muted = this.muted;
    if (muted.has(seat)) muted.delete(seat);
    else muted.add(seat);
    localStorage.setItem(muteKey(this.board.tableId), JSON.stringify([...muted]));
    this.quiet = true;
    this.update();
    this.quiet = false;
    setTimeout(() => this.update(), 0);
  }
}
