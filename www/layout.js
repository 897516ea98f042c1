// @ts-check
/** Where things sit: the views' sizes for the window, and the parts a lesson link hides. */

/** Sizes the two views side by side, the readout beside or below them. */
export function layout(dataView, weightView) {
  const wide = window.innerWidth >= 1100;
  const across = wide ? (window.innerWidth - 500) / 1.75 : window.innerWidth - 40;
  const size = Math.floor(Math.max(300, Math.min(720, across, window.innerHeight - 170)));
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
