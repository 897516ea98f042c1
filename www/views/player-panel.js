/**
 * The page's one player beside the views (index.html's `#animation`), a view of the frame: with
 * Compare off the training animation's rule menu, controls, counters and traces; with Compare on
 * the same controls driving the race of the compared rules, its counter and their traces.
 */

import { INFO, NAMES } from "../app/catalogue.js";
import { fmt } from "../text/format.js";
import { PLAYER_CONTROLS } from "../animation/player.js";
import { drawTraces } from "./trace-chart.js";

/** What the player's title, button titles and scrubber say for the animation and for the race. */
const TEXTS = {
  animation: {
    title: "Animate",
    step: "One step (key S)",
    play: "Play / pause (space)",
    reset: "Back to the start (key R)",
    scrub: "History of the run",
  },
  race: {
    title: "Race",
    step: "Every compared rule takes one step (key S)",
    play: "Play / pause the race (space)",
    reset: "Back to the full runs (key R)",
    scrub: "Race history: the step t every compared rule is shown at",
  },
};

/** The player's panel: the animation's or the race's controls, counters and traces. */
export class PlayerPanel {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {import("../app/view-frame.js").Frame} frame */
  render(frame) {
    const { el } = this;
    const racing = frame.state.compare;
    const texts = racing ? TEXTS.race : TEXTS.animation;
    el("player-title").textContent = texts.title;
    for (const key of /** @type {const} */ (["step", "play", "reset"])) el(PLAYER_CONTROLS[key]).title = texts[key];

    el(PLAYER_CONTROLS.scrub).setAttribute("aria-label", texts.scrub);
    el("anim-algorithm").hidden = racing;
    el("anim-algorithm").value = frame.animator.algorithm;
    renderPlayer(racing ? frame.race : frame.animator.player, el);
    el("anim-traces").hidden = true;
    el("race-traces").hidden = !racing;
    if (racing) renderRace(frame, el);
    else renderAnimation(frame, el);
  }
}

/**
 * The race's counter (the step shown of those taken, each compared rule's steps) and the compared
 * rules' traces against the step t (the race's up to the step shown, else the full runs').
 * @param {import("../app/view-frame.js").Frame} frame
 * @param {(id: string) => any} el
 */
function renderRace(frame, el) {
  const { scene, race, compared } = frame;
  const rules = compared.map((name) => scene?.algorithms.find((a) => a.name === name)).filter((a) => a !== undefined);
  const steps = rules.map((a) => `${NAMES[a.name]} t = ${a.steps}${a.settled ? " (stopped)" : ""}`).join(" · ");
  el("anim-counters").textContent = !compared.length
    ? "Tick the rules to race in the top row."
    : race.active
      ? `race step ${race.index} of ${race.length - 1}: ${steps}`
      : "Step or play the race: every compared rule takes one step at a time, from w = 0; the scrubber goes back over the steps taken.";
  drawTraces({ kappa: el("trace-kappa"), updates: el("trace-updates"), errors: el("trace-errors") }, frame.traces, compared, scene);
}

/**
 * The animation's counters (step, updates, κ(w), errors, gap, the example looked at) and the
 * animated rule's traces.
 * @param {import("../app/view-frame.js").Frame} frame
 * @param {(id: string) => any} el
 */
function renderAnimation(frame, el) {
  const a = frame.animator;
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
  // a rule that keeps a second perceptron (`currentErrors`): its answer's errors (drawn), named by the rule, and the current w's (the one it steps)
  const errors = f.currentErrors === null || f.currentErrors === undefined ? `${f.errors}` : `${f.errors} (${a.algorithm}) · current w: ${f.currentErrors}`;
  counters.textContent = `step ${f.step} · updates ${f.updates} · κ(w) ${fmt(f.kappa)} · errors ${errors} · gap ${gap}${ex}${f.stop ? ` · stopped: ${f.stop}` : ""}`;
}

/**
 * The animated rule's trace beside the views (κ(w(t)) against κ_max, M(t) against the
 * convergence theorem's M* for a rule that has it, both error series for a rule that keeps its best
 * answer apart from the current w), from the frames
 * of the run shown; hidden before the first step.
 * @param {import("../app/view-frame.js").Frame} frame
 * @param {(id: string) => any} el
 */
function renderAnimationTraces(frame, el) {
  const box = el("anim-traces");
  const { trace, algorithm } = frame.animator;
  box.hidden = !trace;
  if (!trace) return;
  drawTraces({ kappa: el("anim-trace-kappa"), updates: el("anim-trace-updates"), errors: el("anim-trace-errors") }, { [algorithm]: trace }, [algorithm], frame.trained);
}

/**
 * Draws the player's controls as `player` stands: the Play button's text, the scrubber over the
 * recorded steps at the one shown, the speed.
 * @param {import("../app/view-frame.js").PlayerState} player
 * @param {(id: string) => any} el
 */
function renderPlayer(player, el) {
  const ids = PLAYER_CONTROLS;
  el(ids.play).textContent = player.playing ? "Pause" : "Play";
  const scrub = el(ids.scrub);
  scrub.max = String(Math.max(0, player.length - 1));
  scrub.value = String(player.index);
  el(ids.speedValue).textContent = `${player.speed} steps/s`;
}
