/**
 * The changes made to the viewer's own lessons: "+ Step" (the page as it is now as a step), the
 * editor's edits, a lesson file imported or opened from a link, and the lesson as a file to
 * export (the menu and the editor dialog that ask for them: lesson-editor.js). Each change is checked as a lesson file is, then stored
 * (own-lessons.js); the lessons themselves and the one presented: lesson.js.
 */

import { LESSON_FORMAT, LESSON_LIMITS, STEP_FIELDS, checkLesson, encodeLesson } from "./lesson-format.js";
import { partsOf } from "./lesson-parts.js";
import { identify, keep, store } from "./own-lessons.js";
import { freshId, readMine, writeMine } from "./lesson-database.js";
import { errorMessage } from "../text/format.js";

/** @typedef {import("./lesson.js").Lessons} Lessons */
/** @typedef {import("./lesson-format.js").Lesson} Lesson */
/** @typedef {import("./lesson-format.js").LessonStep} LessonStep */

/** The lesson "add this state as a step" adds to when none of the viewer's is open (its id made unique: lesson-database.js freshId). */
const MY_LESSON = { id: "my-lesson", title: "My lesson" };

/** The current lesson (or, outside a lesson, the viewer's own one) as a lesson file (JSON text). @param {Lessons} lessons @param {Lesson | undefined} [lesson] */
export function exportLesson(lessons, lesson = lessons.current?.lesson ?? myLesson(lessons)) {
  if (!lesson) throw new Error("exportLesson: no lesson is open, and you have written none (+ Step adds the page as a step)");
  return JSON.stringify(encodeLesson(lesson), null, 1);
}

/**
 * Reads a lesson file (JSON text) and keeps it among the viewer's lessons — as a copy under an
 * id of its own when its id is taken (own-lessons.js identify; the built-in lesson's file becomes
 * `chapter-copy`) — and returns its id; `saved` says whether the browser stored it. A bad file
 * throws an Error saying what is wrong, changing nothing.
 * @param {Lessons} lessons
 * @param {string} json
 */
export function importLesson(lessons, json) {
  if (typeof json !== "string") throw new Error(`importLesson expects the lesson file's text (JSON), got ${typeof json}`);
  let v;
  try {
    v = JSON.parse(json);
  } catch (e) {
    throw new Error(`the lesson file is not valid JSON (${errorMessage(e)})`);
  }
  const checked = checkLesson(v, (p) => lessons.app.checkPoints(p));
  const lesson = identify(lessons, checked);
  lessons.saved = lessons.own.includes(lesson) && !lessons.unsaved.has(lesson.id) ? Promise.resolve(null) : keep(lessons, lesson);
  return lesson.id;
}

/**
 * Adds a lesson from a link (its file, checked; a copy when its id is taken) for this page view
 * and returns it; it is kept in this browser only once edited.
 * @param {Lessons} lessons
 * @param {any} file
 */
export function lessonFromLink(lessons, file) {
  const checked = checkLesson(file, (p) => lessons.app.checkPoints(p));
  if (checked.id === lessons.builtIn.id) throw new Error(`the linked lesson's id "${checked.id}" is the built-in lesson's`);
  const lesson = identify(lessons, checked);
  if (!lessons.own.includes(lesson)) lessons.own.push(lesson);
  lessons.onChange?.();
  return lesson;
}

/**
 * The lesson "add this state as a step" and the editor work on: the one presented if it is the
 * viewer's, else the viewer's own lesson (created on first use).
 * @param {Lessons} lessons
 */
export function editableLesson(lessons) {
  const c = lessons.current;
  if (c && !lessons.isBuiltIn(c.lesson)) return c.lesson;
  let mine = myLesson(lessons);
  if (!mine) {
    mine = { ...MY_LESSON, id: freshId(MY_LESSON.id), steps: [] };
    lessons.mineId = mine.id;
    writeMine(mine.id);
    lessons.own.push(mine);
  }
  return mine;
}

/** The viewer's own lesson ("+ Step" adds to it), if there is one: the one this browser remembers, else one of the first format's id. @param {Lessons} lessons */
export function myLesson(lessons) {
  const id = lessons.mineId ?? readMine();
  return lessons.own.find((l) => l.id === id) ?? lessons.own.find((l) => l.id === MY_LESSON.id);
}

/**
 * Adds the page as it is now as a step of the editable lesson (after the step shown when it is
 * that lesson's, else at its end); returns the step's index. `saved` then resolves to null once
 * the step is stored, or to why the browser refused it (the step stays on this page).
 * @param {Lessons} lessons
 */
export function addStep(lessons) {
  const lesson = editableLesson(lessons);
  if (lesson.steps.length >= 100) throw new Error("a lesson has at most 100 steps");
  const step = captureStep(lessons, lesson.steps.length + 1);
  const c = lessons.current;
  const at = c && c.lesson === lesson ? c.index + 1 : lesson.steps.length;
  lesson.steps.splice(at, 0, step);
  if (c && c.lesson === lesson) {
    c.index = at;
    lessons.app.setTransient({ lesson: { id: lesson.id, title: lesson.title, step: at, steps: lesson.steps.length } });
    lessons.showUrl();
  }
  // stored as "this step inserted", into the lesson as storage holds it (another tab's steps too)
  const file = encodeLesson({ ...lesson, steps: [step] });
  lessons.saved = keep(lessons, lesson, (files) => {
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
 * @param {Lessons} lessons
 * @param {number} n the step's number, for its title
 * @returns {LessonStep}
 */
export function captureStep(lessons, n) {
  const app = lessons.app;
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
 * @param {Lessons} lessons
 * @param {{title?: string, step?: number, set?: Partial<LessonStep>, move?: number, remove?: boolean}} change
 */
export function editLesson(lessons, change) {
  const lesson = editableLesson(lessons);
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
    lessons.own = lessons.own.filter((l) => l !== lesson);
    lessons.saved = store(lessons, lesson.id, (files) => files.filter((f) => f?.id !== lesson.id));
    if (lessons.current?.lesson === lesson) lessons.close();
    lessons.onChange?.();
    return;
  }
  const checked = checkLesson(copy, (p) => lessons.app.checkPoints(p));
  Object.assign(lesson, checked);
  const c = lessons.current;
  if (c && c.lesson === lesson) {
    c.index = Math.min(c.index, lesson.steps.length - 1);
    c.part = Math.min(c.part, partsOf(lesson.steps[c.index]) - 1);
    lessons.app.setTransient({ lesson: { id: lesson.id, title: lesson.title, step: c.index, steps: lesson.steps.length } });
    lessons.showUrl();
  }
  lessons.saved = keep(lessons, lesson);
}
