// The moderators' page (/moderation): the open reports with the reported line and the game
// record, an action on the reported account (warn, mute, rated ban, close, dismiss), and the
// audit log of every action.

import { html, render } from "../vendor/lit-html/lit-html.js";
import { currentLanguage, errorText, t } from "./i18n.js";
import { startPage } from "./page.js";
import { reasonText } from "./safety.js";
import { request } from "./session.js";

const ACTIONS = [
  ["warn", "Warn"],
  ["mute", "Mute"],
  ["unmute", "Lift the mute"],
  ["ban_rated", "Ban from rated play"],
  ["unban_rated", "Lift the rated ban"],
  ["close", "Close the account"],
  ["dismiss", "Dismiss the report"],
];

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
}

const actionText = (code) => t((ACTIONS.find(([key]) => key === code) || [code, code])[1]);

function reportView(report, redraw) {
  const id = `report-${report.id}`;
  async function act(event) {
    event.preventDefault();
    const form = event.target;
    const action = form.querySelector("[name=action]").value;
    const minutes = Number(form.querySelector("[name=minutes]").value) || null;
    const body = { name: report.reported, action, reason: form.querySelector("[name=reason]").value, report: report.id };
    if (action === "mute") body.minutes = minutes;
    const answer = await request("POST", "/api/moderation/actions", body);
    if (answer.ok) return redraw(t("Done: {action} for {name}.", { action: actionText(action), name: report.reported }));
    form.querySelector(".error").textContent = errorText(answer.data && answer.data.code, answer.data && answer.data.message);
  }
  return html`<li class="report" data-report=${report.id} aria-labelledby=${`${id}-title`}>
    <h3 id=${`${id}-title`}>${t("{reporter} reports {reported}: {reason}", {
      reporter: report.reporter, reported: report.reported, reason: reasonText(report.reason) })}</h3>
    <p class="hint-text">${when(report.created)}${report.table ? html` · <a href=${`/replay/${encodeURIComponent(report.table)}`}>${t("Table {id}", { id: report.table })}</a>` : ""}</p>
    ${report.note ? html`<p class="note">${report.note}</p>` : ""}
    ${report.line ? html`<blockquote class="reported-line"><strong>${report.line.name || "?"}</strong>: ${report.line.text}</blockquote>` : ""}
    ${report.record ? html`<details><summary>${t("Game record")}</summary><pre class="record">${report.record}</pre></details>` : ""}
    <form class="moderate" @submit=${act}>
      <label>${t("Action")} <select name="action">${ACTIONS.map(([key, label]) => html`<option value=${key}>${t(label)}</option>`)}</select></label>
      <label>${t("Minutes (mute)")} <input name="minutes" type="number" min="1" max="129600" value="60"></label>
      <label>${t("Reason")} <input name="reason" required maxlength="500"></label>
      <button>${t("Apply")}</button>
      <p class="error" role="alert"></p></form></li>`;
}

function auditView(audit) {
  if (!audit.length) return html`<p class="hint-text">${t("No action yet.")}</p>`;
  return html`<table class="results" id="audit"><thead><tr>
      <th scope="col">${t("When")}</th><th scope="col">${t("Moderator")}</th><th scope="col">${t("Player")}</th>
      <th scope="col">${t("Action")}</th><th scope="col">${t("Reason")}</th></tr></thead>
    <tbody>${audit.map((entry) => html`<tr data-audit=${entry.id}><td>${when(entry.at)}</td><td>${entry.moderator}</td>
      <td>${entry.account}</td><td>${actionText(entry.action)}${entry.minutes ? ` (${t("{minutes} min", { minutes: entry.minutes })})` : ""}</td>
      <td>${entry.reason}</td></tr>`)}</tbody></table>`;
}

async function draw(main, _meta, _account, status = "") {
  document.title = `Rami — ${t("Moderation")}`;
  const answer = await request("GET", "/api/moderation");
  if (!answer.ok) {
    render(html`<section class="card-panel"><h1>${t("Moderation")}</h1>
      <p class="error" role="alert" id="moderation-refused">${errorText(answer.data && answer.data.code, answer.data && answer.data.message)}</p></section>`, main);
    return;
  }
  const redraw = (text) => draw(main, _meta, _account, text);
  const { reports, audit } = answer.data;
  render(html`<section class="card-panel wide moderation" aria-labelledby="moderation-title">
      <h1 id="moderation-title">${t("Moderation")}</h1>
      <p id="moderation-status" role="status">${status}</p>
      <h2 id="queue-title">${t("Open reports")}</h2>
      ${reports.length ? html`<ol id="queue" aria-labelledby="queue-title">${reports.map((r) => reportView(r, redraw))}</ol>`
        : html`<p class="hint-text" id="queue-empty">${t("No open report.")}</p>`}
      <h2 id="audit-title">${t("Audit log")}</h2>
      <div class="scroll" role="region" aria-labelledby="audit-title" tabindex="0">${auditView(audit)}</div>
    </section>`, main);
}

startPage(draw);
