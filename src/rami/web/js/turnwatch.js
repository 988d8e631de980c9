// Who is moving and how much time is left: the moves a bot made for the player when the turn
// timer ran out (the player's own entries in the log that no move of theirs was acknowledged
// for), the low-time warning, and "… is thinking" while a bot is to move.

import { seatName, t } from "./i18n.js";

/** Seconds left at which the timer turns into a warning (a third of it, at most 10 s). */
export function lowTimeAt(timer) {
  return Math.min(10, Math.floor(timer / 3));
}

export class TurnWatch {
  constructor(board) {
    this.board = board;
    this.inFlight = 0;
    this.ackedMoves = 0;
    this.botPlayed = new Set();
    this.warned = null;
  }

  sent() {
    this.inFlight += 1;
  }

  acked() {
    if (this.inFlight > 0) {
      this.inFlight -= 1;
      this.ackedMoves += 1;
    }
  }

  /** A new connection: a move whose answer the old one lost counts as the player's own. */
  reconnected() {
    this.ackedMoves += this.inFlight;
    this.inFlight = 0;
  }

  refused() {
    if (this.inFlight > 0) this.inFlight -= 1;
  }

  /** Whether log entry ``index`` (0-based, of the round being shown) was a bot's move for us. */
  playedForMe(index) {
    return this.botPlayed.has(`${this.board.game.round}:${index}`);
  }

  /** After a new snapshot: the player's new log entries that they did not send. */
  update(before) {
    const board = this.board;
    const game = board.game;
    const was = before && before.game;
    if (!was || !game || board.seat === null || was.round !== game.round) {
      this.ackedMoves = 0;
      return;
    }
    const added = Math.min(game.log_count - was.log_count, game.log.length);
    if (added <= 0) return;
    const first = game.log_count - game.log.length;
    const mine = [];
    game.log.slice(-added).forEach((entry, k) => {
      if (entry.seat === board.seat) mine.push(first + game.log.length - added + k);
    });
    const played = mine.length - this.ackedMoves;
    this.ackedMoves = Math.max(0, this.ackedMoves - mine.length);
    const seat = board.snap.table.seats[board.seat];
    if (played <= 0 || board.snap.table.turn_timer === null || (seat && seat.autoplay)) return;
    for (const index of mine.slice(-played)) this.botPlayed.add(`${game.round}:${index}`);
    board.setNotice("info", t("Out of time: a bot played for you"), "timed_out");
  }

  /** The turn timer is low: warn the player once per turn. */
  ticked() {
    const board = this.board;
    const game = board.game;
    if (!game || game.current !== board.seat || !this.low()) return;
    const key = `${game.round}:${game.turn}`;
    if (this.warned === key) return;
    this.warned = key;
    board.announce(t("{seconds} s left to play", { seconds: Math.round(board.snap.table.turn_left) }));
  }

  /** Whether the seat to act has little time left. */
  low() {
    const info = this.board.snap.table;
    return info.turn_left !== null && info.turn_timer !== null && info.turn_left <= lowTimeAt(info.turn_timer);
  }

  /** What the page says while nobody has to click: a bot is thinking, the time ran out. */
  waitingWords() {
    const board = this.board;
    const game = board.game;
    if (!game || game.phase === "over" || game.current === null) return "";
    const info = board.snap.table;
    const seat = info.seats[game.current];
    const outOfTime = info.turn_left === 0;
    if (game.current === board.seat) return outOfTime ? t("Out of time: a bot plays for you") : "";
    if (seat.bot) return t("{name} is thinking…", { name: seatName(seat, game.current) });
    if (seat.autoplay || outOfTime) return t("A bot plays for {name}…", { name: seat.name || "?" });
    return "";
  }
}
