/**
 * The training controller: the core's `Training` of the current points (one per edit), the
 * training worker that settles it off the main thread (settle-client.js), the revisions that tell an
 * edit's scenes from an older one's, and the scene the views draw. It knows nothing of the page's
 * state: `input()` gives it the points and settings to train, and it says when a new scene is
 * there (`onScene`) or a training failed (`onError`).
 */

import { flattenPoints } from "../app/state.js";
import { INFO } from "../app/catalogue.js";
import { errorMessage, sentence } from "../text/format.js";
import { Settler } from "../workers/settle-client.js";

/**
 * Training per frame (ms): on the frame of an edit (which also starts a new training and
 * computes the exact optimum and the version space) 1 ms — enough for lines on a few hundred
 * points; the worker takes over after it — and, without a worker, 10 ms on the frames after it;
 * with the drawing, a frame stays within a 60 Hz display's 16.7 ms.
 */
export const SLICE_MS = 1;
export const IDLE_SLICE_MS = 10;
/** How long an edit of the automation interface trains before it returns (the rest goes on in the worker). */
const SETTLE_NOW_MS = 2000;
/**
 * Above this many points a drag step is not trained on the main thread at all (a new training with
 * its exact optimum and version space costs about as much as the drawing, and the two together
 * overrun a drag frame): the worker trains it and the frame draws the points with the lines of the
 * step before, as settling.
 */
const DEFER_ABOVE_POINTS = 1000;
/**
 * …counting each trained rule with an optimum of its own (`hasOptimum`: a gradient rule's cost,
 * the soft margin's QP, solved on every edit: BENCHMARKS.md, "The reference optima") as this many
 * more points, so that the five gradient rules and the soft margin shown at 1 000 points leave
 * their drag steps to the worker too.
 */
const OPTIMUM_WEIGHT = 0.5;

/**
 * What a training is of: the points and the core's settings (`scene::Settings`); with traces to
 * record (compare mode) it stays on the main thread.
 * @typedef {{points: {x: number, y: number, label: number}[], settings: Partial<import("../pkg/perceptron_lab.js").Settings>}} TrainingInput
 */

/**
 * The scene the views draw: the core's scene with the version space of the points (null: none).
 * @typedef {import("../pkg/perceptron_lab.js").Scene & {versionSpace: import("../pkg/perceptron_lab.js").VersionSpaceArrays | null}} ViewScene
 */

export class TrainingController {
  /**
   * @param {typeof import("../pkg/perceptron_lab.js")} wasm the core's exports
   * @param {() => TrainingInput} input the points and settings to train now
   * @param {() => void} onScene a new scene (or error) has come: draw it
   * @param {(text: string) => void} onError a training failed, in words
   */
  constructor(wasm, input, onScene, onError) {
    this.wasm = wasm;
    this.input = input;
    this.onScene = onScene;
    this.onError = onError;
    /** @type {import("../pkg/perceptron_lab.js").Training | null} the training of the current points (one per edit) */
    this.training = null;
    /** @type {ViewScene | null} the scene the views draw (null before the first training) */
    this.scene = null;
    /** @type {import("../pkg/perceptron_lab.js").VersionSpaceArrays | null} the version space of the current points (it does not change while the rules train) */
    this.versionSpace = null;
    /** counts one per new training (an edit of the points or the mode): caches key on it */
    this.revision = 0;
    /** the revision the scene was trained for (an older one while a drag step waits for the worker) */
    this.sceneRevision = 0;
    /** how many points the last training was of */
    this.trainedPoints = 0;
    /** whether an edit waits for its training */
    this.dirty = true;
    /** whether the edit waiting is a drag step (its training may go to the worker at once) */
    this.dragStep = false;
    /** whether the worker is settling the current revision (the main thread only draws its scenes) */
    this.offloaded = false;
    /** the training worker: the rules settle there, off the main thread */
    this.settler = new Settler(
      (m) => this.take(m),
      (e) => this.workerFailed(e),
    );
  }

  /** An edit changed what is trained: a new training on the next frame (`dragStep`: a step of a drag). */
  invalidate(dragStep = false) {
    this.dirty = true;
    this.dragStep = dragStep;
  }

  /** Whether the scene drawn is of the current revision (false while a drag step waits for the worker). */
  get current() {
    return this.sceneRevision === this.revision;
  }

  /** Starts the worker ahead of its first job. */
  warm() {
    this.settler.warm();
  }

  /**
   * Starts the training of the current input (the core's `Training`) and runs its first slice
   * here; if the rules have not all stopped then, they settle in the worker (`handOff`). A drag
   * step on many points is not trained here at all (`DEFER_ABOVE_POINTS`).
   */
  retrain({ handOff = true } = {}) {
    const { points, settings } = this.input();
    const recording = Boolean(settings.traces?.length);
    const optima = (settings.algorithms ?? []).filter((a) => INFO[a]?.hasOptimum).length;
    const deferred = this.dragStep && handOff && this.canDefer(points.length, recording, optima);
    this.trainedPoints = points.length;
    this.dirty = false;
    this.dragStep = false;
    this.revision++;
    this.training?.free();
    this.training = null;
    this.offloaded = false;
    const before = this.scene;
    if (deferred && before) {
      // the lines of the step before (canDefer asks for them), drawn as settling, until the worker's first scene arrives
      this.scene = { ...before, algorithms: before.algorithms.map((a) => ({ ...a, settled: false })) };
      this.offload(points, settings);
      return;
    }
    const { xs, ys } = flattenPoints(points);
    this.scene = null; // the old points' (a new training that is settled at once, as on no points, still takes its scene)
    try {
      this.training = new this.wasm.Training(xs, ys, settings);
      this.versionSpace = this.training.versionSpace();
      this.advance(SLICE_MS);
      if (handOff && !recording && !this.training.settled) this.offload(points, settings, xs, ys);
      else this.settler.stop();
    } catch (e) {
      this.scene = null;
      this.training = null;
      this.versionSpace = null;
      this.settler.stop();
      this.onError(`Training failed: ${errorMessage(e)}`);
    }
  }

  /**
   * Whether a drag step can leave its training to the worker: many points (weighed by the rules'
   * own optima, `optima` of them), a scene of the same points to draw meanwhile, no traces to record.
   * @param {number} points how many
   * @param {boolean} recording
   * @param {number} [optima]
   */
  canDefer(points, recording, optima = 0) {
    return points * (1 + OPTIMUM_WEIGHT * optima) > DEFER_ABOVE_POINTS && this.settler.available && !recording && this.scene !== null && this.trainedPoints === points;
  }

  /**
   * Leaves the settling of the current revision to the worker (in slices on the main thread when
   * there is none), with the points flattened (`xs`, `ys`) if the caller has them (the arrays go
   * to the worker). The worker starts from tabula rasa: it runs the same training, so its scenes
   * are taken once they are as far as the one drawn.
   * @param {TrainingInput["points"]} points
   * @param {TrainingInput["settings"]} settings
   * @param {Float64Array | null} [xs] the points flattened, if the caller has them
   * @param {Float64Array | null} [ys]
   */
  offload(points, settings, xs = null, ys = null) {
    if (!this.settler.available) {
      this.settler.stop();
      return;
    }
    if (!xs || !ys) ({ xs, ys } = flattenPoints(points));
    this.settler.start(this.revision, xs, ys, settings);
    this.offloaded = true;
    this.training?.free();
    this.training = null;
  }

  /**
   * A scene (or an error) of the worker's job `revision`: taken if it is the current edit's and no older than the scene drawn.
   * @param {import("../workers/settle-client.js").JobMessage} message
   */
  take({ revision, scene, versionSpace, settled, error }) {
    if (revision !== this.revision || !this.offloaded || this.dirty) return;
    if (error !== undefined) {
      this.offloaded = false;
      this.onError(`Training failed: ${error}`);
      this.onScene();
      return;
    }
    if (versionSpace !== undefined) this.versionSpace = versionSpace;
    /** The steps the rules of a scene have taken. @param {{algorithms: {steps: number}[]}} sc */
    const steps = (sc) => sc.algorithms.reduce((sum, a) => sum + a.steps, 0);
    if (settled || !this.current || !this.scene || steps(scene) >= steps(this.scene)) {
      this.scene = { ...scene, versionSpace: this.versionSpace };
      this.sceneRevision = revision;
    }
    if (settled) this.offloaded = false;
    this.onScene();
  }

  /** The worker failed (it is not used again): said in the status line, and the current points are trained here again, in slices. @param {Error} error */
  workerFailed(error) {
    const text = `${error.message}; the rules train on the page instead (your points are kept; on many points the page may be slower)`;
    console.warn(text);
    this.onError(sentence(text));
    if (this.offloaded) {
      this.offloaded = false;
      this.dirty = true;
    }
    this.onScene();
  }

  /** Trains for at most `ms` milliseconds (nothing once settled, or while the worker trains) and takes the scene as it stands. @param {number} ms */
  advance(ms) {
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
  settleNow(ms = SETTLE_NOW_MS) {
    if (this.dirty || this.offloaded) this.retrain({ handOff: false });
    this.advance(ms);
  }

  /** The traces the current training records (`{name: Trace}`; compare mode's rules). */
  traces() {
    return this.training?.traces() ?? {};
  }
}
