// @ts-check
/** The app: owns state, history and the current scene; every edit goes through here. */

import { ALGORITHMS, CORE } from "./catalogue.js";
import { save } from "./persistence.js";
import { checkSeed } from "./schema.js";
import { History, createState, fitView, flattenPoints, pointsFrom, restore, snapshot } from "./state.js";
import { FILE_PRESETS, FIXED_PRESETS, GENERATED_PRESETS } from "./presets.js";
import { parseCsv } from "./io.js";
import { Animator } from "./animation.js";
import { RacePlayer } from "./race.js";
import { encodeHash } from "./io.js";
import { Counts, degeneracyPoints } from "./count-panel.js";
import { StudentTeacher, generalizationErrors, teacherLabel, teacherOfSet } from "./teacher.js";
import { checkTeacher } from "./schema.js";
import { layout } from "./layout.js";
import { Settler } from "./settler.js";

/**
 * Training per frame (ms): on the frame of an edit (which also starts a new training and
 * computes the exact optimum and the version space) 1 ms — enough for lines on a few hundred
 * points; the worker takes over after it — and, without a worker, 10 ms on the frames after it;
 * with the drawing, a frame stays within a 60 Hz display's 16.7 ms.
 */
const SLICE_MS = 1;
const IDLE_SLICE_MS = 10;
/** How long an edit of the automation interface trains before it returns (the rest goes on in the worker). */
const AUTOMATION_SETTLE_MS = 2000;
/**
 * Above this many points a drag step is not trained on the main thread at all (a new training of
 * 10 000 points, its exact optimum and version space take 7–8 ms, the drawing as much again): the
 * worker trains it and the frame draws the points with the lines of the step before, as settling.
 */
const DEFER_ABOVE_POINTS = 1000;

/** The page's controller. */
export class App {
  /** `wasm`: the core's exports; `dataView`: the DataSpaceView; `el`: id → element. */
  constructor(wasm, dataView, weightView, el) {
    this.wasm = wasm;
    this.dataView = dataView;
    this.weightView = weightView;
    this.animator = new Animator(wasm, this);
    this.compare = null; // the `shown` set saved while comparing
    /** the rules compare mode compares */
    /** @type {import("./pkg/perceptron_lab.js").Algorithm[]} */
    this.compareRules = ["rosenblatt", "minover"];
    /** the race of the compared rules (a player: step, play, scrub), one step each per stepRace() */
    this.race = new RacePlayer(wasm, this);
    this.el = el;
    this.state = createState();
    this.history = new History();
    this.scene = null;
    /** @type {import("./pkg/perceptron_lab.js").Training | null} the training of the current points (one per edit) */
    this.training = null;
    /** the version space of the current points (it does not change while the rules train) */
    this.versionSpace = null;
    /** the revision the scene was trained for (an older one while a drag step waits for the worker) */
    this.sceneRevision = 0;
    /** counts the edits of the points (a drag step of the dragged point excepted): the views' cached layers key on it */
    this.pointsVersion = 0;
    /** the point a drag is moving (-1: none) */
    this.dragIndex = -1;
    /** how many points the last training was of */
    this.trainedPoints = 0;
    /** whether the worker is settling the current revision (the main thread only draws its scenes) */
    this.offloaded = false;
    /** whether the edit waiting for its frame is a drag step (`movePoint` without a record) */
    this.dragStep = false;
    /** @type {{trainMs: number, drawMs: number, at: number, current: boolean}[] | null} every rendered frame while a benchmark records them */
    this.frameLog = null;
    /** the training worker: the rules settle there, off the main thread */
    this.settler = new Settler(
      (m) => this.takeJobMessage(m),
      (e) => this.workerFailed(e),
    );
    this.hover = -1;
    /** the point selected from the keyboard in the data view (-1: none) */
    this.keyboardPoint = -1;
    /** @type {{phi: number, theta: number, labels: Float64Array, arc: number[] | null, lower: Float64Array, upper: Float64Array} | null} the weight-space cell under the pointer (its labelling previewed in the data view) */
    this.region = null;
    /** counts one per new training (an edit of the points or the mode): caches key on it */
    this.revision = 0;
    /** the separable labellings of the current points (Cover's count), once per edit */
    this.counts = new Counts(wasm);
    /** the teacher's learning curve of the examples added one at a time, and its hover */
    this.student = new StudentTeacher(this);
    /** whether the data view numbers the points (as the animation's status line names them) */
    this.numberPoints = false;
    /** whether the animated rule's final line stays visible while it is stepped (hidden: Fig. 3.4 does not give the answer away) */
    this.showFinal = false;
    /** whether the data view sizes the rings by the embedding strengths x^μ (area ∝ x^μ) instead of ringing the exact optimum's support vectors */
    this.ringsByStrength = false;
    /** whether the weight view numbers its cells (the separable labellings; few points only) */
    this.showRegions = false;
    this.dirty = true;
    this.frameRequested = false;
    this.message = null; // {text, kind} shown until the next edit
    /** @type {{render: (app: App) => void}[]} what `render()` draws, in order (main.js registers them) */
    this.views = [];
    /** @type {(() => void) | null} told when the shown rules change (the toggles follow) */
    this.onShownChanged = null;
  }

  /**
   * Validates user points and returns them with labels mapped to ±1; throws an Error naming the
   * first bad point. Changes nothing.
   */
  checkPoints(points) {
    const { xs, ys } = flattenPoints(points);
    const labels = this.wasm.checkPoints(xs, ys);
    return pointsFrom(xs, labels);
  }

  /** Replaces the points (validated first: on bad input throws and keeps the old points); `preset`: the preset they are. */
  setPoints(points, { record = true, fit = true, teacher = null, threshold = this.state.threshold, preset = null } = {}) {
    const clean = this.checkPoints(points);
    if (record) this.beginEdit();
    this.state.points = clean;
    this.state.threshold = threshold;
    this.state.teacher = teacher;
    this.state.preset = preset;
    if (fit) this.state.view = fitView(clean);
    this.commit();
  }

  /** Records the state before an edit (for undo). */
  beginEdit() {
    this.history.push(this.snapshot());
  }

  /** The state for undo/redo; in compare mode with the rules shown outside it (compare is a view). */
  snapshot() {
    const snap = snapshot(this.state);
    if (this.compare !== null) snap.shown = { ...this.compare };
    return snap;
  }

  /**
   * Ends an edit: saves, clears a stale message, schedules a render (and a new training, unless
   * `retrain` is false: the end of a drag, whose last step already started the training of these points).
   */
  commit({ retrain = true } = {}) {
    this.dragIndex = -1;
    this.pointsVersion++;
    this.message = null;
    this.student.edited();
    if (retrain) this.dirty = true;
    this.animator.clear(); // the run belongs to the old points
    save(this.state);
    this.saveToUrl();
    this.scheduleRender();
  }

  /** One undoable edit of the points by `change()`: they are no preset any more ("custom" in the menu). */
  editPoints(change) {
    this.beginEdit();
    change();
    this.state.preset = null;
    this.commit();
  }

  addPoint(p) {
    this.editPoints(() => this.state.points.push(p));
  }

  movePoint(i, x, y, { record = true } = {}) {
    if (!(i >= 0 && i < this.state.points.length)) throw new Error(`no point ${i}: there are ${this.state.points.length}`);
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`point ${i}: coordinates must be finite numbers, got (${x}, ${y})`);
    if (record) this.beginEdit();
    Object.assign(this.state.points[i], { x, y });
    this.state.preset = null;
    this.dirty = true;
    this.dragStep = !record;
    if (!record && this.dragIndex !== i) {
      this.dragIndex = i;
      this.pointsVersion++;
    }
    this.animator.clear();
    if (record) this.commit();
    else this.scheduleRender();
  }

  /** Gives the points the labels `labels` (±1 each; one edit). */
  relabel(labels) {
    if (labels.length !== this.state.points.length) throw new Error(`relabel: ${labels.length} labels for ${this.state.points.length} points`);
    this.region = null;
    this.editPoints(() =>
      this.state.points.forEach((p, i) => {
        p.label = labels[i] > 0 ? 1 : -1;
      }),
    );
  }

  /**
   * Sets the teacher `{w, theta, noise}` (or null; checked first: a bad one throws and changes
   * nothing). The points keep their labels (`relabelByTeacher` relabels them) and the rules their
   * training; every ε_g follows.
   */
  setTeacher(teacher, { record = true } = {}) {
    const t = checkTeacher(teacher);
    if (record) this.beginEdit();
    this.state.teacher = t;
    this.student.edited();
    save(this.state);
    this.saveToUrl();
    this.scheduleRender();
  }

  /** Shows or hides the teacher's line and mark. */
  setShowTeacher(on) {
    this.beginEdit();
    this.state.showTeacher = on;
    save(this.state);
    this.saveToUrl();
    this.scheduleRender();
  }

  /** Gives every point the teacher's label `sign(w*·ξ − θ*)` (without noise; one edit). */
  relabelByTeacher() {
    const t = this.state.teacher;
    if (!t) throw new Error("relabelByTeacher: the points have no teacher");
    this.beginEdit();
    for (const p of this.state.points) p.label = teacherLabel(t, p);
    this.region = null;
    this.commit();
  }

  /** Every shown rule's ε_g against the teacher (`{}` without one). */
  generalizationErrors() {
    return generalizationErrors(this.wasm, this.state.teacher, this.state, this.viewScene());
  }

  /**
   * Points at the weight-space cell of the perceptron `(u(φ), θ)` (θ ignored through the
   * origin): the data view previews its labelling and the weight view outlines it; `null` or a
   * boundary clears it.
   */
  setRegion(phi, theta = 0) {
    let region = null;
    if (phi !== null && this.state.points.length) {
      const { xs, ys } = flattenPoints(this.state.points);
      const r = this.wasm.regionAt(xs, ys, this.state.threshold, phi, theta);
      region = r ? { ...r, phi, theta } : null;
    }
    if (region === null && this.region === null) return;
    this.region = region;
    this.scheduleRender();
  }

  flipLabel(i) {
    this.editPoints(() => {
      this.state.points[i].label = -this.state.points[i].label;
    });
  }

  deletePoint(i) {
    this.hover = -1;
    this.editPoints(() => this.state.points.splice(i, 1));
  }

  clearPoints() {
    if (!this.state.points.length) return;
    this.editPoints(() => {
      this.state.points = [];
      this.state.teacher = null;
    });
  }

  undo() {
    this.setCompare(false); // the snapshot's `shown` replaces the comparison's
    const snap = this.history.undo(this.snapshot());
    if (snap) this.applySnapshot(snap);
  }

  redo() {
    this.setCompare(false);
    const snap = this.history.redo(this.snapshot());
    if (snap) this.applySnapshot(snap);
  }

  applySnapshot(snap) {
    restore(this.state, snap);
    this.hover = -1;
    this.onShownChanged?.();
    this.commit();
  }

  setThreshold(on) {
    if (typeof on !== "boolean") throw new Error(`setThreshold expects true or false, got ${typeof on}`);
    if (this.state.threshold === on) return;
    this.beginEdit();
    this.state.threshold = on;
    this.commit();
  }

  /** Projector mode: large views, type and marks, on one screen (layout.js sizes the views). */
  setProjector(on) {
    this.state.projector = on;
    document.body.classList.toggle("projector", on);
    layout(this.dataView, this.weightView);
    save(this.state);
    this.scheduleRender();
  }

  /** Zooms the weight view's lower plot onto the version space (a message when there is none). */
  fitWeightView() {
    if (!this.weightView.fitVersionSpace(this.scene?.versionSpace)) {
      this.setMessage("No version space to zoom onto: these points are not linearly separable in this mode.");
    }
    this.scheduleRender();
  }

  /** The weight view's lower plot over every direction and threshold again. */
  wholeWeightView() {
    this.weightView.window = null;
    this.scheduleRender();
  }

  /** Shows or hides the explanations beside the views (for a lesson). */
  setExplanations(on, { persist = true } = {}) {
    document.body.classList.toggle("hide-explanations", !on);
    if (!persist) return this.scheduleRender(); // a lesson link's choice, not the viewer's
    this.state.explanations = on;
    save(this.state);
    this.scheduleRender();
  }

  setAddLabel(label) {
    this.state.addLabel = label;
    this.scheduleRender();
  }

  setDeleteMode(on) {
    this.state.deleteMode = on;
    this.scheduleRender();
  }

  setHover(i) {
    if (i === this.hover) return;
    this.hover = i;
    this.scheduleRender();
  }

  /**
   * Loads a preset by id; generated presets use P and the seed from the control bar, the teacher
   * sets their own λ, which they put in the λ field (`newTeacherSet`).
   */
  loadPreset(id) {
    const fixed = FIXED_PRESETS.find((p) => p.id === id);
    if (fixed) {
      this.setPoints(
        fixed.points.map((p) => ({ ...p })),
        { threshold: fixed.threshold, preset: id },
      );
      return;
    }
    const file = FILE_PRESETS.find((p) => p.id === id);
    if (file) {
      const embedded = globalThis.PLAB_FILES?.[file.path];
      const url = new URL(`www/${file.path}`, document.baseURI);
      this.loading = (
        embedded !== undefined
          ? Promise.resolve(embedded)
          : fetch(url).then((r) => {
              if (!r.ok) throw new Error(`${url.pathname}: HTTP ${r.status}`);
              return r.text();
            })
      )
        .then((text) => {
          this.setPoints(parseCsv(this.wasm, text).points, { threshold: file.threshold, preset: id });
          this.render();
        })
        .catch((e) => this.setMessage(`The preset could not be loaded: ${e.message}`, "error"));
      return;
    }
    const gen = GENERATED_PRESETS.find((p) => p.id === id);
    if (!gen) throw new Error(`unknown preset "${id}"`);
    if (id !== "random") this.el("teacher-noise").value = String(gen.noise);
    this.newTeacherSet(id === "random");
  }

  /**
   * A new generated set from the control bar's P, λ and seed, of the kind the menu shows unless
   * `random` says otherwise: random labels, else a teacher's with label noise λ. The menu then
   * names it ("teacher", or "noisy" when λ > 0, or "random").
   */
  newTeacherSet(random = this.state.preset === "random") {
    const field = (id) => /** @type {HTMLInputElement} */ (this.el(id)).value;
    const p = Number(field("teacher-p"));
    const seed = Number(field("teacher-seed"));
    const noise = random ? 0.5 : Number(field("teacher-noise"));
    try {
      if (!Number.isInteger(p) || p < 1) throw new Error(`P must be a whole number ≥ 1, got ${field("teacher-p")}`);
      if (!(noise >= 0 && noise <= 1)) throw new Error(`λ must be a number in [0, 1], got ${field("teacher-noise")}`);
      checkSeed(seed);
      const set = this.wasm.teacherSet(p, seed, noise);
      this.state.seed = seed;
      const preset = random ? "random" : noise > 0 ? "noisy" : "teacher";
      this.setPoints(pointsFrom(set.xs, set.ys), { teacher: random ? null : teacherOfSet(set.teacher, noise), preset });
    } catch (e) {
      this.setMessage(e.message, "error");
    }
  }

  /** Puts the state into the URL (replacing the entry: edits do not fill the back button). */
  saveToUrl() {
    try {
      history.replaceState(null, "", encodeHash(this.state));
    } catch {
      // a URL too long for this browser: local storage still has the state
    }
  }

  /**
   * Compare mode: the rules `rules` (default Rosenblatt and MinOver) and the exact optimum as the
   * reference, each with its line, band and w, a bar of κ(w)/κ_max, and their traces against the
   * step t (recorded from the runs that draw the lines: the training restarts with traces on).
   * @param {boolean} on
   * @param {any[]} [rules]
   */
  setCompare(on, rules = this.compareRules) {
    if (on) {
      const unknown = rules.filter((r) => !ALGORITHMS.includes(/** @type {any} */ (r)));
      if (!rules.length || unknown.length) throw new Error(`setCompare: rules must be some of ${ALGORITHMS.join(", ")}; got ${JSON.stringify(rules)}`);
    }
    const same = on === (this.compare !== null) && (!on || rules.join() === this.compareRules.join());
    if (same) return;
    this.stopRace();
    if (this.compare !== null) Object.assign(this.state.shown, this.compare);
    this.compare = null;
    this.state.compare = on;
    if (on) {
      this.compareRules = [...rules];
      this.compare = { ...this.state.shown };
      for (const name of Object.keys(this.state.shown)) this.state.shown[name] = name === "exact" || rules.includes(name);
    }
    this.dirty = true; // the traces are recorded from tabula rasa
    this.onShownChanged?.();
    this.scheduleRender();
  }

  /**
   * The traces (`{name: Trace}`): in compare mode the compared rules' — the race's up to the step
   * shown while a race is under way, else the full runs' — and the animated rule's up to the
   * frame shown once the animation has taken a step (unless that rule is compared).
   */
  traces() {
    let out = {};
    if (this.compare !== null) {
      if (this.race.active) out = this.race.traces();
      else {
        if (this.dirty) this.retrain();
        out = this.training?.traces() ?? {};
      }
    }
    const animated = this.animator.trace();
    if (animated && !(this.animator.algorithm in out)) out[this.animator.algorithm] = animated;
    return out;
  }

  /**
   * The race: every compared rule advanced by one step (from tabula rasa on the first call), in
   * lockstep — or, scrubbed back, the next recorded step; the data view shows where each rule stands.
   */
  stepRace() {
    if (this.compare === null) throw new Error("stepCompare: compare mode is off");
    this.race.step();
    this.scheduleRender();
  }

  /** Ends the race (the views show the full runs again). */
  stopRace() {
    this.race.clear();
  }

  /**
   * Shows race step `t` of the steps taken (scrubbing: every compared rule as it stood after t steps).
   * @param {number} t
   */
  scrubRace(t) {
    if (!this.race.active) throw new Error("scrubCompare: no race is under way (step or play it first)");
    this.race.scrub(t);
  }

  /** Plays the race at the race's speed (or pauses it); it stops by itself when every compared rule has stopped. */
  playRace(on) {
    if (on) this.race.play();
    else this.race.pause();
    this.scheduleRender();
  }

  /** The points and settings as the core takes them (for the animation). */
  trainingInput() {
    const { xs, ys } = flattenPoints(this.state.points);
    return { xs, ys, settings: this.trainSettings() };
  }

  /** The settings of the core's training (`scene::Settings`; what is not given has the core's default): the core rules and every other shown rule. */
  /** @returns {Partial<import("./pkg/perceptron_lab.js").Settings>} */
  trainSettings() {
    const { state } = this;
    const algorithms = [...CORE, ...ALGORITHMS.filter((n) => state.shown[n] && !CORE.includes(n))];
    return {
      threshold: state.threshold,
      algorithms,
      gamma: state.rules.gamma,
      notesLearningRate: state.rules.notesEta,
      seed: state.seed,
      traces: this.compare !== null ? this.compareRules : [],
    };
  }

  /** The scene the views draw: while a race is under way the compared rules at the race step shown (with the exact optimum and the version space of the points), else the full runs'. */
  viewScene() {
    return this.race.active && this.scene ? { ...this.scene, algorithms: this.race.views() } : this.scene;
  }

  /**
   * `getState().compare`: `{rules, kappa: {name: κ}, race}` of the compared rules (the race's at
   * the step shown while it is under way), with the race's `step` shown (null without a race),
   * `steps` taken, `playing`, `speed` (steps per second) and each rule's `w` and `theta` as drawn;
   * or null.
   */
  compareState() {
    if (this.compare === null) return null;
    const scene = this.viewScene();
    const kappa = {};
    const w = {};
    const theta = {};
    for (const a of scene?.algorithms ?? []) {
      if (!this.compareRules.includes(a.name)) continue;
      kappa[a.name] = a.kappa;
      w[a.name] = [...a.w];
      theta[a.name] = a.theta;
    }
    const race = this.race;
    return {
      rules: [...this.compareRules],
      kappa,
      race: race.active,
      step: race.active ? race.index : null,
      steps: race.length - 1,
      playing: race.playing,
      speed: race.speed,
      w,
      theta,
    };
  }

  /** Shows a message in the status line until the next edit. */
  setMessage(text, kind = "note") {
    this.message = { text, kind };
    this.scheduleRender();
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

  /** The animation to show in the views: the animator once it has taken a step, else null. */
  shownAnimation() {
    return this.animator.frames.length > 1 ? this.animator : null;
  }

  /**
   * Renders every view (`views`) now, after a slice of training: a new training if the points
   * or settings changed, else the next slice of the one the main thread runs. While rules are
   * still training here, the next frame is scheduled, so the lines settle in front of the viewer;
   * while they train in the worker, each of its scenes schedules one.
   */
  render() {
    const t0 = performance.now();
    if (this.dirty) this.retrain();
    else this.advanceTraining(IDLE_SLICE_MS);
    const t1 = performance.now();
    for (const view of this.views) view.render(this);
    this.lastFrame = { trainMs: t1 - t0, drawMs: performance.now() - t1, at: t0, current: this.sceneRevision === this.revision };
    this.frameLog?.push(this.lastFrame);
    if (!this.settled() && !this.offloaded) this.scheduleRender();
  }

  /**
   * Starts the training of the current points and settings (the core's `Training`) and runs its
   * first slice here; if the rules have not all stopped then, they settle in the worker (`handOff`).
   * A drag step on many points is not trained here at all (`DEFER_ABOVE_POINTS`).
   */
  retrain({ handOff = true } = {}) {
    const deferred = this.dragStep && handOff && this.canDefer();
    this.trainedPoints = this.state.points.length;
    this.dirty = false;
    this.dragStep = false;
    this.revision++;
    this.region = null;
    this.stopRace(); // the race belongs to the old points
    this.training?.free();
    this.training = null;
    this.offloaded = false;
    if (deferred) {
      // the lines of the step before, drawn as settling, until the worker's first scene arrives
      this.scene = { ...this.scene, algorithms: this.scene.algorithms.map((a) => ({ ...a, settled: false })) };
      this.offload();
      return;
    }
    const { xs, ys } = flattenPoints(this.state.points);
    this.scene = null; // the old points' (a new training that is settled at once, as on no points, still takes its scene)
    try {
      this.training = new this.wasm.Training(xs, ys, this.trainSettings());
      this.versionSpace = this.training.versionSpace();
      this.advanceTraining(SLICE_MS);
      if (handOff && !this.training.settled)
        this.offload(xs, ys); // the arrays go to the worker (the training here has copied them)
      else this.settler.stop();
    } catch (e) {
      this.scene = null;
      this.training = null;
      this.versionSpace = null;
      this.settler.stop();
      this.message = { text: `Training failed: ${e.message}`, kind: "error" };
    }
  }

  /** Whether a drag step can leave its training to the worker: many points, a scene of the same points to draw meanwhile, no traces to record. */
  canDefer() {
    const n = this.state.points.length;
    return n > DEFER_ABOVE_POINTS && this.settler.available && this.compare === null && this.scene !== null && this.trainedPoints === n;
  }

  /**
   * Leaves the settling of the current revision to the worker (in slices on the main thread when
   * there is none, or while compare mode records traces), with the points flattened (`xs`, `ys`)
   * if the caller has them. The worker starts from tabula rasa: it
   * runs the same training, so its scenes are taken once they are as far as the one drawn.
   */
  offload(xs = null, ys = null) {
    if (!this.settler.available || this.compare !== null) {
      this.settler.stop();
      return;
    }
    if (!xs || !ys) ({ xs, ys } = flattenPoints(this.state.points));
    this.settler.start(this.revision, xs, ys, this.trainSettings());
    this.offloaded = true;
    this.training?.free();
    this.training = null;
  }

  /**
   * A scene (or an error) of the worker's job `revision`: taken if it is the current edit's and no older than the scene drawn.
   * @param {import("./settler.js").JobMessage} message
   */
  takeJobMessage({ revision, scene, versionSpace, settled, error }) {
    if (revision !== this.revision || !this.offloaded || this.dirty) return;
    if (error !== undefined) {
      this.offloaded = false;
      this.message = { text: `Training failed: ${error}`, kind: "error" };
      this.scheduleRender();
      return;
    }
    if (versionSpace !== undefined) this.versionSpace = versionSpace;
    const steps = (sc) => sc.algorithms.reduce((sum, a) => sum + a.steps, 0);
    if (settled || this.sceneRevision !== revision || !this.scene || steps(scene) >= steps(this.scene)) {
      this.scene = { ...scene, versionSpace: this.versionSpace };
      this.sceneRevision = revision;
    }
    if (settled) this.offloaded = false;
    this.scheduleRender();
  }

  /** The worker failed: the current points are trained here again, in slices. */
  workerFailed(error) {
    console.warn(`${error.message}; the rules train on the page instead`);
    if (this.offloaded) {
      this.offloaded = false;
      this.dirty = true;
      this.scheduleRender();
    }
  }

  /** Trains for at most `ms` milliseconds (nothing once settled, or while the worker trains) and takes the scene as it stands. */
  advanceTraining(ms) {
    const training = this.training;
    if (!training || (training.settled && this.scene)) return;
    const end = performance.now() + ms;
    training.advance(() => performance.now() >= end);
    this.scene = { ...training.scene(), versionSpace: this.versionSpace };
    this.sceneRevision = this.revision;
  }

  /** Whether every shown rule has stopped (no edit waiting, no rule training here or in the worker). */
  settled() {
    return !this.dirty && !this.offloaded && (this.training === null || this.training.settled);
  }

  /**
   * Finishes the training now, on the main thread, for at most `ms` milliseconds (what is left
   * then goes on in slices there): the automation interface's edits return trained answers, as a
   * script expects. A training the worker runs is taken back (restarted here).
   */
  settleNow(ms = AUTOMATION_SETTLE_MS) {
    if (this.dirty || this.offloaded) this.retrain({ handOff: false });
    this.advanceTraining(ms);
  }

  /** The state as promised by docs/design.md ("Automation interface"). */
  getState() {
    if (this.dirty) this.retrain(); // an edit may be waiting for its frame
    const algorithms = {};
    const teacher = this.state.teacher;
    const eps = generalizationErrors(this.wasm, teacher, { shown: Object.fromEntries(Object.keys(this.state.shown).map((n) => [n, true])) }, this.scene);
    for (const a of this.scene?.algorithms ?? []) algorithms[a.name] = algorithmState(a);
    algorithms.exact = this.scene?.exact
      ? algorithmState(this.scene.exact)
      : { w: null, theta: null, kappa: NaN, converged: false, updates: 0, status: this.scene?.notes.join(" ") ?? "" };
    for (const [name, a] of Object.entries(algorithms)) a.generalizationError = teacher ? (eps[name] ?? null) : null;
    return {
      points: this.state.points.map((p) => ({ ...p })),
      threshold: this.state.threshold,
      /** extension: the data view's range, [cx − half, cx + half] × [cy − half, cy + half] */
      view: { ...this.state.view },
      algorithms,
      separable: this.scene?.separable ?? false,
      support: [...(this.scene?.support ?? [])],
      teacher: teacher ? { w: [...teacher.w], theta: teacher.theta, noise: teacher.noise } : null,
      showTeacher: this.state.showTeacher,
      learningCurve: this.student.state(),
      preset: this.state.preset,
      hover: this.hover,
      notes: [...(this.scene?.notes ?? [])],
      versionSpace: versionSpaceState(this.scene?.versionSpace, this.state.threshold),
      animation: this.animator.status(),
      weightPlot: this.weightView.plotState(),
      dichotomies: dichotomiesState(this.counts.current(this)),
      compare: this.compareState(),
      rings: { byStrength: this.ringsByStrength, drawn: this.dataView.rings.map((r) => ({ ...r })), scales: this.dataView.ringScales.map((r) => ({ ...r })) },
      traces: Object.fromEntries(
        Object.entries(this.traces()).map(([name, t]) => [
          name,
          {
            t: [...t.t],
            kappa: [...t.kappa],
            upper: t.upper ? [...t.upper] : null,
            updates: [...t.updates],
            errors: [...t.errors],
            pocketErrors: t.pocketErrors ? [...t.pocketErrors] : null,
          },
        ]),
      ),
    };
  }
}

/** `getState().dichotomies`: the count of separable labellings of the points in the current mode, or null above the page's limit. */
function dichotomiesState(c) {
  return c
    ? {
        separable: c.separable,
        total: c.total,
        cover: c.cover,
        generalPosition: c.generalPosition,
        method: c.method,
        degeneracies: c.degeneracies.map((d) => ({ kind: d.kind, points: degeneracyPoints(d) })),
      }
    : null;
}

/** `getState().versionSpace` as docs/design.md promises: plain arrays. */
function versionSpaceState(vs, threshold) {
  if (!vs) return threshold ? { kind: "band", phi: [], lower: [], upper: [], size: Infinity } : { kind: "arc", arcs: [[0, 2 * Math.PI]], size: 2 * Math.PI };
  if (vs.kind === "arc") return { kind: "arc", arcs: vs.arcs.map((a) => [...a]), peak: vs.peak, size: vs.size };
  return { kind: "band", phi: Array.from(vs.phi), lower: Array.from(vs.lower), upper: Array.from(vs.upper), size: vs.size };
}

function algorithmState(a) {
  return {
    w: [...a.w],
    theta: a.theta,
    phi: a.phi,
    kappa: a.kappa,
    converged: a.converged,
    updates: a.updates,
    steps: a.steps,
    errors: a.errors,
    stop: a.stop,
    status: a.status,
    settled: a.settled,
    updateBound: a.updateBound,
    embedding: Array.from(a.embedding ?? []),
    softMargin: a.softMargin
      ? {
          margin: a.softMargin.margin,
          slack: [...a.softMargin.slack],
          violators: [...a.softMargin.violators],
          halfNormSq: a.softMargin.halfNormSq,
          penalty: a.softMargin.penalty,
        }
      : null,
    kappaUpper: a.kappaUpper,
    gap: a.gap,
    stabilities: [...a.stabilities],
  };
}
