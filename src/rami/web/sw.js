// The service worker (served at /sw.js with its version and shell filled in by the server):
// the app shell and the rules pages offline; never an API answer, a websocket or an account's page.

const VERSION = "__RAMI_VERSION__";
const SHELL = __RAMI_SHELL__;
const CACHE = `rami-${VERSION}`;
const RULES_PAGE = /^\/rules\/[a-z]{2}\/[a-z0-9_-]+$/;
const SHELL_PAGE = /^\/(t\/[A-Za-z0-9]+)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE) // past the browser's HTTP cache: its copy may be of the older version
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("rami-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
      for (const client of await self.clients.matchAll({ type: "window" })) {
        client.postMessage({ kind: "rami-active", version: VERSION });
      }
    })(),
  );
});

/** Keep ``response`` in this version's cache, unless a newer version has deleted it. */
async function keep(request, response) {
  if (await caches.has(CACHE)) await (await caches.open(CACHE)).put(request, response);
}

/** The network's answer, kept for later when it is a whole same-site page; the kept copy when
 * the network fails. */
async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await keep(request, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** A page of the app (the lobby, a table): the network's answer, the kept lobby offline. */
async function shellPage(request) {
  try {
    const response = await fetch(request);
    if (response.ok && new URL(request.url).pathname === "/") await keep("/", response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match("/", { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const kept = await caches.match(request, { cacheName: CACHE });
  return kept || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.search) return;
  if (RULES_PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  } else if (request.mode === "navigate" && SHELL_PAGE.test(url.pathname)) {
    event.respondWith(shellPage(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

// Web Push: show what the server sent (its words are in the payload) and open its table on click.
self.addEventListener("push", (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || "Rami", {
      body: data.body || "",
      tag: data.tag,
      icon: "/static/icons/icon-192.png",
      data: { url: data.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin);
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // the table's own page when it is open (whatever its #seat=…), else any page of the app
      const open = pages.find((page) => new URL(page.url).pathname === url.pathname);
      if (open) return open.focus();
      const other = pages.find((page) => "navigate" in page);
      if (other) {
        const focused = await other.focus();
        return focused.navigate(url.href);
      }
      return self.clients.openWindow(url.href);
    })(),
  );
});
