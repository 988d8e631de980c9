// The page's words: fetched from /api/strings/<lang> (the shared gettext catalogs).

let pack = { lang: "en", strings: {}, plurals: {}, errors: {}, presets: {}, levels: {}, cards: {}, letters: {}, suits: [] };

export async function loadLanguage(lang) {
  const response = await fetch(`/api/strings/${lang}`);
  if (response.ok) pack = await response.json();
  document.documentElement.lang = pack.lang;
  return pack;
}

/** Translate an English message and fill its {named} fields. */
export function t(message, fields = {}) {
  const text = pack.strings[message] || message;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? fields[name] : whole));
}

/** A message with a count, in the plural form the language uses for ``n``. */
export function tn(message, n) {
  const forms = pack.plurals && pack.plurals[message];
  if (forms && n >= 0 && n < forms.length) return forms[n];
  return t(message, { count: n });
}

/** A refusal in words: the catalog's message for its code (``variant`` picks ``code.variant``
 * when the catalog has it) with its fields filled; the server's own words when the catalog has
 * no message for the code or a field is unknown. */
export function errorText(code, message, fields = {}, variant = null) {
  const text = (variant !== null && pack.errors[`${code}.${variant}`]) || pack.errors[code];
  if (!text) return message;
  const filled = text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? fields[name] : whole));
  return /\{\w+\}/.test(filled) ? message : filled;
}

/** A preset by its name ("Rami 51 — house rules"), not its key. */
export function presetName(key) {
  return pack.presets[key] || key;
}

/** A bot level in words ("medium" in the page's language). */
export function levelName(level) {
  return (pack.levels && pack.levels[level]) || level;
}

/** A seat's name as shown: a bot's in the page's language ("Bot 2 (medium)"), a person's as
 * they chose it; ``index`` counts seats from 0. */
export function seatName(seat, index) {
  if (seat && seat.bot) return t("Bot {number} ({level})", { number: index + 1, level: levelName(seat.bot) });
  return (seat && seat.name) || "?";
}

export function cardName(text) {
  return pack.cards[text] || text;
}

export function letters() {
  return pack.letters;
}

export function currentLanguage() {
  return pack.lang;
}
