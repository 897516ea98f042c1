/**
 * The viewer's own lessons on this page and in this browser: read at boot (one this page cannot
 * read is kept in storage as it is, and named), written change by change (lesson-database.js), taken
 * in when another tab writes, and given an identity of their own — a lesson from a file or a link
 * whose id is taken opens as a copy under an id of its own, never replacing the viewer's.
 */

import { checkLesson, encodeLesson } from "./lesson-format.js";
import { lessonUrl } from "./lesson-link.js";
import { BACKUP_KEY, freeId, readStored, writeStored } from "./lesson-database.js";
import { keptState } from "../files/persistence.js";
import { errorMessage } from "../text/format.js";

/** @typedef {import("./lesson-format.js").Lesson} Lesson */
/** @typedef {import("./lesson.js").Lessons} Lessons */

/** @param {Lesson} a @param {any} file a lesson file (encodeLesson) */
const sameFile = (a, file) => JSON.stringify(encodeLesson(a)) === JSON.stringify(file);

/**
 * The viewer's lessons from local storage. One this page cannot read stays in storage as it is
 * (every write keeps it), in `lessons.kept`, and is named in `lessons.problems`; a stored value
 * that is not a list is kept aside (BACKUP_KEY) before the first write.
 * @param {Lessons} lessons
 * @returns {Lesson[]}
 */
export function loadOwn(lessons) {
  const { files, whole } = readStored();
  if (whole !== null)
    lessons.problems.push(
      `The lessons saved in this browser are not readable (${whole.length} characters, not a list of lessons); they are kept as they are, and Export unreadable (Lesson → Edit…) saves them.`,
    );
  const out = [];
  for (const f of files) {
    try {
      out.push(checkLesson(f, (p) => lessons.app.checkPoints(p)));
    } catch (e) {
      lessons.kept.push(f);
      const named = typeof f?.title === "string" ? `The lesson "${f.title.slice(0, 60)}"` : "A lesson";
      lessons.problems.push(
        `${named} saved in this browser could not be read (${errorMessage(e)}); it is kept as it is, and Export unreadable (Lesson → Edit…) saves it.`,
      );
    }
  }
  return out;
}

/**
 * A lesson from a file or a link as one of the viewer's: the viewer's own lesson when it is the
 * same lesson (the same id and content), else `lesson` — under an id of its own and titled a copy
 * when its id is taken (one of the viewer's, a stored one this page cannot read, or the built-in
 * lesson's), so that it never replaces what the viewer has.
 * @param {Lessons} lessons
 * @param {Lesson} lesson
 * @returns {Lesson}
 */
export function identify(lessons, lesson) {
  const same = lessons.own.find((l) => l.id === lesson.id);
  if (same && sameFile(same, encodeLesson(lesson))) return same;
  const stored = readStored().files;
  const taken = (/** @type {string} */ id) => id === lessons.builtIn.id || lessons.own.some((l) => l.id === id) || stored.some((f) => f?.id === id);
  if (!taken(lesson.id)) return lesson;
  const title = lesson.title.endsWith(" (copy)") ? lesson.title : `${lesson.title.slice(0, 113)} (copy)`;
  // the same file imported again finds its copy rather than making another
  const copy = lessons.own.find((l) => l.id.startsWith(`${lesson.id.slice(0, 36)}-copy`) && sameFile(l, encodeLesson({ ...lesson, id: l.id, title })));
  return copy ?? { ...lesson, id: freeId(`${lesson.id}-copy`, taken), title };
}

/**
 * Keeps `lesson` among the viewer's lessons (replacing one of the same id) and in local storage:
 * `change` applied to the stored entries (by default, the lesson put in place of its stored one).
 * Resolves to null, or to why the browser refused (the lesson stays on this page).
 * @param {Lessons} lessons
 * @param {Lesson} lesson
 * @param {(files: any[]) => any[]} [change]
 */
export function keep(lessons, lesson, change) {
  const i = lessons.own.findIndex((l) => l.id === lesson.id);
  if (i >= 0) lessons.own[i] = lesson;
  else lessons.own.push(lesson);
  const file = encodeLesson(lesson);
  const put = (/** @type {any[]} */ files) => {
    const at = files.findIndex((f) => f?.id === lesson.id);
    return at < 0 ? [...files, file] : files.map((f, j) => (j === at ? file : f));
  };
  const saved = store(lessons, lesson.id, change ?? put);
  // compressed now, so that lab.lessonLink, which answers at once, gives the short link
  lessonUrl(lesson, file, 0).catch(() => {});
  lessons.onChange?.();
  return saved;
}

/**
 * Applies `change` to the lessons in local storage, then takes in what storage holds (another
 * tab's writes too). Resolves to null, or to why the browser refused, said in the status line.
 * @param {Lessons} lessons
 * @param {string} id the lesson changed
 * @param {(files: any[]) => any[]} change
 * @returns {Promise<string | null>}
 */
export async function store(lessons, id, change) {
  const refused = await writeStored(change);
  if (refused) {
    lessons.unsaved.add(id);
    lessons.app.setMessage(`Your lesson is not saved in this browser: ${refused}. It stays on this page; to keep it, export it (Lesson → Edit… → Export…).`, "error");
    return refused;
  }
  lessons.unsaved.delete(id);
  sync(lessons);
  return null;
}

/**
 * Takes in the lessons storage holds now (another tab's writes): each readable stored lesson
 * replaces this page's one of the same id, unless this page holds changes the browser refused to
 * store; lessons only this page has stay.
 * @param {Lessons} lessons
 */
export function sync(lessons) {
  let changed = false;
  for (const f of readStored().files) {
    if (typeof f?.id !== "string" || lessons.unsaved.has(f.id)) continue;
    const mine = lessons.own.find((l) => l.id === f.id);
    if (mine && sameFile(mine, f)) continue;
    let lesson;
    try {
      lesson = checkLesson(f, (p) => lessons.app.checkPoints(p));
    } catch {
      continue; // kept in storage as it is (loadOwn named it)
    }
    if (mine) Object.assign(mine, lesson);
    else lessons.own.push(lesson);
    changed = true;
  }
  if (!changed) return;
  const c = lessons.current;
  if (c) {
    c.index = Math.min(c.index, c.lesson.steps.length - 1);
    lessons.app.setTransient({ lesson: { id: c.lesson.id, title: c.lesson.title, step: c.index, steps: c.lesson.steps.length } });
  }
  lessons.onChange?.();
}

/**
 * What storage holds that this page could not read — the lesson entries it kept, a stored value
 * that was no list (or its copy aside), the saved state it could not read — as a JSON text to
 * export (`{lessons, lessonsText?, savedState?}`); null for nothing.
 * @param {Lessons} lessons
 */
export function exportKept(lessons) {
  const { whole } = readStored();
  /** @type {string | null} */
  let aside = null;
  try {
    aside = localStorage.getItem(BACKUP_KEY);
  } catch {
    // storage switched off: what this page read is all there is
  }
  const text = whole ?? aside;
  const state = keptState();
  if (!lessons.kept.length && text === null && state === null) return null;
  return JSON.stringify({ lessons: lessons.kept, ...(text === null ? {} : { lessonsText: text }), ...(state === null ? {} : { savedState: state }) }, null, 1);
}
