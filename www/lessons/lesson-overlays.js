/**
 * What presenter mode shows over the step (lesson-keys.js says when): the blanked screen (black
 * or white), the step number being typed, the list of the presenter's keys, the step's link as a
 * QR code, and the overview of all steps — a thumbnail and the title of each, the chosen one marked; a click opens it.
 * Created here from JS (lesson.css styles them), so that the page's markup stays as it is.
 */

import { PRESENTER_KEYS } from "./lesson-keys.js";
import { drawQr, qrModules } from "./lesson-qr.js";
import { stepThumbnail } from "./lesson-thumb.js";
import { setRichText } from "../text/rich-text.js";

/**
 * A fixed layer over the page.
 * @param {string} id
 * @param {string} label its name for assistive technology
 */
function layer(id, label) {
  const div = document.createElement("div");
  div.id = id;
  div.className = "lesson-overlay";
  div.hidden = true;
  div.setAttribute("aria-label", label);
  document.body.append(div);
  return div;
}

/**
 * Shows the presenter's overlays as `presenter` says, whenever it changes.
 * @param {import("./lesson-keys.js").Presenter} presenter
 * @param {import("../app/controller.js").App} app
 */
export function bindOverlays(presenter, app) {
  const lessons = presenter.lessons;
  const blank = layer("lesson-blank", "The screen is blanked (the same key brings the step back)");
  blank.setAttribute("role", "status");
  const jump = layer("lesson-jump", "Step number typed");
  jump.setAttribute("role", "status");
  const help = layer("lesson-help", "The presenter's keys");
  help.setAttribute("role", "dialog");
  const table = document.createElement("table");
  for (const [keys, does] of PRESENTER_KEYS) {
    const row = table.insertRow();
    row.insertCell().textContent = keys;
    row.insertCell().textContent = does;
  }
  const helpTitle = document.createElement("h2");
  helpTitle.textContent = "The presenter's keys";
  const helpFoot = document.createElement("p");
  helpFoot.textContent = "? or Escape closes this list. Other keys of the page do nothing while presenting.";
  help.append(helpTitle, table, helpFoot);
  const overview = layer("lesson-overview", "All steps of the lesson");
  overview.setAttribute("role", "dialog");
  const grid = document.createElement("ol");
  grid.className = "lesson-overview-grid";
  overview.append(grid);
  const qr = layer("lesson-qr", "This step's link as a QR code");
  qr.setAttribute("role", "dialog");
  const qrCanvas = document.createElement("canvas");
  qrCanvas.setAttribute("role", "img");
  const qrText = document.createElement("p");
  // when the link is too long for a QR code: the link itself, to copy
  const qrCopy = document.createElement("div");
  qrCopy.className = "qr-copy";
  qrCopy.hidden = true;
  const qrLink = document.createElement("input");
  qrLink.readOnly = true;
  qrLink.setAttribute("aria-label", "This step's link");
  const qrCopyButton = document.createElement("button");
  qrCopyButton.type = "button";
  qrCopyButton.textContent = "Copy link";
  qrCopyButton.addEventListener("click", () => {
    qrLink.select();
    navigator.clipboard?.writeText(qrLink.value).then(
      () => (qrCopyButton.textContent = "Copied"),
      () => (qrCopyButton.textContent = "Copy link (selected: Ctrl+C)"),
    );
  });
  qrCopy.append(qrLink, qrCopyButton);
  qr.append(qrCanvas, qrText, qrCopy);
  /** @type {string | null} the step whose link the QR code shows (lesson, step, its file) */
  let qrFor = null;
  const showQr = () => {
    const c = lessons.current;
    if (!c) return;
    const key = JSON.stringify([c.lesson.id, c.index, lessons.linkNow(c.index), window.innerWidth, window.innerHeight]);
    if (key === qrFor) return;
    qrFor = key;
    delete qrCanvas.dataset.modules;
    const step = `Step ${c.index + 1} of ${c.lesson.steps.length}`;
    qrText.textContent = `${step}: the QR code is being made…`;
    lessons
      .link(c.index)
      .then(async (url) => {
        if (qrFor !== key) return;
        qrLink.value = url;
        try {
          const code = await qrModules(url);
          if (qrFor !== key) return;
          qrCopy.hidden = true;
          qrCanvas.hidden = false;
          // a short link is shown as it is; a lesson of one's own (long: the lesson is in it) by its step
          qrText.textContent = url.length <= 200 ? url : `${step} of “${c.lesson.title}”: scan to open it (a link of ${url.length} characters, the lesson in it)`;
          qrCanvas.setAttribute("aria-label", `A QR code of the link to ${step.toLowerCase()} of this lesson`);
          qrCanvas.dataset.modules = String(code.modules.length);
          qrCanvas.dataset.level = code.level;
          const room = window.innerHeight - qrText.getBoundingClientRect().height - 24;
          drawQr(qrCanvas, code.modules, Math.min(room, window.innerWidth * 0.95));
        } catch (e) {
          if (qrFor !== key) return;
          qrCanvas.hidden = true;
          qrCopy.hidden = false;
          qrText.textContent = e instanceof Error ? e.message : String(e);
        }
      })
      .catch((e) => {
        if (qrFor !== key) return;
        qrCanvas.hidden = true;
        qrText.textContent = `This step's link could not be made: ${e instanceof Error ? e.message : e}`;
      });
  };
  presenter.overviewColumns = () => Math.max(1, getComputedStyle(grid).gridTemplateColumns.split(" ").length);

  /** @type {string | null} the lesson the overview's grid was built for */
  let built = null;
  const buildOverview = () => {
    const c = lessons.current;
    if (!c) return;
    const key = JSON.stringify([c.lesson.id, c.lesson.steps.map((s) => s.title)]);
    if (key === built) return;
    built = key;
    grid.replaceChildren(
      ...c.lesson.steps.map((step, i) => {
        const li = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.step = String(i);
        const title = document.createElement("span");
        setRichText(title, `${i + 1}. ${step.title}`);
        button.append(stepThumbnail(step, 200, 120), title);
        button.addEventListener("click", () => {
          const now = lessons.current;
          if (!now) return;
          presenter.clear();
          lessons
            .open(now.lesson.id, i)
            .catch((e) => app.setMessage(e.message, "error"))
            .finally(() => app.scheduleRender());
        });
        li.append(button);
        return li;
      }),
    );
  };

  const show = () => {
    const on = lessons.current !== null;
    blank.hidden = !(on && presenter.blank);
    blank.dataset.color = presenter.blank ?? "";
    jump.hidden = !(on && presenter.typed);
    jump.textContent = presenter.typed ? `Step ${presenter.typed} — Enter or G opens it` : "";
    help.hidden = !(on && presenter.help);
    qr.hidden = !(on && presenter.qr);
    if (!qr.hidden) showQr();
    overview.hidden = !(on && presenter.overview !== null);
    if (!overview.hidden) {
      buildOverview();
      for (const b of grid.querySelectorAll("button")) {
        const chosen = Number(/** @type {HTMLElement} */ (b).dataset.step) === presenter.overview;
        b.classList.toggle("chosen", chosen);
        if (chosen) b.setAttribute("aria-current", "step");
        else b.removeAttribute("aria-current");
        if (chosen) b.scrollIntoView({ block: "nearest" });
      }
    }
  };
  const previous = presenter.onChange;
  presenter.onChange = () => {
    previous?.();
    show();
  };
  const before = lessons.onChange;
  lessons.onChange = () => {
    before?.();
    if (!lessons.current && (presenter.blank || presenter.overview !== null || presenter.help || presenter.qr || presenter.typed)) presenter.clear();
    show();
  };
}
