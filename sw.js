// Service worker: keeps every file the page needs, so that it works with the network cut once
// loaded. Cache-first for the listed files; any other same-origin GET is cached when fetched.
const CACHE = "perceptron-lab-v2";
const FILES = [
  "./",
  "./index.html",
  "./www/style.css",
  "./www/main.js",
  "./www/app.js",
  "./www/state.js",
  "./www/algorithms.js",
  "./www/render.js",
  "./www/weight-view.js",
  "./www/readout.js",
  "./www/interaction.js",
  "./www/animation.js",
  "./www/presets.js",
  "./www/io.js",
  "./www/curves.js",
  "./www/curve-panel.js",
  "./www/worker.js",
  "./www/pkg/perceptron_lab.js",
  "./www/pkg/perceptron_lab_bg.wasm",
  "./www/data/iris-setosa-versicolor.csv",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  // network first (a rebuilt page is picked up at once), the cache when offline
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((c) => c.put(event.request, copy));
        }
        return response;
      })
      .catch(() => caches.match(event.request, { ignoreSearch: true }).then((hit) => hit ?? Response.error())),
  );
});
