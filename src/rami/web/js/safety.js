// Safety in the page: the report dialog (from a chat line, the players at a table or a
// profile), blocking a player, and the words for the reasons.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { errorText, t } from "./i18n.js";
import { request } from "./session.js";

export const REASONS = [
  ["cheating", "Cheating or collusion"],
  ["abusive_chat", "Abusive chat"],
  ["leaving", "Leaving games"],
  ["name", "Offensive name"],
];

/** The words of a report reason. */
export function reasonText(code) {
  const found = REASONS.find(([key]) => key === code);
  return found ? t(found[1]) : code;
}

/** Open the report dialog about ``name``; ``quoted`` is the reported chat line (or null).
 * ``send({reason, note})`` files it and resolves to an error text or null (filed). */
export function openReport(name, quoted, send) {
  let dialog = document.getElementById("report-dialog");
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.id = "report-dialog";
    dialog.className = "card-panel report-dialog";
    dialog.setAttribute("aria-labelledby", "report-title");
    document.body.append(dialog);
  }
  const draw = (status, done) => {
    render(html`<h2 id="report-title">${t("Report {name}", { name })}</h2>
      ${quoted ? html`<blockquote id="report-line">${quoted}</blockquote>` : ""}
      <form id="report-form" method="dialog" @submit=${submit}>
        <fieldset><legend>${t("Reason")}</legend>${REASONS.map(([key, label], i) => html`
          <label><input type="radio" name="reason" value=${key} ?checked=${quoted ? key === "abusive_chat" : i === 0}> ${t(label)}</label>`)}
        </fieldset>
        <label for="report-note">${t("What happened (optional)")}</label>
        <textarea id="report-note" maxlength="500" rows="3"></textarea>
        <p id="report-status" role="status">${status}</p>
        <div class="buttons">
          ${done ? "" : html`<button id="report-send">${t("Send the report")}</button>`}
          <button type="button" id="report-close" @click=${() => dialog.close()}>${t(done ? "Close" : "Cancel")}</button>
        </div></form>`, dialog);
  };
  async function submit(event) {
    event.preventDefault();
    const form = dialog.querySelector("#report-form");
    const reason = form.querySelector("input[name=reason]:checked").value;
    const note = form.querySelector("#report-note").value;
    const problem = await send({ reason, note });
    draw(problem || t("Thank you: the moderators will read your report."), !problem);
  }
  draw("", false);
  if (!dialog.open) dialog.showModal();
  dialog.querySelector("input[name=reason]:checked").focus();
}

/** Report ``name`` from a profile (over HTTP); an error text or null. */
export async function reportFromProfile(name, { reason, note }) {
  const answer = await request("POST", "/api/reports", { name, reason, note });
  return answer.ok ? null : errorText(answer.data && answer.data.code, answer.data && answer.data.message);
}

/** Block (``on``) or unblock ``name``; an error text or null. */
export async function setBlocked(name, on) {
  const url = `/api/blocks/${encodeURIComponent(name)}`;
  const answer = await request(on ? "PUT" : "DELETE", url);
  return answer.ok ? null : errorText(answer.data && answer.data.code, answer.data && answer.data.message);
}

/** The names the logged-in account blocks. */
export async function blockedNames() {
  const answer = await request("GET", "/api/blocks");
  return answer.ok ? answer.data.blocked : [];
}
