// The page's words: fetched from /api/strings/<lang> (the shared gettext catalogs).

let pack = { lang: "en", strings: {}, plurals: {}, errors: {}, cards: {}, letters: {}, suits: [] };

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

/** A refusal in words: the catalog's message for its code, else the server's own words. */
export function errorText(code, message) {
  return pack.errors[code] || message;
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
