// @ts-check
/** Where things sit: the views' sizes for the window, projector mode and the explanations on the
 * page (a view of the frame), and the parts a lesson link hides. */

/**
 * The width the readout beside the views takes in normal mode on a wide screen (CSS px): its
 * table's eight columns (about 470 px), the page's padding, the gaps and the canvases' borders.
 */
const READOUT_RESERVE = 540;
/** Projector mode: the readout (with its updates M ≤ M*) and the player side by side under the weight view need this width (CSS px, text at 18 px). */
const PROJECTOR_SIDE_WIDTH = 700;
/** Projector mode: and this height under the weight view (CSS px): the readout of four rules, the animation's controls and counters. */
const PROJECTOR_SIDE_HEIGHT = 345;
/** Projector mode: the readout is never less high than this (CSS px): its header and two rules. */
const READOUT_MIN_HEIGHT = 150;
/** Projector mode: the page's side padding, the gap between the columns and the canvases' borders (CSS px). */
const PROJECTOR_SPACING = 2 * 9 + 12.6 + 4;
/** Projector mode: the data view's share of the width at most (a wide screen keeps room for the weight view). */
const PROJECTOR_DATA_SHARE = 0.48;

/** Whether projector mode lays the page out for a wide screen (style.css's grid from 1100 px). */
function wideProjector() {
  return document.body.classList.contains("projector") && window.innerWidth >= 1100;
}

/**
 * Sizes the two views: side by side with the readout beside or below them; in projector mode (on
 * a wide screen) the data view as high as the window leaves under the controls, and the weight
 * view in landscape beside it, over the readout and the animation (style.css places them), so
 * that the views, the readout and the animation fit one screen.
 */
export function layout(dataView, weightView) {
  if (document.body.classList.contains("presenter")) {
    fitPresenter(dataView, weightView);
    return;
  }
  const wide = window.innerWidth >= 1100;
  if (wideProjector()) {
    const main = /** @type {HTMLElement} */ (document.querySelector("main"));
    const top = main.getBoundingClientRect().top + window.scrollY;
    const high = window.innerHeight - top - 8;
    const across = window.innerWidth - PROJECTOR_SPACING;
    // the data view's label under it (the rings' checkbox) stays on the screen too
    const size = Math.floor(Math.max(300, Math.min(high - 32, across - PROJECTOR_SIDE_WIDTH, across * PROJECTOR_DATA_SHARE)));
    dataView.resize(size);
    const width = Math.floor(across - size - 2);
    const zoom = /** @type {HTMLElement | null} */ (document.querySelector(".weight-zoom"));
    weightView.reserveTop = (zoom?.offsetHeight ?? 0) + 6;
    weightView.resize(width, Math.floor(Math.max(200, Math.min(high - PROJECTOR_SIDE_HEIGHT, 0.66 * width))));
    fitReadout(window.innerHeight);
    return;
  }
  fitReadout(null);
  const across = wide ? (window.innerWidth - READOUT_RESERVE) / 1.75 : window.innerWidth - 40;
  // never under 300 px, but never wider than the window either (a phone)
  const size = Math.floor(Math.max(Math.min(300, across), Math.min(720, across, window.innerHeight - 170)));
  dataView.resize(size);
  weightView.reserveTop = 0;
  weightView.resize(Math.floor(size * 0.75), size);
}
/** Presenter mode: the smallest the views are made to let the step's panels fit (CSS px). */
const PRESENTER_MIN_VIEW = 160;
/** Presenter mode: the page's padding under the views (CSS px; lesson.css's body padding). */
const PRESENTER_PADDING = 8;
/** Presenter mode: the space between the weight view and its zoom's buttons under it (CSS px; lesson.css's .weight-zoom margin and the canvas's border). */
const PRESENTER_ZOOM_GAP = 6;

/** Presenter mode: whether a part of the page (the lesson's panel, a view, a panel) reaches past the window or its padding. */
export function presenterOverflows() {
  // the views reaching past their own row of the page's grid (the embed layout's: over the action below)
  const main = /** @type {HTMLElement} */ (document.querySelector("main"));
  if (main.getClientRects().length && main.scrollHeight > main.clientHeight + 1) return true;
  return [...document.querySelectorAll("#lesson, main > section, #side > *, #curves")].some((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && (r.bottom > window.innerHeight - PRESENTER_PADDING + 0.5 || r.right > window.innerWidth - PRESENTER_PADDING + 0.5);
  });
}

/**
 * Presenter mode (a lesson's step): the data view square and the weight view beside it as large
 * as they can be while the lesson's panel, the step's views and its panels all lie inside the
 * window — found by bisection on the views' size, measuring the laid-out page (the panels' sizes
 * depend on the text, the rules shown and the fonts).
 */
function fitPresenter(dataView, weightView) {
  fitReadout(null);
  weightView.reserveTop = 0;
  const fits = () => !presenterOverflows();
  // the zoom's buttons in one row under the weight view (lesson.css), which is as much shorter:
  // the weight section no higher than the data view, and never narrower than the buttons
  const zoom = /** @type {HTMLElement | null} */ (document.querySelector(".weight-zoom"));
  const under = zoom?.offsetHeight ? zoom.offsetHeight + PRESENTER_ZOOM_GAP : 0;
  const across = zoom?.offsetWidth ?? 0;
  /** @param {number} size */
  const apply = (size) => {
    dataView.resize(size);
    weightView.resize(Math.floor(Math.max(size * 0.75, across)), Math.max(PRESENTER_MIN_VIEW, size - under));
  };
  let lo = PRESENTER_MIN_VIEW;
  let hi = Math.max(lo, Math.floor(Math.min(window.innerHeight, window.innerWidth) - 16));
  apply(hi);
  if (fits()) return;
  while (hi - lo > 3) {
    const mid = Math.floor((lo + hi) / 2);
    apply(mid);
    if (fits()) lo = mid;
    else hi = mid;
  }
  apply(lo);
}

/**
 * Projector mode: the readout ends at the window's lower edge (`bottom`, CSS px from the top of
 * the window), and scrolls under its header when more rules are shown than that leaves room for;
 * it is then a focusable region, so that the keyboard can scroll it too. `null`: its natural height.
 */
function fitReadout(bottom) {
  const box = /** @type {HTMLElement} */ (document.getElementById("readout-box"));
  if (bottom === null) {
    box.classList.remove("scrolls");
    box.style.maxHeight = "";
    box.removeAttribute("tabindex");
    box.removeAttribute("role");
    return;
  }
  const top = box.getBoundingClientRect().top + window.scrollY;
  box.classList.add("scrolls");
  box.style.maxHeight = `${Math.max(READOUT_MIN_HEIGHT, Math.floor(bottom - top - 8))}px`;
  box.tabIndex = 0;
  box.setAttribute("role", "region");
}

/**
 * The page around the views, a view of the frame drawn before them: the body's classes for
 * projector mode and the explanations (hidden by the viewer or by a lesson link), and the views
 * laid out again when projector mode changes.
 */
export class PageView {
  /**
   * @param {import("./data-view.js").DataSpaceView} dataView
   * @param {import("./weight-view.js").WeightView} weightView
   */
  constructor(dataView, weightView) {
    this.dataView = dataView;
    this.weightView = weightView;
    /** @type {boolean | null} projector mode as last laid out */
    this.projector = null;
    /** the comparison panel as last laid out (compare mode and the rules compared): it sits over the readout in projector mode */
    this.compare = "";
  }

  /** @param {import("./frame.js").Frame} frame */
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

/** What a lesson link (`?hide=a,b`) can hide, by name → selector. */
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
 * Hides the parts a lesson link names (`explanations` hides the explanations); unknown names are reported.
 * @param {import("./app.js").App} app
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
    else if (LESSON_PARTS[name]) document.querySelector(LESSON_PARTS[name])?.setAttribute("hidden", "");
    else unknown.push(name);
  }
  if (unknown.length) {
    app.setMessage(`The lesson link names parts this page does not have: ${unknown.join(", ")} (known: ${Object.keys(LESSON_PARTS).join(", ")}, explanations).`, "error");
  }
}
