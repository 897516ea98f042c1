// @ts-check
/** DOM events → edits of the state through the controller → a scheduled render: the data view,
 * the weight view, the keyboard, the control bar and the panels' own controls. */

import { PLAYER_CONTROLS, speedOfSlider, togglePlay } from "../animation/player.js";
import { loadPreset, newTeacherSet, teacherForm } from "../app/data-sets.js";
import { HIT_SLACK_PX, beyondTap, hitSlack } from "./pointer-tolerance.js";
import { draggedTeacher } from "../training/teacher.js";
import { fitWeightView } from "./weight-gestures.js";

/** @typedef {import("../app/controller.js").App} App */
/** @typedef {import("../views/data/data-view.js").DataSpaceView} DataSpaceView */
/** @typedef {import("../views/weight/weight-view.js").WeightView} WeightView */
/** @typedef {{dataView: DataSpaceView, weightView: WeightView}} Views */

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
  /** What of the shown teacher is under (px, py): "turn", "shift", "line" or null. */
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
      if (!teacherDrag.moved) app.beginEdit();
      teacherDrag.moved = true;
      const { x, y } = view.toData(px, py);
      app.setTeacher(draggedTeacher(app.state.teacher, teacherDrag.how, [x, y], view.teacherArrow()), { record: false });
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
      app.setRegion(null);
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

/** The index of the point nearest `c`. */
function nearest(points, c) {
  let best = 0;
  points.forEach((p, k) => {
    if (Math.hypot(p.x - c.x, p.y - c.y) < Math.hypot(points[best].x - c.x, points[best].y - c.y)) best = k;
  });
  return best;
}

/**
 * Whether a key pressed on `target` is typed text or a dialog's own (a field, a menu, an editable
 * element, anything in a dialog): the page's shortcuts leave it alone.
 * @param {EventTarget | null} target
 */
export function isTyping(target) {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return true;
  return (target instanceof HTMLElement && target.isContentEditable) || target.closest("dialog") !== null;
}

/**
 * Keyboard shortcuts: Ctrl+Z undo, Ctrl+Y / Ctrl+Shift+Z redo, 1/2 class, D delete mode, T threshold.
 * @param {App} app
 * @param {WeightView} weightView
 */
export function bindKeys(app, weightView) {
  const state = app.state;
  window.addEventListener("keydown", (e) => {
    if (isTyping(e.target)) return;
    const key = e.key.toLowerCase();
    // Space and Enter on a focused button or link press it, as everywhere else
    const pressable =
      e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement || (e.target instanceof HTMLElement && e.target.tagName === "SUMMARY");
    if ((key === " " || key === "enter") && pressable) return;
    if ((e.ctrlKey || e.metaKey) && key === "z") {
      e.preventDefault();
      if (e.shiftKey) app.redo();
      else app.undo();
    } else if ((e.ctrlKey || e.metaKey) && key === "y") {
      e.preventDefault();
      app.redo();
    } else if (e.ctrlKey || e.metaKey || e.altKey) {
      return;
    } else if (state.lesson) {
      // presenter mode: its own keys (lesson-keys.js); no other key changes the prepared scene
      return;
    } else if (key === "1") app.setTransient({ addLabel: 1 });
    else if (key === "2") app.setTransient({ addLabel: -1 });
    else if (key === "d") app.setTransient({ deleteMode: !state.deleteMode });
    else if (key === "t") app.setThreshold(!state.threshold);
    else if (key === "c") app.setCompare(!state.compare);
    else if (key === "p") app.setProjector(!state.projector);
    else if (key === "e") app.setExplanations(!state.explanations);
    else if (key === "v") {
      if (e.shiftKey) app.setTransient({ weightWindow: null });
      else fitWeightView(app, weightView);
    } else if (e.key === "?") /** @type {HTMLDialogElement} */ (document.getElementById("help-dialog")).showModal();
    else if (key === "s") {
      // the player's keys: the animation, or in compare mode the race
      app.player().step();
      app.scheduleRender();
    } else if (key === " ") {
      e.preventDefault();
      togglePlay(app.player());
      app.scheduleRender();
    } else if (key === "r") app.player().reset();
  });
}

/** The value of the input or menu that fired `e`. @param {Event} e */
const inputValue = (e) => /** @type {HTMLInputElement | HTMLSelectElement} */ (e.target).value;

/**
 * Wires the control bar.
 * @param {App} app
 * @param {(id: string) => HTMLElement} el
 * @param {WeightView} weightView
 */
export function bindControls(app, el, weightView) {
  const state = app.state;
  el("class-plus").addEventListener("click", () => app.setTransient({ addLabel: 1 }));
  el("class-minus").addEventListener("click", () => app.setTransient({ addLabel: -1 }));
  el("delete-mode").addEventListener("click", () => app.setTransient({ deleteMode: !state.deleteMode }));
  el("undo").addEventListener("click", () => app.undo());
  el("redo").addEventListener("click", () => app.redo());
  el("clear").addEventListener("click", () => app.clearPoints());
  el("mode-origin").addEventListener("click", () => app.setThreshold(false));
  el("mode-threshold").addEventListener("click", () => app.setThreshold(true));
  el("preset").addEventListener("change", (e) => loadPreset(app, inputValue(e), teacherForm(el)));
  el("teacher-new").addEventListener("click", () => newTeacherSet(app, teacherForm(el)));
  // Enter in P, λ or the seed draws the set, as the button does
  for (const id of ["teacher-p", "teacher-noise", "teacher-seed"]) {
    el(id).addEventListener("keydown", (e) => {
      if (/** @type {KeyboardEvent} */ (e).key !== "Enter") return;
      e.preventDefault();
      newTeacherSet(app, teacherForm(el));
    });
  }
  el("compare").addEventListener("click", () => app.setCompare(!state.compare));
  el("projector").addEventListener("click", () => app.setProjector(!state.projector));
  el("explain-toggle").addEventListener("click", () => app.setExplanations(!state.explanations));
  el("help").addEventListener("click", () => /** @type {HTMLDialogElement} */ (el("help-dialog")).showModal());
  el("weight-fit").addEventListener("click", () => fitWeightView(app, weightView));
  // the skip link focuses the data view without putting its name into the URL, whose hash is the state's link
  el("skip-link").addEventListener("click", (e) => {
    e.preventDefault();
    el("data-view").focus();
  });
  el("weight-whole").addEventListener("click", () => app.setTransient({ weightWindow: null }));
  el("anim-algorithm").addEventListener("change", (e) => app.animator.setAlgorithm(inputValue(e)));
  bindPlayer(() => app.player(), app.players, app, el);
}

/**
 * Wires the panels' own controls: the view options (numbers, the final line, the rings, the
 * cells), the student–teacher panel's buttons and the count panel's thumbnails (a click gives the
 * points that labelling).
 * @param {App} app
 * @param {(id: string) => any} el
 */
export function bindPanels(app, el) {
  for (const [id, key] of [
    ["anim-number", "numberPoints"],
    ["anim-final", "showFinal"],
    ["ring-strength", "ringsByStrength"],
    ["count-regions", "showRegions"],
  ]) {
    el(id).addEventListener("change", () => app.setTransient({ [key]: el(id).checked }));
  }
  el("teacher-show").addEventListener("change", () => app.setShowTeacher(el("teacher-show").checked));
  el("teacher-relabel").addEventListener("click", () => app.relabelByTeacher());
  el("gibbs-resample").addEventListener("click", () => app.student.resample());
  el("add-example").addEventListener("click", () => {
    try {
      app.student.addExample();
    } catch (e) {
      app.setMessage(e.message, "error");
    }
  });
  el("count-thumbs").addEventListener("click", (/** @type {MouseEvent} */ e) => {
    const button = /** @type {HTMLElement} */ (e.target).closest("button[data-labelling]");
    const labelling = button && app.counts.labellings?.[Number(/** @type {HTMLElement} */ (button).dataset.labelling)];
    if (labelling) app.relabel(labelling.labels);
  });
}

/** @param {number} v */
function round(v) {
  return Math.round(v * 1000) / 1000;
}

/**
 * Wires the one player's controls to whichever player `driven()` gives: Step pauses and takes one
 * step, Play toggles, Reset forgets the run, the scrubber shows a recorded step; the speed slider
 * sets the speed of every player in `players` (one speed, kept when the player changes).
 * @param {() => import("../animation/player.js").Player<any>} driven the player the controls drive now
 * @param {import("../animation/player.js").Player<any>[]} players every player the controls can drive
 * @param {{scheduleRender: () => void}} app
 * @param {(id: string) => any} el
 */
function bindPlayer(driven, players, app, el) {
  const ids = PLAYER_CONTROLS;
  el(ids.step).addEventListener("click", () => {
    const player = driven();
    player.pause();
    player.step();
    app.scheduleRender();
  });
  el(ids.play).addEventListener("click", () => {
    togglePlay(driven());
    app.scheduleRender();
  });
  el(ids.reset).addEventListener("click", () => driven().reset());
  el(ids.scrub).addEventListener("input", (/** @type {Event} */ e) => driven().scrub(Number(/** @type {HTMLInputElement} */ (e.target).value)));
  el(ids.speed).addEventListener("input", (/** @type {Event} */ e) => {
    const speed = speedOfSlider(Number(/** @type {HTMLInputElement} */ (e.target).value));
    for (const p of players) p.speed = speed;
    app.scheduleRender();
  });
}
