// The service worker: the page shell (HTML, scripts, styles, icons) kept for when the
// network is slow or gone, so the table opens from the home screen like an app. Only the
// shell, and the games the room deals (/api/games: the server's variant table, which the
// pages draw from and which changes only with the server): the rest of the API, the
// WebSocket and anything else that is game state always goes to the server. Network
// first: a new version of the room is used as soon as it is served.

const CACHE = "pokernight-shell-v2";
const SHELL = [
  "/", "/index.html", "/stream.html", "/manifest.webmanifest", "/css/app.css", "/css/stream.css",
  "/icons/icon.svg", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/apple-touch-icon.png",
  "/icons/robot.svg", "/js/main.js", "/api/games",
  ...["en", "es", "de"].flatMap((language) => ["common", "table", "rooms", "access", "hands", "refusals"]
    .map((part) => `/i18n/${language}/${part}.json`)),
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name !== CACHE).map((name) => caches.delete(name)))));
  self.clients.claim();
});

function isShell(url) {
  if (url.origin === self.location.origin && url.pathname === "/api/games") return true;
  return url.origin === self.location.origin && !url.pathname.startsWith("/api/")
    && !url.pathname.startsWith("/ws/") && !url.pathname.startsWith("/stream/");
}

// A tap on a turn notification (alerts.js) brings the table's page back to the front.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then((pages) => (pages.length ? pages[0].focus() : self.clients.openWindow("/"))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !isShell(url)) return; // the server answers it, as ever
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  }).catch(() => caches.match(request, { ignoreSearch: true })
    // Offline, a page not kept is the lobby; a script or a style not kept fails as it is.
    .then((kept) => kept ?? (request.mode === "navigate" ? caches.match("/index.html") : kept))));
});
