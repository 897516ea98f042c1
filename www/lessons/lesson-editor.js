/**
 * The lesson menu and editor dialog: the control bar's Lesson menu, Present, "+ Step" (the page
 * as it is now, as a step of your lesson) and the editor dialog — the lesson's title, each step's title, text, what
 * to look at and to try, its views and action, its place (↑ ↓) or its removal; export and import
 * of the lesson file, the link and iframe snippet (embed layout) of each step, and of the lesson
 * chosen in the Lesson menu at the step presented.
 */

import { download } from "../files/download.js";
import { LESSON_ACTIONS, LESSON_HIDDEN, LESSON_LIMITS, LESSON_VIEWS } from "./lesson-format.js";
import { LESSON_REVEALABLE } from "./lesson-parts.js";
import { unread } from "../files/persistence.js";
import { addStep, editLesson, editableLesson, exportLesson, importLesson } from "./own-lesson-edits.js";
import { exportKept } from "./own-lessons.js";
import { errorMessage } from "../text/format.js";

/**
 * @param {import("./lesson.js").Lessons} lessons
 * @param {import("../app/controller.js").App} app
 * @param {(id: string) => any} el
 */
export function bindLessonEditor(lessons, app, el) {
  const select = /** @type {HTMLSelectElement} */ (el("lesson-select"));
  const dialog = /** @type {HTMLDialogElement} */ (el("lesson-dialog"));
  const say = (/** @type {string} */ text) => {
    el("lesson-edit-status").textContent = text;
  };
  const fillMenu = () => {
    const chosen = select.value;
    select.replaceChildren(...lessons.all().map((l) => new Option(`${l.title} (${l.steps.length} steps)`, l.id)));
    if (lessons.all().some((l) => l.id === chosen)) select.value = chosen;
  };
  /** Whether the change under way is a field's own (the dialog already shows it: rebuilt, it would lose the focus). */
  let inPlace = false;
  const previous = lessons.onChange;
  lessons.onChange = () => {
    previous?.();
    fillMenu();
    keptNotice(lessons, el);
    if (dialog.open && !inPlace) fillDialog();
  };
  fillMenu();
  keptNotice(lessons, el);

  el("lesson-present").addEventListener("click", () => {
    lessons.open(select.value, 0).catch((e) => app.setMessage(e.message, "error"));
  });
  el("lesson-add").addEventListener("click", async () => {
    try {
      const lesson = editableLesson(lessons);
      const at = addStep(lessons);
      select.value = lesson.id;
      // said once the browser has stored it (or refused: then the step is on this page only)
      const refused = await lessons.saved;
      if (refused)
        app.setMessage(
          `The page is step ${at + 1} of "${lesson.title}" on this page only: it is NOT saved (${refused}). Export the lesson (Edit… → Export…) to keep it.`,
          "error",
        );
      else app.setMessage(`Added the page as step ${at + 1} of "${lesson.title}" (Edit… to give it a title and text).`, "note");
    } catch (e) {
      app.setMessage(errorMessage(e), "error");
    }
  });
  el("lesson-edit").addEventListener("click", () => {
    keptNote(lessons, /** @type {Element} */ (dialog.querySelector("h2")), "lesson-kept");
    fillDialog();
    say("");
    dialog.showModal();
  });
  el("lesson-dialog-close").addEventListener("click", () => dialog.close());

  /** Applies an edit of the lesson, saying a refusal in the dialog. @param {Parameters<typeof editLesson>[1]} change */
  const edit = async (change) => {
    // a field's edit keeps the dialog as it is (the focus stays where the user put it); a move
    // or a removal rebuilds the list
    inPlace = !change.move && !change.remove;
    try {
      editLesson(lessons, change);
    } catch (e) {
      inPlace = false;
      say(`Not changed: ${errorMessage(e)}`);
      fillDialog();
      return;
    }
    inPlace = false;
    const refused = await lessons.saved;
    say(refused ? `Changed on this page only, NOT saved in this browser (${refused}): Export… keeps the lesson as a file.` : "Saved in this browser.");
  };

  const fillDialog = () => {
    const lesson = editableLesson(lessons);
    const title = /** @type {HTMLInputElement} */ (el("lesson-edit-title"));
    title.value = lesson.title;
    title.onchange = () => edit({ title: title.value });
    const list = el("lesson-steps");
    list.replaceChildren(
      ...lesson.steps.map((step, i) => {
        const li = document.createElement("li");
        /** A field of the step. @param {"title" | "text" | "look" | "try" | "notes"} key @param {string} label @param {boolean} multiline */
        const field = (key, label, multiline) => {
          const wrap = document.createElement("label");
          const input = document.createElement(multiline ? "textarea" : "input");
          if (input instanceof HTMLTextAreaElement) input.rows = 3;
          else input.type = "text";
          input.value = step[key];
          input.dataset.field = key;
          input.addEventListener("change", () => edit({ step: i, set: { [key]: input.value } }));
          wrap.append(`${label} `, input);
          return wrap;
        };
        /** a list of part names, typed as words (commas or spaces between them) @param {"reveal" | "hide"} key @param {string} label @param {string} help */
        const partList = (key, label, help) => {
          const wrap = document.createElement("label");
          const input = document.createElement("input");
          input.type = "text";
          input.value = step[key].join(", ");
          input.dataset.field = key;
          input.title = help;
          input.addEventListener("change", () =>
            edit({
              step: i,
              set: {
                [key]: input.value.split(/[\s,]+/).filter(Boolean),
              },
            }),
          );
          wrap.append(`${label} `, input);
          return wrap;
        };
        const views = document.createElement("div");
        views.className = "views";
        views.append("Views:");
        for (const name of Object.keys(LESSON_VIEWS)) {
          const label = document.createElement("label");
          const box = document.createElement("input");
          box.type = "checkbox";
          box.checked = step.views.includes(name);
          box.addEventListener("change", () => {
            const now = editableLesson(lessons).steps[i]?.views ?? step.views; // the step as edited since the list was built
            const chosen = Object.keys(LESSON_VIEWS).filter((n) => (n === name ? box.checked : now.includes(n)));
            edit({ step: i, set: { views: chosen } });
          });
          label.append(box, name);
          views.append(label);
        }
        const action = document.createElement("select");
        for (const a of LESSON_ACTIONS) action.append(new Option(a, a, false, a === step.action));
        action.addEventListener("change", () => edit({ step: i, set: { action: action.value } }));
        const actionLabel = document.createElement("label");
        actionLabel.append("Space runs ", action);
        const buttons = document.createElement("div");
        buttons.className = "group";
        /** @param {string} text @param {string} title @param {() => void} onClick */
        const button = (text, title, onClick) => {
          const b = document.createElement("button");
          b.type = "button";
          b.textContent = text;
          b.title = title;
          b.addEventListener("click", onClick);
          return b;
        };
        buttons.append(
          button("Show", "Open the lesson at this step", () => {
            dialog.close();
            lessons.open(lesson.id, i).catch((e) => app.setMessage(e.message, "error"));
          }),
          button("Link", "Copy a link that opens the lesson at this step", () => copy(lesson, i, false)),
          button("Embed", "Copy an iframe snippet showing this step's views and action", () => copy(lesson, i, true)),
          button("↑", "Move the step up", () => edit({ step: i, move: -1 })),
          button("↓", "Move the step down", () => edit({ step: i, move: 1 })),
          button("Delete", "Delete the step", () => edit({ step: i, remove: true })),
        );
        li.append(
          field("title", "Title", false),
          field("text", "Text", true),
          field("look", "Look:", false),
          field("try", "Try:", false),
          field("notes", "Notes (the speaker view's only):", true),
          partList("reveal", "Build, one → each:", `What each → reveals in turn: ${LESSON_REVEALABLE.join(", ")} ("text" is the next paragraph)`),
          partList("hide", "Hidden until Space:", `What stays hidden until the step's action has run: ${LESSON_HIDDEN.join(", ")}`),
          views,
          actionLabel,
          buttons,
        );
        return li;
      }),
    );
    if (!lesson.steps.length) list.append("No steps yet: close this, set the page up and press + Step.");
  };

  el("lesson-export").addEventListener("click", () => {
    const lesson = editableLesson(lessons);
    if (!lesson.steps.length) return say("The lesson has no steps yet.");
    download(`${lesson.id}.lesson.json`, new Blob([exportLesson(lessons, lesson)], { type: "application/json" }));
  });
  el("lesson-import").addEventListener("click", () => el("lesson-import-file").click());
  el("lesson-import-file").addEventListener("change", async (/** @type {Event} */ e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    try {
      if (file.size > LESSON_LIMITS.fileBytes) throw new Error(`${file.size} bytes is too large for a lesson (at most ${LESSON_LIMITS.fileBytes})`);
      const id = importLesson(lessons, await file.text());
      select.value = id;
      const refused = await lessons.saved;
      const title = lessons.find(id).title;
      say(refused ? `"${title}" is open on this page only, NOT saved in this browser (${refused}): Export… keeps it as a file.` : `Imported "${title}".`);
    } catch (err) {
      say(`${file.name} was not imported: ${errorMessage(err)}`);
    }
  });
  /**
   * Copies the link (or the iframe snippet, `embed`) that opens step `index` of `lesson`; without
   * a clipboard (an insecure page) the dialog shows the text to copy by hand.
   * @param {import("./lesson.js").Lesson} lesson @param {number} index @param {boolean} embed
   */
  const copy = async (lesson, index, embed) => {
    const url = await lessons.link(index, lesson, { embed });
    const text = embed ? `<iframe src="${url}" width="960" height="540" style="border:0" title="${lesson.title.replace(/"/g, "&quot;")}"></iframe>` : url;
    const what = `${embed ? "the iframe snippet" : "the link"} of step ${index + 1} of "${lesson.title}"`;
    try {
      await navigator.clipboard.writeText(text);
      say(`Copied ${what}.`);
    } catch {
      say(`Copy ${what}: ${text}`); // no clipboard: the text to copy by hand
    }
  };
  /**
   * The dialog's Copy link / Copy embed: the lesson chosen in the Lesson menu (the built-in one
   * too), at the step shown when it is the one presented, else at its first step.
   * @param {boolean} embed
   */
  const copyChosen = async (embed) => {
    const c = lessons.current;
    const lesson = c && c.lesson.id === select.value ? c.lesson : lessons.find(select.value);
    if (!lesson.steps.length) return say(`"${lesson.title}" has no steps yet.`);
    return copy(lesson, c && c.lesson === lesson ? c.index : 0, embed);
  };
  el("lesson-copy-link").addEventListener("click", () => copyChosen(false).catch((e) => say(e.message)));
  el("lesson-copy-embed").addEventListener("click", () => copyChosen(true).catch((e) => say(e.message)));
}

/**
 * What storage holds that the page could not read (lessons, the saved state), said after `anchor`
 * (the editor's heading, the Lessons group's controls) as the element `id`, with a button that
 * saves it as a file (it stays in this browser as it is too); nothing when all was read.
 * @param {import("./lesson.js").Lessons} lessons
 * @param {Element} anchor
 * @param {string} id
 */
function keptNote(lessons, anchor, id) {
  const problems = keptProblems(lessons);
  document.getElementById(id)?.remove();
  if (!problems.length) return;
  const note = document.createElement("div");
  note.id = id;
  note.className = "lesson-kept";
  note.setAttribute("role", "note");
  const text = document.createElement("p");
  text.textContent = problems.join(" ");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "lesson-export-kept";
  if (id === "lesson-kept") button.id = "lesson-export-kept";
  button.textContent = "Export unreadable";
  button.title = "Save what this page could not read as a file (it stays in this browser as it is)";
  button.addEventListener("click", () => {
    const json = exportKept(lessons);
    if (json) download("unreadable-saved-work.json", new Blob([json], { type: "application/json" }));
  });
  note.append(text, button);
  anchor.after(note);
}

/** What this page could not read from storage and keeps as it is (said until the page is closed). @param {import("./lesson.js").Lessons} lessons */
function keptProblems(lessons) {
  return [...lessons.problems, ...(unread ? [unread.said] : [])];
}

/**
 * Keeps what storage holds that this page cannot read in sight for as long as the page is open: a
 * mark on the Lessons group's button (its title says what) and the note with Export unreadable in
 * the group, where a later message on the status line cannot wipe it.
 * @param {import("./lesson.js").Lessons} lessons
 * @param {(id: string) => any} el
 */
function keptNotice(lessons, el) {
  const problems = keptProblems(lessons);
  const button = el("open-lessons");
  button.classList.toggle("kept", problems.length > 0);
  button.title = problems.length ? `Lessons: choose, present, record your own. ${problems.join(" ")}` : "Lessons: choose, present, record your own";
  keptNote(lessons, el("group-lessons").querySelector(".group"), "lessons-kept");
}
