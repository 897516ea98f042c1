/**
 * Presenter mode's layout (a lesson's step, the embed layout) and the reader view of phones and
 * upright tablets: the views as large as the screen leaves them around the lesson's panel and the
 * step's panels, made once when the step opens (layout.js calls it). And the projector readout's
 * height (fitReadout), which presenter mode resets.
 */

/**
 * The screens (phones, tablets upright) on which a lesson is a reader view: the step's text, then
 * its views across the screen, its panels and action under them, the page scrolling (lesson.css
 * has the same media query).
 */
export const READER_VIEW = "(max-width: 820px)";
/** The reader view's side padding and the weight view's height over its width (its circle over its κ(φ) plot). */
const READER_PADDING = 2 * 8;
const READER_WEIGHT_ASPECT = 1.1;

/**
 * A lesson's step in the reader view: every view as wide as the screen (the data view at most
 * 60 % of its height high), the step's panels in their own places under them.
 * @param {import("../views/data/data-view.js").DataSpaceView} dataView
 * @param {import("../views/weight/weight-view.js").WeightView} weightView
 */
export function fitReader(dataView, weightView) {
  undock();
  document.body.classList.remove("presenter-beside", "presenter-below", ...PRESENTER_LEVELS.flat());
  weightView.reserveTop = 0;
  const across = Math.floor(document.documentElement.clientWidth - READER_PADDING - BORDERS);
  dataView.resize(across, Math.floor(Math.min(across, 0.6 * window.innerHeight)));
  weightView.resize(across, Math.floor(Math.min(READER_WEIGHT_ASPECT * across, 0.8 * window.innerHeight)));
}

/**
 * Presenter mode: the smallest the views are made to let the step's panels fit, as shares of the
 * window's shorter side: the data view on each axis, the weight view across (its circle and its
 * κ(φ) plot stay readable). A step whose panels do not fit beside views of this size gets its
 * panels folded under the views instead (body.presenter-below: the page scrolls to them).
 */
const PRESENTER_MIN_DATA = 0.4;
const PRESENTER_MIN_WEIGHT = 0.3;
/** The least size (CSS px) of a view, at `share` of the window's shorter side. @param {number} share */
const leastView = (share) => Math.ceil(share * Math.min(window.innerWidth, window.innerHeight));
/** Presenter mode: the page's padding under the views (CSS px; lesson.css's body padding). */
const PRESENTER_PADDING = 8;
/** Presenter mode: the space between the weight view and its zoom's buttons under it (CSS px; lesson.css's .weight-zoom margin and the canvas's border). */
const PRESENTER_ZOOM_GAP = 6;
/** Presenter mode: the weight view's width over its height (its circle above its κ(φ) plot, as in normal mode) and its share of the views' width at most. */
const PRESENTER_WEIGHT_ASPECT = 0.8;
const PRESENTER_WEIGHT_SHARE = 0.45;
/** Presenter mode: the data view at most this much wider than high (the plane at one scale on both axes: a wider view shows more of it). */
const PRESENTER_DATA_ASPECT = 2;
/** A canvas's border on both sides (CSS px; style.css). */
const BORDERS = 2;

/** Presenter mode: the share of the window the canvases should cover ("most of the screen"): short of it the step's panels are made compact (lesson.css's body.presenter-compact). */
const PRESENTER_VIEW_SHARE = 0.5;
/** The player with its traces shown or reserved (the race's, or the animated rule's). */
const TRACED = "#animation:has(> :is(#race-traces, #anim-traces):is(:not([hidden]), .reserved))";
/**
 * Presenter mode: the step's panels that may sit in the lesson's panel, under the step's text,
 * when it has the room (the largest first), each a list of elements moved together: the player
 * (without traces); the teacher's panel; the cells' checkbox; the controls and scrubber of a
 * player with traces, which stay beside the views with the column's height for themselves (its
 * counters over them: their text changes as the player runs); the weight view's zoom.
 */
const DOCKABLE = [
  [`#animation:not(${TRACED.slice("#animation".length)})`],
  ["#teacher-panel"],
  ["#count-panel label:has(> #count-regions)"],
  [`${TRACED} > .group:has(#anim-step)`, `${TRACED} > #anim-scrub`],
  [".weight-zoom"],
];
/** @type {[Element, Comment][]} the panels in the lesson's panel, each with the mark of its own place */
const docked = [];

/** Puts the panels in the lesson's panel back in their own places. */
export function undock() {
  for (const [node, mark] of docked.splice(0).reverse()) mark.replaceWith(node);
  document.getElementById("status")?.removeAttribute("tabindex");
}

/** Whether the lesson's panel holds more than it shows (it would scroll). */
function lessonOverflows() {
  const lesson = /** @type {HTMLElement} */ (document.getElementById("lesson"));
  return lesson.getClientRects().length > 0 && (lesson.scrollHeight > lesson.clientHeight + 1 || lesson.scrollWidth > lesson.clientWidth + 1);
}

/**
 * Presenter mode: moves the step's panels (DOCKABLE, those it shows) into the lesson's panel, under
 * the step's text, each as long as the lesson's panel still shows all it holds without scrolling;
 * the views get the room they leave. Still the page's own elements: they work where they are.
 */
function dock() {
  const lesson = /** @type {HTMLElement} */ (document.getElementById("lesson"));
  const nav = lesson.querySelector(".lesson-nav");
  if (!nav) return;
  // the page's message: one line over the step's buttons, in their row (lesson.css: the row stays
  // in sight at the panel's foot when the step's text scrolls; in the embed layout beside the
  // step's action), the whole of it on hover or focus — over no view, chart or control (a note
  // floating over the views hid the charts' axes)
  const status = document.getElementById("status");
  if (status) {
    const mark = document.createComment("the page's message, shown in the lesson's panel");
    status.before(mark);
    docked.push([status, mark]);
    nav.prepend(status);
    status.tabIndex = 0;
  }
  // the embed layout shows the step's views and its action only
  if (document.body.classList.contains("embed")) return;
  for (const selectors of DOCKABLE) {
    const nodes = selectors
      .map((s) => document.querySelector(s))
      .filter(/** @returns {n is Element} */ (n) => n !== null && n.getClientRects().length > 0 && !lesson.contains(n));
    if (!nodes.length) continue;
    const moved = nodes.map((node) => {
      const mark = document.createComment("a panel of the step, shown in the lesson's panel");
      node.before(mark);
      // above the step's live numbers (lesson-numbers.js), which appear when its action runs and so move nothing docked
      (document.getElementById("lesson-numbers") ?? nav).before(node);
      return /** @type {[Element, Comment]} */ ([node, mark]);
    });
    if (!lessonOverflows()) docked.push(...moved);
    else for (const [node, mark] of moved.reverse()) mark.replaceWith(node);
  }
}

/**
 * Presenter mode: how far (CSS px) a part of the page reaches down past the window or its padding
 * (≤ 0: nothing does; Infinity: the lesson's panel would scroll, or a part reaches past the right
 * edge, which the views' height does not mend).
 */
function presenterOvershoot() {
  if (lessonOverflows()) return Number.POSITIVE_INFINITY;
  // the views reaching past their own row of the page's grid (the embed layout's: over the action below)
  const main = /** @type {HTMLElement} */ (document.querySelector("main"));
  let over = main.getClientRects().length ? main.scrollHeight - main.clientHeight - 1 : 0;
  for (const e of document.querySelectorAll("#lesson, main > section, #side > *, #curves")) {
    const r = e.getBoundingClientRect();
    if (r.height <= 0) continue;
    if (r.right > window.innerWidth - PRESENTER_PADDING + 0.5) return Number.POSITIVE_INFINITY;
    over = Math.max(over, r.bottom - (window.innerHeight - PRESENTER_PADDING + 0.5));
  }
  return over;
}

/** Presenter mode: whether a part of the page (the lesson's panel, a view, a panel) reaches past the window or its padding. */
export function presenterOverflows() {
  return presenterOvershoot() > 0;
}

/** The area (CSS px²) of the window the visible canvases of the views and the step's panels cover. */
function canvasArea() {
  let area = 0;
  for (const c of document.querySelectorAll("main canvas, #lesson canvas")) {
    if (!c.getClientRects().length) continue;
    const r = c.getBoundingClientRect();
    area += Math.max(0, Math.min(r.right, window.innerWidth) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0));
  }
  return area;
}

/**
 * Presenter mode: the ways of laying a step out, tried in turn until the canvases cover half the
 * window (lesson.css): as it is; the panels made compact (the readout one row per rule, its
 * status in the row's tooltip; the cells' panel without its heading, its thumbnails smaller; the
 * player's scrubber beside its counters); and that with the lesson's panel narrower. Then, for a
 * step whose panels (a chart among them) fit neither beside nor under the views: the panels in two
 * columns under them, the readout and the teacher's texts and controls at the left, the charts at
 * the right, the player's side by side (presenter-across: never beside the views).
 */
export const PRESENTER_LEVELS = [
  [],
  ["presenter-compact"],
  ["presenter-compact", "presenter-narrow"],
  ["presenter-compact", "presenter-across"],
  ["presenter-compact", "presenter-across", "presenter-narrow"],
];
/** Whether the panels can go beside the views at `level` of PRESENTER_LEVELS (not when they lie across under them). @param {number} level */
const besideAt = (level) => !PRESENTER_LEVELS[level].includes("presenter-across");

/**
 * Presenter mode (a lesson's step): the views as large as they can be while the lesson's panel,
 * the step's views and its panels all lie inside the window. The panels that fit go into the
 * lesson's panel under the step's text (dock); the others go under the views (a row across them,
 * or at the last levels two columns: presenter-across) or beside them (a column at the right,
 * lesson.css's body.presenter-beside), whichever leaves
 * the canvases the larger share of the screen; in each arrangement the views' height H is found
 * by bisection, measuring the laid-out page (the panels' sizes depend on the text, the rules
 * shown and the fonts). Should the canvases cover less than half the window, the next of
 * PRESENTER_LEVELS is tried (and if none reaches it, the one that gives them the most). Across
 * the width the weight view takes 0.8 H (at most 45 % of the views' width) and the data view the
 * rest: wider or higher than square, at one scale on both axes (data-view.js).
 * @param {import("../views/data/data-view.js").DataSpaceView} dataView
 * @param {import("../views/weight/weight-view.js").WeightView} weightView
 */
export function fitPresenter(dataView, weightView) {
  fitReadout(null);
  weightView.reserveTop = 0;
  const body = document.body;
  const main = /** @type {HTMLElement} */ (document.querySelector("main"));
  const side = /** @type {HTMLElement} */ (document.getElementById("side"));
  const shown = (/** @type {string} */ id) => !!document.getElementById(id)?.getClientRects().length;
  /** Lays the page out at `level` of PRESENTER_LEVELS, the panels beside the views or not. @param {number} level @param {boolean} beside */
  const arrange = (level, beside) => {
    body.classList.remove("presenter-beside", "presenter-below", ...PRESENTER_LEVELS.flat());
    body.classList.add(...PRESENTER_LEVELS[level]);
    undock();
    dock();
    body.classList.toggle("presenter-beside", beside);
  };
  arrange(0, false);
  if (!main.getClientRects().length) return; // the learning curves alone
  const data = shown("data-section");
  const weights = shown("weight-section");
  const gap = Number.parseFloat(getComputedStyle(main).columnGap) || 0;
  /** The views at height `high` (CSS px) across what the panels leave of the width. @param {number} high */
  const apply = (high) => {
    // the zoom's buttons in one row under the weight view (lesson.css), which is as much
    // shorter, and never narrower than the buttons; none when they are in the lesson's panel
    const zoom = /** @type {HTMLElement | null} */ (main.querySelector(".weight-zoom"));
    const under = zoom?.offsetHeight ? zoom.offsetHeight + PRESENTER_ZOOM_GAP : 0;
    const beside = body.classList.contains("presenter-beside");
    // beside: the panels' column at its basis (lesson.css), growing into what the views leave
    const column = beside ? Number.parseFloat(getComputedStyle(side).flexBasis) || side.offsetWidth : 0;
    // (a pixel to spare beside: the column's fractional width must not wrap it under the views)
    const across = main.clientWidth - (beside ? Math.ceil(column + gap) + 1 : 0);
    const weightHigh = Math.max(leastView(PRESENTER_MIN_DATA), high - under);
    let weightWide = 0;
    if (weights) {
      weightWide = data ? Math.min(PRESENTER_WEIGHT_ASPECT * weightHigh, PRESENTER_WEIGHT_SHARE * across) : across - BORDERS;
      weightWide = Math.floor(Math.max(weightWide, zoom?.offsetWidth ?? 0, leastView(PRESENTER_MIN_WEIGHT)));
      weightView.resize(weightWide, weightHigh);
    }
    if (data) {
      const rest = across - BORDERS - (weights ? weightWide + BORDERS + gap : 0);
      dataView.resize(Math.floor(Math.max(leastView(PRESENTER_MIN_DATA), Math.min(rest, PRESENTER_DATA_ASPECT * high))), high);
    }
  };
  const fits = () => !presenterOverflows();
  /** The largest height that fits as the page is arranged, with the canvases' area there (−1: none fits). */
  const largest = () => {
    let lo = leastView(PRESENTER_MIN_DATA);
    let hi = Math.max(lo, Math.floor(window.innerHeight - 2 * PRESENTER_PADDING - BORDERS));
    apply(hi);
    // the panels' heights do not depend on the views' (their widths are set): the views as much
    // shorter as the page reaches too far, measured once; bisection should that not fit
    const over = presenterOvershoot();
    if (over > 0 && Number.isFinite(over)) {
      hi = Math.max(lo, hi - Math.ceil(over));
      apply(hi);
    }
    if (!fits()) {
      // nothing to find should the smallest views not fit either
      apply(lo);
      if (!fits()) return { high: lo, area: -1 };
      while (hi - lo > 3) {
        const mid = Math.floor((lo + hi) / 2);
        apply(mid);
        if (fits()) lo = mid;
        else hi = mid;
      }
      apply(lo);
      hi = lo;
    }
    return { high: hi, area: fits() ? canvasArea() : -1 };
  };
  const screen = window.innerWidth * window.innerHeight;
  let best = { level: 0, beside: false, high: leastView(PRESENTER_MIN_DATA), area: -1 };
  // the smallest views first, at each level: should they fit in no arrangement, none fits with
  // larger views either, and the search is skipped. Every level is tried, not only the most
  // compact: a narrower lesson's panel is a taller one (its text wraps), so it may overflow where
  // a level before does not. (Beside the views, the panels' column is only as high as the
  // views: there the tallest views may be the ones that fit.)
  const tallest = Math.floor(window.innerHeight - 2 * PRESENTER_PADDING - BORDERS);
  const feasible = PRESENTER_LEVELS.some((_, level) =>
    [false, true].some((beside) => {
      if (beside && !besideAt(level)) return false;
      arrange(level, beside);
      if (beside && ![...side.children].some((e) => e.getBoundingClientRect().height > 0)) return false;
      return (beside ? [leastView(PRESENTER_MIN_DATA), tallest] : [leastView(PRESENTER_MIN_DATA)]).some((high) => {
        apply(high);
        return fits();
      });
    }),
  );
  for (let level = 0; feasible && level < PRESENTER_LEVELS.length; level++) {
    for (const beside of [false, true]) {
      if (beside && !besideAt(level)) continue;
      arrange(level, beside);
      // beside the views only when there are panels to put there
      if (beside && ![...side.children].some((e) => e.getBoundingClientRect().height > 0)) continue;
      const fit = largest();
      if (fit.area > best.area) best = { level, beside, ...fit };
    }
    if (best.area >= PRESENTER_VIEW_SHARE * screen) break;
  }
  if (best.area < 0) {
    // nothing fits one screen with readable views: the views fill it, the panels follow under them
    arrange(0, false);
    body.classList.add("presenter-below");
    apply(tallest);
    return;
  }
  arrange(best.level, best.beside);
  apply(best.high);
}

/** Projector mode: the readout is never less high than this (CSS px): its header and two rules. */
const READOUT_MIN_HEIGHT = 150;

/**
 * Projector mode: the readout ends at the window's lower edge (`bottom`, CSS px from the top of
 * the window), and scrolls under its header when more rules are shown than that leaves room for;
 * it is then a focusable region, so that the keyboard can scroll it too. `null`: its natural height.
 * @param {number | null} bottom
 */
export function fitReadout(bottom) {
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
