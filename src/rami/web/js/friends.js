// Friends in the page: the Follow button (on a profile, at the end of a game), the lobby's
// friends panel (who is online and at which table, invitations to accept, friends' games) and
// inviting a friend from a table's waiting room. GET /api/friends, polled while a page shows
// friends, also tells the server that the account is online.

import { html, nothing, render } from "../vendor/lit-html/lit-html.js";
import { errorText, t } from "./i18n.js";
import { currentAccount, request } from "./session.js";

export const FRIENDS_POLL_MS = 4000;
const INVITED_KEY = "rami-invited-";

let listing = null; // the last answer of GET /api/friends (null: not asked yet)
let poller = null;
const watchers = new Set();

function same(a, b) {
  return a.toLowerCase() === b.toLowerCase();
}

function problem(answer) {
  return errorText(answer.data && answer.data.code, answer.data && answer.data.message);
}

/** Ask the server for the friends' listing again; tell the watchers when it changed. */
export async function refreshFriends() {
  const answer = await request("GET", "/api/friends");
  if (!answer.ok) return listing;
  const changed = JSON.stringify(answer.data) !== JSON.stringify(listing);
  listing = answer.data;
  if (changed) for (const watcher of [...watchers]) watcher(listing);
  return listing;
}

/** Call ``onChange(listing)`` whenever the listing changes, until it answers false; the
 * listing is polled while some watcher is there and the page is visible. */
function watch(onChange) {
  const watcher = (value) => {
    if (onChange(value) === false) watchers.delete(watcher);
  };
  watchers.add(watcher);
  if (poller) return;
  const tick = async () => {
    if (!watchers.size) {
      poller = null;
      return;
    }
    if (document.visibilityState !== "hidden") {
      try {
        await refreshFriends();
      } catch {
        // offline for a moment: the next tick asks again
      }
    }
    poller = setTimeout(tick, FRIENDS_POLL_MS);
  };
  poller = setTimeout(tick, 0);
}

/** The board re-draws when the friends' listing changes (once per board, for an account). */
function watchBoard(board) {
  if (board.friendsWatched || !board.account) return;
  board.friendsWatched = true;
  watch(() => {
    if (!board.root.isConnected) return false;
    board.render();
    return true;
  });
}

function following(name) {
  if (!listing) return false;
  return listing.friends.some((f) => same(f.name, name)) || listing.following.some((n) => same(n, name));
}

/** Follow (``on``) or unfollow ``name``; the words saying what changed. */
async function setFollowing(name, on) {
  const answer = await request(on ? "PUT" : "DELETE", `/api/follows/${encodeURIComponent(name)}`);
  if (!answer.ok) return problem(answer);
  const after = await refreshFriends();
  if (!on) return t("You no longer follow {name}.", { name });
  const friend = after && after.friends.some((f) => same(f.name, name));
  return friend ? t("You and {name} are friends now.", { name }) : t("You follow {name}.", { name });
}

/** The Follow / Unfollow button for ``name`` (nothing for a guest or oneself); ``done(words)``
 * once the change is made. */
export function followButtonView(name, account, done) {
  if (!account || !name || same(name, account.name)) return nothing;
  const on = following(name);
  const toggle = async () => done(await setFollowing(name, !on));
  return html`<button class="follow" data-follow=${name} aria-pressed=${on ? "true" : "false"} @click=${toggle}
    >${t(on ? "Unfollow {name}" : "Follow {name}", { name })}</button>`;
}

/** The profile's Follow button, once the listing is known (``redraw(words)`` after a change). */
export async function profileFollowView(name, account, redraw) {
  if (!account || same(name, account.name)) return nothing;
  await refreshFriends();
  return html`<div class="buttons" id="profile-follow">${followButtonView(name, account, redraw)}</div>`;
}

/** After a match: a Follow button for each other player with an account. */
export function followAfterGameView(board) {
  const account = board.account;
  if (!account) return nothing;
  watchBoard(board);
  const names = board.snap.table.seats.map((s) => s.account).filter((n) => n && !same(n, account.name));
  if (!names.length || !listing) return nothing;
  const done = (words) => {
    board.followStatus = words;
    board.render();
  };
  return html`<p class="buttons follow-after" id="follow-after">${names.map((n) => followButtonView(n, account, done))}
    <span id="follow-status" role="status">${board.followStatus || ""}</span></p>`;
}

/** Arriving from an accepted invitation: take a free seat once (a logged-in watcher). */
function takeInvitedSeat(board) {
  const key = INVITED_KEY + board.tableId;
  if (!sessionStorage.getItem(key) || board.seat !== null) return;
  const info = board.snap.table;
  if (info.status === "closed" || !info.seats.some((s) => !s.taken)) return;
  sessionStorage.removeItem(key);
  queueMicrotask(() => board.send({ type: "join", name: board.account.name }));
}

async function invite(board, name) {
  const answer = await request("POST", "/api/invitations", { name, table: board.tableId });
  board.inviteStatus = answer.ok ? t("Invitation sent to {name}.", { name }) : problem(answer);
  board.render();
}

/** The waiting room's "Invite a friend": the friends online elsewhere, each with a button. */
export function inviteFriendsView(board) {
  if (!board.account) return nothing;
  takeInvitedSeat(board);
  watchBoard(board);
  const online = listing ? listing.friends.filter((f) => f.online && f.table !== board.tableId) : null;
  const list = online === null
    ? html`<p class="hint-text">${t("Loading…")}</p>`
    : online.length
      ? html`<ul class="friend-list">${online.map((f) => html`<li data-friend=${f.name}>${f.name}
          <button data-invite=${f.name} @click=${() => invite(board, f.name)}>${t("Invite {name}", { name: f.name })}</button></li>`)}</ul>`
      : html`<p class="hint-text">${t("None of your friends is online.")}</p>`;
  return html`<section id="invite-friends" aria-labelledby="invite-friends-title">
    <h2 id="invite-friends-title">${t("Invite a friend")}</h2>${list}
    <p id="invite-status" role="status">${board.inviteStatus || ""}</p></section>`;
}

/** Accept invitation ``id``: the page goes to its table and takes a free seat there; the
 * refusal's answer otherwise (expired, or not one's own). */
export async function acceptInvitation(id) {
  const answer = await request("POST", `/api/invitations/${id}/accept`);
  if (answer.ok) {
    sessionStorage.setItem(INVITED_KEY + answer.data.table, "1");
    location.assign(answer.data.url);
  }
  return answer;
}

async function accept(invitation, panel) {
  const answer = await acceptInvitation(invitation.id);
  if (!answer.ok) {
    panel.status = problem(answer);
    await refreshFriends();
    panel.redraw();
  }
}

async function decline(invitation, panel) {
  const answer = await request("DELETE", `/api/invitations/${invitation.id}`);
  panel.status = answer.ok ? t("Invitation declined.") : problem(answer);
  await refreshFriends();
  panel.redraw();
}

function tableLink(table) {
  return html`<a class="button" href=${`/t/${encodeURIComponent(table)}`}
    aria-label=${t("Go to table {id}", { id: table })}>${t("Watch")}</a>`;
}

function friendView(friend) {
  const where = friend.table ? t("At table {id}", { id: friend.table }) : t(friend.online ? "Online" : "Offline");
  return html`<li data-friend=${friend.name} class=${friend.online ? "online" : "offline"}>
    <span class="what"><a href=${`/players/${encodeURIComponent(friend.name)}`}>${friend.name}</a></span>
    <span class="more">${where}</span>${friend.table ? tableLink(friend.table) : nothing}</li>`;
}

function panelView(data, panel) {
  const invitations = data.invitations.length
    ? html`<h3>${t("Invitations")}</h3><ul class="table-list" id="invitations">${data.invitations.map((i) => html`
        <li data-invitation=${i.id}><span class="what">${t("{name} invites you to table {table}.", { name: i.from, table: i.table })}</span>
          <button class="primary" @click=${() => accept(i, panel)}>${t("Accept")}</button>
          <button data-decline=${i.id} @click=${() => decline(i, panel)}
            aria-label=${t("Decline the invitation of {name}", { name: i.from })}>${t("Decline")}</button></li>`)}</ul>`
    : nothing;
  const friends = data.friends.length
    ? html`<ul class="table-list" id="friends-list">${data.friends.map(friendView)}</ul>`
    : html`<p class="hint-text" id="no-friends">${t("No friends yet: follow players from their profile or after a game; those who follow you back are your friends.")}</p>`;
  const others = data.following.length
    ? html`<p class="hint-text" id="following">${t("You follow, not followed back: {names}", { names: data.following.join(", ") })}</p>`
    : nothing;
  const games = data.games.length
    ? html`<h3>${t("Friends' games")}</h3><ul class="table-list" id="friends-games">${data.games.map((g) => html`
        <li data-table=${g.table}><span class="what">${t("Table {id}", { id: g.table })}</span>
          <span class="who">${g.friends.join(", ")}</span>${tableLink(g.table)}</li>`)}</ul>`
    : nothing;
  return html`<h2 id="friends-title">${t("Friends")}</h2>${invitations}${friends}${others}${games}
    <p id="friends-status" role="status">${panel.status}</p>`;
}

/** The lobby's friends panel (for an account), at the top of the lobby's live column. */
export async function showFriends(root) {
  const account = await currentAccount();
  const column = root.querySelector("#lobby-live");
  if (!account || !column || !root.isConnected) return;
  const box = document.createElement("section");
  box.className = "card-panel";
  box.id = "friends";
  box.setAttribute("aria-labelledby", "friends-title");
  column.prepend(box);
  const panel = { status: "", redraw: () => draw(listing) };
  const draw = (data) => {
    if (!box.isConnected) return false;
    if (data) render(panelView(data, panel), box);
    return true;
  };
  render(html`<h2 id="friends-title">${t("Friends")}</h2><p class="hint-text">${t("Loading…")}</p>`, box);
  watch(draw);
  draw(await refreshFriends());
}
