// A table: the waiting room, then the game board. Every render starts from the latest
// snapshot the server sent; the only local state is the hand's order and the selection.

import { cardBack, cardCode, cardFace } from "./cards.js";
import { cardName, errorText, letters, t, tn } from "./i18n.js";
import { escapeHtml } from "./lobby.js";
import { TableLink } from "./net.js";
import { commitment, dealtHands } from "./verify.js";
import { SHORTCUTS, handleKey } from "./keys.js";

const verbOf = (action) => action.split(" ")[0];
const meldCards = (action) => action.slice(5).split(" ").map((c) => c.split("=")[0]);

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
    this.dragFrom = null;
    this.lang = document.documentElement.lang || "en";
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
    document.addEventListener("keydown", (event) => handleKey(this, event));
    setInterval(() => this.tick(), 1000);
  }

  get tokenKey() {
    return `rami-token-${this.tableId}`;
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
    } else if (message.type === "joined") {
      localStorage.setItem(this.tokenKey, message.token);
    } else if (message.type === "error") {
      this.notice = { kind: "error", text: errorText(message.code, message.message) };
      this.announce(this.notice.text);
    } else if (message.type === "hint") {
      this.hint = message;
      this.announce(`${t("Hint")}: ${message.actions.join(", ")} ${message.text}`);
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
    this.send({ type: "act", action, version: this.snap.version });
  }

  // --- keeping the hand's order and the deal for verification ---------------------------

  sync(before) {
    const game = this.game;
    const hand = game ? game.hand : [];
    const left = hand.slice();
    const kept = [];
    for (const card of this.order) {
      const at = left.indexOf(card);
      if (at >= 0) kept.push(left.splice(at, 1)[0]);
    }
    const changed = kept.length !== this.order.length || left.length > 0;
    this.order = kept.concat(left);
    if (changed) this.selected.clear();
    if (!game) return;
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
    if (game.current === this.seat && (!was || was.current !== this.seat)) {
      this.announce(t("Your turn"));
    }
  }

  // --- selection ------------------------------------------------------------------------

  selectedCards() {
    return [...this.selected].sort((a, b) => a - b).map((i) => this.order[i]);
  }

  toggle(index) {
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

  meldSelected() {
    const meld = this.selectedMeld();
    if (meld) this.act(meld);
    else this.say(t("The selected cards do not form a meld you can lay now."));
  }

  discardSelected() {
    const cards = this.selectedCards();
    if (cards.length !== 1) {
      this.say(t("Select one card to discard."));
      return;
    }
    const action = `discard ${cards[0]}`;
    if (this.legal.includes(action)) this.act(action);
    else this.act(action); // the server explains why not
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
    this.render();
  }

  tick() {
    const el = this.root.querySelector("[data-timer]");
    if (!el || !this.snap || this.snap.table.turn_left === null) return;
    this.snap.table.turn_left = Math.max(0, this.snap.table.turn_left - 1);
    el.textContent = `${Math.round(this.snap.table.turn_left)} s`;
  }

  // --- rendering ------------------------------------------------------------------------

  render() {
    if (!this.snap) return;
    const focused = document.activeElement && document.activeElement.dataset.key;
    const info = this.snap.table;
    document.getElementById("table-title").textContent = `${info.preset} · ${info.rules_hash}`;
    document.getElementById("rules-link").href = `/rules/${this.lang}/${info.preset}`;
    this.root.innerHTML = this.game ? this.boardHtml() : this.waitingHtml();
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
    return `<p class="notice ${this.notice.kind}" role="alert">${escapeHtml(this.notice.text)}</p>`;
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
    const count = game.hand_sizes[i];
    const backs = i === this.seat ? "" : Array.from({ length: Math.min(count, 14) }, () => `<span class="mini">${cardBack()}</span>`).join("");
    const cards = tn("{count} cards", count);
    return `<div class="seat ${game.current === i ? "acting" : ""}" aria-label="${name}: ${cards}">
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
        const cards = meld.cards
          .map((card, k) => {
            const stands = card === "JK" ? ` = ${cardName(meld.represents[k])}` : "";
            const cls = card === "JK" && swap ? "swappable" : "";
            return `<span class="card small ${cls}" role="img" aria-label="${escapeHtml(cardName(card) + stands)}">${cardFace(card, letters())}</span>`;
          })
          .join("");
        const label = t("Meld {number}: {points} points, laid by {owner}", {
          number: index + 1, points: meld.points, owner,
        });
        const hint = options
          ? ends.length > 1 ? t("left end or right end") : swap ? t("take the joker") : t("lay off here")
          : "";
        return `<button class="meld ${options ? "target" : ""}" data-meld="${index}" data-key="meld-${index}"
          aria-label="${escapeHtml(label)}${hint ? ` — ${hint}` : ""}" ${options ? "" : 'aria-disabled="true"'}>
          <span class="meld-no">${index + 1}</span>${cards}</button>`;
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
    const message = opening.points && !opening.valid ? errorText(opening.code, opening.message) : "";
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
      ${button("meld", t("Meld the selection"), Boolean(this.selectedMeld()), "M")}
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
    return this.order
      .map((card, i) => {
        const sel = this.selected.has(i);
        const cls = `${sel ? "selected" : ""} ${card === taken ? "taken" : ""}`;
        return this.cardButton(card, `data-hand="${i}" data-key="hand-${i}" draggable="true" aria-pressed="${sel}"`, cls);
      })
      .join("");
  }

  logHtml() {
    return this.game.log.map((e) => `<li>${escapeHtml(e.text)}</li>`).join("");
  }

  scoresHtml() {
    const game = this.game;
    const names = this.snap.table.seats.map((s) => escapeHtml(s.name || "?"));
    const head = names.map((n) => `<th scope="col">${n}</th>`).join("");
    const rows = game.rounds
      .map((r) => `<tr><th scope="row">${r.round}</th>${names.map((_, i) => `<td>${r.seats.includes(i) ? r.scores[r.seats.indexOf(i)] : "—"}</td>`).join("")}</tr>`)
      .join("");
    const totals = game.totals.map((v) => `<td><strong>${v}</strong></td>`).join("");
    return `<table class="scores"><caption>${t("Scores")}</caption><thead><tr><th>${t("Round")}</th>${head}</tr></thead>
      <tbody>${rows}<tr class="total"><th scope="row">${t("Total")}</th>${totals}</tr></tbody></table>`;
  }

  roundOverHtml() {
    const game = this.game;
    if (game.phase !== "over") return "";
    const result = game.rounds[game.rounds.length - 1];
    if (!result || result.round !== game.round) return "";
    const names = this.snap.table.seats.map((s) => escapeHtml(s.name || "?"));
    const rows = result.seats
      .map((seat, k) => {
        const hand = result.hands[k].map((c) => `<span class="card tiny" role="img" aria-label="${escapeHtml(cardName(c))}">${cardFace(c, letters())}</span>`).join("");
        const flags = [];
        if (result.winner === seat) flags.push(result.rami_sec ? t("rami sec!") : t("went out"));
        return `<tr><th scope="row">${names[seat]}</th><td class="hand-cell">${hand || "—"}</td><td>${result.scores[k]}</td><td>${game.totals[seat]}</td><td>${flags.join(" ")}</td></tr>`;
      })
      .join("");
    const finished = this.snap.table.status === "finished";
    const winners = finished ? `<p class="winner">${t("Winner: {names}", { names: game.winners.map((w) => names[w]).join(", ") })}</p>` : "";
    const verified = this.verified[result.round];
    const next = !finished && this.seat !== null ? `<button id="next-round" class="primary">${t("Next round")}</button>` : "";
    const replay = finished ? `<a class="button" href="/replay/${this.tableId}">${t("Replay the game")}</a>` : "";
    return `<section class="round-over" role="dialog" aria-label="${t("End of round {number}", { number: result.round })}">
      <h2>${t("End of round {number}", { number: result.round })}</h2><p>${escapeHtml(result.text)}</p>${winners}
      <table class="results"><thead><tr><th>${t("Player")}</th><th>${t("Hand left")}</th><th>${t("Points")}</th><th>${t("Total")}</th><th></th></tr></thead>
      <tbody>${rows}</tbody></table>
      <p class="fair">${t("Seed revealed: {seed}", { seed: `<code>${escapeHtml(result.seed)}</code>` })}
        <button id="verify">${t("Check the shuffle")}</button>
        <span id="verify-result" role="status">${verified ? escapeHtml(verified) : ""}</span></p>
      <p class="links">${next} <a class="button" href="/api/tables/${this.tableId}/record" download>${t("Download the record")}</a> ${replay}</p>
    </section>`;
  }

  boardHtml() {
    const game = this.game;
    const seats = this.snap.table.seats.map((_, i) => i).filter((i) => i !== this.seat && game.active[i]);
    const top = game.discard[game.discard.length - 1];
    const myTurn = game.current === this.seat;
    const timer = this.snap.table.turn_left !== null ? `<span class="timer" data-timer>${Math.round(this.snap.table.turn_left)} s</span>` : "";
    const hint = this.hint ? `<p class="hint-text" role="status">${t("Hint")}: ${escapeHtml(this.hint.actions.join(", "))} — ${escapeHtml(this.hint.text)}</p>` : "";
    const me = this.seat !== null ? this.seatHtml(this.seat) : "";
    return `<div class="board ${myTurn ? "my-turn" : ""}">
      <section class="opponents" aria-label="${t("Other players")}">${seats.map((i) => this.seatHtml(i)).join("")}</section>
      <section class="center" aria-label="${t("Stock and discard pile")}">
        <button class="pile stock" id="stock" data-key="stock" aria-label="${tn("Stock: {count} cards", game.stock)}">${cardBack()}<span class="pile-count">${game.stock}</span></button>
        <button class="pile discard" id="discard-pile" data-key="discard" aria-label="${top ? t("Discard pile, top card {card}", { card: cardName(top) }) : t("Discard pile: empty")}">${top ? cardFace(top, letters()) : ""}<span class="pile-count">${game.discard.length}</span></button>
        <div class="round-info"><div>${t("Round {number}", { number: game.round })} · ${t("turn {number}", { number: game.turn })} ${timer}</div>
          <div class="commit" title="${t("Hash of this round's seed, published before the deal")}">${t("Seed hash")}: ${game.commitment.slice(0, 16)}…</div></div>
      </section>
      <section class="melds" aria-label="${t("Melds on the table")}">${this.tableHtml()}</section>
      <section class="mine" aria-label="${t("Your hand")}">
        ${me}${this.openingHtml()}${this.noticeHtml()}${hint}
        <div class="hand" role="group" aria-label="${t("Your hand")}">${this.handHtml()}</div>
        ${this.seat !== null ? this.buttonsHtml() : ""}
      </section>
      <aside class="side"><details open><summary>${t("Log")}</summary><ol class="log" start="${this.game.log_count - this.game.log.length + 1}">${this.logHtml()}</ol></details>
        ${this.scoresHtml()}
        ${this.seatLinkHtml()}
        <p class="keys">${t("Keys:")} ${SHORTCUTS.map(([k, label]) => `<kbd>${k}</kbd> ${t(label)}`).join(" · ")}</p></aside>
      ${this.roundOverHtml()}</div>`;
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
    this.on("[data-meld]", "click", (e) => {
      const box = e.currentTarget.getBoundingClientRect();
      const side = e.clientX && e.clientX < box.left + box.width / 2 ? "low" : "high";
      this.playOn(Number(e.currentTarget.dataset.meld), side);
    });
    this.wireDrag();
  }

  wireDrag() {
    this.on("[data-hand]", "dragstart", (e) => {
      this.dragFrom = Number(e.currentTarget.dataset.hand);
      e.dataTransfer.setData("text/plain", String(this.dragFrom));
      e.dataTransfer.effectAllowed = "move";
    });
    const allow = (e) => e.preventDefault();
    this.on("[data-hand], [data-meld], #discard-pile, .staging, .hand", "dragover", allow);
    const dragged = (e) => Number(e.dataTransfer.getData("text/plain") || this.dragFrom);
    this.on("[data-hand]", "drop", (e) => {
      e.preventDefault();
      e.stopPropagation();
      const from = dragged(e);
      const to = Number(e.currentTarget.dataset.hand);
      const [card] = this.order.splice(from, 1);
      this.order.splice(to, 0, card);
      this.selected.clear();
      this.render();
    });
    const only = (e) => {
      this.selected = new Set([dragged(e)]);
    };
    this.on("#discard-pile", "drop", (e) => {
      e.preventDefault();
      only(e);
      this.discardSelected();
    });
    this.on("[data-meld]", "drop", (e) => {
      e.preventDefault();
      only(e);
      const box = e.currentTarget.getBoundingClientRect();
      this.playOn(Number(e.currentTarget.dataset.meld), e.clientX < box.left + box.width / 2 ? "low" : "high");
    });
    this.on(".staging", "drop", (e) => {
      e.preventDefault();
      this.selected.add(dragged(e));
      this.meldSelected();
    });
  }

  verify() {
    const game = this.game;
    const result = game.rounds[game.rounds.length - 1];
    const saved = JSON.parse(localStorage.getItem(`rami-deal-${this.tableId}-${result.round}`) || "null");
    const lines = [];
    const hashOk = commitment(result.seed) === result.commitment;
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
