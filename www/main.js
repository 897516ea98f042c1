// @ts-check
/** Boot: load the core and its catalogue, build the controls, restore the state, mount the views, expose `window.lab`. */

import init, * as wasm from "./pkg/perceptron_lab.js";
import { App } from "./app.js";
import { automation } from "./automation.js";
import { loadCatalogue } from "./catalogue.js";
import { AnimationPanel } from "./animation-panel.js";
import { ControlBar, bindCompare, bindFiles, fillPresetMenu, fillShownToggles, syncShownToggles } from "./controls.js";
import { CountPanel } from "./count-panel.js";
import { CurvePanel } from "./curve-panel.js";
import { applyForm } from "./curve-form.js";
import { bindControls, bindDataView, bindDataViewKeys, bindKeys, bindWeightView } from "./interaction.js";
import { applyLesson, layout } from "./layout.js";
import { restoreOrPreset, save } from "./persistence.js";
import { DataSpaceView } from "./data-view.js";
import { ReadoutView } from "./readout.js";
import { WeightView } from "./weight-view.js";
import { TeacherPanel } from "./teacher.js";

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
  const dataView = new DataSpaceView(el("data-view"));
  const weightView = new WeightView(el("weight-view"), el("weight-caption"));
  const app = new App(wasm, dataView, weightView, el);
  weightView.curveOf = (mu) => {
    const p = app.state.points[mu];
    return p ? wasm.exampleCurve(p.x, p.y, p.label, app.state.threshold) : null;
  };
  app.views = [dataView, weightView, new ReadoutView(el), new ControlBar(el), new AnimationPanel(el), new TeacherPanel(el), new CountPanel(el)];
  el("teacher-show").addEventListener("change", () => app.setShowTeacher(/** @type {HTMLInputElement} */ (el("teacher-show")).checked));
  el("teacher-relabel").addEventListener("click", () => app.relabelByTeacher());
  el("gibbs-resample").addEventListener("click", () => app.student.resample());
  el("add-example").addEventListener("click", () => {
    try {
      app.student.addExample();
    } catch (e) {
      app.setMessage(e.message, "error");
    }
  });
  for (const [id, key] of [
    ["anim-number", "numberPoints"],
    ["anim-final", "showFinal"],
    ["ring-strength", "ringsByStrength"],
  ]) {
    el(id).addEventListener("change", () => {
      app[key] = /** @type {HTMLInputElement} */ (el(id)).checked;
      app.scheduleRender();
    });
  }
  el("count-regions").addEventListener("change", () => {
    app.showRegions = /** @type {HTMLInputElement} */ (el("count-regions")).checked;
    app.scheduleRender();
  });
  app.onShownChanged = () => syncShownToggles(app, el);
  fillPresetMenu(el);
  fillShownToggles(app, el);
  bindCompare(app, el);
  layout(dataView, weightView);
  window.addEventListener("resize", () => {
    layout(dataView, weightView);
    app.scheduleRender();
  });
  bindDataView(app, dataView.canvas);
  bindDataViewKeys(app, dataView.canvas);
  bindWeightView(app, weightView.canvas);
  bindControls(app, el);
  bindKeys(app);
  bindFiles(app, wasm, el);
  const curves = new CurvePanel(wasm, el, (form) => {
    app.state.curves = form;
    save(app.state);
    app.saveToUrl();
  });
  restoreOrPreset(app, el);
  applyLesson(app, new URLSearchParams(location.search).get("hide"));
  if (app.state.curves) applyForm(el, app.state.curves);
  curves.preview(); // the theory curves at once, before any Run
  Object.assign(lab, automation(app, curves));
  app.render();
  registerOfflineCache();
  lab.readyAt = performance.now(); // ms since navigation start: how long until interactive
  resolveReady(lab);
  setTimeout(() => app.settler.warm(), WARM_WORKER_MS);
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
