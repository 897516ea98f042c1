// @ts-check
/** The training animation's controls and counters beside the views, and its traces: a view of the frame. */

import { INFO } from "./catalogue.js";
import { fmt } from "./format.js";
import { ANIMATION_CONTROLS, renderPlayer } from "./player.js";
import { drawTraces } from "./trace-chart.js";

/** The animation's panel: its rule menu, player, counters and traces. */
export class AnimationPanel {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {import("./frame.js").Frame} frame */
  render(frame) {
    const { el } = this;
    const a = frame.animator;
    el("anim-algorithm").value = a.algorithm;
    renderPlayer(a.player, el, ANIMATION_CONTROLS);
    renderAnimationTraces(frame, el);
    const counters = el("anim-counters");
    if (a.error) {
      counters.textContent = `Cannot animate: ${a.error}`;
      return;
    }
    const f = a.frame;
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
 * The animated rule's trace beside the views (κ(w(t)) against κ_max, M(t) against the
 * convergence theorem's M* for a rule that has it, for pocket both error series), from the frames
 * of the run shown; hidden before the first step.
 * @param {import("./frame.js").Frame} frame
 * @param {(id: string) => any} el
 */
function renderAnimationTraces(frame, el) {
  const box = el("anim-traces");
  const { trace, algorithm } = frame.animator;
  box.hidden = !trace;
  if (!trace) return;
  drawTraces({ kappa: el("anim-trace-kappa"), updates: el("anim-trace-updates"), errors: el("anim-trace-errors") }, { [algorithm]: trace }, [algorithm], frame.trained);
}
