/**
 * The presenter's keys (a clicker sends the first ones): → PageDown / ← PageUp step, Home / End
 * the first and last step, Space the step's action, R resets, B or "." blanks the screen to
 * black and W to white (the same key brings it back), a step number then Enter or G jumps to it,
 * O the overview of the steps, F full screen, S the speaker view, Q the step's link as a QR code,
 * "?" these keys, Escape closes what is open over the step, else leaves the lesson. In presenter
 * mode the page's other single-key shortcuts do nothing (interaction.js), so that no stray key
 * changes the prepared scene. An embedded step keeps Space and R only.
 */

import { isTyping } from "../input/interaction.js";
import { errorMessage } from "../text/format.js";

/** The presenter's keys and what they do (the "?" overlay lists them; docs/lessons.md too). */
export const PRESENTER_KEYS = [
  ["→ PageDown", "the next step (or the step's next part)"],
  ["← PageUp", "the step before"],
  ["Home · End", "the first · the last step"],
  ["Space", "the step's action; once it has nothing more to do, the next step"],
  ["R", "reset the step: its prepared state comes back"],
  ["B or . · W", "blank the screen black · white (the same key brings it back)"],
  ["7 Enter · 7 G", "jump to step 7"],
  ["O", "the overview of all steps (arrows or a click choose, Enter opens)"],
  ["F", "full screen"],
  ["S", "the speaker view in a second window"],
  ["Q", "the step's link as a QR code, for phones"],
  ["?", "these keys"],
  ["Escape", "close what is open over the step; else leave the lesson"],
];

/** What is shown over the step in presenter mode, and the step number being typed. */
export class Presenter {
  /** @param {import("./lesson.js").Lessons} lessons */
  constructor(lessons) {
    this.lessons = lessons;
    /** @type {"black" | "white" | null} the blanked screen */
    this.blank = null;
    /** @type {number | null} the step chosen in the overview (from 0) while it is open */
    this.overview = null;
    /** whether the list of keys is shown */
    this.help = false;
    /** whether the step's link is shown as a QR code */
    this.qr = false;
    /** the digits of a step number typed so far */
    this.typed = "";
    /** @type {(() => void) | null} told when any of these change (the overlays follow) */
    this.onChange = null;
    /** @type {(() => Promise<void>) | null} opens the speaker view (speaker-view.js) */
    this.openSpeaker = null;
    /** @type {(() => number) | null} how many steps a row of the overview holds (↑ ↓ move by a row) */
    this.overviewColumns = null;
  }

  /** Closes everything over the step (a new step, the lesson left). */
  clear() {
    this.blank = null;
    this.overview = null;
    this.help = false;
    this.qr = false;
    this.typed = "";
    this.onChange?.();
  }

  /**
   * Handles presenter key `key` (a KeyboardEvent's `key`); resolves whether it is one. Throws
   * outside a lesson.
   * @param {string} key
   * @returns {Promise<boolean>}
   */
  async key(key) {
    const lessons = this.lessons;
    const c = lessons.current;
    if (!c) throw new Error("lessonKey: no lesson is open (lab.openLesson first)");
    if (c.embed) {
      // an embedded step (an iframe in a slide) stays where it is: Space and R only
      if (key === " ") await lessons.space();
      else if (key === "r" || key === "R") await lessons.reset();
      else return false;
      return true;
    }
    const k = key.length === 1 ? key.toLowerCase() : key;
    const changed = () => {
      this.onChange?.();
      return true;
    };
    if (this.overview !== null) {
      const last = c.lesson.steps.length - 1;
      const columns = this.overviewColumns?.() ?? 1;
      const by = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns, PageDown: 1, PageUp: -1 }[k];
      if (by !== undefined) {
        this.overview = Math.max(0, Math.min(last, this.overview + by));
        return changed();
      }
      if (k === "Home" || k === "End") {
        this.overview = k === "Home" ? 0 : last;
        return changed();
      }
      if (k === "Enter" && !this.typed) {
        const chosen = this.overview;
        this.clear();
        await lessons.open(c.lesson.id, chosen);
        return true;
      }
      if (k === "o" || k === "Escape") {
        this.overview = null;
        return changed();
      }
    }
    if (/^[0-9]$/.test(k)) {
      this.typed = (this.typed + k).replace(/^0+/, "").slice(0, 3);
      return changed();
    }
    if (k === "Backspace" && this.typed) {
      this.typed = this.typed.slice(0, -1);
      return changed();
    }
    if ((k === "Enter" || k === "g") && this.typed) {
      const n = Number(this.typed);
      this.clear();
      if (n < 1 || n > c.lesson.steps.length) {
        lessons.app.setMessage(`There is no step ${n}: the lesson has steps 1 to ${c.lesson.steps.length}.`, "error");
        return true;
      }
      await lessons.open(c.lesson.id, n - 1);
      return true;
    }
    if (k === "b" || k === "." || k === "w") {
      const color = k === "w" ? "white" : "black";
      this.blank = this.blank === color ? null : color;
      return changed();
    }
    if (k === "Escape" && (this.blank || this.help || this.qr || this.typed)) {
      this.clear();
      return true;
    }
    if (k === "?") {
      this.help = !this.help;
      return changed();
    }
    if (k === "q") {
      this.qr = !this.qr;
      return changed();
    }
    /** @type {Record<string, () => unknown>} */
    const moves = {
      ArrowRight: () => lessons.forward(),
      PageDown: () => lessons.forward(),
      ArrowLeft: () => lessons.backward(),
      PageUp: () => lessons.backward(),
      Home: () => lessons.open(c.lesson.id, 0),
      End: () => lessons.open(c.lesson.id, c.lesson.steps.length - 1),
      " ": () => lessons.space(),
      r: () => lessons.reset(),
      o: () => {
        this.overview = c.index;
        this.onChange?.();
      },
      f: () => toggleFullScreen(),
      s: () => this.openSpeaker?.(),
      Escape: () => lessons.close(),
    };
    const move = Object.hasOwn(moves, k) ? moves[k] : undefined;
    if (!move) return false;
    // a move over a blanked screen brings the step back first, as a slide show does
    if (this.blank || this.help || this.qr || this.typed) this.clear();
    await move();
    return true;
  }
}

/** Full screen on or off (a refusal — no user gesture, an embedding page's policy — is said). */
async function toggleFullScreen() {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch (e) {
    throw new Error(`Full screen was refused by the browser (${errorMessage(e)}); F11 or the browser's menu does the same.`);
  }
}

/**
 * The presenter's keys from the keyboard: caught before the page's own keys while a lesson is
 * open; keys typed in a field or a dialog are theirs.
 * @param {Presenter} presenter
 * @param {import("../app/controller.js").App} app
 */
export function bindPresenterKeys(presenter, app) {
  window.addEventListener(
    "keydown",
    (e) => {
      const lessons = presenter.lessons;
      if (!lessons.current || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (isTyping(t) || document.querySelector("dialog[open]")) return;
      // Space and Enter on a focused button or link press it, as everywhere else
      const pressable = t instanceof HTMLButtonElement || t instanceof HTMLAnchorElement;
      if ((e.key === " " || (e.key === "Enter" && !presenter.typed)) && pressable) return;
      if (e.key === "Tab" || e.key === "Shift") return;
      const single = e.key.length === 1;
      const embed = lessons.current.embed;
      // decided before the key changes the state: the presenter's keys, and every other single
      // key (no stray key changes the scene), stop here; others (Tab, the data view's Delete
      // and Enter) go on to their element
      const stop = isPresenterKey(e.key, presenter) || (single && !embed);
      // an embedded step: the slides' own keys neither leave it nor reach the lesson behind it
      const swallow = embed && ["ArrowRight", "ArrowLeft", "PageDown", "PageUp", "Escape", "Home", "End"].includes(e.key);
      if (stop) e.preventDefault();
      if (stop || swallow) e.stopImmediatePropagation();
      presenter.key(e.key).then(
        (handled) => {
          if (handled) app.scheduleRender();
        },
        (err) => app.setMessage(err.message, "error"),
      );
    },
    { capture: true },
  );
}

/** Whether `key` is one of the presenter's (in the state `presenter` is in). @param {string} key @param {Presenter} presenter */
function isPresenterKey(key, presenter) {
  if (presenter.lessons.current?.embed) return key === " " || key === "r" || key === "R";
  if (["ArrowRight", "ArrowLeft", "PageDown", "PageUp", "Home", "End", "Escape"].includes(key)) return true;
  if ((key === "Enter" || key === "Backspace") && (presenter.typed || presenter.overview !== null)) return true;
  if (presenter.overview !== null && (key === "ArrowUp" || key === "ArrowDown")) return true;
  return false;
}
