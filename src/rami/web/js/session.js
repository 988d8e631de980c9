// Who is logged in (GET /api/me) and the JSON requests the accounts API takes: a changing
// request carries the session's CSRF token in the X-CSRF-Token header (the browser adds Origin).

let account;

function cookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/** The logged-in account ({name, ratings, settings, csrf_token}), or null for a guest. */
export async function currentAccount(fresh = false) {
  if (account === undefined || fresh) {
    try {
      const response = await fetch("/api/me", { credentials: "same-origin" });
      account = response.ok ? await response.json() : null;
    } catch {
      return null; // offline: a guest for now, asked again next time
    }
  }
  return account;
}

/** Forget the cached account (after logging in or out). */
export function setAccount(value) {
  account = value;
}

/** A JSON request; answers {ok, status, data} (data is null when the body is not JSON).
 * ``keepalive``: the request outlives the page (a last word as it goes away). */
export async function request(method, url, body = undefined, { keepalive = false } = {}) {
  const headers = { Accept: "application/json" };
  const token = cookie("rami_csrf") || (account && account.csrf_token);
  if (token) headers["X-CSRF-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method,
    headers,
    credentials: "same-origin",
    keepalive,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}
