// @ts-check
/** Where things sit: the views' sizes for the window, and the parts a lesson link hides. */

/** The readout's width beside the views in projector mode (CSS px: its table at 16 px, #side's min-width). */
const PROJECTOR_READOUT = 430;
/** The page's side padding, the gaps between the views and the readout, and the canvases' borders in projector mode (CSS px). */
const PROJECTOR_SPACING = 2 * 9 + 2 * 14.4 + 4 + 2;

/**
 * Sizes the two views side by side, the readout beside or below them. In projector mode (on a
 * wide screen) the views take what the controls above and the readout beside leave of the
 * window, so that the views, the readout and the animation fit one screen.
 */
export function layout(dataView, weightView) {
  const wide = window.innerWidth >= 1100;
  const projector = document.body.classList.contains("projector");
  let size;
  if (projector && wide) {
    const main = /** @type {HTMLElement} */ (document.querySelector("main"));
    const top = main.getBoundingClientRect().top + window.scrollY;
    const across = (window.innerWidth - PROJECTOR_READOUT - PROJECTOR_SPACING) / 1.75;
    size = Math.min(across, window.innerHeight - top - 8);
  } else {
    const across = wide ? (window.innerWidth - 500) / 1.75 : window.innerWidth - 40;
    size = Math.min(720, across, window.innerHeight - 170);
  }
  size = Math.floor(Math.max(300, size));
  dataView.resize(size);
  weightView.resize(Math.floor(size * 0.75), size);
}

/** What a lesson link (`?hide=a,b`) can hide, by name → selector. */
export const LESSON_PARTS = {
  curves: "#curves",
  animation: "#animation",
  weights: "#weight-section",
  files: '[aria-label="Files and sharing"]',
  data: '[aria-label="Data sets"]',
  algorithms: "#shown",
  compare: "#compare",
  teacher: "#teacher-panel",
  mode: '[aria-label="Mode"]',
};

/** Hides the parts a lesson link names (`explanations` hides the explanations); unknown names are reported. */
export function applyLesson(app, hide) {
  if (!hide) return;
  const unknown = [];
  for (const name of hide
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (name === "explanations") app.setExplanations(false, { persist: false });
    else if (LESSON_PARTS[name]) document.querySelector(LESSON_PARTS[name])?.setAttribute("hidden", "");
    else unknown.push(name);
  }
  if (unknown.length) {
    app.setMessage(`The lesson link names parts this page does not have: ${unknown.join(", ")} (known: ${Object.keys(LESSON_PARTS).join(", ")}, explanations).`, "error");
  }
}
