// Service worker: keeps every file the page needs, so that it works with the network cut once
// loaded. Network first (a rebuilt page is picked up at once), the cache when offline; the listed
// files are cached at install, any other same-origin GET when fetched.
const CACHE = "perceptron-lab-v33";
/** This script's global scope, `self`, as a service worker's. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const FILES = [
  "./",
  "./index.html",
  "./www/style.css",
  "./www/main.js",
  "./www/bundle/main.js",
  "./www/app/site-root.js",
  "./www/app/controller.js",
  "./www/automation/lab.js",
  "./www/app/catalogue.js",
  "./www/controls/catalogue-controls.js",
  "./www/layout/layout.js",
  "./www/layout/layout-presenter.js",
  "./www/layout/layout-regions.js",
  "./www/controls/bar-groups.js",
  "./www/files/persistence.js",
  "./www/app/state-fields.js",
  "./www/app/state.js",
  "./www/views/data/data-view.js",
  "./www/views/weight/weight-view.js",
  "./www/views/readout.js",
  "./www/input/interaction.js",
  "./www/input/data-view-input.js",
  "./www/animation/training-animation.js",
  "./www/views/player-panel.js",
  "./www/animation/player.js",
  "./www/animation/race.js",
  "./www/animation/compare-mode.js",
  "./www/views/count-panel.js",
  "./www/views/trace-chart.js",
  "./www/training/teacher.js",
  "./www/app/presets.js",
  "./www/files/data-io.js",
  "./www/files/download.js",
  "./www/curves/curve-form.js",
  "./www/curves/curve-import.js",
  "./www/curves/curve-png.js",
  "./www/curves/series-labels.js",
  "./www/curves/curve-trace.js",
  "./www/curves/assignments.js",
  "./www/curves/assignment-runs.js",
  "./www/curves/curve-panel.js",
  "./www/curves/curve-charts.js",
  "./www/curves/curve-hits.js",
  "./www/curves/curve-sweep.js",
  "./www/curves/kept-series.js",
  "./www/workers/worker-pool.js",
  "./www/curves/sweep-clock.js",
  "./www/workers/worker.js",
  "./www/app/wasm-build.js",
  "./www/app/boot-start.js",
  "./www/workers/settle-client.js",
  "./www/workers/settle-job.js",
  "./www/views/layer.js",
  "./www/views/label-place.js",
  "./www/views/canvas.js",
  "./www/text/canvas-text.js",
  "./www/training/cover-counts.js",
  "./www/views/data/data-lines.js",
  "./www/views/data/data-axes.js",
  "./www/views/data/data-points.js",
  "./www/app/data-sets.js",
  "./www/views/data/data-style.js",
  "./www/views/data/data-tooltip.js",
  "./www/files/file-controls.js",
  "./www/text/format.js",
  "./www/app/view-frame.js",
  "./www/automation/get-state.js",
  "./www/views/data/rings.js",
  "./www/views/data/ring-stamp.js",
  "./www/views/weight/weight-curves.js",
  "./www/training/student-stream.js",
  "./www/views/teacher-panel.js",
  "./www/training/core-settings.js",
  "./www/training/data-view-training.js",
  "./www/views/weight/weight-circle.js",
  "./www/views/weight/weight-landscape.js",
  "./www/views/weight/weight-paths.js",
  "./www/views/weight/weight-plot.js",
  "./www/views/weight/weight-regions.js",
  "./www/views/weight/zoom-follow.js",
  "./www/input/weight-gestures.js",
  "./www/input/pointer-tolerance.js",
  "./www/lessons/lesson.css",
  "./www/lessons/lesson.js",
  "./www/lessons/lesson-chapter.js",
  "./www/lessons/lesson-editor.js",
  "./www/lessons/lesson-format.js",
  "./www/lessons/lesson-link.js",
  "./www/lessons/own-lessons.js",
  "./www/lessons/own-lesson-edits.js",
  "./www/lessons/lesson-database.js",
  "./www/lessons/lesson-text.js",
  "./www/lessons/lesson-view.js",
  "./www/lessons/lesson-keys.js",
  "./www/lessons/lesson-overlays.js",
  "./www/lessons/lesson-thumb.js",
  "./www/lessons/lesson-numbers.js",
  "./www/lessons/lesson-tasks.js",
  "./www/lessons/lesson-parts.js",
  "./www/text/rich-text.js",
  "./www/lessons/lesson-qr.js",
  "./www/lessons/speaker-view.js",
  "./www/lessons/lesson-handout.js",
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
