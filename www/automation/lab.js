/**
 * `window.lab`: the automation interface of docs/automation.md (promised in docs/design.md) and its
 * extensions, over the controller's edits, its animation and race, the learning-curve panel and
 * the views' transforms. Every edit trains before it returns, as a script expects.
 */

import { readParams } from "../curves/curve-form.js";
import { sweepState } from "../curves/series-labels.js";
import { allSeriesCsv, seriesCsv } from "../curves/kept-series.js";
import { CHARTS } from "../app/catalogue.js";
import { loadPreset, teacherForm } from "../app/data-sets.js";
import { labState } from "./get-state.js";
import { handoutLink } from "../lessons/lesson-handout.js";
import { partsOf } from "../lessons/lesson-parts.js";
import { DEFAULT_COMPARED } from "../app/state-fields.js";
import { scrubRace, setCompare, stepRace } from "../animation/compare-mode.js";
import { relabelByTeacher, setTeacher } from "../training/teacher.js";
import { exportLesson, importLesson } from "../lessons/own-lesson-edits.js";

/**
 * What the automation interface drives.
 * @typedef {object} Lab
 * @property {typeof import("../pkg/perceptron_lab.js")} wasm the core's exports
 * @property {import("../app/wasm-build.js").WasmBuild} wasmBuild the build of the core loaded
 * @property {import("../app/controller.js").App} app the controller
 * @property {import("../curves/curve-panel.js").CurvePanel} curves the learning-curve panel
 * @property {import("../lessons/lesson.js").Lessons} lessons the lessons and the one presented
 * @property {import("../lessons/lesson-keys.js").Presenter} presenter presenter mode's keys and overlays
 * @property {import("../views/data/data-view.js").DataSpaceView} dataView
 * @property {import("../views/weight/weight-view.js").WeightView} weightView
 * @property {(id: string) => any} el the page's elements by id
 */

/**
 * `window.lab`, as promised by docs/design.md and listed in docs/automation.md, plus a few extensions.
 * @param {Lab} lab
 */
export function automation({ wasm, wasmBuild, app, curves, lessons, presenter, dataView, weightView, el }) {
  const animator = app.animator;
  /** Runs an edit, trains it to the end (within the controller's time) and redraws now. @param {() => void} change */
  const edit = (change) => {
    change();
    app.settleNow();
    app.render();
  };
  return {
    /** Extension: the core's catalogue `{algorithms, charts, theoryCurves, teacherColor, errorColor, limits}` (a copy). */
    catalogue: () => wasm.catalogue(),
    /**
     * Extension: runs a learning-curve sweep in the workers; resolves `{rows, csv, ms}`. Fields
     * `params` leaves out take the form's defaults (the page's, not what is typed in the form).
     * With `keep`, the finished run is then kept on the charts (the panel's "Keep this run"), so
     * that the next run adds a series beside it; without, it replaces the current (unkept) run.
     */
    runLearningCurve: async (params = {}, { keep = false } = {}) => {
      const result = await curves.run({ ...readParams(wasm, el, { defaults: true }), ...params });
      if (keep) curves.keepRun();
      return result;
    },
    /**
     * Extension: adds the curve of `csvText` (header `alpha,eps_g[,eps_g_sem]`, other columns
     * ignored) as a kept series named `label`, drawn on the ε_g chart; returns its series
     * `{label, params: null, rows, partial: false}`. Throws, changing nothing, on a malformed file
     * (the Error names the line and column).
     * @param {string} csvText
     * @param {string} label
     */
    importCurve: (csvText, label) => curves.importCurve(csvText, label),
    /**
     * Extension: chooses the course assignment `id` (a value of the Course assignments menu) and
     * runs it as Run does: one sweep, or for a preset of several (`storage`: N = 20, 40, 100)
     * each sweep in turn, kept as a series (the series kept before are cleared). `overrides`
     * (fields of the sweep's parameters, e.g. `{reps: 5}`; not a preset's N) are laid over the
     * preset's. Resolves a list of `{rows, csv, ms}`, one per sweep.
     * @param {string} id
     * @param {object} [overrides]
     */
    runAssignment: (id, overrides = {}) => curves.runAssignment(id, overrides),
    /**
     * Extension: the CSV of series `k` of `getState().sweep.series` (kept, then the current run)
     * as the CLI's `curve` writes it for its parameters; null for an imported curve or no series `k`.
     * @param {number} k
     */
    seriesCsv: (k) => seriesCsv(curves, k),
    /** Extension: every run on the charts in one CSV (the CSV's columns, then `series`: the run's label), as **CSV of all series**; null with none. */
    allSeriesCsv: () => allSeriesCsv(curves),
    /**
     * Extension: what each learning-curve chart drew besides its points, by the catalogue's chart
     * name: `{legend, lines: [{name, run, points}], marks: [{alpha, label, x}], yTicks}` (the
     * legend's entries as printed; the theory curves in the legend's order, `run` the run whose N
     * a curve is drawn for or null; the vertical marks, as α_c = 2).
     */
    curveCharts: () =>
      Object.fromEntries(
        CHARTS.map((c, k) => {
          const { lines = [], marks = [], legend = [], yTicks } = curves.drawn[k];
          return [c.name, structuredClone({ legend, lines, marks, yTicks })];
        }),
      ),
    /** Extension: clears the kept series (runs kept and curves imported). */
    clearKeptCurves: () => curves.clearKept(),
    /** Extension: the ε_g chart's y axis in decades (true) or linear (false); `getState().sweep.logEps`. @param {unknown} on */
    setLogEps: (on) => curves.setLogEps(on),
    /** Extension: cancels a running sweep (its promise rejects with an AbortError). */
    cancelLearningCurve: () => curves.cancel(),
    /**
     * Extension: resolves when every shown rule has stopped (`algorithms[name].settled`; `stop`
     * says why); rejects with an Error after `timeoutMs`.
     * @param {number} [timeoutMs]
     */
    settled: (timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const t0 = performance.now();
        const check = () => {
          if (app.settled()) resolve(undefined);
          else if (performance.now() - t0 > timeoutMs) reject(new Error(`the rules did not all stop within ${timeoutMs} ms`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    /** The points, mode and every algorithm's result. */
    getState: () => {
      const state = labState(app, weightView);
      if (state.lesson) state.lesson = { ...state.lesson, ...presenterState(lessons, presenter) };
      return { ...state, marks: [...dataView.marks], wasmBuild, sweep: sweepState(curves) };
    },
    /**
     * The learning-curve charts as a PNG data URL, of the same pixel size on every device (as the
     * panel's PNG export, under the run's parameters); rejects before any run.
     */
    curvePng: async () => {
      const canvas = curves.pngCanvas();
      if (!canvas) throw new Error("no learning curve to export: run a sweep first");
      return canvas.toDataURL("image/png");
    },
    /** Extension: the lessons `[{id, title, steps: [{title}]}]`, the built-in one first. */
    lessons: () => lessons.all().map((l) => ({ id: l.id, title: l.title, steps: l.steps.map((s) => ({ title: s.title })) })),
    /**
     * Extension: opens step `step` (from 0) of lesson `id` in presenter mode; resolves once the
     * step's state is shown and its rules have settled. Throws on an unknown lesson or step.
     * @param {string} id
     * @param {number} [step]
     */
    openLesson: async (id, step = 0) => {
      await lessons.open(id, step);
      app.render();
    },
    /** Extension: runs the step's action as Space does (without going on to the next step); resolves when it has started. */
    lessonAction: async () => {
      await lessons.action();
      app.render();
    },
    /** Extension: leaves the lesson (the viewer's own points come back). */
    closeLesson: () => {
      lessons.close();
      app.render();
    },
    /** Extension: the current lesson as its JSON file (a string). */
    exportLesson: () => exportLesson(lessons),
    /** Extension: reads a lesson file (JSON text) into this browser's lessons; returns its id. A bad file throws a clear Error, changing nothing. @param {string} json */
    importLesson: (json) => importLesson(lessons, json),
    /**
     * Extension: sends presenter key `key` (a KeyboardEvent's `key`: "ArrowRight", "b", "7",
     * "Enter", …) as a clicker would; resolves whether it is a presenter key once its move is
     * done. Throws outside a lesson.
     * @param {unknown} key checked
     */
    lessonKey: async (key) => {
      if (typeof key !== "string" || !key) throw new Error(`lessonKey expects a key name such as "ArrowRight" or "b", got ${JSON.stringify(key)}`);
      const handled = await presenter.key(key);
      app.render();
      return handled;
    },
    /**
     * Extension: opens the speaker view (the notes, the next step, a clock) in a second window;
     * resolves once that window is open and follows the lesson. Throws outside a lesson or when
     * the browser refuses the window.
     */
    openSpeakerView: async () => {
      if (!presenter.openSpeaker) throw new Error("openSpeakerView: the speaker view is not available on this page");
      await presenter.openSpeaker();
    },
    /** Extension: the URL of the handout of lesson `id` (every step on its own printed page); throws on an unknown lesson. @param {string} id */
    lessonHandoutLink: (id) => handoutLink(lessons, id),
    /** Extension: a Promise of the URL that opens the current lesson at `step` (from 0; default the step shown). @param {number} [step] */
    lessonLink: (step) => lessons.linkNow(step),
    /** Replaces the points; throws an Error with a clear message and keeps the old ones on bad input. @param {unknown} points */
    setPoints: (points) => edit(() => app.setPoints(points)),
    /** Client (CSS pixel) coordinates of data point (x, y) in the data view. @param {number} x @param {number} y */
    dataToClient: (x, y) => {
      const r = dataView.canvas.getBoundingClientRect();
      const { px, py } = dataView.toPixel(x, y);
      return { x: r.left + px, y: r.top + py };
    },
    /** Switches between through the origin (false) and with threshold (true). @param {unknown} on checked */
    setThreshold: (on) => edit(() => app.setThreshold(on)),
    /**
     * Extension: moves point i to (x, y) as one drag step would: restarts the training, gives it
     * one slice and redraws now (`settled()` waits for the rest).
     * @param {number} i
     * @param {number} x
     * @param {number} y
     */
    movePoint: (i, x, y) => {
      app.movePoint(i, x, y, { record: false });
      app.render();
    },
    /** Advances the training animation of `algorithm` by one step (switching to it if needed). */
    step: (algorithm = animator.algorithm) => {
      animator.setAlgorithm(algorithm);
      animator.step();
      app.render();
      if (animator.error) throw new Error(animator.error);
    },
    /** Extension: plays / pauses the animation. */
    play: () => animator.play(),
    pause: () => animator.pause(),
    /** Extension: projector mode on or off. @param {boolean} on */
    setProjector: (on) => {
      app.setProjector(on);
      app.render();
    },
    /**
     * Extension: compare mode on or off; turning it on ticks the rules given (default Rosenblatt and MinOver), which it then compares; throws on unknown rules.
     * @param {unknown} on checked
     * @param {readonly string[] | null} [rules]
     */
    setCompare: (on, rules) => {
      if (typeof on !== "boolean") throw new Error(`setCompare expects true or false, got ${typeof on}`);
      edit(() => setCompare(app, on, rules ?? DEFAULT_COMPARED));
    },
    /** Extension: one step of the race (every compared rule one step); getState().traces then hold the steps taken so far. */
    stepCompare: () => {
      stepRace(app);
      app.render();
    },
    /** Extension: shows race step t of the steps taken (as the race's scrubber does); throws without a race. @param {number} t checked */
    scrubCompare: (t) => {
      if (!Number.isInteger(t) || t < 0) throw new Error(`scrubCompare expects a whole number ≥ 0, got ${t}`);
      scrubRace(app, t);
      app.render();
    },
    /**
     * Extension: adds one example drawn from the teacher set's density and labelled by the
     * teacher (with its noise λ), trains, records every shown rule's ε_g in
     * `getState().learningCurve` and returns the point; throws without a teacher.
     */
    addExample: () => {
      const point = app.student.addExample();
      app.render();
      return point;
    },
    /** Extension: sets the teacher `{w: [w1, w2], theta, noise}` (or null); throws on a bad one, changing nothing. @param {unknown} teacher checked */
    setTeacher: (teacher) => {
      setTeacher(app, teacher);
      app.render();
    },
    /** Extension: relabels every point by the teacher (without noise). */
    relabelByTeacher: () => edit(() => relabelByTeacher(app)),
    /**
     * Extension: `{trainMs, drawMs, at, current}` of the last rendered frame (for benchmarks):
     * training and drawing time, its start (`performance.now()`), whether its lines were those
     * of the current points (false while a drag step waits for the worker).
     */
    lastFrame: () => ({ ...app.lastFrame }),
    /** Extension: starts recording every rendered frame (as `lastFrame`), or stops and returns the frames recorded. @param {boolean} on */
    recordFrames: (on) => {
      const log = app.frameLog ?? [];
      app.frameLog = on ? [] : null;
      return log;
    },
    /** Extension: loads a preset by id (resolves once a file preset has arrived). @param {string} id */
    loadPreset: async (id) => {
      loadPreset(app, id, teacherForm(el));
      await app.loading;
      app.settleNow();
      app.render();
    },
    /**
     * Extension: sets the rule settings given, `{gamma, notesEta}` (the soft margin's γ, the
     * notes' η; either or both) as one edit, trained as the other edits; throws an Error naming
     * the setting, the value and the range (or an unknown setting), changing nothing.
     * `getState().settings` has them.
     * @param {unknown} settings checked
     */
    setSettings: (settings) => edit(() => app.setRules(settings)),
    /** Extension: undo / redo. */
    undo: () => edit(() => app.undo()),
    redo: () => edit(() => app.redo()),
  };
}

/**
 * What `getState().lesson` adds in presenter mode: the step's part shown and how many it has,
 * the blanked screen, the step chosen in the overview (null when closed), the step's task, and
 * its action: `{name, ran, running, done}` (whether it has run, runs now, has nothing more to do).
 * @param {import("../lessons/lesson.js").Lessons} lessons
 * @param {import("../lessons/lesson-keys.js").Presenter} presenter
 */
function presenterState(lessons, presenter) {
  const c = /** @type {NonNullable<typeof lessons.current>} */ (lessons.current);
  const parts = { part: c.part, parts: partsOf(c.lesson.steps[c.index]) };
  const name = c.lesson.steps[c.index].action;
  const player = lessons.player();
  const running = player ? player.playing : name === "run-curves" && lessons.curves.running;
  return {
    ...parts,
    blank: presenter.blank,
    overview: presenter.overview,
    task: lessons.task?.() ?? null,
    action: { name, ran: c.actionRan, running, done: lessons.actionDone() },
  };
}
