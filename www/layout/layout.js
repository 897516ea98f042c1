/** Where things sit: the views' sizes for the window, projector mode and the explanations on the
 * page (a view of the frame), and the parts a lesson link hides. Presenter mode's and the reader
 * view's layout: layout-presenter.js. */

import { PRESENTER_LEVELS, READER_VIEW, fitPresenter, fitReader, fitReadout, undock } from "./layout-presenter.js";

/**
 * The width the readout beside the views takes in normal mode on a wide screen (CSS px): its
 * table at its narrowest (#side's min-width, its cells wrapped), the page's padding, the gaps and
 * the canvases' borders — so that at 1280×720 the two views cover over a third of the screen.
 */
const READOUT_RESERVE = 450;
/** Projector mode: the readout (with its updates M ≤ M*) and the player side by side under the weight view need this width (CSS px, text at 18 px; more as the text grows, `textGrowth`). */
const PROJECTOR_SIDE_WIDTH = 700;
/** Projector mode: and this height under the weight view (CSS px at 18 px text): the readout of four rules, the animation's controls and counters. */
const PROJECTOR_SIDE_HEIGHT = 345;
/** Projector mode: the page's side padding, the gap between the columns and the canvases' borders (CSS px). */
const PROJECTOR_SPACING = 2 * 9 + 12.6 + 4;
/** Projector mode: the data view's share of the width at most (a wide screen keeps room for the weight view). */
const PROJECTOR_DATA_SHARE = 0.48;

/** Projector mode's text over the 18 px its sizes are written for (style.css --big-text: 1/40 of the screen's height, 1.5 at 1920×1080). */
function textGrowth() {
  return Math.max(1, Number.parseFloat(getComputedStyle(document.body).fontSize) / 18);
}

/** Whether projector mode lays the page out for a wide screen (style.css's grid from 1100 px). */
function wideProjector() {
  return document.body.classList.contains("projector") && window.innerWidth >= 1100;
}

/**
 * Sizes the two views: side by side with the readout beside or below them; in projector mode (on
 * a wide screen) the data view as high as the window leaves under the controls, and the weight
 * view in landscape beside it, over the readout and the animation (style.css places them), so
 * that the views, the readout and the animation fit one screen.
 * @param {import("../views/data/data-view.js").DataSpaceView} dataView
 * @param {import("../views/weight/weight-view.js").WeightView} weightView
 */
export function layout(dataView, weightView) {
  // timed for the benchmarks (bench/lesson-table.mjs reads the "layout" measures)
  const start = performance.now();
  try {
    placeViews(dataView, weightView);
  } finally {
    performance.measure("layout", { start });
  }
}

/** `layout` itself. @param {import("../views/data/data-view.js").DataSpaceView} dataView @param {import("../views/weight/weight-view.js").WeightView} weightView */
function placeViews(dataView, weightView) {
  if (document.body.classList.contains("presenter") && window.matchMedia(READER_VIEW).matches) {
    fitReader(dataView, weightView);
    return;
  }
  if (document.body.classList.contains("presenter")) {
    fitPresenter(dataView, weightView);
    return;
  }
  undock();
  document.body.classList.remove("presenter-beside", "presenter-below", ...PRESENTER_LEVELS.flat());
  const wide = window.innerWidth >= 1100;
  if (wideProjector()) {
    const main = /** @type {HTMLElement} */ (document.querySelector("main"));
    const top = main.getBoundingClientRect().top + window.scrollY;
    const high = window.innerHeight - top - 8;
    const across = window.innerWidth - PROJECTOR_SPACING;
    const grow = textGrowth();
    // the data view's label under it (the rings' checkbox) stays on the screen too
    const size = Math.floor(Math.max(300, Math.min(high - 32 * grow, across - PROJECTOR_SIDE_WIDTH * grow, across * PROJECTOR_DATA_SHARE)));
    dataView.resize(size);
    const width = Math.floor(across - size - 2);
    const zoom = /** @type {HTMLElement | null} */ (document.querySelector(".weight-zoom"));
    weightView.reserveTop = (zoom?.offsetHeight ?? 0) + 6;
    weightView.resize(width, Math.floor(Math.max(200, Math.min(high - PROJECTOR_SIDE_HEIGHT * grow, 0.66 * width))));
    fitReadout(window.innerHeight);
    return;
  }
  fitReadout(null);
  const across = wide ? (window.innerWidth - READOUT_RESERVE) / 1.75 : window.innerWidth - 40;
  // as high as the window leaves under the control bar (both views on the first screen); never
  // under 300 px, but never wider than the window either (a phone)
  const main = /** @type {HTMLElement} */ (document.querySelector("main"));
  const below = window.innerHeight - (main.getBoundingClientRect().top + window.scrollY) - 8;
  const size = Math.floor(Math.max(Math.min(300, across), Math.min(720, across, below)));
  dataView.resize(size);
  weightView.reserveTop = 0;
  weightView.resize(Math.floor(size * 0.75), size);
}
/**
 * The page around the views, a view of the frame drawn before them: the body's classes for
 * projector mode and the explanations (hidden by the viewer or by a lesson link), and the views
 * laid out again when projector mode changes.
 */
export class PageView {
  /**
   * @param {import("../views/data/data-view.js").DataSpaceView} dataView
   * @param {import("../views/weight/weight-view.js").WeightView} weightView
   */
  constructor(dataView, weightView) {
    this.dataView = dataView;
    this.weightView = weightView;
    /** @type {boolean | null} projector mode as last laid out */
    this.projector = null;
    /** the comparison panel as last laid out (compare mode and the rules compared): it sits over the readout in projector mode */
    this.compare = "";
  }

  /** @param {import("../app/view-frame.js").Frame} frame */
  render(frame) {
    // presenter mode (a lesson) lays the page out its own way (lesson-view.js), with projector type
    const projector = frame.state.projector && !frame.state.lesson;
    showExplanations(frame.state);
    const compare = frame.state.compare ? frame.compared.join() : "";
    if (projector === this.projector) {
      // the readout's top moved with the comparison panel: fitted again once every view has drawn this frame
      if (compare !== this.compare && projector) queueMicrotask(() => fitReadout(wideProjector() ? window.innerHeight : null));
      this.compare = compare;
      return;
    }
    this.projector = projector;
    this.compare = compare;
    document.body.classList.toggle("projector", projector);
    layout(this.dataView, this.weightView);
  }
}

/**
 * Shows or hides the explanations as the state says (hidden by the viewer or by a lesson link);
 * also called at the edit itself, so that the page shows it before the next frame.
 * @param {{explanations: boolean, lessonExplanations: boolean}} state
 */
export function showExplanations({ explanations, lessonExplanations }) {
  document.body.classList.toggle("hide-explanations", !(explanations && lessonExplanations));
}

/** What a lesson link (`?hide=a,b`) can hide, by name → selector. @type {Record<string, string>} */
export const LESSON_PARTS = {
  curves: "#curves",
  animation: "#animation",
  weights: "#weight-section",
  files: '[aria-label="Files and sharing"]',
  data: '[aria-label="Data sets"]',
  algorithms: "#shown",
  compare: "#compare",
  teacher: "#teacher-panel",
  mode: '[aria-label="Mode"]',
};

/**
 * Hides the parts a lesson link names (`explanations` hides the explanations), and the button of a
 * group they leave empty; unknown names are reported.
 * @param {import("../app/controller.js").App} app
 * @param {string | null} hide
 */
export function applyLesson(app, hide) {
  if (!hide) return;
  const unknown = [];
  for (const name of hide
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (name === "explanations") app.setExplanations(false, { persist: false });
    else if (Object.hasOwn(LESSON_PARTS, name)) document.querySelector(LESSON_PARTS[name])?.setAttribute("hidden", "");
    else unknown.push(name);
  }
  // a group of the control bar left with nothing to show loses its button too
  for (const toggle of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".fold-toggle:not(.panel-toggle)"))) {
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    if (!panel) continue;
    const empty = panel.classList.contains("fold-panel") ? [...panel.children].every((c) => c.hasAttribute("hidden")) : panel.hasAttribute("hidden");
    if (empty) toggle.hidden = true;
  }
  if (unknown.length) {
    app.setMessage(`The lesson link names parts this page does not have: ${unknown.join(", ")} (known: ${Object.keys(LESSON_PARTS).join(", ")}, explanations).`, "error");
  }
}
