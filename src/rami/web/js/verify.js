// Checking a round's deal in the browser: the revealed seed must hash to the commitment
// published before the deal, and the fy-sha256-v1 shuffle of that seed must deal the hand we got.
// SHA-256 is written out here so the check also works on plain-http pages.

import { cardCode } from "./cards.js";
import { t } from "./i18n.js";

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of a string (UTF-8) as 32 bytes. */
export function sha256(text) {
  const data = new TextEncoder().encode(text);
  const length = data.length;
  const padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, length * 8);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rot = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    const add = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = (h[i] + add[i]) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
  return out;
}

export function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What a commitment ties a seed to: the rules' hash and the players (as rami.shuffle.table_binding). */
export function tableBinding(rulesHash, names) {
  return JSON.stringify([rulesHash, ...names]);
}

/** The public commitment of a seed for a table (as rami.shuffle.commitment). */
export function commitment(seed, binding) {
  return hex(sha256(`rami-seed|${binding}|${seed}`));
}

/** fy-sha256-v1: the same permutation rami.shuffle.shuffled gives. */
export function shuffled(items, seed, label) {
  const out = items.slice();
  let counter = 0;
  let words = [];
  const next = () => {
    if (!words.length) {
      const digest = sha256(`fy-sha256-v1|${seed}|${label}|${counter++}`);
      const view = new DataView(digest.buffer);
      words = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => view.getUint32(i * 4));
    }
    return words.shift();
  };
  for (let i = out.length - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let word = next();
    while (word >= limit) word = next();
    const j = word % bound;
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The hands a seed deals: ``decks`` decks and ``jokers`` jokers, ``size`` cards each. */
export function dealtHands(seed, players, decks, jokers, size) {
  const deck = [];
  for (let d = 0; d < decks; d++) for (let c = 0; c < 52; c++) deck.push(c);
  for (let j = 0; j < jokers; j++) deck.push(52);
  const order = shuffled(deck, seed, "deal");
  const hands = [];
  for (let p = 0; p < players; p++) {
    hands.push(order.slice(p * size, (p + 1) * size).sort((x, y) => x - y));
  }
  return hands;
}

/** The check of finished round ``result`` at ``board``, in words: the seed against the
 * commitment, and the hand this browser kept from the deal against the seed's deal. */
export function checkDeal(board, result) {
  const game = board.game;
  const saved = JSON.parse(localStorage.getItem(`rami-deal-${board.tableId}-${result.round}`) || "null");
  const lines = [];
  const hashOk = commitment(result.seed, game.binding) === result.commitment;
  lines.push(hashOk ? t("The seed matches the commitment.") : t("The seed does NOT match the commitment!"));
  if (saved && saved.commitment !== result.commitment) lines.push(t("The commitment changed during the round!"));
  if (saved && board.seat !== null) {
    const [decks, jokers] = result.deck;
    const hands = dealtHands(result.seed, result.seats.length, decks, jokers, board.snap.table.hand_size);
    const mine = hands[result.seats.indexOf(board.seat)];
    const got = saved.hand.map(cardCode).sort((a, b) => a - b);
    const same = mine.length === got.length && mine.every((c, i) => c === got[i]);
    lines.push(same ? t("Your dealt hand came from this seed.") : t("Your dealt hand did NOT come from this seed!"));
  }
  return lines.join(" ");
}

/** Keep the hand as dealt (before the seat's first move), for the check once the seed is out. */
export function keepDeal(tableId, seat, game) {
  const key = `rami-deal-${tableId}-${game.round}`;
  const mine = game.log.filter((e) => e.seat === seat).length;
  if (seat !== null && game.phase !== "over" && mine === 0 && !localStorage.getItem(key)) {
    localStorage.setItem(key, JSON.stringify({ hand: game.hand, commitment: game.commitment }));
  }
}
