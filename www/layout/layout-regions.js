/**
 * The regions a lesson's step can fill, reserved when the step opens: every chart its player or
 * its teacher's panel can draw (the race's or the animation's traces, ε_g against P) takes its
 * place in the layout from the start, empty until drawn (lesson.css: `.reserved`), so that
 * nothing moves when the step's action runs, a trace appears, the run ends or R resets the step.
 */

import { INFO } from "../app/catalogue.js";

/** The charts of the player's traces that `rules` draw besides κ(w(t)). @param {string[]} rules */
function traceCharts(rules) {
  return { updates: rules.some((r) => INFO[r]?.updateBound), errors: rules.some((r) => INFO[r]?.keepsBest) };
}

/**
 * Marks the elements the step can show as reserved (and unmarks the others): `views` the step's
 * views (lesson-format.js LESSON_VIEWS names; every view outside a lesson), `race` whether the
 * player races `compared`, else it animates `animated`.
 * @param {{views: string[] | null, race: boolean, compared: string[], animated: string}} step null views: no lesson
 */
export function reserveRegions({ views, race, compared, animated }) {
  /** @type {string[]} */
  const ids = [];
  if (views?.includes("player")) {
    const charts = traceCharts(race ? compared : [animated]);
    if (race) ids.push(...(charts.updates ? ["trace-updates"] : []), ...(charts.errors ? ["trace-errors"] : []));
    else ids.push("anim-traces", ...(charts.updates ? ["anim-trace-updates"] : []), ...(charts.errors ? ["anim-trace-errors"] : []));
  }
  if (views?.includes("teacher")) ids.push("eps-chart");
  // the player's charts this step cannot draw are out of the layout (a run of the step before may have drawn them)
  if (views?.includes("player")) {
    for (const id of ["anim-trace-updates", "anim-trace-errors", "trace-updates", "trace-errors"]) {
      const canvas = document.getElementById(id);
      if (canvas && !ids.includes(id)) canvas.hidden = true;
    }
  }
  for (const e of document.querySelectorAll(".reserved")) if (!ids.includes(e.id)) e.classList.remove("reserved");
  for (const id of ids) document.getElementById(id)?.classList.add("reserved");
}
