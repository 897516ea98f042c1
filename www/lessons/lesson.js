/**
 * Lessons: the built-in walk through the chapter and the lessons a lecturer writes, opened step
 * by step in presenter mode. Opening a lesson keeps the viewer's own picture aside (points,
 * settings, undo history, projector mode): nothing a step shows or an edit during the lesson
 * does is saved over it, and leaving the lesson brings it back. A step's state is put on the page
 * whole (the points, the mode, the rules shown and compared, the player set up, the views, the
 * zoom, the teacher, the learning-curve form) or not at all; "reset this step" puts it back.
 * The viewer's lessons in storage, and their identity: own-lessons.js; writing them: own-lesson-edits.js.
 */

import { applyForm, readForm, readParams } from "../curves/curve-form.js";
import { chapterLesson } from "./lesson-chapter.js";
import { STEP_FIELDS, checkLesson, encodeLesson } from "./lesson-format.js";
import { lessonUrl, lessonUrlNow } from "./lesson-link.js";
import { concealed, partsOf } from "./lesson-parts.js";
import { loadOwn, sync } from "./own-lessons.js";
import { watchStored } from "./lesson-database.js";
import { REFERENCES } from "../app/catalogue.js";
import { initialFields } from "../app/state-fields.js";
import { History, fitView, setFields, snapshot } from "../app/state.js";
import { replaySteps } from "../animation/player.js";
import { setCompare } from "../animation/compare-mode.js";
import { errorMessage } from "../text/format.js";

export { LESSONS_KEY } from "./lesson-database.js";

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
    app.concealed = () => concealed(this.current);
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

  /** Whether `lesson` is the built-in one (it cannot be edited; "add this state" starts a lesson of the viewer's). @param {Lesson} lesson */
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
      throw new Error(`step ${index + 1} of "${lesson.title}" could not be opened (${errorMessage(e)})`);
    }
    this.onChange?.();
    this.showUrl();
    await this.replaying;
    await this.settle();
  }

  /** Puts step `step`'s state on the page (one new picture: its own undo history). @param {LessonStep} step */
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
    const linked = this.linkFile(index, lesson);
    return lessonUrl(linked.lesson, linked.file, index, { embed });
  }

  /** `link` at once (`lab.lessonLink`): compressed if the page has compressed the lesson (it does for the one shown), else plain. */
  linkNow(index = this.current?.index ?? 0, lesson = this.current?.lesson ?? null) {
    const linked = this.linkFile(index, lesson);
    return lessonUrlNow(linked.lesson, linked.file, index);
  }

  /**
   * The lesson a link opens (one must be open or given, `index` one of its steps) and the file
   * the link carries (null for a built-in lesson).
   * @param {number} index
   * @param {Lesson | null} lesson
   */
  linkFile(index, lesson) {
    if (!lesson) throw new Error("lessonLink: no lesson is open (lab.openLesson first)");
    if (!Number.isInteger(index) || index < 0 || index >= lesson.steps.length)
      throw new Error(`lesson "${lesson.id}" has steps 0 to ${lesson.steps.length - 1}, got ${index}`);
    return { lesson, file: this.isBuiltIn(lesson) ? null : encodeLesson(lesson) };
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
}
