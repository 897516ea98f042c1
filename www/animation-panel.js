// @ts-check
/** The training animation's controls and counters beside the views: a view the app renders. */

import { INFO } from "./catalogue.js";
import { fmt } from "./data-view.js";

export class AnimationPanel {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {import("./app.js").App} app */
  render(app) {
    const { el } = this;
    const a = app.animator;
    el("anim-algorithm").value = a.algorithm;
    el("anim-play").textContent = a.playing ? "Pause" : "Play";
    const scrub = el("anim-scrub");
    scrub.max = String(Math.max(0, a.frames.length - 1));
    scrub.value = String(a.index);
    el("anim-speed-value").textContent = `${a.speed} steps/s`;
    const counters = el("anim-counters");
    if (a.error) {
      counters.textContent = `Cannot animate: ${a.error}`;
      return;
    }
    const f = a.frames[a.index];
    if (!f) {
      counters.textContent = `Press Step or Play to watch the rule learn from ${INFO[a.algorithm].start}.`;
      return;
    }
    const gap = f.kappaUpper === null || f.kappaUpper === undefined ? "—" : fmt(f.kappaUpper - f.kappa);
    const ex =
      f.example === null || f.example === undefined
        ? ""
        : ` · example ${f.example + 1}${f.partner !== null && f.partner !== undefined ? ` & ${f.partner + 1}` : ""}${f.updated ? " (update)" : ""}`;
    counters.textContent = `step ${f.step} · updates ${f.updates} · κ(w) ${fmt(f.kappa)} · errors ${f.errors} · gap ${gap}${ex}${f.stop ? ` · stopped: ${f.stop}` : ""}`;
  }
}
