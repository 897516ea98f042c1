/**
 * Presenter mode on the page: the lesson's panel (the step's title, its sentences with their
 * equations, what to look at and to try, Back / the step's action / Reset / Next / Leave), only
 * the views the step names, laid out for the screen (layout.js); the presenter's keys are in
 * lesson-keys.js. `?embed` shows one step's views and its action alone, for an iframe.
 */

import { projectorScale } from "../text/canvas-text.js";
import { LESSON_CONTROLS, LESSON_VIEWS } from "./lesson-format.js";
import { renderLessonNumbers } from "./lesson-numbers.js";
import { REVEALED_NAMES, concealed, hiddenAt } from "./lesson-parts.js";
import { taskDone, taskInput } from "./lesson-tasks.js";
import { renderLessonText } from "./lesson-text.js";
import { setRichText } from "../text/rich-text.js";
import { layout } from "../layout/layout.js";
import { reserveRegions } from "../layout/layout-regions.js";

/** What a step can hide until its action runs (lesson-format.js `hide`). */

/** The action button's text for each action (playing: the pause text). @type {Record<string, [string, string]>} */
const ACTION_TEXT = {
  animate: ["▶ Play the run", "❚❚ Pause"],
  race: ["▶ Race", "❚❚ Pause the race"],
  "add-example": ["+ Add an example", "+ Add an example"],
  "run-curves": ["▶ Run the sweep", "Running…"],
};

/** The lesson panel and the page around it in presenter mode: a view of the frame. */
export class LessonView {
  /**
   * @param {import("./lesson.js").Lessons} lessons
   * @param {(id: string) => any} el
   * @param {import("../views/data/data-view.js").DataSpaceView} dataView
   * @param {import("../views/weight/weight-view.js").WeightView} weightView
   */
  constructor(lessons, el, dataView, weightView) {
    this.lessons = lessons;
    this.el = el;
    this.dataView = dataView;
    this.weightView = weightView;
    /** @type {string | null} the step whose text the panel shows (lesson, index and its views) */
    this.shown = null;
    /** @type {Promise<void>} the typesetting of the step's equations */
    this.typeset = Promise.resolve();
    /** @type {HTMLElement} the page's controls the step asks for, taken into the lesson's panel (LESSON_CONTROLS) */
    this.controls = document.createElement("div");
    this.controls.id = "lesson-controls";
    this.controls.className = "lesson-controls";
    this.controls.hidden = true;
    el("lesson").querySelector(".lesson-nav").before(this.controls);
    /** @type {HTMLElement} the numbers the step talks about, live (lesson-numbers.js) */
    this.numbers = document.createElement("p");
    this.numbers.id = "lesson-numbers";
    this.numbers.setAttribute("aria-live", "off");
    this.numbers.hidden = true;
    // below the controls: numbers that appear when the action runs move nothing above them
    this.controls.after(this.numbers);
    /** @type {HTMLElement} the step's task and whether it is done (lesson-tasks.js) */
    this.taskBox = document.createElement("p");
    this.taskBox.id = "lesson-task";
    this.taskBox.setAttribute("role", "status");
    this.taskBox.hidden = true;
    this.controls.before(this.taskBox);
    lessons.task = () => {
      const c = lessons.current;
      const task = c?.lesson.steps[c.index].task;
      return task ? { text: task.text, done: taskDone(task, taskInput(lessons.app)) } : null;
    };
    /** @type {[Element, Comment][]} the controls in the panel, each with the mark of its own place */
    this.moved = [];
    // the layout is made when the step opens (its text typeset), from every region it can fill
    // (layout-regions.js), and kept while its action runs, its traces appear and R resets it
  }

  /** @param {import("../app/view-frame.js").Frame} frame */
  render(frame) {
    const { state } = frame;
    const el = this.el;
    el("ring-strength").checked = state.ringsByStrength;
    el("count-regions").checked = state.showRegions;
    const c = this.lessons.current;
    const key = c ? JSON.stringify([c.lesson.id, c.index, c.lesson.steps.length, c.embed, c.lesson.steps[c.index]]) : null;
    if (key !== this.shown) {
      this.shown = key;
      const views = c ? c.lesson.steps[c.index].views : null;
      reserveRegions({ views, race: state.compare, compared: frame.compared, animated: frame.animator.algorithm });
      this.show(c);
    }
    // the race's counters say how to race until it runs (as the step's Try line does): presenter
    // mode leaves that out and gives the traces the room (lesson.css)
    el("anim-counters").classList.toggle("race-idle", !!(c && state.compare && !frame.race.active));
    const step = c?.lesson.steps[c.index];
    // predict, then reveal: what the step hides until its action has run, and its parts not yet
    // revealed (lesson-parts.js); each keeps its place, invisible (lesson.css)
    const later = c && step ? hiddenAt(step, c.part) : null;
    const hidden = concealed(c);
    for (const name of REVEALED_NAMES) document.body.classList.toggle(`lesson-hide-${name}`, hidden.has(name));
    const shownParagraphs = later?.paragraphs ?? Number.POSITIVE_INFINITY;
    for (const [i, p] of [...el("lesson-text").children].entries()) p.classList.toggle("lesson-later", i >= shownParagraphs);
    if (!c || !step) return;
    // ε_g here only where the readout (which has it per rule) is not shown
    const eps = step.views.includes("readout") ? "none" : document.body.classList.contains("lesson-hide-eps") ? "later" : "show";
    renderLessonNumbers(this.numbers, frame, eps);
    this.renderTask();
    const button = el("lesson-action");
    const texts = ACTION_TEXT[step.action];
    button.hidden = !texts;
    if (texts) {
      const player = this.lessons.player();
      const busy = player ? player.playing : step.action === "run-curves" && this.lessons.curves.running;
      button.textContent = texts[busy ? 1 : 0];
    }
  }

  /** The step's task and a tick once it is done (none: hidden). */
  renderTask() {
    const task = this.lessons.task?.() ?? null;
    const box = this.taskBox;
    box.hidden = !task;
    if (!task) return;
    const text = `${task.done ? "✓ Done" : "Task"}: ${task.text}`;
    if (box.textContent !== text) box.textContent = text;
    box.classList.toggle("done", task.done);
  }

  /**
   * Shows step `c` (or leaves presenter mode for null): the panel's text, the views the step
   * names, the layout for the screen.
   * @param {{lesson: import("./lesson-format.js").Lesson, index: number, embed: boolean} | null} c
   */
  show(c) {
    const el = this.el;
    const body = document.body;
    body.classList.toggle("presenter", c !== null);
    body.classList.toggle("embed", c?.embed ?? false);
    el("lesson").hidden = c === null;
    const views = c ? c.lesson.steps[c.index].views : Object.keys(LESSON_VIEWS);
    for (const [name, selector] of Object.entries(LESSON_VIEWS)) document.querySelector(selector)?.classList.toggle("lesson-hidden", c !== null && !views.includes(name));
    // the step's action on the lesson's panel (lesson.css hides the page's own button that does the same)
    el("lesson").dataset.action = c ? c.lesson.steps[c.index].action : "";
    if (c) {
      const step = c.lesson.steps[c.index];
      // titles with carets (ε_g, κ_max) show their scripts, as the step's Look and Try lines do
      setRichText(el("lesson-lesson"), c.lesson.title);
      el("lesson-count").textContent = `${c.index + 1} / ${c.lesson.steps.length}`;
      setRichText(el("lesson-title"), step.title);
      el("lesson-look").hidden = !step.look;
      setRichText(el("lesson-look-text"), step.look);
      el("lesson-try").hidden = !step.try;
      setRichText(el("lesson-try-text"), step.try);
      el("lesson-prev").disabled = c.index === 0;
      el("lesson-next").disabled = c.index === c.lesson.steps.length - 1;
      // aria-busy while the equations are typeset (and tests wait for it to clear)
      const box = el("lesson-text");
      box.setAttribute("aria-busy", "true");
      const typeset = renderLessonText(box, step.text).finally(() => {
        if (this.typeset === typeset) box.setAttribute("aria-busy", "false");
      });
      this.typeset = typeset;
      typeset.then(() => this.refit());
    }
    this.placeControls(c ? c.lesson.steps[c.index].controls : []);
    this.sizeCharts(c !== null && views.includes("curves") ? projectorScale() : 1);
    this.fit();
  }

  /**
   * Takes the page's controls `names` (LESSON_CONTROLS) into the lesson's panel, the step's text
   * asking for them while presenter mode hides the control bar; those of the step before go back
   * to their own places. Still the page's own elements: they work as they do in the control bar.
   * @param {string[]} names
   */
  placeControls(names) {
    for (const [node, mark] of this.moved) mark.replaceWith(node);
    this.moved = [];
    for (const name of names) {
      const node = document.querySelector(LESSON_CONTROLS[name]);
      if (!node) continue;
      const mark = document.createComment(`the lesson's control "${name}" is shown in the lesson's panel`);
      node.before(mark);
      this.controls.append(node);
      this.moved.push([node, mark]);
    }
    this.controls.hidden = !this.moved.length;
  }

  /**
   * Draws the learning-curve charts' text `scale` × its normal size (presenter mode's type),
   * for the width they are shown at.
   * @param {number} scale
   */
  sizeCharts(scale) {
    const curves = this.lessons.curves;
    curves.textScale = scale;
    curves.sizeCharts(1);
    if (curves.last) curves.drawCharts();
    else curves.preview();
  }

  /** Lays the views out for the screen (presenter mode: fitted around the panel and the step's panels). */
  fit() {
    layout(this.dataView, this.weightView);
  }

  /**
   * `fit` outside a frame (the equations typeset, a panel grown): resizing a canvas clears it, so
   * the views are drawn again in the next frame (the step's data view was left blank until an edit).
   */
  refit() {
    this.fit();
    this.lessons.app.scheduleRender();
  }
}

/**
 * The lesson panel's buttons (the presenter's keys: lesson-keys.js).
 * @param {import("./lesson.js").Lessons} lessons
 * @param {import("../app/controller.js").App} app
 * @param {(id: string) => any} el
 */
export function bindLesson(lessons, app, el) {
  /** Runs a lesson move, saying its error in the status line. @param {() => Promise<any> | void} move */
  const run = (move) => {
    Promise.resolve()
      .then(move)
      .catch((e) => app.setMessage(e.message, "error"))
      .finally(() => app.scheduleRender());
  };
  /**
   * A lesson button's click. A click of the pointer leaves no focus on the button, so that Space
   * afterwards runs the step's action (as the keys say) instead of pressing that button again;
   * a button reached with Tab keeps its focus (Space and Enter press it, as everywhere else).
   * @param {string} id @param {() => Promise<any> | void} move
   */
  const button = (id, move) =>
    el(id).addEventListener("click", (/** @type {MouseEvent} */ e) => {
      if (e.detail > 0) /** @type {HTMLElement} */ (e.currentTarget).blur();
      run(move);
    });
  button("lesson-prev", () => lessons.previous());
  button("lesson-next", () => lessons.next());
  button("lesson-reset", () => lessons.reset());
  button("lesson-action", () => lessons.action());
  el("lesson-close").addEventListener("click", () => lessons.close());
}
