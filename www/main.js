// @ts-check
/** Boot: load the core and its catalogue, build the controls, restore the state, mount the views, expose `window.lab`. */

import init, * as wasm from "./pkg/perceptron_lab.js";
import { AnimationPanel } from "./animation-panel.js";
import { App } from "./app.js";
import { automation } from "./automation.js";
import { loadCatalogue } from "./catalogue.js";
import { useTraceCore } from "./trace-chart.js";
import { ControlBar, bindCompare, fillPresetMenu, fillShownToggles, syncShownToggles } from "./controls.js";
import { CountPanel } from "./count-panel.js";
import { CurvePanel } from "./curve-panel.js";
import { applyForm } from "./curve-form.js";
import { teacherForm } from "./data-sets.js";
import { DataSpaceView } from "./data-view.js";
import { bindFiles } from "./file-controls.js";
import { bindControls, bindDataView, bindDataViewKeys, bindKeys, bindPanels, bindWeightView } from "./interaction.js";
import { PageView, applyLesson, layout } from "./layout.js";
import { restoreOrPreset, save } from "./persistence.js";
import { ReadoutView } from "./readout.js";
import { TeacherPanel } from "./teacher-panel.js";
import { WeightView } from "./weight-view.js";

const el = (id) => document.getElementById(id);
let resolveReady;
let rejectReady;
const lab = {
  ready: new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  }),
};
window.lab = lab;

async function boot() {
  // the single-file build passes the wasm bytes it carries; the site fetches www/pkg/…_bg.wasm
  await init(globalThis.PLAB_WASM ? { module_or_path: globalThis.PLAB_WASM } : undefined);
  loadCatalogue(wasm);
  useTraceCore(wasm);
  const canvas = (id) => /** @type {HTMLCanvasElement} */ (el(id));
  const dataView = new DataSpaceView(canvas("data-view"));
  const weightView = new WeightView(canvas("weight-view"), el("weight-caption"));
  const app = new App(wasm);
  app.views = [
    new PageView(dataView, weightView),
    dataView,
    weightView,
    new ReadoutView(el),
    new ControlBar(el),
    new AnimationPanel(el),
    new TeacherPanel(el),
    new CountPanel(el),
  ];
  app.onShownChanged = () => syncShownToggles(app.state, el);
  fillPresetMenu(el);
  fillShownToggles(app, el);
  bindCompare(app, el);
  layout(dataView, weightView);
  window.addEventListener("resize", () => {
    layout(dataView, weightView);
    app.scheduleRender();
  });
  bindDataView(app, dataView);
  bindDataViewKeys(app, dataView);
  bindWeightView(app, weightView);
  bindControls(app, el, weightView);
  bindPanels(app, el);
  bindKeys(app, weightView);
  bindFiles(app, wasm, el, { dataView, weightView });
  const curves = new CurvePanel(wasm, el, (form) => {
    app.state.curves = form;
    save(app.state);
    app.saveToUrl();
  });
  restoreOrPreset(app, teacherForm(el));
  syncShownToggles(app.state, el);
  applyLesson(app, new URLSearchParams(location.search).get("hide"));
  if (app.state.curves) applyForm(el, app.state.curves);
  curves.preview(); // the theory curves at once, before any Run
  Object.assign(lab, automation({ wasm, app, curves, dataView, weightView, el }));
  app.render();
  registerOfflineCache();
  lab.readyAt = performance.now(); // ms since navigation start: how long until interactive
  resolveReady(lab);
  setTimeout(() => app.training.warm(), WARM_WORKER_MS);
}

/** How long after the page is interactive the training worker is started (so that its first drag finds it ready). */
const WARM_WORKER_MS = 500;

/** Registers the service worker (sw.js) that keeps the page usable offline once loaded. */
function registerOfflineCache() {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
  const root = new URL("../", import.meta.url);
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href }).catch((e) => {
    console.warn(`offline cache not available: ${e.message}`);
  });
}

boot().catch((e) => {
  const status = el("status");
  if (status) {
    status.textContent = `The page could not start: ${e.message}`;
    status.className = "error";
  }
  rejectReady(e);
  throw e;
});
