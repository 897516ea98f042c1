// @ts-check
/** The training animation's controls and counters beside the views: a view the app renders. */

import { INFO } from "./catalogue.js";
import { fmt } from "./data-view.js";
import { ANIMATION_CONTROLS, renderPlayer } from "./player.js";
import { drawTraces } from "./trace-chart.js";

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
    renderPlayer(a, el, ANIMATION_CONTROLS);
    renderAnimationTraces(app);
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
    // pocket: the pocket's errors (its answer, drawn) and the current w's (the one it steps)
    const errors = f.currentErrors === null || f.currentErrors === undefined ? `${f.errors}` : `${f.errors} (pocket) · current w: ${f.currentErrors}`;
    counters.textContent = `step ${f.step} · updates ${f.updates} · κ(w) ${fmt(f.kappa)} · errors ${errors} · gap ${gap}${ex}${f.stop ? ` · stopped: ${f.stop}` : ""}`;
  }
}

/**
 * The animated rule's trace beside the views (κ(w(t)) against κ_max, for Rosenblatt M(t)
 * against M*, for pocket both error series), from the frames of the run shown; hidden before
 * the first step.
 * @param {import("./app.js").App} app
 */
function renderAnimationTraces(app) {
  const { el } = app;
  const box = el("anim-traces");
  const trace = app.animator.trace();
  box.hidden = !trace;
  if (!trace) return;
  const name = app.animator.algorithm;
  const ex = app.scene?.exact;
  const bound = app.scene?.algorithms.find((a) => a.name === "rosenblatt")?.updateBound ?? null;
  drawTraces(
    { kappa: el("anim-trace-kappa"), updates: el("anim-trace-updates"), errors: el("anim-trace-errors") },
    { [name]: trace },
    [name],
    ex?.converged ? ex.kappa : NaN,
    bound,
  );
}
