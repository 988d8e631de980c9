// Playing cards drawn as SVG (lit templates): pips for number cards, framed figures for J/Q/K,
// a jester joker. Our own drawings; suits come from one sprite defined once per page.

import { html, render, svg } from "../vendor/lit-html/lit-html.js";

const SUIT_PATHS = {
  C: svg`<circle cx="50" cy="30" r="19"/><circle cx="28" cy="60" r="19"/><circle cx="72" cy="60" r="19"/>
    <path d="M45 55 C45 78 40 88 30 97 L70 97 C60 88 55 78 55 55 Z"/>`,
  D: svg`<path d="M50 3 L88 50 L50 97 L12 50 Z"/>`,
  H: svg`<path d="M50 94 C22 70 4 52 8 30 C12 10 40 6 50 28 C60 6 88 10 92 30 C96 52 78 70 50 94 Z"/>`,
  S: svg`<path d="M50 4 C42 22 8 40 10 62 C12 80 36 84 46 70 C45 84 40 91 30 97 L70 97
    C60 91 55 84 54 70 C64 84 88 80 90 62 C92 40 58 22 50 4 Z"/>`,
};

const SUIT_OF = { C: 0, D: 1, H: 2, S: 3 };
const RANKS = { A: 1, J: 11, Q: 12, K: 13 };
const RED = new Set(["D", "H"]);

/** The hidden sprite with the four suit symbols (insert once into the page). */
export function suitSprite() {
  const symbols = Object.entries(SUIT_PATHS).map(
    ([s, body]) => svg`<symbol id=${`suit-${s}`} viewBox="0 0 100 100">${body}</symbol>`,
  );
  return html`<svg width="0" height="0" style="position:absolute" aria-hidden="true">${symbols}</svg>`;
}

/** "QH" → {rank: 12, suit: "H"}; "JK" → {joker: true}. */
export function parseCard(text) {
  if (text === "JK") return { joker: true, rank: 0, suit: "" };
  const suit = text.slice(-1);
  const r = text.slice(0, -1);
  return { joker: false, rank: RANKS[r] || Number(r), suit };
}

/** The engine's card code (suit*13 + rank - 1; the joker 52): sorting codes sorts like the server. */
export function cardCode(text) {
  const c = parseCard(text);
  return c.joker ? 52 : SUIT_OF[c.suit] * 13 + c.rank - 1;
}

const PIPS = {
  1: [],
  2: [[50, 26], [50, 114]],
  3: [[50, 26], [50, 70], [50, 114]],
  4: [[30, 26], [70, 26], [30, 114], [70, 114]],
  5: [[30, 26], [70, 26], [50, 70], [30, 114], [70, 114]],
  6: [[30, 26], [70, 26], [30, 70], [70, 70], [30, 114], [70, 114]],
  7: [[30, 26], [70, 26], [50, 48], [30, 70], [70, 70], [30, 114], [70, 114]],
  8: [[30, 26], [70, 26], [50, 48], [30, 70], [70, 70], [50, 92], [30, 114], [70, 114]],
  9: [[30, 26], [70, 26], [30, 55], [70, 55], [50, 70], [30, 85], [70, 85], [30, 114], [70, 114]],
  10: [[30, 26], [70, 26], [50, 41], [30, 55], [70, 55], [30, 85], [70, 85], [50, 99],
    [30, 114], [70, 114]],
};

function pip(suit, x, y, size) {
  const flip = y > 75 ? `rotate(180 ${x} ${y})` : "";
  const h = size / 2;
  return svg`<use href=${`#suit-${suit}`} x=${x - h} y=${y - h} width=${size} height=${size} transform=${flip} />`;
}

function corner(letter, suit, colour) {
  const index = (x, y, rot) =>
    svg`<g transform=${rot}><text x=${x} y=${y} class="idx" fill=${colour}>${letter}</text><use
      href=${`#suit-${suit}`} x=${x - 6.5} y=${y + 3} width="13" height="13" fill=${colour} /></g>`;
  return [index(11, 19, ""), index(11, 19, "rotate(180 50 70)")];
}

function figure(rank, letter, suit, colour) {
  const crown =
    rank === 13
      ? "M34 44 L38 30 L45 40 L50 26 L55 40 L62 30 L66 44 Z"
      : rank === 12
        ? "M36 44 Q40 30 44 40 Q50 24 56 40 Q60 30 64 44 Z"
        : "M38 44 L42 34 L50 40 L58 34 L62 44 Z";
  return svg`<rect x="20" y="22" width="60" height="96" rx="4" class="frame" stroke=${colour} />
    <path d=${crown} fill="#e0b431" stroke="#8a6a12" stroke-width="1"/>
    <text x="50" y="86" class="fig" fill=${colour}>${letter}</text>
    ${pip(suit, 30, 104, 12)}${pip(suit, 70, 104, 12)}
    <line x1="24" y1="70" x2="76" y2="70" stroke=${colour} stroke-opacity="0.15"/>`;
}

const JOKER_FACE = svg`<text x="11" y="22" class="jk">J</text><text x="11" y="34" class="jk">O</text>
  <text x="11" y="46" class="jk">K</text><text x="11" y="58" class="jk">E</text>
  <text x="11" y="70" class="jk">R</text>
  <path d="M34 70 Q40 40 30 30 Q48 38 50 60 Q52 38 70 30 Q60 40 66 70 Z" fill="#7b2d8e"/>
  <circle cx="30" cy="30" r="4" fill="#e0b431"/><circle cx="70" cy="30" r="4" fill="#e0b431"/>
  <circle cx="50" cy="82" r="13" fill="#f6d7b0" stroke="#7b2d8e" stroke-width="2"/>
  <path d="M44 86 Q50 92 56 86" stroke="#c0392b" stroke-width="2" fill="none"/>
  <circle cx="45" cy="79" r="1.8" fill="#333"/><circle cx="55" cy="79" r="1.8" fill="#333"/>
  <path d="M38 100 L50 96 L62 100 L58 118 L42 118 Z" fill="#c0392b"/>`;

/** The SVG of a card's face; ``letters`` maps ranks to the corner letters of the language. */
export function cardFace(text, letters = {}) {
  const c = parseCard(text);
  let body;
  if (c.joker) {
    body = JOKER_FACE;
  } else {
    const colour = RED.has(c.suit) ? "#c0262d" : "#1d1d1f";
    const letter = letters[c.rank] || (c.rank === 1 ? "A" : c.rank > 10 ? "JQK"[c.rank - 11] : c.rank);
    let middle;
    if (c.rank === 1) middle = pip(c.suit, 50, 70, 44);
    else if (c.rank > 10) middle = figure(c.rank, letter, c.suit, colour);
    else middle = PIPS[c.rank].map(([x, y]) => pip(c.suit, x, y, 19));
    body = svg`<g fill=${colour} class=${`ink ink-${c.suit}`}>${corner(letter, c.suit, colour)}${middle}</g>`;
  }
  return html`<svg viewBox="0 0 100 140" class="face" aria-hidden="true" focusable="false"><rect
    x="1" y="1" width="98" height="138" rx="8" class="paper"/>${body}</svg>`;
}

/** The SVG of a card's back. */
const CARD_BACK = html`<svg viewBox="0 0 100 140" class="face back" aria-hidden="true" focusable="false"><rect
  x="1" y="1" width="98" height="138" rx="8" class="paper"/><rect x="8" y="8" width="84" height="124" rx="5"
  fill="url(#back-pattern)" stroke="#fff" stroke-width="2"/></svg>`;

export function cardBack() {
  return CARD_BACK;
}

/** Pattern used by every card back (insert once, with the suit sprite). */
export function backPattern() {
  return html`<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs><pattern
    id="back-pattern" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect
    width="10" height="10" fill="#1f4e8c"/><path d="M0 5 H10 M5 0 V10" stroke="#5d8fd0" stroke-width="1.4"/>
    </pattern></defs></svg>`;
}

/** Put the suit sprite and the back pattern into the page once (before anything is drawn). */
export function insertCardDefinitions() {
  const holder = document.createElement("div");
  holder.className = "card-defs";
  document.body.prepend(holder);
  render(html`${suitSprite()}${backPattern()}`, holder);
}

export function isRed(text) {
  return RED.has(text.slice(-1)) && text !== "JK";
}
