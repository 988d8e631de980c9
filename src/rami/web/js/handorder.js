// The order of the player's hand, kept in this browser: new cards go to the end, cards that
// come back from the staging area (Take back) go back to the places they left.

import { cardCode } from "./cards.js";

export class HandOrder {
  constructor(tableId) {
    this.tableId = tableId;
    this.seat = null;
    this.cards = [];
    this.loaded = false;
    this.left = []; // one batch per staged meld: [{card, at}], ``at`` in the hand it left
  }

  get key() {
    return `rami-order-${this.tableId}-${this.seat}`;
  }

  save() {
    if (this.seat !== null) localStorage.setItem(this.key, JSON.stringify(this.cards));
  }

  /** Cards about to leave the hand for the staging area: remember where they were. */
  staging(cards) {
    const used = new Set();
    const batch = [];
    for (const card of cards) {
      const at = this.cards.findIndex((c, i) => c === card && !used.has(i));
      if (at < 0) continue;
      used.add(at);
      batch.push({ card, at });
    }
    this.left.push(batch.sort((a, b) => a.at - b.at));
  }

  /** Follow the hand the server sent; true when its cards changed. */
  follow(seat, hand, stagedCount) {
    this.seat = seat;
    if (!this.loaded && seat !== null) {
      this.loaded = true;
      this.cards = JSON.parse(localStorage.getItem(this.key) || "[]");
    }
    const rest = hand.slice();
    const kept = [];
    for (const card of this.cards) {
      const at = rest.indexOf(card);
      if (at >= 0) kept.push(rest.splice(at, 1)[0]);
    }
    const changed = kept.length !== this.cards.length || rest.length > 0;
    // cards back from the staging area, the last meld staged first, into their old places
    for (let k = this.left.length - 1; k >= 0 && rest.length; k--) {
      const batch = this.left[k];
      if (!batch.every(({ card }) => rest.includes(card))) continue;
      for (const { card, at } of batch) {
        rest.splice(rest.indexOf(card), 1);
        kept.splice(Math.min(at, kept.length), 0, card);
      }
      this.left.splice(k, 1);
    }
    if (!stagedCount) this.left = [];
    this.cards = kept.concat(rest);
    this.save();
    return changed;
  }

  sort(by) {
    const code = (c) => cardCode(c);
    const rank = (c) => (c === "JK" ? 99 : (code(c) % 13) * 4 + Math.floor(code(c) / 13));
    this.cards.sort((a, b) => (by === "rank" ? rank(a) - rank(b) : code(a) - code(b)));
    this.save();
  }

  move(from, to) {
    const [card] = this.cards.splice(from, 1);
    this.cards.splice(to, 0, card);
    this.save();
  }
}
