// Play over days on the table form: the long turn timers (an hour to three days) and what a
// timed-out turn leads to (a bot plays it, or the seat forfeits after N timeouts); and the
// words for a timer or the time left, in seconds, minutes, hours or days.

import { html } from "../vendor/lit-html/lit-html.js";
import { t } from "./i18n.js";

const HOUR = 3600;
const DAY = 24 * HOUR;
const LONG_WORDS = {
  [HOUR]: "1 hour per turn",
  [8 * HOUR]: "8 hours per turn",
  [DAY]: "1 day per turn",
  [3 * DAY]: "3 days per turn",
};
export const LONG_TIMERS = [HOUR, 8 * HOUR, DAY, 3 * DAY];
const FORFEIT_AFTER = [1, 2, 3, 4, 5];

/** A time left in words: "45 s", "12 min", "7 h 59 min", "2 d 23 h". */
export function durationWords(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s >= DAY) return t("{days} d {hours} h", { days: Math.floor(s / DAY), hours: Math.floor((s % DAY) / HOUR) });
  if (s >= HOUR) {
    const minutes = Math.floor((s % HOUR) / 60);
    return minutes ? t("{hours} h {minutes} min", { hours: Math.floor(s / HOUR), minutes }) : t("{hours} h", { hours: s / HOUR });
  }
  if (s >= 600) return t("{minutes} min", { minutes: Math.floor(s / 60) });
  return `${s} s`;
}

/** The turn timer of a table in words ("1 day per turn", "60 s per turn"). */
export function timerWords(seconds) {
  return seconds in LONG_WORDS ? t(LONG_WORDS[seconds]) : t("{seconds} s per turn", { seconds });
}

/** The long timers, as options of the turn timer's select. */
export function longTimerOptions() {
  return html`<optgroup label=${t("Play over days")}>${LONG_TIMERS.map(
    (s) => html`<option value=${s}>${timerWords(s)}</option>`)}</optgroup>`;
}

/** What a timed-out turn leads to (shown with a long timer only). */
export function timeoutRuleFields() {
  return html`<fieldset id="timeout-rule" hidden><legend>${t("When a player runs out of time")}</legend>
    <label>${t("Timeout rule")} <select name="timeout_rule">
      <option value="bot">${t("A bot plays their turn")}</option>
      <option value="forfeit">${t("They forfeit the match after some timeouts")}</option></select></label>
    <label>${t("Timeouts before the forfeit")} <select name="forfeit_after" disabled>${FORFEIT_AFTER.map(
      (n) => html`<option value=${n} ?selected=${n === 3}>${n}</option>`)}</select></label></fieldset>`;
}

/** Show the timeout rule with a long timer, the number of timeouts with the forfeit rule. */
export function followTimer(form) {
  const long = LONG_TIMERS.includes(Number(form.turn_timer.value));
  form.querySelector("#timeout-rule").hidden = !long;
  form.forfeit_after.disabled = !long || form.timeout_rule.value !== "forfeit";
}

/** The fields the form adds to ``POST /api/tables`` for play over days. */
export function daysBody(form) {
  const long = LONG_TIMERS.includes(Number(form.turn_timer.value));
  if (!long || form.timeout_rule.value !== "forfeit") return {};
  return { timeout_rule: "forfeit", forfeit_after: Number(form.forfeit_after.value) };
}

/** Follow the timer and the rule as the player changes them. */
export function watchTimer(form) {
  followTimer(form);
  form.turn_timer.addEventListener("change", () => followTimer(form));
  form.timeout_rule.addEventListener("change", () => followTimer(form));
}
