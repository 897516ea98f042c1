/**
 * A lesson's handout (`?lesson=ID&handout`, the editor's Handout button): every step on its own
 * printed page — its title, its text with the equations typeset, what to look at and to try, its
 * task, the speaker's notes when asked (`&notes`), and pictures of its prepared state (the step
 * opened in presenter mode, its views drawn, copied as images). The browser's Print gives the
 * PDF; the print stylesheet (lesson.css) shows the handout alone, one step a page.
 */

import { setRichText } from "../text/rich-text.js";
import { renderLessonText } from "./lesson-text.js";
import { lessonUrlNow } from "./lesson-link.js";
import { encodeLesson } from "./lesson-format.js";
import { errorMessage } from "../text/format.js";

/** The views a step's picture copies, by the step's view name → canvas ids. */
const PICTURED = { data: ["data-view"], weights: ["weight-view"], curves: ["lc-chart-eps"] };

/**
 * The link of the handout of `lesson` (`?lesson=ID&handout` for a built-in one; a lesson of the
 * viewer's travels in the link as its lesson link does).
 * @param {import("./lesson.js").Lessons} lessons
 * @param {string} id
 */
export function handoutLink(lessons, id) {
  const lesson = lessons.find(id);
  const url = new URL(lessonUrlNow(lesson, lessons.isBuiltIn(lesson) ? null : encodeLesson(lesson), 0));
  url.searchParams.delete("step");
  url.searchParams.set("handout", "");
  return url.href.replace(/([?&])handout=(&|#|$)/, "$1handout$2");
}

/**
 * Lays out the handout of the lesson presented: opens each step in turn, copies its views and
 * builds its page; then leaves the lesson (the viewer's own page comes back underneath) and shows
 * the handout alone. Resolves with the handout's element.
 * @param {import("./lesson.js").Lessons} lessons
 * @param {{notes?: boolean}} [options]
 */
export async function buildHandout(lessons, { notes = false } = {}) {
  const c = lessons.current;
  if (!c) throw new Error("the handout needs a lesson: open one with ?lesson=ID&handout");
  const { lesson } = c;
  const root = document.createElement("article");
  root.id = "lesson-handout";
  root.setAttribute("aria-busy", "true");
  const head = document.createElement("header");
  head.className = "handout-head";
  const title = document.createElement("h1");
  setRichText(title, lesson.title);
  const print = document.createElement("button");
  print.type = "button";
  print.textContent = "Print…";
  print.addEventListener("click", () => window.print());
  const back = document.createElement("button");
  back.type = "button";
  back.textContent = "Back to the lab";
  back.addEventListener("click", () => {
    root.remove();
    document.body.classList.remove("handout");
  });
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  head.append(title, print, back, status);
  root.append(head);
  document.body.append(root);
  for (let i = 0; i < lesson.steps.length; i++) {
    status.textContent = `Preparing step ${i + 1} of ${lesson.steps.length}…`;
    await lessons.open(lesson.id, i);
    await lessons.settle();
    await laidOut();
    lessons.app.render(); // the views drawn at the size the step's layout gives them
    root.append(await stepPage(lesson.steps[i], i, lesson.steps.length, notes));
  }
  lessons.close();
  lessons.app.render();
  status.textContent = `${lesson.steps.length} steps, one a page: Print… makes the PDF.`;
  document.body.classList.add("handout");
  root.setAttribute("aria-busy", "false");
  root.dataset.ready = "true";
  return root;
}

/** Resolves once the step's equations are typeset and the layout that follows has had its frames. */
async function laidOut() {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  while (document.getElementById("lesson-text")?.getAttribute("aria-busy") === "true") await frame();
  await frame();
  await frame();
}

/**
 * The Handout button beside the editor's Copy link: the handout of the lesson chosen in the
 * Lesson menu, in a new tab.
 * @param {import("./lesson.js").Lessons} lessons
 * @param {import("../app/controller.js").App} app
 * @param {(id: string) => any} el
 */
export function bindHandoutButton(lessons, app, el) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "lesson-handout-open";
  button.textContent = "Handout";
  button.title =
    "Every step of the lesson chosen in the Lesson menu on its own printed page (title, text, look and try, a picture of the step), in a new tab: Print makes the PDF";
  button.addEventListener("click", () => {
    try {
      window.open(handoutLink(lessons, el("lesson-select").value), "_blank");
    } catch (e) {
      app.setMessage(errorMessage(e), "error");
    }
  });
  el("lesson-copy-embed").after(button);
}

/**
 * The printed page of step `step` (its views as drawn now).
 * @param {import("./lesson-format.js").LessonStep} step
 * @param {number} index
 * @param {number} count
 * @param {boolean} notes
 */
async function stepPage(step, index, count, notes) {
  const section = document.createElement("section");
  section.className = "handout-step";
  const h2 = document.createElement("h2");
  setRichText(h2, step.title);
  const number = document.createElement("p");
  number.className = "handout-number";
  number.textContent = `Step ${index + 1} of ${count}`;
  const text = document.createElement("div");
  text.className = "handout-text";
  await renderLessonText(text, step.text);
  section.append(number, h2, text);
  /** @param {string} label @param {string} value */
  const line = (label, value) => {
    if (!value) return;
    const p = document.createElement("p");
    const b = document.createElement("b");
    b.textContent = `${label}: `;
    const words = document.createElement("span");
    setRichText(words, value);
    p.append(b, words);
    section.append(p);
  };
  line("Look", step.look);
  line("Try", step.try);
  line("Task", step.task?.text ?? "");
  if (notes) line("Notes", step.notes);
  const pictures = document.createElement("div");
  pictures.className = "handout-pictures";
  for (const view of step.views) {
    for (const id of PICTURED[/** @type {keyof typeof PICTURED} */ (view)] ?? []) {
      const canvas = /** @type {HTMLCanvasElement | null} */ (document.getElementById(id));
      if (!canvas?.width || !canvas.getClientRects().length) continue;
      const img = document.createElement("img");
      img.src = canvas.toDataURL("image/png");
      img.alt = `${step.title}: ${canvas.getAttribute("aria-label") ?? id} as the step prepares it`;
      img.dataset.view = id;
      pictures.append(img);
    }
  }
  section.append(pictures);
  await Promise.all([...pictures.querySelectorAll("img")].map((img) => /** @type {HTMLImageElement} */ (img).decode().catch(() => {})));
  return section;
}
