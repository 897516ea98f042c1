/**
 * The data view's input: the pointer (add, drag, flip, delete, hover; on touch a long press) and
 * the keyboard (a cursor and a selected point), as edits through the controller; and the touch
 * that puts away what a tap showed.
 */

import { HIT_SLACK_PX, beyondTap, hitSlack } from "./pointer-tolerance.js";
import { draggedTeacher, setTeacher } from "../training/teacher.js";
import { setRegion } from "./weight-gestures.js";

/** @typedef {import("../app/controller.js").App} App */
/** @typedef {import("../views/data/data-view.js").DataSpaceView} DataSpaceView */

/** A touch held this long (ms) on a point without moving shows its information, as hovering does. */
export const LONG_PRESS_MS = 500;

/**
 * Wires pointer events on the data view: add, drag, flip, delete, hover (on touch: a long press).
 * A press that moves less than its pointer's tap tolerance is a click or a tap (pointer-tolerance.js).
 * After a click on a point or a drag of it its tooltip stays away until the pointer leaves the
 * point (a finger's: until the next touch).
 * @param {App} app
 * @param {DataSpaceView} view
 */
export function bindDataView(app, view) {
  const canvas = view.canvas;
  const setHover = (/** @type {number} */ hover) => app.setTransient({ hover });
  /** @type {{ i: number, px: number, py: number, moved: boolean, pointerId: number, held: boolean } | null} */
  let drag = null;
  /** the point just clicked: no tooltip for it until the pointer leaves it */
  let quiet = -1;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let longPress;

  /** @param {MouseEvent} e */
  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return { px: e.clientX - r.left, py: e.clientY - r.top };
  };

  /** the teacher being turned or shifted: how, and whether it has moved yet */
  /** @type {{ how: string, pointerId: number, moved: boolean } | null} */
  let teacherDrag = null;
  /** What of the shown teacher is under (px, py): "turn", "shift", "line" or null. @param {number} px @param {number} py */
  const teacherAt = (px, py, slack = HIT_SLACK_PX.mouse) => {
    const t = app.state.teacher;
    return t && app.state.showTeacher ? view.teacherHit(t, app.state.threshold, px, py, slack) : null;
  };

  canvas.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const { px, py } = local(e);
    const slack = hitSlack(e);
    const i = view.hit(app.state.points, px, py, slack);
    if (i >= 0 && app.state.deleteMode) {
      app.deletePoint(i);
      return;
    }
    if (i >= 0) {
      drag = { i, px, py, moved: false, pointerId: e.pointerId, held: false };
      canvas.setPointerCapture(e.pointerId);
      if (e.pointerType === "touch") {
        const pressed = drag;
        longPress = setTimeout(() => {
          pressed.held = true;
          setHover(pressed.i);
        }, LONG_PRESS_MS);
      }
      return;
    }
    const how = app.state.deleteMode ? null : teacherAt(px, py, slack);
    if (how === "turn" || how === "shift") {
      teacherDrag = { how, pointerId: e.pointerId, moved: false };
      canvas.setPointerCapture(e.pointerId);
      return;
    }
    if (app.state.deleteMode) return;
    const { x, y } = view.toData(px, py);
    const label = e.shiftKey ? -app.state.addLabel : app.state.addLabel;
    app.addPoint({ x: round(x), y: round(y), label });
  });

  canvas.addEventListener("pointermove", (e) => {
    const { px, py } = local(e);
    if (teacherDrag) {
      const t = app.state.teacher;
      if (!t) return; // the teacher went during the drag (an undo): nothing to move
      if (!teacherDrag.moved) app.beginEdit();
      teacherDrag.moved = true;
      const { x, y } = view.toData(px, py);
      setTeacher(app, draggedTeacher(t, teacherDrag.how, [x, y], view.teacherArrow()), { record: false });
      return;
    }
    if (drag) {
      if (!drag.moved && !drag.held && beyondTap(e, px - drag.px, py - drag.py)) {
        clearTimeout(longPress);
        drag.moved = true;
        app.beginEdit();
        canvas.classList.add("dragging");
      }
      if (drag.moved) {
        const { x, y } = view.toData(px, py);
        app.movePoint(drag.i, x, y, { record: false });
        setHover(drag.i); // its curve in weight space moves with it, highlighted
      }
      return;
    }
    if (e.pointerType === "touch") return; // a finger's information comes with a long press
    const i = view.hit(app.state.points, px, py);
    canvas.classList.toggle("over-point", i >= 0);
    if (i !== quiet) quiet = -1;
    const over = i < 0 && teacherAt(px, py) !== null;
    canvas.classList.toggle("over-teacher", over);
    app.setTransient({ hover: i === quiet ? -1 : i, teacherHover: over });
  });

  /** @param {boolean} cancelled */
  const end = (cancelled) => {
    clearTimeout(longPress);
    if (teacherDrag) {
      if (canvas.hasPointerCapture(teacherDrag.pointerId)) canvas.releasePointerCapture(teacherDrag.pointerId);
      teacherDrag = null;
      return;
    }
    if (!drag) return;
    if (drag.held) {
      // a long press showed the point's information (kept until the next touch); no flip
    } else {
      if (!drag.moved && !cancelled) app.flipLabel(drag.i);
      else app.commit({ retrain: false }); // the drag's last step is training these points
      quiet = drag.i; // the tooltip would cover what the click or the drag changed
      setHover(-1);
    }
    if (canvas.hasPointerCapture(drag.pointerId)) canvas.releasePointerCapture(drag.pointerId);
    canvas.classList.remove("dragging");
    drag = null;
  };
  canvas.addEventListener("pointerup", () => end(false));
  canvas.addEventListener("pointercancel", () => end(true));
  canvas.addEventListener("pointerleave", (e) => {
    // a lifted finger leaves too: a long press's information stays until the next touch
    if (!drag && e.pointerType !== "touch") setHover(-1);
    app.setTransient({ teacherHover: false });
  });
  canvas.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    const { px, py } = local(e);
    const i = view.hit(app.state.points, px, py);
    if (i >= 0) app.deletePoint(i);
  });
}

/**
 * On a touch screen the information a tap or a long press showed (a point's tooltip, a curve
 * highlighted, a cell's labelling) stays after the finger lifts; the next touch anywhere puts it
 * away (before the touch's own handlers, which may show new information).
 * @param {App} app
 */
export function bindTouchDismiss(app) {
  document.addEventListener(
    "pointerdown",
    (e) => {
      if (e.pointerType !== "touch") return;
      app.setTransient({ hover: -1 });
      setRegion(app, null);
    },
    { capture: true },
  );
}

/** Arrow-key steps of the keyboard cursor and the selected point, as a share of the view's half-width (Shift: finer). */
const KEY_STEP = 0.05;
const FINE_KEY_STEP = 0.005;

/**
 * The data view from the keyboard (the canvas is in the tab order): a cursor (a crosshair) and a
 * selected point. Arrow keys move the selected point (one undoable edit per press) or, with none
 * selected, the cursor; N / B select the next / previous point (from the cursor's nearest);
 * Escape deselects; F or Enter flips the selected point's label; Delete or Backspace deletes it;
 * A adds a point of the current class at the cursor (Shift+A: the other class).
 * @param {App} app
 * @param {DataSpaceView} view
 */
export function bindDataViewKeys(app, view) {
  const canvas = view.canvas;
  const state = app.state;
  const centre = () => ({ x: state.view.cx, y: state.view.cy });
  canvas.addEventListener("focus", () => {
    // the cursor shows when the focus came from the keyboard, not from a click on the view
    if (!canvas.matches(":focus-visible")) return;
    app.setTransient({ keyboardFocus: true, keyboardCursor: state.keyboardCursor ?? centre() });
  });
  canvas.addEventListener("blur", () => app.setTransient({ keyboardFocus: false }));
  canvas.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    app.setTransient({ keyboardFocus: true }); // a key pressed after a click: now the cursor is wanted
    const points = state.points;
    const cursor = state.keyboardCursor ?? centre();
    let next = state.keyboardCursor;
    let i = state.keyboardPoint;
    if (i >= points.length) i = -1;
    const step = (e.shiftKey ? FINE_KEY_STEP : KEY_STEP) * state.view.half;
    /** @type {Record<string, number[]>} */
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const key = e.key;
    if (key in arrows) {
      const [dx, dy] = arrows[key];
      if (i >= 0) {
        const p = points[i];
        app.movePoint(i, round(p.x + dx * step), round(p.y + dy * step));
        next = { x: points[i].x, y: points[i].y };
      } else next = { x: cursor.x + dx * step, y: cursor.y + dy * step };
    } else if (key === "n" || key === "b") {
      if (!points.length) return;
      const start = i >= 0 ? i : nearest(points, cursor);
      i = i < 0 ? start : (start + (key === "n" ? 1 : points.length - 1)) % points.length;
      next = { x: points[i].x, y: points[i].y };
    } else if (key === "Escape") i = -1;
    else if ((key === "f" || key === "Enter") && i >= 0) app.flipLabel(i);
    else if ((key === "Delete" || key === "Backspace") && i >= 0) {
      app.deletePoint(i);
      i = -1;
    } else if (key === "a" || key === "A") {
      const label = e.shiftKey ? -state.addLabel : state.addLabel;
      app.addPoint({ x: round(cursor.x), y: round(cursor.y), label });
      i = state.points.length - 1;
    } else return;
    e.preventDefault();
    e.stopPropagation(); // the page's own shortcuts do not see the keys the data view used
    app.setTransient({ keyboardCursor: next, keyboardPoint: i, hover: i });
  });
}

/** The index of the point nearest `c`. @param {{x: number, y: number}[]} points @param {{x: number, y: number}} c */
function nearest(points, c) {
  let best = 0;
  points.forEach((p, k) => {
    if (Math.hypot(p.x - c.x, p.y - c.y) < Math.hypot(points[best].x - c.x, points[best].y - c.y)) best = k;
  });
  return best;
}

/** `v` to three decimals (the coordinates a click or a key writes). @param {number} v */
function round(v) {
  return Math.round(v * 1000) / 1000;
}
