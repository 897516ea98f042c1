/** The weight view's zoom after an edit: kept or given up once the new version space is there. */

import { showsVersionSpace } from "./weight-plot.js";

/**
 * The weight view's zoom after an edit, once the new version space is there (docs/guide.md, "The
 * weight view's zoom"): it stays while it shows some of the version space, or when there is none
 * (not separable: the window shows where the curves cross); it goes back to the whole view when
 * it shows none of it, or is of the other mode's plot (an Undo across the threshold). A new set
 * (setPoints: a preset, a file, a link, Clear) and the threshold reset it anyway. Checks each
 * version space once (`app.zoomChecked`).
 * @param {import("../../app/controller.js").App} app
 */
export function followVersionSpace(app) {
  const vs = app.training.versionSpace;
  if (vs === app.zoomChecked) return;
  app.zoomChecked = vs;
  const win = app.state.weightWindow;
  if (win && vs && (win.kind !== vs.kind || showsVersionSpace(win, vs) === false)) app.setTransient({ weightWindow: null });
}
