/**
 * The page's controller: every edit of the state goes through here (checked, recorded for undo,
 * saved, and a new training asked of the training controller); it runs the frame loop, which
 * trains a slice, builds the frame (view-frame.js) and gives it to every view.
 */

import { Animator } from "../animation/training-animation.js";
import { Counts } from "../training/cover-counts.js";
import { buildFrame } from "./view-frame.js";
import { encodeHash } from "../files/data-io.js";
import { showExplanations } from "../layout/layout.js";
import { saveState } from "../files/persistence.js";
import { RacePlayer } from "../animation/race.js";
import { checkRules, isTransient } from "./state-fields.js";
import { History, createState, fitView, flattenPoints, pointsFrom, restore, setFields, snapshot } from "./state.js";
import { StudentTeacher } from "../training/student-stream.js";
import { trainSettings } from "../training/core-settings.js";
import { IDLE_SLICE_MS, TrainingController } from "../training/data-view-training.js";
import { followVersionSpace } from "../views/weight/zoom-follow.js";

/** A view the frame loop draws: it reads the frame and writes nothing back. */
/** @typedef {{render: (frame: import("./view-frame.js").Frame) => void}} View */

/** The page's controller. */
export class App {
  /** @param {typeof import("../pkg/perceptron_lab.js")} wasm the core's exports */
  constructor(wasm) {
    this.wasm = wasm;
    this.state = createState();
    this.history = new History();
    this.training = new TrainingController(
      wasm,
      () => ({ points: this.state.points, settings: trainSettings(this.state) }),
      () => this.scheduleRender(),
      (text) => {
        setFields(this.state, { message: { text, kind: "error" } });
      },
    );
    /** the training animation of one rule */
    this.animator = new Animator(wasm, this);
    /** the race of the compared rules (a player: step, play, scrub), one step each per stepRace() */
    this.race = new RacePlayer(wasm, this);
    /** every player the page's one set of player controls can drive (compare-mode.js's `playerOf` says which does now) */
    this.players = [this.animator, this.race];
    /** the separable labellings of the current points (Cover's count), once per edit */
    this.counts = new Counts(
      wasm,
      () => ({ points: this.state.points, threshold: this.state.threshold, revision: this.training.revision }),
      () => this.scheduleRender(),
    );
    /** the teacher's learning curve of the examples added one at a time, and the Gibbs students */
    this.student = new StudentTeacher(this);
    /** counts the edits of the points (a drag step of the dragged point excepted): the views' cached layers key on it */
    this.pointsVersion = 0;
    /** @type {View[]} what `render()` draws, in order (main.js registers them) */
    this.views = [];
    /** @type {(() => void) | null} told when the shown rules change (the toggles follow) */
    this.onShownChanged = null;
    /** @type {() => Set<string>} what the lesson presented conceals for now (lesson-parts.js `concealed`; the lessons set it) */
    this.concealed = () => new Set();
    /** @type {{trainMs: number, drawMs: number, at: number, current: boolean} | null} the last rendered frame's timing */
    this.lastFrame = null;
    /** @type {{trainMs: number, drawMs: number, at: number, current: boolean}[] | null} every rendered frame while a benchmark records them */
    this.frameLog = null;
    /** @type {Promise<void> | null} a file preset on its way (data-sets.js) */
    this.loading = null;
    this.frameRequested = false;
    /** the version space the weight view's zoom was last checked against (`followVersionSpace`) */
    this.zoomChecked = null;
    /** local storage keeps the picture it holds until the first edit (a link opened over other saved points, a damaged saved state: persistence.js); the viewer's preferences are still saved into it */
    this.keepSaved = false;
  }

  /**
   * Validates user points and returns them with labels mapped to ±1; throws an Error naming the
   * first bad point. Changes nothing.
   * @param {unknown} points
   */
  checkPoints(points) {
    const { xs, ys } = flattenPoints(points);
    return pointsFrom(xs, this.wasm.checkPoints(xs, ys));
  }

  /**
   * Replaces the points (validated first: on bad input throws and keeps the old points and
   * seed); `preset`: the preset they are; `seed`: the seed of a generated set (kept outside the
   * edit's undo record, as the set's own).
   * @param {unknown} points
   * @param {{record?: boolean, fit?: boolean, teacher?: import("../training/teacher.js").Teacher | null, threshold?: boolean, preset?: string | null, seed?: number}} [options]
   */
  setPoints(points, { record = true, fit = true, teacher = null, threshold = this.state.threshold, preset = null, seed = this.state.seed } = {}) {
    const clean = this.checkPoints(points);
    setFields(this.state, { seed: seed });
    if (record) this.beginEdit();
    setFields(this.state, { points: clean, threshold, teacher, preset });
    setFields(this.state, { weightWindow: null }); // a zoom onto the old set's version space shows nothing of the new one
    if (fit) setFields(this.state, { view: fitView(clean) });
    this.commit();
  }

  /**
   * Sets the rule settings given in `rules` (the catalogue's keys, e.g. `{gamma, notesEta}`, any of them) as one edit;
   * throws an Error naming the setting, the value and the range (or an unknown setting),
   * changing nothing.
   * @param {unknown} rules
   */
  setRules(rules) {
    if (rules === null || typeof rules !== "object") throw new Error(`the rule settings must be an object such as {gamma: 2}, got ${rules}`);
    const keys = Object.keys(this.state.rules);
    const unknown = Object.keys(rules).find((k) => !keys.includes(k));
    if (unknown !== undefined) throw new Error(`unknown rule setting "${unknown}"; expected one of: ${keys.join(", ")}`);
    const next = checkRules({ ...this.state.rules, ...rules });
    this.beginEdit();
    setFields(this.state, { rules: next });
    this.commit();
    this.onShownChanged?.();
  }

  /**
   * Keeps the learning-curve panel's form (not an edit: no undo, no training); saved and put into
   * the link unless `persist` is false (the restore path).
   * @param {import("../curves/curve-form.js").CurveForm} form
   * @param {{persist?: boolean}} [options]
   */
  setCurves(form, { persist = true } = {}) {
    setFields(this.state, { curves: form });
    if (!persist) return;
    this.save();
    this.saveToUrl();
  }

  /** Records the state before an edit (for undo). */
  beginEdit() {
    this.keepSaved = false;
    this.history.push(snapshot(this.state));
  }

  /**
   * Ends an edit: saves, clears a stale message, schedules a render (and a new training, unless
   * `retrain` is false: the end of a drag, whose last step already started the training of these points).
   * @param {{retrain?: boolean}} [options]
   */
  commit({ retrain = true } = {}) {
    setFields(this.state, { dragIndex: -1 });
    this.pointsVersion++;
    setFields(this.state, { message: null });
    this.student.edited();
    if (retrain) this.training.invalidate();
    this.animator.clear(); // the run belongs to the old points
    this.persist();
  }

  /** Saves the state (local storage and the URL) and schedules a render. */
  persist() {
    this.save();
    this.saveToUrl();
    this.scheduleRender();
  }

  /** Saves the state in local storage (while it keeps what it holds, `keepSaved`, only the viewer's preferences); a refusal is said in the status line. */
  save() {
    if (this.state.lesson) return; // a lesson's steps are not the viewer's picture (lesson.js keeps that aside)
    const refused = saveState(this.state, { picture: !this.keepSaved });
    if (refused) setFields(this.state, { message: { text: refused, kind: "error" } });
  }

  /** One undoable edit of the points by `change()`: they are no preset any more ("custom" in the menu). @param {() => void} change */
  editPoints(change) {
    this.beginEdit();
    change();
    setFields(this.state, { preset: null });
    this.commit();
  }

  /** Adds point `p` (one edit). @param {import("./state.js").Point} p */
  addPoint(p) {
    this.editPoints(() => this.state.points.push(p));
  }

  /**
   * Moves point `i` to (x, y): one edit, or (`record` false) one step of a drag.
   * @param {number} i
   * @param {number} x
   * @param {number} y
   * @param {{record?: boolean}} [options]
   */
  movePoint(i, x, y, { record = true } = {}) {
    if (!(i >= 0 && i < this.state.points.length)) throw new Error(`no point ${i}: there are ${this.state.points.length}`);
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`point ${i}: coordinates must be finite numbers, got (${x}, ${y})`);
    if (record) this.beginEdit();
    Object.assign(this.state.points[i], { x, y });
    setFields(this.state, { preset: null });
    this.training.invalidate(!record);
    if (!record && this.state.dragIndex !== i) {
      setFields(this.state, { dragIndex: i });
      this.pointsVersion++;
    }
    this.animator.clear();
    if (record) this.commit();
    else this.scheduleRender();
  }

  /** Gives the points the labels `labels` (±1 each; one edit). @param {ArrayLike<number>} labels */
  relabel(labels) {
    if (labels.length !== this.state.points.length) throw new Error(`relabel: ${labels.length} labels for ${this.state.points.length} points`);
    setFields(this.state, { region: null });
    this.editPoints(() =>
      this.state.points.forEach((p, i) => {
        p.label = labels[i] > 0 ? 1 : -1;
      }),
    );
  }

  /** Flips the label of point `i` (one edit). @param {number} i */
  flipLabel(i) {
    this.editPoints(() => {
      this.state.points[i].label = -this.state.points[i].label;
    });
  }

  /** Deletes point `i` (one edit). @param {number} i */
  deletePoint(i) {
    setFields(this.state, { hover: -1 });
    this.editPoints(() => this.state.points.splice(i, 1));
  }

  clearPoints() {
    if (!this.state.points.length) return;
    this.editPoints(() => {
      setFields(this.state, { points: [] });
      setFields(this.state, { teacher: null });
      setFields(this.state, { weightWindow: null });
    });
  }

  /** Undo (compare mode stays as it is: it compares the shown rules the snapshot brings back). */
  undo() {
    const snap = this.history.undo(snapshot(this.state));
    if (snap) this.applySnapshot(snap);
  }

  redo() {
    const snap = this.history.redo(snapshot(this.state));
    if (snap) this.applySnapshot(snap);
  }

  /** Brings back the snapshot `snap` (undo, redo). @param {import("./state-fields.js").Snapshot} snap */
  applySnapshot(snap) {
    this.keepSaved = false;
    restore(this.state, snap);
    setFields(this.state, { hover: -1 });
    this.onShownChanged?.();
    this.commit();
  }

  /** Through the origin (false) or with a threshold (true): one edit. @param {unknown} on checked: true or false */
  setThreshold(on) {
    if (typeof on !== "boolean") throw new Error(`setThreshold expects true or false, got ${typeof on}`);
    if (this.state.threshold === on) return;
    this.beginEdit();
    setFields(this.state, { threshold: on });
    setFields(this.state, { weightWindow: null }); // the lower plot's axes change
    this.commit();
  }

  /** Projector mode: large views, type and marks, on one screen (the page view lays them out). @param {boolean} on */
  setProjector(on) {
    setFields(this.state, { projector: on });
    this.save();
    this.scheduleRender();
  }

  /**
   * Shows or hides the explanations beside the views; a lesson link's choice (`persist` false) is not the viewer's, whose choice overrides it.
   * @param {boolean} on
   * @param {{persist?: boolean}} [options]
   */
  setExplanations(on, { persist = true } = {}) {
    if (persist) {
      setFields(this.state, { explanations: on });
      setFields(this.state, { lessonExplanations: true });
      this.save();
      this.scheduleRender();
    } else this.setTransient({ lessonExplanations: on });
    showExplanations(this.state);
  }

  /**
   * Sets transient fields of the state (hover, the rings, the keyboard's cursor, …; state-fields.js
   * marks them) and redraws if any changed; throws on a field that is not transient.
   * @param {Record<string, any>} patch
   */
  setTransient(patch) {
    let changed = false;
    for (const [key, value] of Object.entries(patch)) {
      if (!isTransient(key)) throw new Error(`setTransient: ${key} is not a transient field`);
      if (this.state[/** @type {keyof import("./state.js").PageState} */ (key)] === value) continue;
      setFields(this.state, { [key]: value });
      changed = true;
    }
    if (changed) this.scheduleRender();
  }

  /** Shows a message in the status line until the next edit. @param {string} text @param {string} [kind] "note" or "error" */
  setMessage(text, kind = "note") {
    this.setTransient({ message: { text, kind } });
  }

  /** Puts the state into the URL (replacing the entry: edits do not fill the back button). */
  saveToUrl() {
    if (this.state.lesson) return; // the address bar holds the lesson's link (lesson.js)
    try {
      history.replaceState(null, "", encodeHash(this.state));
    } catch {
      // a URL too long for this browser: local storage still has the state
    }
  }

  /** A new training now if an edit waits for one (the cell under the pointer and the race belong to the old points). */
  ensureTrained(options = {}) {
    if (!this.training.dirty) return;
    setFields(this.state, { region: null });
    this.race.clear();
    this.training.retrain(options);
  }

  /** Finishes the training now (the automation interface's edits return trained answers). */
  settleNow() {
    this.ensureTrained({ handOff: false });
    this.training.settleNow();
    followVersionSpace(this);
  }

  /** Whether every shown rule has stopped. */
  settled() {
    return this.training.settled();
  }

  /** Requests one render on the next animation frame. */
  scheduleRender() {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      this.render();
    });
  }

  /**
   * Renders every view (`views`) now, after a slice of training: a new training if the points
   * or settings changed, else the next slice of the one the main thread runs. While rules are
   * still training here, the next frame is scheduled, so the lines settle in front of the viewer;
   * while they train in the worker, each of its scenes schedules one.
   */
  render() {
    const t0 = performance.now();
    if (this.training.dirty) this.ensureTrained();
    else this.training.advance(IDLE_SLICE_MS);
    followVersionSpace(this);
    const t1 = performance.now();
    const frame = buildFrame(this);
    for (const view of this.views) view.render(frame);
    this.lastFrame = { trainMs: t1 - t0, drawMs: performance.now() - t1, at: t0, current: this.training.current };
    this.frameLog?.push(this.lastFrame);
    if (!this.settled() && !this.training.offloaded) this.scheduleRender();
  }
}
