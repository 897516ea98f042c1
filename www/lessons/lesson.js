// @ts-check
/**
 * Lessons: the built-in walk through the chapter and the lessons a lecturer writes, opened step
 * by step in presenter mode. Opening a lesson keeps the viewer's own picture aside (points,
 * settings, undo history, projector mode): nothing a step shows or an edit during the lesson
 * does is saved over it, and leaving the lesson brings it back. A step's state is put on the page
 * whole (the points, the mode, the rules shown and compared, the player set up, the views, the
 * zoom, the teacher, the learning-curve form) or not at all; "reset this step" puts it back.
 * The viewer's lessons in storage, and their identity: lesson-own.js.
 */

import { applyForm, readForm, readParams } from "../curves/curve-form.js";
import { chapterLesson } from "./lesson-chapter.js";
import { LESSON_FORMAT, LESSON_LIMITS, STEP_FIELDS, checkLesson, encodeLesson } from "./lesson-format.js";
import { lessonUrl, lessonUrlNow } from "./lesson-link.js";
import { partsOf } from "./lesson-parts.js";
import { exportKept, identify, keep, loadOwn, store, sync } from "./lesson-own.js";
import { freshId, readMine, watchStored, writeMine } from "./lesson-store.js";
import { REFERENCES } from "../app/catalogue.js";
import { initialFields } from "../app/state-fields.js";
import { History, fitView, setFields, snapshot } from "../app/state.js";
import { replaySteps } from "../animation/player.js";
import { setCompare } from "../animation/compare-mode.js";

export { LESSONS_KEY } from "./lesson-store.js";
/** The lesson "add this state as a step" adds to when none of the viewer's is open (its id made unique: lesson-store.js freshId). */
const MY_LESSON = { id: "my-lesson", title: "My lesson" };

/** @typedef {import("./lesson-format.js").Lesson} Lesson */
/** @typedef {import("./lesson-format.js").LessonStep} LessonStep */

/**
 * `url` without its lesson link (`lesson`, `step`, `embed`, `handout` and a lesson in the hash).
 * @param {string} url
 */
export function withoutLesson(url) {
  const u = new URL(url);
  for (const key of ["lesson", "step", "embed", "handout"]) u.searchParams.delete(key);
  if (/^#lesson(-json)?=/.test(u.hash)) u.hash = "";
  return u.href;
}

/** The page's lessons and the one being presented. */
export class Lessons {
  /**
   * @param {import("../app/controller.js").App} app
   * @param {import("../curves/curve-panel.js").CurvePanel} curves
   * @param {(id: string) => any} el
   */
  constructor(app, curves, el) {
    this.app = app;
    this.curves = curves;
    this.el = el;
    /** @type {Lesson} the built-in lesson, the chapter in order */
    this.builtIn = checkLesson(chapterLesson(app.wasm), (p) => app.checkPoints(p));
    /** @type {any[]} stored entries this page cannot read, kept as they are (exportKept) */
    this.kept = [];
    /** @type {string[]} what could not be read from storage, said until the page is closed */
    this.problems = [];
    /** @type {Set<string>} ids of lessons whose last write the browser refused (kept on this page only) */
    this.unsaved = new Set();
    /** @type {Lesson[]} the viewer's lessons (written or imported), kept in local storage */
    this.own = loadOwn(this);
    /** @type {string | null} the id of the lesson + Step adds to, once this page has made it (else the one this browser remembers) */
    this.mineId = null;
    /** @type {Promise<string | null>} the last write to storage: null once stored, else why the browser refused */
    this.saved = Promise.resolve(null);
    /** @type {Promise<void>} the player's steps a step takes as it opens, replayed in slices (resolves when done or overtaken) */
    this.replaying = Promise.resolve();
    /** how many steps have been put on the page (a replay stops when another step is put on it) */
    this.replays = 0;
    watchStored(() => sync(this));
    /** @type {{lesson: Lesson, index: number, part: number, actionRan: boolean, embed: boolean} | null} the lesson being presented (`part`: how many of the step's parts are revealed, lesson-parts.js) */
    this.current = null;
    /** @type {{snapshot: any, history: History, projector: boolean, compare: boolean} | null} the viewer's own picture while a lesson is shown */
    this.aside = null;
    /** @type {(() => {text: string, done: boolean} | null) | null} the step's task and whether it is done (lesson-tasks.js) */
    this.task = null;
    /** @type {(() => void) | null} told when the lessons or the step shown change (the views follow) */
    this.onChange = null;
  }

  /** Every lesson: the built-in one first. */
  all() {
    return [this.builtIn, ...this.own];
  }

  /**
   * The lesson with `id`; throws naming the ones there are.
   * @param {string} id
   */
  find(id) {
    const lesson = this.all().find((l) => l.id === id);
    if (!lesson)
      throw new Error(
        `no lesson "${String(id).slice(0, 40)}": there are ${this.all()
          .map((l) => `"${l.id}"`)
          .join(", ")}`,
      );
    return lesson;
  }

  /** Whether `lesson` is the built-in one (it cannot be edited; "add this state" starts a lesson of the viewer's). */
  isBuiltIn(lesson) {
    return lesson === this.builtIn;
  }

  /**
   * Opens step `index` (from 0) of lesson `id` in presenter mode (`embed`: the embed layout);
   * resolves once the step is shown and its rules have settled. Throws on an unknown lesson or
   * a step it does not have, changing nothing.
   * @param {string} id
   * @param {number} [index]
   * @param {{embed?: boolean, part?: number}} [options] `part`: the step's parts revealed (clamped; the default: none, the last: whole)
   */
  async open(id, index = 0, { embed = this.current?.embed ?? false, part = 0 } = {}) {
    const lesson = this.find(id);
    if (!Number.isInteger(index) || index < 0 || index >= lesson.steps.length)
      throw new Error(`lesson "${id}" has steps 0 to ${lesson.steps.length - 1}, got ${String(index).slice(0, 20)}`);
    const app = this.app;
    const before = this.current;
    if (!this.aside) {
      this.aside = { snapshot: snapshot(app.state), history: app.history, projector: app.state.projector, compare: app.state.compare };
      app.history = new History();
    }
    this.current = { lesson, index, part: Math.max(0, Math.min(part, partsOf(lesson.steps[index]) - 1)), actionRan: false, embed };
    app.setTransient({ lesson: { id: lesson.id, title: lesson.title, step: index, steps: lesson.steps.length } });
    setFields(app.state, { projector: true }); // presenter mode: projector type and marks (never saved: see App.save)
    try {
      this.apply(lesson.steps[index]);
    } catch (e) {
      // opened whole or not at all: the page as it was (the step shown before, or the viewer's own picture)
      if (before) {
        this.current = before;
        app.setTransient({ lesson: { id: before.lesson.id, title: before.lesson.title, step: before.index, steps: before.lesson.steps.length } });
        this.apply(before.lesson.steps[before.index]);
      } else this.close();
      throw new Error(`step ${index + 1} of "${lesson.title}" could not be opened (${e.message})`);
    }
    this.onChange?.();
    this.showUrl();
    await this.replaying;
    await this.settle();
  }

  /** Puts step `step`'s state on the page (one new picture: its own undo history). */
  apply(step) {
    const app = this.app;
    const { fields, compare, animate, speed, step: taken, weightWindow, cells, rings } = step.state;
    setCompare(app, false);
    app.animator.clear();
    const fresh = initialFields();
    const picture = Object.fromEntries(STEP_FIELDS.map((key) => [key, structuredClone(fields[key] ?? fresh[key])]));
    setFields(app.state, fields.view ? picture : { ...picture, view: fitView(picture.points) });
    app.setTransient({ weightWindow, region: null, hover: -1, message: null, showFinal: false, showRegions: cells, ringsByStrength: rings });
    app.history.clear();
    app.commit();
    const compared = Object.keys(app.state.shown).filter((n) => app.state.shown[n] && !REFERENCES.includes(/** @type {any} */ (n)));
    if (compare && compared.length) setCompare(app, true, compared);
    app.animator.setAlgorithm(animate);
    app.animator.speed = speed;
    app.race.speed = speed;
    this.applyCurveForm(fields.curves);
    if (!fields.curves) this.curves.preview();
    else this.curves.preview(readParams(app.wasm, this.el));
    app.onShownChanged?.();
    const replay = ++this.replays;
    if (taken > 0) {
      app.settleNow();
      const player = compare ? app.race : app.animator;
      this.replaying = replaySteps(player, taken, () => this.replays === replay).then(() => app.scheduleRender());
    } else this.replaying = Promise.resolve();
    app.scheduleRender();
  }

  /**
   * Puts the learning-curve form `form` on the panel over the page's defaults (a field or an
   * algorithm it does not name is the fresh page's, not the step's before); null: the defaults.
   * @param {any} form
   */
  applyCurveForm(form) {
    const fields = Object.keys(readForm(this.el).fields);
    /** @param {HTMLInputElement | HTMLSelectElement} e */
    const initial = (e) => (e instanceof HTMLSelectElement ? ([...e.options].find((o) => o.defaultSelected) ?? e.options[0])?.value : e.defaultValue);
    const boxes = /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll("#lc-algorithms input[type=checkbox]")]);
    applyForm(this.el, {
      fields: Object.fromEntries(fields.map((id) => [id, initial(this.el(id))])),
      algorithms: boxes.filter((b) => b.defaultChecked).map((b) => b.value),
    });
    if (form) applyForm(this.el, form);
  }

  /** Resolves once the step's rules have settled (the edits' slices, then the rest on the page). */
  async settle() {
    const app = this.app;
    app.settleNow();
    app.render();
    while (!app.settled()) await new Promise((r) => requestAnimationFrame(r));
  }

  /** The next step (none after the last). */
  next() {
    const c = this.current;
    if (c && c.index + 1 < c.lesson.steps.length) return this.open(c.lesson.id, c.index + 1);
    return Promise.resolve();
  }

  /** The step before (none before the first). */
  previous() {
    const c = this.current;
    if (c && c.index > 0) return this.open(c.lesson.id, c.index - 1);
    return Promise.resolve();
  }

  /** → in a lesson: the step's next part, else the next step. */
  forward() {
    const c = this.current;
    if (c && c.part + 1 < partsOf(c.lesson.steps[c.index])) {
      c.part += 1;
      this.onChange?.();
      this.app.scheduleRender();
      return Promise.resolve();
    }
    return this.next();
  }

  /** ← in a lesson: the step's part before, else the step before shown whole (as a slide show goes back). */
  backward() {
    const c = this.current;
    if (c && c.part > 0) {
      c.part -= 1;
      this.onChange?.();
      this.app.scheduleRender();
      return Promise.resolve();
    }
    if (c && c.index > 0) return this.open(c.lesson.id, c.index - 1, { part: partsOf(c.lesson.steps[c.index - 1]) - 1 });
    return Promise.resolve();
  }

  /** Puts the step's prepared state back (the parts revealed stay revealed). */
  reset() {
    const c = this.current;
    return c ? this.open(c.lesson.id, c.index, { part: c.part }) : Promise.resolve();
  }

  /** The player the step's action drives, if it drives one. */
  player() {
    const action = this.current?.lesson.steps[this.current.index].action;
    return action === "race" ? this.app.race : action === "animate" ? this.app.animator : null;
  }

  /** Whether the step's action has nothing more to do (no action, a run played to its stop, a sweep done). */
  actionDone() {
    const c = this.current;
    if (!c) return true;
    const action = c.lesson.steps[c.index].action;
    if (action === "none") return true;
    if (action === "add-example") return false;
    if (action === "run-curves") return c.actionRan && !this.curves.running;
    const player = /** @type {import("../animation/player.js").Player<any, any>} */ (this.player());
    return c.actionRan && !player.playing && player.stopped && player.index === player.length - 1;
  }

  /**
   * Space in a lesson: runs the step's action (plays the animation or the race, pauses it while
   * it plays, adds an example, runs the sweep) or, once it has nothing more to do, the next step.
   */
  async space() {
    if (!this.current) return;
    if (this.actionDone()) return this.forward();
    return this.action();
  }

  /**
   * Runs the step's action as Space does (but never goes to the next step); resolves when it has
   * started. Throws outside a lesson or when the action cannot run (its message).
   */
  async action() {
    const c = this.current;
    if (!c) throw new Error("lessonAction: no lesson is open (lab.openLesson first)");
    const app = this.app;
    const action = c.lesson.steps[c.index].action;
    c.actionRan = true;
    if (action === "add-example") {
      app.student.addExample();
      app.render();
    } else if (action === "run-curves") {
      if (this.curves.running) return;
      // the button says "Running…" until the sweep has ended, then its idle label again
      this.curves.runFromForm().finally(() => {
        this.onChange?.();
        app.scheduleRender();
      });
    } else if (action === "animate" || action === "race") {
      const player = /** @type {import("../animation/player.js").Player<any, any>} */ (this.player());
      if (player.playing) player.pause();
      else {
        if (player.stopped && player.index === player.length - 1 && player.length > 1) player.reset();
        player.play();
      }
      app.render();
    }
    this.onChange?.();
  }

  /** Leaves the lesson: the viewer's own picture, undo history and projector mode come back. */
  close() {
    const aside = this.aside;
    if (!this.current || !aside) return;
    const app = this.app;
    this.replays++; // a replay under way stops
    app.animator.pause();
    app.race.pause();
    if (this.curves.running) this.curves.cancel();
    this.current = null;
    this.aside = null;
    app.setTransient({ lesson: null });
    setCompare(app, false);
    app.history = aside.history;
    setFields(app.state, { projector: aside.projector });
    history.replaceState(null, "", withoutLesson(location.href)); // a reload shows the viewer's own page
    app.applySnapshot(aside.snapshot); // saves it again (unchanged) and puts it in the URL
    this.applyCurveForm(app.state.curves);
    this.curves.preview();
    this.onChange?.();
  }

  /** The link that opens the current lesson (or `lesson`) at step `index`, the lesson compressed (a Promise). */
  link(index = this.current?.index ?? 0, lesson = this.current?.lesson ?? null, { embed = false } = {}) {
    return lessonUrl(lesson, this.linkFile(index, lesson), index, { embed });
  }

  /** `link` at once (`lab.lessonLink`): compressed if the page has compressed the lesson (it does for the one shown), else plain. */
  linkNow(index = this.current?.index ?? 0, lesson = this.current?.lesson ?? null) {
    return lessonUrlNow(lesson, this.linkFile(index, lesson), index);
  }

  /** The file a link of `lesson` carries (null for a built-in one), `index` checked. */
  linkFile(index, lesson) {
    if (!lesson) throw new Error("lessonLink: no lesson is open (lab.openLesson first)");
    if (!Number.isInteger(index) || index < 0 || index >= lesson.steps.length)
      throw new Error(`lesson "${lesson.id}" has steps 0 to ${lesson.steps.length - 1}, got ${index}`);
    return this.isBuiltIn(lesson) ? null : encodeLesson(lesson);
  }

  /** Shows the lesson's link in the address bar (a reload reopens the step; the viewer's saved picture is untouched). */
  showUrl() {
    const c = this.current;
    if (!c) return;
    this.link(c.index, c.lesson, { embed: c.embed }).then(
      (url) => {
        if (this.current === c) history.replaceState(null, "", url);
      },
      () => {},
    );
  }

  /** The current lesson (or, outside a lesson, the viewer's own one) as a lesson file (JSON text). */
  exportJson(lesson = this.current?.lesson ?? this.mine()) {
    if (!lesson) throw new Error("exportLesson: no lesson is open, and you have written none (+ Step adds the page as a step)");
    return JSON.stringify(encodeLesson(lesson), null, 1);
  }

  /**
   * Reads a lesson file (JSON text) and keeps it among the viewer's lessons — as a copy under an
   * id of its own when its id is taken (lesson-own.js identify; the built-in lesson's file becomes
   * `chapter-copy`) — and returns its id; `saved` says whether the browser stored it. A bad file
   * throws an Error saying what is wrong, changing nothing.
   * @param {string} json
   */
  importJson(json) {
    if (typeof json !== "string") throw new Error(`importLesson expects the lesson file's text (JSON), got ${typeof json}`);
    let v;
    try {
      v = JSON.parse(json);
    } catch (e) {
      throw new Error(`the lesson file is not valid JSON (${e.message})`);
    }
    const checked = checkLesson(v, (p) => this.app.checkPoints(p));
    const lesson = identify(this, checked);
    this.saved = this.own.includes(lesson) && !this.unsaved.has(lesson.id) ? Promise.resolve(null) : keep(this, lesson);
    return lesson.id;
  }

  /**
   * Adds a lesson from a link (its file, checked; a copy when its id is taken) for this page view
   * and returns it; it is kept in this browser only once edited.
   * @param {any} file
   */
  fromLink(file) {
    const checked = checkLesson(file, (p) => this.app.checkPoints(p));
    if (checked.id === this.builtIn.id) throw new Error(`the linked lesson's id "${checked.id}" is the built-in lesson's`);
    const lesson = identify(this, checked);
    if (!this.own.includes(lesson)) this.own.push(lesson);
    this.onChange?.();
    return lesson;
  }

  /**
   * The lesson "add this state as a step" and the editor work on: the one presented if it is the
   * viewer's, else the viewer's own lesson (created on first use).
   */
  editable() {
    const c = this.current;
    if (c && !this.isBuiltIn(c.lesson)) return c.lesson;
    let mine = this.mine();
    if (!mine) {
      mine = { ...MY_LESSON, id: freshId(MY_LESSON.id), steps: [] };
      this.mineId = mine.id;
      writeMine(mine.id);
      this.own.push(mine);
    }
    return mine;
  }

  /** The viewer's own lesson ("+ Step" adds to it), if there is one: the one this browser remembers, else one of the first format's id. */
  mine() {
    const id = this.mineId ?? readMine();
    return this.own.find((l) => l.id === id) ?? this.own.find((l) => l.id === MY_LESSON.id);
  }

  /**
   * Adds the page as it is now as a step of the editable lesson (after the step shown when it is
   * that lesson's, else at its end); returns the step's index. `saved` then resolves to null once
   * the step is stored, or to why the browser refused it (the step stays on this page).
   */
  addStep() {
    const lesson = this.editable();
    if (lesson.steps.length >= 100) throw new Error("a lesson has at most 100 steps");
    const step = this.capture(lesson.steps.length + 1);
    const c = this.current;
    const at = c && c.lesson === lesson ? c.index + 1 : lesson.steps.length;
    lesson.steps.splice(at, 0, step);
    if (c && c.lesson === lesson) {
      c.index = at;
      this.app.setTransient({ lesson: { id: lesson.id, title: lesson.title, step: at, steps: lesson.steps.length } });
      this.showUrl();
    }
    // stored as "this step inserted", into the lesson as storage holds it (another tab's steps too)
    const file = encodeLesson({ ...lesson, steps: [step] });
    this.saved = keep(this, lesson, (files) => {
      const i = files.findIndex((f) => f?.id === lesson.id);
      if (i < 0) return [...files, encodeLesson(lesson)];
      const stored = files[i];
      const steps = Array.isArray(stored.steps) ? [...stored.steps] : [];
      if (steps.length >= LESSON_LIMITS.steps) throw new Error(`the lesson saved in this browser has ${steps.length} steps already, at most ${LESSON_LIMITS.steps}`);
      steps.splice(Math.min(at, steps.length), 0, file.steps[0]);
      return files.map((f, j) => (j === i ? { ...stored, steps } : f));
    });
    return at;
  }

  /**
   * The page as it is now as a step: every field a step keeps, the player as set up and the views
   * it uses (the data and weight views, the readout, the player; the race's panel when comparing,
   * the teacher's with a teacher, the learning curves once the form is set).
   * @param {number} n the step's number, for its title
   * @returns {LessonStep}
   */
  capture(n) {
    const app = this.app;
    const { state } = app;
    const fields = Object.fromEntries(STEP_FIELDS.map((k) => [k, structuredClone(state[k])]));
    const compare = state.compare;
    const player = compare ? app.race : app.animator;
    const views = ["data", "weights", "readout", "player"];
    if (compare) views.push("compare");
    if (state.teacher) views.push("teacher");
    if (state.showRegions) views.push("count");
    const step = {
      title: `Step ${n}`,
      text: "",
      look: "",
      try: "",
      views,
      controls: [],
      action: compare ? "race" : "animate",
      notes: "",
      hide: [],
      reveal: [],
      task: null,
      state: {
        fields,
        compare,
        animate: app.animator.algorithm,
        speed: player.speed,
        step: player.index,
        weightWindow: state.weightWindow ? { ...state.weightWindow } : null,
        cells: state.showRegions,
        rings: state.ringsByStrength,
      },
    };
    // the step as a file writes it must read back (the checks of an imported lesson)
    return checkLesson({ format: LESSON_FORMAT, id: "check", title: "check", steps: [encodeLesson({ id: "check", title: "check", steps: [step] }).steps[0]] }, (p) =>
      app.checkPoints(p),
    ).steps[0];
  }

  /**
   * Edits the editable lesson: its title, a step's title, text, look, try, views, action, what it
   * reveals one → at a time or hides until its action has run, the
   * order (move a step by `by`) or deletes a step. Throws on a value the lesson file would refuse.
   * @param {{title?: string, step?: number, set?: Partial<LessonStep>, move?: number, remove?: boolean}} change
   */
  edit(change) {
    const lesson = this.editable();
    const copy = encodeLesson(lesson);
    if (change.title !== undefined) copy.title = change.title;
    const i = change.step ?? -1;
    if (i >= 0) {
      if (i >= copy.steps.length) throw new Error(`the lesson has steps 0 to ${copy.steps.length - 1}, got ${i}`);
      if (change.set) Object.assign(copy.steps[i], change.set);
      if (change.move) {
        const j = Math.max(0, Math.min(copy.steps.length - 1, i + change.move));
        copy.steps.splice(j, 0, ...copy.steps.splice(i, 1));
      }
      if (change.remove) copy.steps.splice(i, 1);
    }
    if (!copy.steps.length) {
      this.own = this.own.filter((l) => l !== lesson);
      this.saved = store(this, lesson.id, (files) => files.filter((f) => f?.id !== lesson.id));
      if (this.current?.lesson === lesson) this.close();
      this.onChange?.();
      return;
    }
    const checked = checkLesson(copy, (p) => this.app.checkPoints(p));
    Object.assign(lesson, checked);
    const c = this.current;
    if (c && c.lesson === lesson) {
      c.index = Math.min(c.index, lesson.steps.length - 1);
      c.part = Math.min(c.part, partsOf(lesson.steps[c.index]) - 1);
      this.app.setTransient({ lesson: { id: lesson.id, title: lesson.title, step: c.index, steps: lesson.steps.length } });
      this.showUrl();
    }
    this.saved = keep(this, lesson);
  }

  /** The stored entries this page could not read, as a JSON text to export (null: none). */
  exportKept() {
    return exportKept(this);
  }
}
