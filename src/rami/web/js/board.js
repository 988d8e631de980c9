// A table: the waiting room, then the game board. Every render starts from the latest
// snapshot the server sent; the local state is the hand's order, the selection and the one
// message the page shows. The markup lives in the view modules (tableview.js and its parts).

import { render } from "../vendor/lit-html/lit-html.js";
import { cardCode } from "./cards.js";
import { t } from "./i18n.js";
import { TableLink } from "./net.js";
import { showLinkStatus } from "./statusview.js";
import { checkDeal, keepDeal } from "./verify.js";
import { handleKey } from "./keys.js";
import { refusalText } from "./refusals.js";
import { animateNewMoves } from "./motion.js";
import { applyCardSize, showTurnInTitle, turnCame } from "./alerts.js";
import { wirePointerDrag } from "./drag.js";
import { goToRematch, lastResult, resultToFocus, resultWords } from "./results.js";
import { ChatPanel } from "./chat.js";
import { tableView } from "./tableview.js";
import { HandOrder } from "./handorder.js";
import { TurnWatch } from "./turnwatch.js";

const verbOf = (action) => action.split(" ")[0];
const meldCards = (action) => action.slice(5).split(" ").map((c) => c.split("=")[0]);

export class Board {
  constructor(root, tableId, meta) {
    this.root = root;
    this.tableId = tableId;
    this.meta = meta;
    this.snap = null;
    this.hand = new HandOrder(tableId);
    this.selected = new Set();
    this.notice = null;
    this.hint = null;
    this.verified = {};
    this.sent = null;
    this.noticeAt = null;
    this.resultsHidden = null;
    this.resultsShown = null;
    this.openDetails = new Set(["log"]);
    this.animations = [];
    this.turnAlerts = [];
    this.layoffChoice = null;
    this.missing = false;
    this.watch = new TurnWatch(this);
    this.lang = document.documentElement.lang || "en";
    this.rematchVotes = null;
    this.chat = new ChatPanel(this);
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
    wirePointerDrag(root, (from, target, event) => this.dropped(from, target, event));
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

  /** The hand in the player's order (what the tests and the views read). */
  get order() {
    return this.hand.cards;
  }

  changeLanguage(lang) {
    this.lang = lang;
    this.chat.build();
    this.link.drop();
  }

  showStatus(status) {
    this.status = status;
    if (status === "online") this.watch.reconnected();
    if (status === "online" && this.notice && this.notice.code === "offline") this.notice = null;
    if (status === "missing") this.showMissing();
    else this.render();
    showLinkStatus(document.getElementById("status"), status, () => this.link.retryNow());
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
      this.animations.push(...animateNewMoves(this.root, before && before.game, this.game, this.seat));
      this.focusResults();
    } else if (message.type === "joined") {
      localStorage.setItem(this.tokenKey, message.token);
    } else if (message.type === "ack") {
      this.watch.acked();
    } else if (message.type === "error") {
      if (message.code === "no_such_table") {
        this.link.closed = true;
        this.showStatus("missing");
        return;
      }
      const text = refusalText(message.code, message.message, message.facts);
      if (this.chat.pending) {
        this.chat.answered(text); // a report's refusal: said in its dialog
        return;
      }
      this.watch.refused();
      this.setNotice("error", text, message.code);
      this.noticeAt = this.game ? this.game.log_count : null;
      this.selected.clear();
      this.render();
    } else if (message.type === "reported") {
      this.chat.answered(null);
    } else if (message.type === "chat" || message.type === "chat_log") {
      this.chat.receive(message);
    } else if (message.type === "rematch_votes") {
      this.rematchVotes = message;
      this.render();
    } else if (message.type === "rematch_ready") {
      goToRematch(this, message);
    } else if (message.type === "removed") {
      localStorage.removeItem(this.tokenKey);
      this.setNotice("error", t("The host removed you from this table."), "removed");
      this.render();
    } else if (message.type === "hint") {
      this.notice = null;
      this.hint = message;
      this.announce(`${t("Hint")}: ${message.text || message.actions.join(", ")}`);
      this.render();
    }
  }

  /** The one message the page shows (a refusal, a word of help), announced once. */
  setNotice(kind, text, code = null) {
    this.notice = { kind, text, code };
    this.hint = null;
    this.announce(text);
  }

  send(message) {
    if (this.link.send(message)) return true;
    this.setNotice("error", t("Not connected: your move was not sent."), "offline");
    this.render();
    return false;
  }

  /** A new step of the player: the last message and the hint's marks go. */
  fresh() {
    this.notice = null;
    this.hint = null;
    this.layoffChoice = null;
  }

  act(action) {
    this.fresh();
    this.sent = action;
    if (verbOf(action) === "meld" && this.game && this.game.opening) this.hand.staging(meldCards(action));
    if (this.send({ type: "act", action, version: this.snap.version })) this.watch.sent();
    this.render();
  }

  askHint() {
    this.fresh();
    this.send({ type: "hint" });
    this.render();
  }

  /** A hint is a suggestion: the next key or click takes its marks away. */
  clearHint() {
    if (!this.hint) return;
    this.hint = null;
    this.render();
  }

  // --- keeping the hand's order and the deal for verification ---------------------------

  sync(before) {
    const game = this.game;
    if (this.hand.follow(this.seat, game ? game.hand : [], game ? game.staged.length : 0)) this.selected.clear();
    if (!game) return;
    if (this.notice && this.noticeAt !== null && game.log_count > this.noticeAt) this.notice = null;
    keepDeal(this.tableId, this.seat, game);
    const last = game.log[game.log.length - 1];
    const was = before && before.game;
    if (last && (!was || was.log_count !== game.log_count) && last.seat !== this.seat) {
      this.announce(last.text);
    }
    this.watch.update(before);
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
    this.fresh();
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
  targets(cards = this.selectedCards()) {
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

  /** Play ``card`` on meld ``index`` at ``side``; a move the rules do not allow is still
   * sent, so that the server says why not (not opened yet, does not fit). */
  playOn(index, side, card = null) {
    const cards = card ? [card] : this.selectedCards();
    if (cards.length !== 1) {
      this.say(t("Select one card to lay off."));
      return;
    }
    const options = this.targets(cards)[index];
    this.selected.clear();
    if (!options) {
      this.act(`layoff ${cards[0]} @${index}`);
      return;
    }
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
    const action = this.selectedMeld() || `meld ${cards.join(" ")}`;
    this.selected.clear();
    this.act(action);
  }

  discardSelected() {
    const cards = this.selectedCards();
    if (cards.length !== 1) {
      this.say(t("Select one card to discard."));
      return;
    }
    this.selected.clear();
    this.act(`discard ${cards[0]}`); // when it is not allowed, the server says why
  }

  say(text) {
    this.setNotice("info", text);
    this.render();
  }

  sortHand(by) {
    this.fresh();
    this.hand.sort(by);
    this.selected.clear();
    this.render();
  }

  moveCard(from, to) {
    this.fresh();
    this.hand.move(from, to);
    this.selected.clear();
    this.render();
  }

  /** A card dragged from the hand and dropped on ``target``: the selection does not stay. */
  dropped(from, target, event) {
    if (target.dataset.hand !== undefined) {
      this.moveCard(from, Number(target.dataset.hand));
      return;
    }
    const card = this.order[from];
    if (target.classList.contains("staging")) {
      this.selected.add(from);
      this.meldSelected();
      return;
    }
    this.selected.clear();
    if (target.id === "discard-pile") {
      this.act(`discard ${card}`);
    } else if (target.dataset.meld !== undefined) {
      const box = target.getBoundingClientRect();
      this.playOn(Number(target.dataset.meld), event.clientX < box.left + box.width / 2 ? "low" : "high", card);
    }
  }

  /** The logged-in account (null: a guest): a seat taken here is under its name. */
  setAccount(account) {
    this.account = account;
    if (this.snap) this.render();
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

  /** When a round's result box appears, it is announced and the focus goes into it. */
  focusResults() {
    const key = resultToFocus(this);
    if (key === null) return;
    this.resultsShown = key;
    this.announce(resultWords(this));
    const title = this.root.querySelector("#round-over-title");
    if (title) title.focus({ preventScroll: true });
  }

  tick() {
    if (!this.snap || this.snap.table.turn_left === null) return;
    this.snap.table.turn_left = Math.max(0, this.snap.table.turn_left - 1);
    this.watch.ticked();
    this.render();
  }

  // --- rendering ------------------------------------------------------------------------

  render() {
    if (!this.snap || this.missing) return;
    const log = this.root.querySelector(".log");
    const logAtEnd = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 4;
    render(tableView(this), this.root);
    const newLog = this.root.querySelector(".log");
    if (newLog && logAtEnd) newLog.scrollTop = newLog.scrollHeight;
    this.chat.update();
  }

  showMissing() {
    this.missing = true;
    render(tableView(this), this.root);
    this.chat.el.hidden = true;
  }

  keepDetails(event) {
    const details = event.currentTarget;
    if (details.open) this.openDetails.add(details.dataset.keep);
    else this.openDetails.delete(details.dataset.keep);
  }

  verify() {
    const result = this.game.rounds[this.game.rounds.length - 1];
    this.verified[result.round] = checkDeal(this, result);
    this.render();
  }
}
