// A table: the waiting room, then the game board. Every render starts from the latest
// snapshot the server sent; the only local state is the hand's order and the selection.

import { cardBack, cardCode, cardFace } from "./cards.js";
import { cardName, errorText, letters, presetName, t, tn } from "./i18n.js";
import { escapeHtml } from "./lobby.js";
import { TableLink } from "./net.js";
import { commitment, dealtHands } from "./verify.js";
import { SHORTCUTS, handleKey } from "./keys.js";
import { refusalText } from "./refusals.js";
import { animateMoves } from "./motion.js";
import { applyCardSize, askToNotify, setSetting, setting, showTurnInTitle, turnCame } from "./alerts.js";
import { wirePointerDrag } from "./drag.js";
import { lastResult, roundOverHtml, scoresHtml } from "./results.js";

const verbOf = (action) => action.split(" ")[0];
const meldCards = (action) => action.slice(5).split(" ").map((c) => c.split("=")[0]);
const CARD = /^(?:[2-9]|10|[AJQK])[CDHS]$|^JK$/;

/** The cards a hint marks: its ``cards``, else the cards named in its actions. */
function hintedCards(hint) {
  if (Array.isArray(hint.cards)) return hint.cards;
  const found = [];
  for (const action of hint.actions || []) {
    for (const token of action.split(" ").slice(1)) {
      const card = token.split("=")[0];
      if (CARD.test(card)) found.push(card);
    }
  }
  return found;
}

export class Board {
  constructor(root, tableId, meta) {
    this.root = root;
    this.tableId = tableId;
    this.meta = meta;
    this.snap = null;
    this.order = [];
    this.selected = new Set();
    this.notice = null;
    this.hint = null;
    this.verified = {};
    this.sent = null;
    this.noticeAt = null;
    this.resultsHidden = null;
    this.orderLoaded = false;
    this.openDetails = new Set(["log"]);
    this.animations = [];
    this.turnAlerts = [];
    this.lang = document.documentElement.lang || "en";
    applyCardSize();
    const fromLink = location.hash.match(/seat=([\w-]+)/);
    if (fromLink) {
      localStorage.setItem(this.tokenKey, fromLink[1]);
      history.replaceState(null, "", location.pathname);
    }
    this.link = new TableLink(
      tableId,
      () => ({ token: this.token, lang: this.lang }),
      (message) => this.receive(message),
      (status) => this.showStatus(status),
    );
    document.addEventListener("keydown", () => this.clearHint(), true);
    document.addEventListener("pointerdown", () => this.clearHint(), true);
    document.addEventListener("keydown", (event) => handleKey(this, event));
    setInterval(() => this.tick(), 1000);
  }

  get tokenKey() {
    return `rami-token-${this.tableId}`;
  }

  get orderKey() {
    return `rami-order-${this.tableId}-${this.seat}`;
  }

  get token() {
    return localStorage.getItem(this.tokenKey);
  }

  get game() {
    return this.snap && this.snap.game;
  }

  get seat() {
    return this.snap ? this.snap.you.seat : null;
  }

  get legal() {
    return (this.game && this.game.legal) || [];
  }

  changeLanguage(lang) {
    this.lang = lang;
    this.link.drop();
  }

  showStatus(status) {
    const el = document.getElementById("status");
    el.className = `status ${status}`;
    el.textContent = t({ online: "Connected", connecting: "Connecting…", offline: "Offline: retrying" }[status]);
  }

  announce(text) {
    document.getElementById("announcer").textContent = text;
  }

  // --- messages -------------------------------------------------------------------------

  receive(message) {
    if (message.type === "state") {
      const before = this.snap;
      this.snap = message;
      this.sync(before);
      this.render();
      this.animate(before);
    } else if (message.type === "joined") {
      localStorage.setItem(this.tokenKey, message.token);
    } else if (message.type === "error") {
      const text = refusalText(this.snap, this.sent, message.code, message.message);
      this.notice = { kind: "error", text, code: message.code };
      this.noticeAt = this.game ? this.game.log_count : null;
      this.announce(text);
      this.render();
    } else if (message.type === "hint") {
      this.hint = message;
      this.announce(`${t("Hint")}: ${message.text || message.actions.join(", ")}`);
      this.render();
    }
  }

  send(message) {
    if (!this.link.send(message)) {
      this.notice = { kind: "error", text: t("Not connected: your move was not sent.") };
      this.render();
    }
  }

  act(action) {
    this.notice = null;
    this.hint = null;
    this.sent = action;
    this.send({ type: "act", action, version: this.snap.version });
  }

  /** A hint is a suggestion: the next key or click takes its marks away (no re-render, so
   * the click itself still lands). */
  clearHint() {
    if (!this.hint) return;
    this.hint = null;
    for (const el of this.root.querySelectorAll(".hinted")) {
      el.classList.remove("hinted");
      el.removeAttribute("aria-description");
    }
    for (const el of this.root.querySelectorAll(".hint-text")) el.remove();
  }

  /** Show the others' new moves (and a new round's nothing). */
  animate(before) {
    const was = before && before.game;
    const game = this.game;
    if (!was || !game || was.round !== game.round || game.log_count <= was.log_count) return;
    const fresh = game.log.slice(-(game.log_count - was.log_count)).filter((e) => e.seat !== this.seat);
    const shown = animateMoves(this.root, fresh, was.table.length);
    this.animations.push(...shown);
  }

  saveOrder() {
    if (this.seat !== null) localStorage.setItem(this.orderKey, JSON.stringify(this.order));
  }

  // --- keeping the hand's order and the deal for verification ---------------------------

  sync(before) {
    const game = this.game;
    const hand = game ? game.hand : [];
    if (!this.orderLoaded && this.seat !== null) {
      this.orderLoaded = true;
      this.order = JSON.parse(localStorage.getItem(this.orderKey) || "[]");
    }
    const left = hand.slice();
    const kept = [];
    for (const card of this.order) {
      const at = left.indexOf(card);
      if (at >= 0) kept.push(left.splice(at, 1)[0]);
    }
    const changed = kept.length !== this.order.length || left.length > 0;
    this.order = kept.concat(left);
    if (changed) this.selected.clear();
    this.saveOrder();
    if (!game) return;
    if (this.notice && this.noticeAt !== null && game.log_count > this.noticeAt) this.notice = null;
    const key = `rami-deal-${this.tableId}-${game.round}`;
    const mine = game.log.filter((e) => e.seat === this.seat).length;
    if (this.seat !== null && game.phase !== "over" && mine === 0 && !localStorage.getItem(key)) {
      localStorage.setItem(key, JSON.stringify({ hand, commitment: game.commitment }));
    }
    const last = game.log[game.log.length - 1];
    const was = before && before.game;
    if (last && (!was || was.log_count !== game.log_count) && last.seat !== this.seat) {
      this.announce(last.text);
    }
    const myTurn = game.current === this.seat && game.phase !== "over";
    if (myTurn && (!was || was.current !== this.seat || was.phase === "over")) {
      this.announce(t("Your turn"));
      if (was) this.turnAlerts.push(...turnCame(this.tableId));
    }
    showTurnInTitle(myTurn);
  }

  // --- selection ------------------------------------------------------------------------

  selectedCards() {
    return [...this.selected].sort((a, b) => a - b).map((i) => this.order[i]);
  }

  toggle(index) {
    this.notice = null;
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    this.render();
  }

  /** The legal meld action made of exactly the selected cards, if any. */
  selectedMeld() {
    const cards = this.selectedCards().sort((a, b) => cardCode(a) - cardCode(b));
    if (cards.length < 3) return null;
    const key = cards.join(" ");
    return this.legal.find((a) => verbOf(a) === "meld" && meldCards(a).join(" ") === key) || null;
  }

  /** Lay-offs and joker swaps the single selected card allows, by table meld. */
  targets() {
    const cards = this.selectedCards();
    const out = {};
    if (cards.length !== 1) return out;
    for (const action of this.legal) {
      const [verb, card, at, end] = action.split(" ");
      if ((verb === "layoff" || verb === "swap") && card === cards[0]) {
        const index = Number(at.slice(1));
        (out[index] = out[index] || []).push({ action, verb, end });
      }
    }
    return out;
  }

  playOn(index, side) {
    const options = this.targets()[index];
    if (!options) return;
    const chosen = options.find((o) => o.end === side) || options.find((o) => !o.end) || options[0];
    this.act(chosen.action);
  }

  /** Lay the selection as a meld; a selection that is no legal meld is still sent, so that
   * the server says why not (two jokers: "only one joker per meld"). */
  meldSelected() {
    const cards = this.selectedCards().sort((a, b) => cardCode(a) - cardCode(b));
    if (!cards.length) {
      this.say(t("The selected cards do not form a meld you can lay now."));
      return;
    }
    this.act(this.selectedMeld() || `meld ${cards.join(" ")}`);
  }

  discardSelected() {
    const cards = this.selectedCards();
    if (cards.length !== 1) {
      this.say(t("Select one card to discard."));
      return;
    }
    this.act(`discard ${cards[0]}`); // when it is not allowed, the server says why
  }

  say(text) {
    this.notice = { kind: "info", text };
    this.announce(text);
    this.render();
  }

  sortHand(by) {
    const code = (c) => cardCode(c);
    const rank = (c) => (c === "JK" ? 99 : (code(c) % 13) * 4 + Math.floor(code(c) / 13));
    this.order.sort((a, b) => (by === "rank" ? rank(a) - rank(b) : code(a) - code(b)));
    this.selected.clear();
    this.saveOrder();
    this.render();
  }

  moveCard(from, to) {
    const [card] = this.order.splice(from, 1);
    this.order.splice(to, 0, card);
    this.selected.clear();
    this.saveOrder();
    this.render();
  }

  closeResults() {
    const result = lastResult(this.game);
    if (!result) return;
    this.resultsHidden = result.round;
    this.render();
    const again = this.root.querySelector("#show-results");
    if (again) again.focus();
  }

  showResults() {
    this.resultsHidden = null;
    this.render();
    const close = this.root.querySelector("#close-results");
    if (close) close.focus();
  }

  tick() {
    if (!this.snap || this.snap.table.turn_left === null) return;
    this.snap.table.turn_left = Math.max(0, this.snap.table.turn_left - 1);
    for (const el of this.root.querySelectorAll("[data-timer]")) {
      el.textContent = `${Math.round(this.snap.table.turn_left)} s`;
    }
  }

  // --- rendering ------------------------------------------------------------------------

  render() {
    if (!this.snap) return;
    const focused = document.activeElement && document.activeElement.dataset.key;
    const info = this.snap.table;
    document.getElementById("table-title").textContent =
      `${presetName(info.preset)} · ${t("rules {hash}", { hash: info.rules_hash })}`;
    document.getElementById("rules-link").href = `/rules/${this.lang}/table/${info.id}`;
    const log = this.root.querySelector(".log");
    const logAtEnd = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 4;
    this.root.innerHTML = this.game ? this.boardHtml() : this.waitingHtml();
    for (const details of this.root.querySelectorAll("details[data-keep]")) {
      details.open = this.openDetails.has(details.dataset.keep);
      details.addEventListener("toggle", () => {
        if (details.open) this.openDetails.add(details.dataset.keep);
        else this.openDetails.delete(details.dataset.keep);
      });
    }
    const newLog = this.root.querySelector(".log");
    if (newLog && logAtEnd) newLog.scrollTop = newLog.scrollHeight;
    this.wire();
    if (focused) {
      const again = this.root.querySelector(`[data-key="${focused}"]`);
      if (again) again.focus();
    }
  }

  waitingHtml() {
    const info = this.snap.table;
    const link = `${location.origin}/t/${this.tableId}`;
    const seats = info.seats
      .map((s, i) => {
        const who = s.bot ? t("Bot: {level}", { level: s.bot }) : s.name ? escapeHtml(s.name) : t("free");
        const me = i === this.seat ? ` (${t("you")})` : "";
        return `<li class="${s.taken ? "taken" : "free"}">${t("Seat {number}", { number: i + 1 })}: ${who}${me}</li>`;
      })
      .join("");
    const free = info.seats.some((s) => !s.taken);
    const join =
      this.seat === null && free
        ? `<form id="join" class="inline"><label>${t("Your name")} <input name="name" required maxlength="24"
             value="${escapeHtml(localStorage.getItem("rami-name") || "")}"></label>
           <button class="primary">${t("Take a seat")}</button></form>`
        : "";
    const start =
      this.snap.you.host
        ? `<button id="start" class="primary" ${free ? "disabled" : ""}>${t("Start the match")}</button>`
        : `<p>${t("Waiting for the host to start.")}</p>`;
    return `<section class="waiting card-panel">
      <h1>${t("Table {id}", { id: this.tableId })}</h1>
      <p>${t("Invite friends with this link:")}</p>
      <p class="invite"><input id="invite" readonly value="${link}" aria-label="${t("Invite link")}">
        <button id="copy">${t("Copy")}</button></p>
      <ul class="seats">${seats}</ul>${join}${start}${this.noticeHtml()}</section>`;
  }

  seatLinkHtml() {
    if (this.seat === null || !this.token) return "";
    const link = `${location.origin}/t/${this.tableId}#seat=${this.token}`;
    return `<p><a href="${escapeHtml(link)}" target="_blank" rel="noopener">${t("Your seat on another device")}</a>
      <small>(${t("keep this link secret")})</small></p>`;
  }

  noticeHtml() {
    if (!this.notice) return `<p class="notice" role="alert"></p>`;
    const code = this.notice.code ? ` data-code="${escapeHtml(this.notice.code)}"` : "";
    return `<p class="notice ${this.notice.kind}" role="alert"${code}>${escapeHtml(this.notice.text)}</p>`;
  }

  cardButton(card, attrs, extraClass = "") {
    return `<button class="card ${extraClass}" aria-label="${escapeHtml(cardName(card))}" ${attrs}>${cardFace(card, letters())}</button>`;
  }

  seatHtml(i) {
    const game = this.game;
    const info = this.snap.table.seats[i];
    const name = escapeHtml(info.name || "?");
    const badges = [];
    if (game.current === i) badges.push(`<span class="badge turn">${t("to play")}</span>`);
    if (game.dealer === i) badges.push(`<span class="badge">${t("dealer")}</span>`);
    if (game.opened[i]) badges.push(`<span class="badge open">${t("opened")}</span>`);
    if (info.bot) badges.push(`<span class="badge bot">${t("bot")}</span>`);
    if (info.autoplay) badges.push(`<span class="badge away">${t("away: a bot plays")}</span>`);
    if (!info.online && !info.bot) badges.push(`<span class="badge away">${t("offline")}</span>`);
    if (game.current === i && this.snap.table.turn_left !== null) {
      badges.push(`<span class="timer" data-timer>${Math.round(this.snap.table.turn_left)} s</span>`);
    }
    const count = game.hand_sizes[i];
    const backs = i === this.seat ? "" : Array.from({ length: Math.min(count, 14) }, () => `<span class="mini">${cardBack()}</span>`).join("");
    const cards = tn("{count} cards", count);
    return `<div class="seat ${game.current === i ? "acting" : ""}" data-seat="${i}" role="group" aria-label="${name}: ${cards}">
      <div class="who"><strong>${name}</strong> ${badges.join(" ")}</div>
      ${backs ? `<div class="fan" aria-hidden="true">${backs}</div>` : ""}
      <div class="count">${cards} · ${t("score {points}", { points: game.totals[i] })}</div></div>`;
  }

  tableHtml() {
    const game = this.game;
    const targets = this.targets();
    if (!game.table.length) return `<p class="empty">${t("No meld on the table yet.")}</p>`;
    return game.table
      .map((meld, index) => {
        const owner = escapeHtml(this.snap.table.seats[meld.owner].name || "?");
        const options = targets[index];
        const swap = options && options.some((o) => o.verb === "swap");
        const ends = options ? options.map((o) => o.end).filter(Boolean) : [];
        const names = meld.cards.map((card, k) =>
          card === "JK" ? t("{joker} standing for {card}", { joker: cardName(card), card: cardName(meld.represents[k]) }) : cardName(card),
        );
        const cards = meld.cards
          .map((card) => {
            const cls = card === "JK" && swap ? "swappable" : "";
            return `<span class="card small ${cls}" aria-hidden="true">${cardFace(card, letters())}</span>`;
          })
          .join("");
        const label = t("Meld {number}: {cards}. {points} points, laid by {owner}", {
          number: index + 1, cards: names.join(", "), points: meld.points, owner,
        });
        const hint = options
          ? ends.length > 1 ? t("left end or right end") : swap ? t("take the joker") : t("lay off here")
          : "";
        return `<button class="meld ${options ? "target" : ""}" data-meld="${index}" data-key="meld-${index}"
          aria-label="${escapeHtml(label)}${hint ? ` — ${hint}` : ""}" ${options ? "" : 'aria-disabled="true"'}>
          <span class="meld-no" aria-hidden="true">${index + 1}</span>${cards}</button>`;
      })
      .join("");
  }

  openingHtml() {
    const game = this.game;
    const opening = game.opening;
    const meld = this.selectedMeld();
    const extra = meld ? game.meld_points[meld] || 0 : 0;
    const staged = game.staged
      .map((m) => `<span class="staged-meld">${m.cards.map((c) => `<span class="card tiny">${cardFace(c, letters())}</span>`).join("")}<em>${m.points}</em></span>`)
      .join("");
    if (!opening) return staged ? `<div class="staging">${staged}</div>` : "";
    const total = opening.points + extra;
    const clean = opening.clean_run || (meld && isCleanRun(meld));
    const parts = [
      t("Opening: {points} of {needed}", { points: total, needed: opening.needed }),
    ];
    if (opening.needs_clean_run) parts.push(clean ? t("clean run ✓") : t("needs a clean run"));
    const message = opening.points && !opening.valid ? errorText(opening.code, opening.message, opening) : "";
    const ok = total >= opening.needed && (!opening.needs_clean_run || clean);
    return `<div class="staging" aria-live="polite"><span class="meter ${ok ? "ok" : ""}">${parts.join(" · ")}</span>
      ${staged}${message ? `<span class="engine">${escapeHtml(message)}</span>` : ""}</div>`;
  }

  buttonsHtml() {
    const legal = this.legal;
    const has = (verb) => legal.some((a) => verbOf(a) === verb);
    const button = (id, label, enabled, key) =>
      `<button id="${id}" ${enabled ? "" : "disabled"} aria-keyshortcuts="${key}">${label} <kbd>${key}</kbd></button>`;
    const one = this.selected.size === 1;
    return `<div class="actions">
      ${button("draw-stock", t("Draw from the stock"), legal.includes("draw stock"), "S")}
      ${button("draw-discard", t("Take the discard"), legal.includes("draw discard"), "D")}
      ${button("meld", t("Meld the selection"), this.selected.size > 0 && legal.length > 0, "M")}
      ${button("open", t("Open"), has("open"), "O")}
      ${button("takeback", t("Take back"), has("takeback"), "B")}
      ${button("discard", t("Discard the selection"), one && has("discard"), "X")}
      ${button("hint", t("Hint"), legal.length > 0, "H")}
      <span class="sorters">${t("Sort:")} <button id="sort-suit">${t("suit")}</button>
      <button id="sort-rank">${t("rank")}</button></span></div>`;
  }

  handHtml() {
    if (this.seat === null) return `<p class="watching">${t("You are watching this table.")}</p>`;
    const taken = this.game.taken;
    const hinted = this.hint ? hintedCards(this.hint).slice() : [];
    return this.order
      .map((card, i) => {
        const sel = this.selected.has(i);
        const at = hinted.indexOf(card);
        if (at >= 0) hinted.splice(at, 1);
        const cls = `${sel ? "selected" : ""} ${card === taken ? "taken" : ""} ${at >= 0 ? "hinted" : ""}`;
        const note = at >= 0 ? ` aria-description="${escapeHtml(t("suggested by the hint"))}"` : "";
        return this.cardButton(card, `data-hand="${i}" data-key="hand-${i}" aria-pressed="${sel}"${note}`, cls);
      })
      .join("");
  }

  logHtml() {
    return this.game.log.map((e) => `<li>${escapeHtml(e.text)}</li>`).join("");
  }

  boardHtml() {
    const game = this.game;
    const seats = this.snap.table.seats.map((_, i) => i).filter((i) => i !== this.seat && game.active[i]);
    const top = game.discard[game.discard.length - 1];
    const myTurn = game.current === this.seat;
    const timer = this.snap.table.turn_left !== null ? `<span class="timer" data-timer>${Math.round(this.snap.table.turn_left)} s</span>` : "";
    const hintWords = this.hint ? this.hint.text || this.hint.actions.join(", ") : "";
    const hint = this.hint ? `<p class="hint-text" role="status">${t("Hint")}: ${escapeHtml(hintWords)}</p>` : "";
    const result = lastResult(game);
    const reopen = result && this.resultsHidden === result.round
      ? `<button id="show-results" class="primary">${t("Show the results")}</button>` : "";
    const me = this.seat !== null ? this.seatHtml(this.seat) : "";
    return `<div class="board ${myTurn ? "my-turn" : ""}">
      <section class="opponents" aria-label="${t("Other players")}">${seats.map((i) => this.seatHtml(i)).join("")}</section>
      <section class="center" aria-label="${t("Stock and discard pile")}">
        <button class="pile stock" id="stock" data-key="stock" aria-label="${tn("Stock: {count} cards", game.stock)}">${cardBack()}<span class="pile-count">${game.stock}</span></button>
        <button class="pile discard" id="discard-pile" data-key="discard" aria-label="${top ? t("Discard pile, top card {card}", { card: cardName(top) }) : t("Discard pile: empty")}">${top ? cardFace(top, letters()) : ""}<span class="pile-count">${game.discard.length}</span></button>
        <div class="round-info"><div>${t("Round {number}", { number: game.round })} · ${t("turn {number}", { number: game.turn })} ${timer}</div>
          <details class="commit" data-keep="fair"><summary>${t("Fair shuffle")}</summary>
            <p>${t("Hash of this round's seed, published before the deal")}</p>
            <p>${t("Seed hash")}: <code>${game.commitment}</code></p></details></div>
        ${reopen}
      </section>
      <section class="melds" aria-label="${t("Melds on the table")}">${this.tableHtml()}</section>
      <section class="mine" aria-label="${t("Your hand")}">
        ${me}${this.openingHtml()}${this.noticeHtml()}${hint}
        <div class="hand" role="group" aria-label="${t("Your hand")}">${this.handHtml()}</div>
        ${this.seat !== null ? this.buttonsHtml() : ""}
      </section>
      <aside class="side"><details data-keep="log"><summary>${t("Log")}</summary><ol class="log" tabindex="0" aria-label="${t("Log")}" start="${this.game.log_count - this.game.log.length + 1}">${this.logHtml()}</ol></details>
        ${scoresHtml(this, t("Scores"))}
        ${this.settingsHtml()}
        ${this.seatLinkHtml()}
        <p class="keys">${t("Keys:")} ${SHORTCUTS.map(([k, label]) => `<kbd>${k}</kbd> ${t(label)}`).join(" · ")}</p></aside>
      ${roundOverHtml(this)}</div>`;
  }

  settingsHtml() {
    const box = (id, name, label) =>
      `<label><input type="checkbox" id="${id}" data-setting="${name}" ${setting(name) ? "checked" : ""}> ${label}</label>`;
    return `<details class="settings" data-keep="settings"><summary>${t("Settings")}</summary>
      ${box("setting-sound", "sound", t("Sound on your turn"))}
      ${box("setting-notify", "notify", t("Notification on your turn"))}
      ${box("setting-large", "large", t("Larger cards"))}</details>`;
  }

  // --- events ---------------------------------------------------------------------------

  on(selector, event, handler) {
    for (const el of this.root.querySelectorAll(selector)) el.addEventListener(event, handler);
  }

  wire() {
    this.on("#join", "submit", (e) => {
      e.preventDefault();
      const name = e.target.name.value;
      localStorage.setItem("rami-name", name);
      this.send({ type: "join", name });
    });
    this.on("#start", "click", () => this.send({ type: "start" }));
    this.on("#copy", "click", () => {
      const input = this.root.querySelector("#invite");
      input.select();
      if (navigator.clipboard) navigator.clipboard.writeText(input.value);
    });
    if (!this.game) return;
    this.on("[data-hand]", "click", (e) => this.toggle(Number(e.currentTarget.dataset.hand)));
    this.on("#stock, #draw-stock", "click", () => this.act("draw stock"));
    this.on("#discard-pile", "click", () => {
      if (this.legal.includes("draw discard")) this.act("draw discard");
      else if (this.selected.size === 1) this.discardSelected();
    });
    this.on("#draw-discard", "click", () => this.act("draw discard"));
    this.on("#meld", "click", () => this.meldSelected());
    this.on("#open", "click", () => this.act("open"));
    this.on("#takeback", "click", () => this.act("takeback"));
    this.on("#discard", "click", () => this.discardSelected());
    this.on("#hint", "click", () => this.send({ type: "hint" }));
    this.on("#sort-suit", "click", () => this.sortHand("suit"));
    this.on("#sort-rank", "click", () => this.sortHand("rank"));
    this.on("#next-round", "click", () => this.send({ type: "next_round", version: this.snap.version }));
    this.on("#verify", "click", () => this.verify());
    this.on("#close-results", "click", () => this.closeResults());
    this.on("#show-results", "click", () => this.showResults());
    this.on("[data-setting]", "change", async (e) => {
      const { setting: name } = e.currentTarget.dataset;
      let on = e.currentTarget.checked;
      if (name === "notify" && on) on = await askToNotify();
      setSetting(name, on);
      e.currentTarget.checked = on;
    });
    this.on("[data-meld]", "click", (e) => {
      const box = e.currentTarget.getBoundingClientRect();
      const side = e.clientX && e.clientX < box.left + box.width / 2 ? "low" : "high";
      this.playOn(Number(e.currentTarget.dataset.meld), side);
    });
    this.wireDrag();
  }

  wireDrag() {
    wirePointerDrag(this.root, (from, target, event) => {
      if (target.dataset.hand !== undefined) {
        this.moveCard(from, Number(target.dataset.hand));
        return;
      }
      if (target.classList.contains("staging")) {
        this.selected.add(from);
        this.meldSelected();
        return;
      }
      this.selected = new Set([from]);
      if (target.id === "discard-pile") {
        this.discardSelected();
      } else if (target.dataset.meld !== undefined) {
        const box = target.getBoundingClientRect();
        this.playOn(Number(target.dataset.meld), event.clientX < box.left + box.width / 2 ? "low" : "high");
      }
    });
  }

  verify() {
    const game = this.game;
    const result = game.rounds[game.rounds.length - 1];
    const saved = JSON.parse(localStorage.getItem(`rami-deal-${this.tableId}-${result.round}`) || "null");
    const lines = [];
    const hashOk = commitment(result.seed, game.binding) === result.commitment;
    lines.push(hashOk ? t("The seed matches the commitment.") : t("The seed does NOT match the commitment!"));
    if (saved && saved.commitment !== result.commitment) lines.push(t("The commitment changed during the round!"));
    if (saved && this.seat !== null) {
      const [decks, jokers] = result.deck;
      const hands = dealtHands(result.seed, result.seats.length, decks, jokers, this.snap.table.hand_size);
      const mine = hands[result.seats.indexOf(this.seat)];
      const got = saved.hand.map(cardCode).sort((a, b) => a - b);
      const same = mine.length === got.length && mine.every((c, i) => c === got[i]);
      lines.push(same ? t("Your dealt hand came from this seed.") : t("Your dealt hand did NOT come from this seed!"));
    }
    this.verified[result.round] = lines.join(" ");
    this.render();
  }
}

function isCleanRun(meldAction) {
  const cards = meldCards(meldAction);
  if (cards.includes("JK")) return false;
  const suits = new Set(cards.map((c) => c.slice(-1)));
  const ranks = new Set(cards.map((c) => c.slice(0, -1)));
  return suits.size === 1 && ranks.size === cards.length;
}
