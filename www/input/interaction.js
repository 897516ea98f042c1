/** DOM events → edits of the state through the controller → a scheduled render: the page's
 * keyboard shortcuts, the control bar and the panels' own controls (the data view's own input:
 * data-view-input.js; the weight view's: weight-gestures.js). */

import { bindPlayer, togglePlay } from "../animation/player.js";
import { loadPreset, newTeacherSet, teacherForm } from "../app/data-sets.js";
import { relabelByTeacher, setShowTeacher } from "../training/teacher.js";
import { fitWeightView } from "./weight-gestures.js";
import { playerOf, setCompare } from "../animation/compare-mode.js";
import { errorMessage } from "../text/format.js";

/** @typedef {import("../app/controller.js").App} App */
/** @typedef {import("../views/weight/weight-view.js").WeightView} WeightView */

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
    else if (key === "c") setCompare(app, !state.compare);
    else if (key === "p") app.setProjector(!state.projector);
    else if (key === "e") app.setExplanations(!state.explanations);
    else if (key === "v") {
      if (e.shiftKey) app.setTransient({ weightWindow: null });
      else fitWeightView(app, weightView);
    } else if (e.key === "?") /** @type {HTMLDialogElement} */ (document.getElementById("help-dialog")).showModal();
    else if (key === "s") {
      // the player's keys: the animation, or in compare mode the race
      playerOf(app).step();
      app.scheduleRender();
    } else if (key === " ") {
      e.preventDefault();
      togglePlay(playerOf(app));
      app.scheduleRender();
    } else if (key === "r") playerOf(app).reset();
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
  el("compare").addEventListener("click", () => setCompare(app, !state.compare));
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
  bindPlayer(() => playerOf(app), app.players, app, el);
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
  el("teacher-show").addEventListener("change", () => setShowTeacher(app, el("teacher-show").checked));
  el("teacher-relabel").addEventListener("click", () => relabelByTeacher(app));
  el("gibbs-resample").addEventListener("click", () => app.student.resample());
  el("add-example").addEventListener("click", () => {
    try {
      app.student.addExample();
    } catch (e) {
      app.setMessage(errorMessage(e), "error");
    }
  });
  el("count-thumbs").addEventListener("click", (/** @type {MouseEvent} */ e) => {
    const button = /** @type {HTMLElement} */ (e.target).closest("button[data-labelling]");
    const labelling = button && app.counts.labellings?.[Number(/** @type {HTMLElement} */ (button).dataset.labelling)];
    if (labelling) app.relabel(labelling.labels);
  });
}
