/**
 * The weight view's input: hovering (a mouse, a pen) or tapping (a finger) a curve highlights its point,
 * elsewhere the cell of weight space there previews its labelling in the data view; the mouse
 * wheel or a pinch zooms the lower plot, a drag pans it; and the fit onto the version space.
 */

import { beyondTap } from "./pointer-tolerance.js";
import { flattenPoints } from "../app/state.js";

/** @typedef {import("../app/controller.js").App} App */
/** @typedef {import("../views/weight/weight-view.js").WeightView} WeightView */

/**
 * Points at the weight-space cell of the perceptron `(u(φ), θ)` (θ ignored through the
 * origin): the data view previews its labelling and the weight view outlines it; `null` or a
 * boundary clears it.
 * @param {App} app
 * @param {number | null} phi
 * @param {number} [theta]
 */
export function setRegion(app, phi, theta = 0) {
  /** @type {(NonNullable<ReturnType<App["wasm"]["regionAt"]>> & {phi: number, theta: number}) | null} */
  let region = null;
  if (phi !== null && app.state.points.length) {
    const { xs, ys } = flattenPoints(app.state.points);
    const r = app.wasm.regionAt(xs, ys, app.state.threshold, phi, theta);
    region = r ? { ...r, phi, theta } : null;
  }
  if (region === null && app.state.region === null) return;
  app.setTransient({ region });
}

/** One notch of the mouse wheel zooms the weight view's lower plot by this factor. */
const WHEEL_ZOOM = 1.25;

/**
 * Wires the weight view. A mouse pans the lower plot from its first move; a finger's press is a
 * tap until it moves beyond the tap tolerance (then it pans, from where it was pressed); two
 * fingers pinch: the plot zooms by the change of their distance about their midpoint and follows
 * the midpoint. A tap shows what hovering shows, until the next touch elsewhere.
 * @param {App} app
 * @param {WeightView} view
 */
export function bindWeightView(app, view) {
  const canvas = view.canvas;
  /** Sets the window a gesture gives (null: none, outside the plot). @param {import("../views/weight/weight-plot.js").PlotWindow | null} weightWindow */
  const setWindow = (weightWindow) => weightWindow && app.setTransient({ weightWindow });
  /** the window the next step of a gesture starts from: the state's, which may be ahead of the plot drawn */
  const current = () => app.state.weightWindow;
  /** @type {Map<number, {x: number, y: number}>} the pointers pressed on the view, where each was last */
  const pressed = new Map();
  /** @type {{x: number, y: number, inPlot: boolean, panning: boolean} | null} the one pointer's press: where it began, whether it pans yet */
  let press = null;
  /** The pointer's canvas pixel. @param {MouseEvent} e */
  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  /** What hovering (px, py) shows: the curve's point highlighted, or off every curve the cell's labelling. @param {number} px @param {number} py */
  const pointAt = (px, py) => {
    const i = view.hitCurve(app.training.scene, px, py);
    app.setTransient({ hover: i });
    const at = i < 0 ? view.perceptronAt(px, py) : null;
    setRegion(app, at?.phi ?? null, at?.theta ?? 0);
  };

  canvas.addEventListener(
    "wheel",
    (e) => {
      const [px, py] = local(e);
      if (!view.inPlot(px, py)) return;
      e.preventDefault();
      setWindow(view.zoomed(e.deltaY < 0 ? WHEEL_ZOOM : 1 / WHEEL_ZOOM, px, py, current()));
    },
    { passive: false },
  );

  canvas.addEventListener("pointerdown", (e) => {
    const [px, py] = local(e);
    const inPlot = view.inPlot(px, py);
    const mouse = e.pointerType === "mouse";
    if (e.button !== 0 || (mouse && !inPlot)) return;
    pressed.set(e.pointerId, { x: px, y: py });
    canvas.setPointerCapture(e.pointerId);
    // a second finger makes it a pinch: no tap, no pan of one finger
    press = pressed.size === 1 ? { x: px, y: py, inPlot, panning: mouse } : null;
  });

  canvas.addEventListener("pointermove", (e) => {
    const [px, py] = local(e);
    const last = pressed.get(e.pointerId);
    if (!last) {
      if (e.pointerType !== "touch") pointAt(px, py); // a mouse or a pen hovering
      return;
    }
    if (pressed.size >= 2) {
      const [a, b] = [...pressed.values()];
      const before = pair(a, b);
      Object.assign(last, { x: px, y: py });
      const after = pair(a, b);
      const moved = view.panned(after.x - before.x, after.y - before.y, current());
      if (moved && before.d > 0) setWindow(view.zoomed(after.d / before.d, after.x, after.y, moved) ?? moved);
      return;
    }
    if (!press) return;
    if (!press.panning && press.inPlot && beyondTap(e, px - press.x, py - press.y)) press.panning = true;
    if (!press.panning) return;
    setWindow(view.panned(px - last.x, py - last.y, current()));
    Object.assign(last, { x: px, y: py });
  });

  /** @param {PointerEvent} e @param {boolean} cancelled */
  const release = (e, cancelled) => {
    if (!pressed.has(e.pointerId)) return;
    const tap = !cancelled && pressed.size === 1 && press && !press.panning && e.pointerType !== "mouse";
    pressed.delete(e.pointerId);
    if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    if (tap) {
      const [px, py] = local(e);
      pointAt(px, py);
    }
    // the finger left of a pinch pans on from where it is
    const [rest] = pressed.values();
    press = rest ? { ...rest, inPlot: true, panning: true } : null;
  };
  canvas.addEventListener("pointerup", (e) => release(e, false));
  canvas.addEventListener("pointercancel", (e) => release(e, true));
  canvas.addEventListener("pointerleave", (e) => {
    // a lifted finger leaves too: what its tap showed stays until the next touch elsewhere
    if (e.pointerType === "touch") return;
    app.setTransient({ hover: -1 });
    setRegion(app, null);
  });
}

/** The midpoint and the distance of two pointers. @param {{x: number, y: number}} a @param {{x: number, y: number}} b */
function pair(a, b) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
}

/**
 * Zooms the weight view's lower plot onto the version space (a message when there is none).
 * @param {App} app
 * @param {WeightView} view
 */
export function fitWeightView(app, view) {
  const weightWindow = view.fitted(app.training.scene?.versionSpace);
  if (weightWindow) app.setTransient({ weightWindow });
  else app.setMessage("No version space to zoom onto: these points are not linearly separable in this mode.");
}
