/** Boot: load the core, restore the state, mount the views, expose `window.lab`. */

import init, * as wasm from "./pkg/perceptron_lab.js";
import { App } from "./app.js";
import { CurvePanel } from "./curve-panel.js";
import { DataView } from "./render.js";
import { WeightView } from "./weight-view.js";
import { bindControls, bindDataView, bindKeys, bindWeightView } from "./interaction.js";
import { ALGORITHMS, CORE, checkRules, loadStored, save, SHOWN_NAMES } from "./state.js";
import { applyForm, checkForm } from "./curves.js";
import { INFO } from "./algorithms.js";
import { decodeHash, exportPng, exportPoints, readDataFile } from "./io.js";
import { DEFAULT_PRESET, FILE_PRESETS, FIXED_PRESETS, GENERATED_PRESETS } from "./presets.js";
import { COLORS, LINE_DASH, NAMES } from "./render.js";

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
  const dataView = new DataView(el("data-view"));
  const weightView = new WeightView(el("weight-view"));
  const app = new App(wasm, dataView, weightView, el);
  app.onShownChanged = () => syncShownToggles(app);
  fillPresetMenu();
  fillShownToggles(app);
  layout(dataView, weightView);
  window.addEventListener("resize", () => {
    layout(dataView, weightView);
    app.scheduleRender();
  });
  bindDataView(app, dataView.canvas);
  bindWeightView(app, weightView.canvas);
  bindControls(app, el);
  bindKeys(app);
  bindFiles(app);
  restoreOrPreset(app);
  applyLesson(app, new URLSearchParams(location.search).get("hide"));
  const curves = new CurvePanel(wasm, el, (form) => {
    app.state.curves = form;
    save(app.state);
    app.saveToUrl();
  });
  if (app.state.curves) applyForm(el, app.state.curves);
  Object.assign(lab, automation(app, curves));
  app.render();
  registerOfflineCache();
  lab.readyAt = performance.now(); // ms since navigation start: how long until interactive
  resolveReady(lab);
}

/** `window.lab`, as promised by DESIGN.md ("Automation interface"), plus a few extensions. */
function automation(app, curves) {
  return {
    /** Extension: runs a learning-curve sweep in the workers; resolves `{rows, csv, ms}`. */
    runLearningCurve: (params) => curves.run(params),
    /** Extension: cancels a running sweep (its promise rejects with an AbortError). */
    cancelLearningCurve: () => curves.cancel(),
    /** The points, mode and every algorithm's result. */
    getState: () => app.getState(),
    /** Replaces the points; throws an Error with a clear message and keeps the old ones on bad input. */
    setPoints: (points) => {
      app.setPoints(points);
      app.render();
    },
    /** Client (CSS pixel) coordinates of data point (x, y) in the data view. */
    dataToClient: (x, y) => {
      const r = app.dataView.canvas.getBoundingClientRect();
      const { px, py } = app.dataView.toPixel(x, y);
      return { x: r.left + px, y: r.top + py };
    },
    /** Switches between through the origin (false) and with threshold (true). */
    setThreshold: (on) => {
      app.setThreshold(on);
      app.render();
    },
    /** Extension: moves point i to (x, y) as one drag step would, retrains and redraws now. */
    movePoint: (i, x, y) => {
      app.movePoint(i, x, y, { record: false });
      app.render();
    },
    /** Advances the training animation of `algorithm` by one step (switching to it if needed). */
    step: (algorithm = app.animator.algorithm) => {
      app.animator.setAlgorithm(algorithm);
      app.animator.step();
      app.render();
      if (app.animator.error) throw new Error(app.animator.error);
    },
    /** Extension: plays / pauses the animation. */
    play: () => app.animator.play(),
    pause: () => app.animator.pause(),
    /** Extension: projector mode on or off. */
    setProjector: (on) => {
      app.setProjector(on);
      app.render();
    },
    /** Extension: compare mode on or off. */
    setCompare: (on) => {
      app.setCompare(on);
      app.render();
    },
    /** Extension: `{trainMs, drawMs}` of the last rendered frame (for benchmarks). */
    lastFrame: () => ({ ...app.lastFrame }),
    /** Extension: loads a preset by id (resolves once a file preset has arrived). */
    loadPreset: async (id) => {
      app.loadPreset(id);
      await app.loading;
      app.render();
    },
    /** Extension: undo / redo. */
    undo: () => {
      app.undo();
      app.render();
    },
    redo: () => {
      app.redo();
      app.render();
    },
  };
}

/** Registers the service worker (sw.js) that keeps the page usable offline once loaded. */
function registerOfflineCache() {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
  const root = new URL("../", import.meta.url);
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href }).catch((e) => {
    console.warn(`offline cache not available: ${e.message}`);
  });
}

/** What a lesson link (`?hide=a,b`) can hide, by name → selector. */
const LESSON_PARTS = {
  curves: "#curves",
  animation: "#animation",
  weights: "#weight-section",
  files: '[aria-label="Files and sharing"]',
  data: '[aria-label="Data sets"]',
  algorithms: "#shown",
  compare: "#compare",
  mode: '[aria-label="Mode"]',
};

/** Hides the parts a lesson link names (`explanations` hides the explanations); unknown names are reported. */
function applyLesson(app, hide) {
  if (!hide) return;
  const unknown = [];
  for (const name of hide.split(",").map((s) => s.trim()).filter(Boolean)) {
    if (name === "explanations") app.setExplanations(false, { persist: false });
    else if (LESSON_PARTS[name]) document.querySelector(LESSON_PARTS[name])?.setAttribute("hidden", "");
    else unknown.push(name);
  }
  if (unknown.length) {
    app.setMessage(`The lesson link names parts this page does not have: ${unknown.join(", ")} (known: ${Object.keys(LESSON_PARTS).join(", ")}, explanations).`, "error");
  }
}

/** Import (file picker, drag and drop), export and the copied link. */
function bindFiles(app) {
  const importFile = async (file) => {
    try {
      const { points, threshold, notices } = await readDataFile(wasm, file);
      try {
        app.setPoints(points, { threshold: threshold ?? app.state.threshold });
      } catch (e) {
        throw new Error(`${file.name}: ${e.message}`);
      }
      app.setMessage(`Imported ${points.length} points from ${file.name}.${notices.length ? ` Note: ${notices.join("; ")}.` : ""}`);
    } catch (e) {
      app.setMessage(`Not imported — ${e.message}. Your points are unchanged.`, "error");
    }
  };
  el("import-file").addEventListener("change", (e) => {
    const [file] = e.target.files;
    e.target.value = "";
    if (file) importFile(file);
  });
  document.body.addEventListener("dragover", (e) => {
    e.preventDefault();
    document.body.classList.add("drop-target");
  });
  document.body.addEventListener("dragleave", () => document.body.classList.remove("drop-target"));
  document.body.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("drop-target");
    const [file] = e.dataTransfer.files;
    if (file) importFile(file);
  });
  el("export-csv").addEventListener("click", () => exportPoints(app.state, "csv"));
  el("export-json").addEventListener("click", () => exportPoints(app.state, "json"));
  const { dataView, weightView } = app;
  el("export-png-data").addEventListener("click", () =>
    exportPng(dataView.canvas, "data-view.png", (s) => dataView.resize(dataView.size, s), () => app.render()),
  );
  el("export-png-weights").addEventListener("click", () =>
    exportPng(weightView.canvas, "weight-space.png", (s) => weightView.resize(weightView.width, weightView.height, s), () => app.render()),
  );
  el("copy-link").addEventListener("click", async () => {
    app.saveToUrl();
    try {
      await navigator.clipboard.writeText(location.href);
      app.setMessage("Link copied: it opens exactly this picture.");
    } catch {
      app.setMessage(`Copy this link: ${location.href}`);
    }
  });
}

function restoreOrPreset(app) {
  // the viewer's own preferences come from this browser, whatever the picture came from
  // (read before restoring the picture, which saves over the stored entry)
  const { stored } = loadStored();
  restoreCurves(app, stored?.curves, "saved state"); // a link's settings replace these below
  restorePicture(app);
  if (stored?.projector === true) app.setProjector(true);
  if (stored?.explanations === false) app.setExplanations(false);
}

function restorePicture(app) {
  // a link's state first, then the saved state, then the preset
  let linkError = null;
  try {
    const linked = decodeHash(location.hash);
    if (linked) {
      const rules = checkRules(linked.rules);
      app.setPoints(linked.points, { record: false, threshold: linked.threshold });
      if (linked.shown) {
        for (const n of SHOWN_NAMES) app.state.shown[n] = linked.shown.includes(n);
      }
      app.state.rules = rules;
      if (linked.seed !== undefined) app.state.seed = linked.seed;
      const curvesError = restoreCurves(app, linked.curves, "link");
      syncShownToggles(app);
      app.commit();
      if (curvesError) app.setMessage(curvesError, "error");
      app.history.undoStack = [];
      return;
    }
  } catch (e) {
    linkError = `This link's picture could not be opened (${e.message}); showing your saved points instead.`;
  }
  restoreStored(app);
  if (linkError) app.setMessage(linkError, "error");
}

/**
 * Takes the learning-curve form of a link or the saved state into `app.state.curves` (put into the
 * panel at boot); returns a message if it was unusable, keeping what was there before.
 */
function restoreCurves(app, curves, from) {
  if (curves === undefined || curves === null) return null;
  try {
    app.state.curves = checkForm(curves);
    return null;
  } catch (e) {
    return `The ${from}'s learning-curve settings were not used (${e.message}).`;
  }
}

function restoreStored(app) {
  const { stored, error } = loadStored();
  if (stored) {
    try {
      app.setPoints(stored.points, { record: false, teacher: stored.teacher ?? null, threshold: stored.threshold === true });
      const v = stored.view;
      if (v && [v.cx, v.cy, v.half].every(Number.isFinite) && v.half > 0) app.state.view = { cx: v.cx, cy: v.cy, half: v.half };
      for (const n of SHOWN_NAMES) if (typeof stored.shown?.[n] === "boolean") app.state.shown[n] = stored.shown[n];
      app.state.rules = checkRules(stored.rules);
      if (Number.isInteger(stored.seed) && stored.seed >= 0) app.state.seed = stored.seed;
      const curvesError = restoreCurves(app, stored.curves, "saved state");
      syncShownToggles(app);
      if (curvesError) app.setMessage(curvesError, "error");
      return;
    } catch (e) {
      app.loadPreset(DEFAULT_PRESET);
      app.history.undoStack = [];
      app.setMessage(`The saved points could not be restored (${e.message}); showing the preset instead.`, "error");
      return;
    }
  }
  app.loadPreset(DEFAULT_PRESET);
  app.history.undoStack = [];
  if (error) app.setMessage(error, "error");
}

function fillPresetMenu() {
  const select = el("preset");
  const placeholder = new Option("Presets…", "", true, true);
  placeholder.disabled = true;
  select.append(placeholder);
  for (const p of [...FIXED_PRESETS, ...FILE_PRESETS, ...GENERATED_PRESETS]) select.append(new Option(p.name, p.id));
}

function fillShownToggles(app) {
  const group = el("shown");
  const toggle = (name) => {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = app.state.shown[name];
    box.id = `show-${name}`;
    box.addEventListener("change", () => {
      app.beginEdit();
      app.state.shown[name] = box.checked;
      app.commit();
      renderAlgorithmInfo(app);
    });
    const swatch = document.createElement("span");
    swatch.className = "swatch-inline";
    swatch.style.borderTopColor = COLORS[name];
    if (LINE_DASH[name]) swatch.style.borderTopStyle = "dashed";
    label.append(box, swatch, ` ${NAMES[name]}`);
    label.title = INFO[name] ? `${INFO[name].rule}\nOptimises: ${INFO[name].optimises}\nStops: ${INFO[name].stops}` : "";
    return label;
  };
  for (const name of [...CORE, "exact"]) group.append(toggle(name));
  // the rest of the family in a drop-down panel, with the settings they have
  const more = document.createElement("details");
  more.id = "more-algorithms";
  const summary = document.createElement("summary");
  summary.textContent = "More algorithms";
  const list = document.createElement("div");
  list.className = "more-list";
  for (const name of ALGORITHMS) if (!CORE.includes(name)) list.append(toggle(name));
  list.append(ruleInput(app, "gamma", "soft margin γ", "Bound γ of the embedding strengths: large γ → hard margin"));
  list.append(ruleInput(app, "notesEta", "notes η", "Learning rate η of the lecture-notes perceptron"));
  more.append(summary, list);
  group.append(more);
  const select = el("anim-algorithm");
  select.replaceChildren(...ALGORITHMS.map((n) => new Option(NAMES[n], n)));
}

/** A number input bound to `app.state.rules[key]`; a bad value is refused with a message. */
function ruleInput(app, key, text, title) {
  const label = document.createElement("label");
  label.className = "label";
  label.title = title;
  const input = document.createElement("input");
  input.type = "number";
  input.className = "num";
  input.id = `rule-${key}`;
  input.step = "any";
  input.min = "0";
  input.value = String(app.state.rules[key]);
  input.addEventListener("change", () => {
    const v = Number(input.value);
    if (!(v > 0) || !Number.isFinite(v)) {
      app.setMessage(`${text} must be a positive number, got "${input.value}"`, "error");
      input.value = String(app.state.rules[key]);
      return;
    }
    app.beginEdit();
    app.state.rules[key] = v;
    app.commit();
  });
  label.append(`${text} `, input);
  return label;
}

/** Beside the views: for each shown rule, what it optimises, when it stops, its update rule. */
function renderAlgorithmInfo(app) {
  const box = el("algorithm-info");
  const items = ALGORITHMS.filter((n) => app.state.shown[n]).map((name) => {
    const p = document.createElement("p");
    const b = document.createElement("b");
    b.textContent = NAMES[name];
    const rule = document.createElement("code");
    rule.textContent = INFO[name].rule;
    p.append(b, ` optimises ${INFO[name].optimises}; stops ${INFO[name].stops}. `, rule);
    return p;
  });
  box.replaceChildren(...items);
}

function syncShownToggles(app) {
  el("compare").setAttribute("aria-pressed", String(app.compare !== null));
  for (const name of SHOWN_NAMES) el(`show-${name}`).checked = app.state.shown[name];
  for (const key of Object.keys(app.state.rules)) el(`rule-${key}`).value = String(app.state.rules[key]);
  renderAlgorithmInfo(app);
}

function layout(dataView, weightView) {
  // the two views side by side, the readout beside or below them
  const wide = window.innerWidth >= 1100;
  const across = wide ? (window.innerWidth - 500) / 1.75 : window.innerWidth - 40;
  const size = Math.floor(Math.max(300, Math.min(720, across, window.innerHeight - 170)));
  dataView.resize(size);
  weightView.resize(Math.floor(size * 0.75), size);
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
