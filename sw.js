// @ts-check
// Service worker: keeps every file the page needs, so that it works with the network cut once
// loaded. Network first (a rebuilt page is picked up at once), the cache when offline; the listed
// files are cached at install, any other same-origin GET when fetched.
const CACHE = "perceptron-lab-v16";
/** This script's global scope, `self`, as a service worker's. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const FILES = [
  "./",
  "./index.html",
  "./www/style.css",
  "./www/main.js",
  "./www/app.js",
  "./www/automation.js",
  "./www/catalogue.js",
  "./www/controls.js",
  "./www/layout.js",
  "./www/layout-presenter.js",
  "./www/layout-regions.js",
  "./www/control-groups.js",
  "./www/persistence.js",
  "./www/schema.js",
  "./www/state.js",
  "./www/data-view.js",
  "./www/weight-view.js",
  "./www/readout.js",
  "./www/interaction.js",
  "./www/animation.js",
  "./www/player-panel.js",
  "./www/player.js",
  "./www/race.js",
  "./www/count-panel.js",
  "./www/trace-chart.js",
  "./www/teacher.js",
  "./www/presets.js",
  "./www/io.js",
  "./www/download.js",
  "./www/curve-form.js",
  "./www/curve-import.js",
  "./www/curve-png.js",
  "./www/curve-series.js",
  "./www/curve-trace.js",
  "./www/assignments.js",
  "./www/curve-panel.js",
  "./www/worker-pool.js",
  "./www/sweep-clock.js",
  "./www/worker.js",
  "./www/wasm-build.js",
  "./www/settler.js",
  "./www/training-job.js",
  "./www/layer.js",
  "./www/label-place.js",
  "./www/canvas.js",
  "./www/canvas-text.js",
  "./www/counts.js",
  "./www/data-lines.js",
  "./www/data-points.js",
  "./www/data-sets.js",
  "./www/data-style.js",
  "./www/data-tooltip.js",
  "./www/file-controls.js",
  "./www/format.js",
  "./www/frame.js",
  "./www/lab-state.js",
  "./www/rings.js",
  "./www/ring-stamp.js",
  "./www/weight-curves.js",
  "./www/student.js",
  "./www/teacher-panel.js",
  "./www/train-settings.js",
  "./www/training.js",
  "./www/weight-circle.js",
  "./www/weight-landscape.js",
  "./www/weight-paths.js",
  "./www/weight-plot.js",
  "./www/weight-regions.js",
  "./www/zoom-follow.js",
  "./www/weight-gestures.js",
  "./www/pointer-tolerance.js",
  "./www/lesson.css",
  "./www/lesson.js",
  "./www/lesson-chapter.js",
  "./www/lesson-editor.js",
  "./www/lesson-format.js",
  "./www/lesson-link.js",
  "./www/lesson-own.js",
  "./www/lesson-store.js",
  "./www/lesson-text.js",
  "./www/lesson-view.js",
  "./www/lesson-keys.js",
  "./www/lesson-overlays.js",
  "./www/lesson-thumb.js",
  "./www/lesson-numbers.js",
  "./www/lesson-tasks.js",
  "./www/lesson-parts.js",
  "./www/rich-text.js",
  "./www/lesson-qr.js",
  "./www/speaker-view.js",
  "./www/lesson-handout.js",
  "./www/vendor/qrcode.mjs",
  "./www/vendor/temml.mjs",
  "./www/pkg/perceptron_lab.js",
  "./www/pkg/perceptron_lab_bg.wasm",
  "./www/pkg/perceptron_lab_baseline_bg.wasm",
  "./www/data/iris-setosa-versicolor.csv",
];

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(FILES))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (event) => {
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
