/** Boot: load the core and its catalogue, build the controls, restore the state, mount the views, expose `window.lab`. */

import init, * as wasm from "./pkg/perceptron_lab.js";
import { PlayerPanel } from "./views/player-panel.js";
import { App } from "./app/controller.js";
import { automation } from "./automation/lab.js";
import { loadCatalogue } from "./app/catalogue.js";
import { useTraceCore } from "./views/trace-chart.js";
import { ControlBar, fillPresetMenu, fillShownToggles, syncShownToggles } from "./controls/catalogue-controls.js";
import { CountPanel } from "./views/count-panel.js";
import { GroupSummary, bindGroups } from "./controls/bar-groups.js";
import { CurvePanel } from "./curves/curve-panel.js";
import { applyForm } from "./curves/curve-form.js";
import { teacherForm } from "./app/data-sets.js";
import { DataSpaceView } from "./views/data/data-view.js";
import { bindFiles } from "./files/file-controls.js";
import { bindControls, bindKeys, bindPanels } from "./input/interaction.js";
import { bindDataView, bindDataViewKeys, bindTouchDismiss } from "./input/data-view-input.js";
import { PageView, applyLesson, layout } from "./layout/layout.js";
import { Lessons } from "./lessons/lesson.js";
import { bindLessonEditor } from "./lessons/lesson-editor.js";
import { hashIsLesson, readLessonLink } from "./lessons/lesson-link.js";
import { LessonView, bindLesson } from "./lessons/lesson-view.js";
import { Presenter, bindPresenterKeys } from "./lessons/lesson-keys.js";
import { bindOverlays } from "./lessons/lesson-overlays.js";
import { bindSpeaker, speakerMain } from "./lessons/speaker-view.js";
import { bindHandoutButton, buildHandout } from "./lessons/lesson-handout.js";
import { restoreOrPreset, watchOtherTabs } from "./files/persistence.js";
import { ReadoutView } from "./views/readout.js";
import { TeacherPanel } from "./views/teacher-panel.js";
import { NO_WASM } from "./app/wasm-build.js";
import { build, core as corePromise, storeOpen } from "./app/boot-start.js";
import { siteRoot } from "./app/site-root.js";
import { bindWeightView } from "./input/weight-gestures.js";
import { WeightView } from "./views/weight/weight-view.js";
import { shareCore } from "./workers/worker-pool.js";
import { lessonFromLink } from "./lessons/own-lesson-edits.js";
import { errorMessage } from "./text/format.js";

/**
 * The page's element `id` (index.html has every id the page asks for).
 * @param {string} id
 */
const el = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @type {(lab: Lab) => void} */
let resolveReady;
/** @type {(reason: unknown) => void} */
let rejectReady;
/** @type {Lab} */
const lab = {
  ready: new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  }),
};
window.lab = lab;

async function boot() {
  // read before a lesson puts its own link in the address bar
  const params = new URLSearchParams(location.search);
  const handout = params.has("handout");
  if (!build || !corePromise) {
    showAlert(NO_WASM);
    throw new Error(NO_WASM);
  }
  // fetched and compiled, and the lessons read, since the page was parsed (boot-start.js)
  const core = await corePromise;
  await init({ module_or_path: core });
  shareCore(core);
  loadCatalogue(wasm);
  useTraceCore(wasm);
  /** @param {string} id */
  const canvas = (id) => /** @type {HTMLCanvasElement} */ (el(id));
  const dataView = new DataSpaceView(canvas("data-view"));
  const weightView = new WeightView(canvas("weight-view"), el("weight-caption"));
  const app = new App(wasm);
  // a lesson link: read before the state is restored (its hash is the lesson, not a picture)
  const lessonLink = readLessonLink(location).catch((e) => e);
  if (hashIsLesson(location.hash)) history.replaceState(null, "", location.pathname + location.search);
  app.views = [
    new PageView(dataView, weightView),
    dataView,
    weightView,
    new ReadoutView(el),
    new ControlBar(el),
    new PlayerPanel(el),
    new TeacherPanel(el),
    new CountPanel(el),
    new GroupSummary(el),
  ];
  app.onShownChanged = () => syncShownToggles(app.state, el);
  fillPresetMenu(el);
  fillShownToggles(app, el);
  layout(dataView, weightView);
  window.addEventListener("resize", () => {
    layout(dataView, weightView);
    app.scheduleRender();
  });
  bindDataView(app, dataView);
  bindDataViewKeys(app, dataView);
  bindWeightView(app, weightView);
  bindTouchDismiss(app);
  bindControls(app, el, weightView);
  bindPanels(app, el);
  bindKeys(app, weightView);
  bindFiles(app, wasm, el, { dataView, weightView });
  const curves = new CurvePanel(wasm, el, (form) => app.setCurves(form));
  await storeOpen;
  const lessons = new Lessons(app, curves, el);
  app.views.splice(1, 0, new LessonView(lessons, el, dataView, weightView));
  bindLesson(lessons, app, el);
  bindLessonEditor(lessons, app, el);
  const presenter = new Presenter(lessons);
  bindPresenterKeys(presenter, app);
  bindOverlays(presenter, app);
  bindSpeaker(presenter, app, el);
  bindHandoutButton(lessons, app, el);
  bindGroups(el, { lessons, curves, app });
  restoreOrPreset(app, teacherForm(el));
  // stored lessons this page cannot read (kept as they are): said after the picture's own messages
  if (lessons.problems.length) app.setMessage([app.state.message?.text, ...lessons.problems].filter(Boolean).join(" "), "error");
  watchOtherTabs(app);
  syncShownToggles(app.state, el);
  applyLesson(app, new URLSearchParams(location.search).get("hide"));
  if (app.state.curves) applyForm(el, app.state.curves);
  // the theory curves at once, before any Run (once their group is opened, when it is folded: bar-groups.js)
  if (!el("curves").classList.contains("folded")) curves.preview();
  Object.assign(lab, automation({ wasm, wasmBuild: build, app, curves, lessons, presenter, dataView, weightView, el }));
  app.render();
  await openLinkedLesson(app, lessons, await lessonLink);
  registerOfflineCache();
  lab.readyAt = performance.now(); // ms since navigation start: how long until interactive
  resolveReady(lab);
  // `&handout`: the lesson opened is laid out for print, every step on its own page
  if (lessons.current && handout)
    buildHandout(lessons, { notes: params.has("notes") }).catch((e) => app.setMessage(`The handout could not be made: ${e.message}`, "error"));
  setTimeout(() => app.training.warm(), WARM_WORKER_MS);
}

/**
 * Opens the lesson a link asks for (`?lesson=…&step=…`, or a lesson in the hash); a link that
 * cannot be opened is said in the status line, and the page shows the viewer's own points.
 * @param {App} app
 * @param {Lessons} lessons
 * @param {Awaited<ReturnType<typeof readLessonLink>> | Error} link
 */
async function openLinkedLesson(app, lessons, link) {
  if (link === null) return;
  try {
    if (link instanceof Error) throw link;
    const id = link.id ?? lessonFromLink(lessons, link.file).id;
    await lessons.open(id, link.step, { embed: link.embed });
  } catch (e) {
    history.replaceState(null, "", location.pathname);
    app.saveToUrl();
    app.setMessage(`This link's lesson could not be opened (${errorMessage(e)}); showing your own points.`, "error");
  }
}

/** How long after the page is interactive the training worker is started (so that its first drag finds it ready). */
const WARM_WORKER_MS = 500;

/** A message at the very top of the page, for what keeps the page from working at all. @param {string} text */
function showAlert(text) {
  const alert = document.createElement("p");
  alert.id = "page-alert";
  alert.setAttribute("role", "alert");
  alert.textContent = text;
  document.body.prepend(alert);
}

/** Registers the service worker (sw.js) that keeps the page usable offline once loaded. */
function registerOfflineCache() {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
  const root = siteRoot();
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href }).catch((e) => {
    console.warn(`offline cache not available: ${e.message}`);
  });
}

// `?speaker`: this window is a lesson's speaker view (speaker-view.js), not a lab of its own
if (new URLSearchParams(location.search).has("speaker")) speakerMain();
else
  boot().catch((e) => {
    const text = `The page could not start: ${e.message}`;
    const status = el("status");
    if (status) {
      status.textContent = text;
      status.className = "error";
    }
    // any other failure to start (the core not fetched or not compiled) at the top of the page too
    if (!document.getElementById("page-alert")) showAlert(`${text.replace(/\.?$/, ".")} Reload the page to try again.`);
    rejectReady(e);
    throw e;
  });
