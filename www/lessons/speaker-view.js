/**
 * The speaker view: a second window of the page (`?speaker`) for the lecturer's own screen — the
 * step's notes, the next step's title and thumbnail, a clock and the time since the lesson
 * started, and the step's buttons. The two windows talk over the platform's BroadcastChannel:
 * the presenting window sends what the speaker view shows whenever it changes; the speaker view
 * sends the presenter's keys and buttons back, so that stepping in either window steps both.
 */

import { stepThumbnail } from "./lesson-thumb.js";
import { partsOf } from "./lesson-parts.js";
import { setRichText } from "../text/rich-text.js";

/** The channel's name (the windows of one page, same origin). */
const CHANNEL = "perceptron-lab-speaker";
/** How long `openSpeakerView` waits for the second window to answer (ms). */
const OPEN_TIMEOUT_MS = 15_000;

/**
 * The presenting window's side: opens the speaker view (S, `lab.openSpeakerView()`), tells it
 * the step shown and runs the keys it sends.
 * @param {import("./lesson-keys.js").Presenter} presenter
 * @param {import("../app/controller.js").App} app
 * @param {(id: string) => any} el
 */
export function bindSpeaker(presenter, app, el) {
  const lessons = presenter.lessons;
  const channel = new BroadcastChannel(CHANNEL);
  /** @type {number | null} when the lesson was opened (ms since the epoch) */
  let startedAt = null;
  let last = "";
  /** @type {(() => void) | null} resolves the open() waiting for the window's first word */
  let answered = null;
  const message = () => {
    const c = lessons.current;
    if (!c) return { type: "state", lesson: null };
    const step = c.lesson.steps[c.index];
    const next = c.lesson.steps[c.index + 1] ?? null;
    const button = el("lesson-action");
    return {
      type: "state",
      lesson: { title: c.lesson.title, steps: c.lesson.steps.length },
      index: c.index,
      part: c.part,
      parts: partsOf(step),
      title: step.title,
      notes: step.notes,
      task: step.task?.text ?? null,
      next: next ? { title: next.title, points: next.state.fields.points } : null,
      action: button.hidden ? null : button.textContent,
      blank: presenter.blank,
      startedAt,
    };
  };
  const publish = () => {
    if (lessons.current && startedAt === null) startedAt = Date.now();
    if (!lessons.current) startedAt = null;
    const m = message();
    const key = JSON.stringify(m);
    if (key === last) return;
    last = key;
    channel.postMessage(m);
  };
  channel.onmessage = (e) => {
    const m = e.data;
    if (m?.type === "ready") {
      last = "";
      publish();
      answered?.();
    } else if (m?.type === "key" && typeof m.key === "string" && lessons.current) {
      presenter.key(m.key).then(
        () => app.scheduleRender(),
        (err) => app.setMessage(err.message, "error"),
      );
    } else if (m?.type === "action" && lessons.current) {
      lessons.action().catch((err) => app.setMessage(err.message, "error"));
    }
  };
  const before = lessons.onChange;
  lessons.onChange = () => {
    before?.();
    publish();
  };
  const previous = presenter.onChange;
  presenter.onChange = () => {
    previous?.();
    publish();
  };
  // the action's label (playing, paused, done) changes between lesson changes
  setInterval(publish, 400);

  presenter.openSpeaker = () => {
    if (!lessons.current) return Promise.reject(new Error("openSpeakerView: no lesson is open (lab.openLesson first)"));
    const url = new URL(location.href);
    url.search = "?speaker";
    url.hash = "";
    const win = window.open(url.href, "perceptron-lab-speaker", "popup,width=960,height=640");
    if (!win) return Promise.reject(new Error("The browser blocked the speaker view's window: allow pop-ups for this page, then press S again."));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        answered = null;
        reject(new Error(`the speaker view did not answer within ${OPEN_TIMEOUT_MS / 1000} s`));
      }, OPEN_TIMEOUT_MS);
      answered = () => {
        clearTimeout(timer);
        answered = null;
        resolve(undefined);
      };
    });
  };
}

/** The speaker view's keys: those of the presenter it sends on (the others are the speaker's own). */
const SENT_KEYS = ["ArrowRight", "ArrowLeft", "PageDown", "PageUp", "Home", "End", " ", "r", "R", "b", "B", ".", "w", "W"];

/**
 * The speaker window (`?speaker`): builds its own page in place of the lab's and follows the
 * presenting window.
 */
export function speakerMain() {
  const channel = new BroadcastChannel(CHANNEL);
  document.title = "Speaker view — Perceptron Lab";
  const root = document.createElement("main");
  root.id = "speaker";
  root.innerHTML = `
    <p class="speaker-clock"><span id="speaker-now"></span> · <span id="speaker-elapsed"></span></p>
    <p class="speaker-head">Step <span id="speaker-count"></span>: <b id="speaker-title"></b></p>
    <h2>Notes</h2>
    <div id="speaker-notes"></div>
    <p id="speaker-task" hidden></p>
    <div class="speaker-next"><h2>Next</h2><p id="speaker-next-title"></p><div id="speaker-next-thumb"></div></div>
    <div class="speaker-buttons" role="group" aria-label="Lesson steps">
      <button type="button" data-key="ArrowLeft">← Back</button>
      <button type="button" id="speaker-action" data-action="1"></button>
      <button type="button" data-key="r">Reset step</button>
      <button type="button" data-key="ArrowRight">Next →</button>
    </div>
    <p id="speaker-status" role="status"></p>`;
  document.body.replaceChildren(root);
  document.body.className = "speaker";
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  /** @type {any} the presenting window's last word */
  let shown = null;
  const tick = () => {
    const now = new Date();
    $("speaker-now").textContent = now.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const since = shown?.startedAt ? Math.max(0, Math.floor((Date.now() - shown.startedAt) / 1000)) : 0;
    $("speaker-elapsed").textContent = `${Math.floor(since / 60)}:${String(since % 60).padStart(2, "0")} since the start`;
  };
  const render = () => {
    const m = shown;
    const on = !!m?.lesson;
    $("speaker-status").textContent = on ? (m.blank ? `The screen is blanked (${m.blank}).` : "") : "No lesson is presented in the other window.";
    $("speaker-count").textContent = on ? `${m.index + 1} / ${m.lesson.steps}${m.parts > 1 ? ` · part ${m.part + 1} of ${m.parts} (→ reveals the next)` : ""}` : "—";
    setRichText($("speaker-title"), on ? m.title : "");
    $("speaker-notes").textContent = on ? m.notes || "(no notes for this step)" : "";
    $("speaker-task").hidden = !(on && m.task);
    $("speaker-task").textContent = on && m.task ? `Task: ${m.task}` : "";
    setRichText($("speaker-next-title"), on ? (m.next ? m.next.title : "(the last step)") : "");
    const thumb = $("speaker-next-thumb");
    thumb.replaceChildren();
    if (on && m.next) thumb.append(stepThumbnail(/** @type {any} */ ({ state: { fields: { points: m.next.points } } }), 240, 150));
    const action = /** @type {HTMLButtonElement} */ ($("speaker-action"));
    action.hidden = !(on && m.action);
    action.textContent = on && m.action ? m.action : "";
    tick();
  };
  channel.onmessage = (e) => {
    if (e.data?.type !== "state") return;
    shown = e.data;
    render();
  };
  root.addEventListener("click", (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest("button");
    if (!b) return;
    if (b.dataset.action) channel.postMessage({ type: "action" });
    else if (b.dataset.key) channel.postMessage({ type: "key", key: b.dataset.key });
  });
  window.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !SENT_KEYS.includes(e.key)) return;
    if (e.key === " " && e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    channel.postMessage({ type: "key", key: e.key });
  });
  setInterval(tick, 1000);
  render();
  channel.postMessage({ type: "ready" });
}
