// @ts-check
/** Bringing the picture back at boot: from a link, else from local storage, else the default preset. */

import { SHOWN_NAMES } from "./catalogue.js";
import { checkForm } from "./curve-form.js";
import { decodeHash } from "./io.js";
import { DEFAULT_PRESET } from "./presets.js";
import { checkRules, loadStored } from "./state.js";
import { syncShownToggles } from "./controls.js";

export function restoreOrPreset(app, el) {
  // the viewer's own preferences come from this browser, whatever the picture came from
  // (read before restoring the picture, which saves over the stored entry)
  const { stored } = loadStored();
  restoreCurves(app, stored?.curves, "saved state"); // a link's settings replace these below
  restorePicture(app, el);
  if (stored?.projector === true) app.setProjector(true);
  if (stored?.explanations === false) app.setExplanations(false);
}

function restorePicture(app, el) {
  // a link's state first, then the saved state, then the preset
  let linkError = null;
  try {
    const linked = decodeHash(location.hash);
    if (linked) {
      const rules = checkRules(linked.rules);
      app.setPoints(linked.points, { record: false, threshold: linked.threshold });
      if (linked.shown) {
        for (const n of SHOWN_NAMES) app.state.shown[n] = linked.shown.includes(n);
      }
      app.state.rules = rules;
      if (linked.seed !== undefined) app.state.seed = linked.seed;
      const curvesError = restoreCurves(app, linked.curves, "link");
      syncShownToggles(app, el);
      app.commit();
      if (curvesError) app.setMessage(curvesError, "error");
      app.history.clear();
      return;
    }
  } catch (e) {
    linkError = `This link's picture could not be opened (${e.message}); showing your saved points instead.`;
  }
  restoreStored(app, el);
  if (linkError) app.setMessage(linkError, "error");
}

/**
 * Takes the learning-curve form of a link or the saved state into `app.state.curves` (put into the
 * panel at boot); returns a message if it was unusable, keeping what was there before.
 */
export function restoreCurves(app, curves, from) {
  if (curves === undefined || curves === null) return null;
  try {
    app.state.curves = checkForm(curves);
    return null;
  } catch (e) {
    return `The ${from}'s learning-curve settings were not used (${e.message}).`;
  }
}

function restoreStored(app, el) {
  const { stored, error } = loadStored();
  if (stored) {
    try {
      app.setPoints(stored.points, { record: false, teacher: stored.teacher ?? null, threshold: stored.threshold === true });
      const v = stored.view;
      if (v && [v.cx, v.cy, v.half].every(Number.isFinite) && v.half > 0) app.state.view = { cx: v.cx, cy: v.cy, half: v.half };
      for (const n of SHOWN_NAMES) if (typeof stored.shown?.[n] === "boolean") app.state.shown[n] = stored.shown[n];
      app.state.rules = checkRules(stored.rules);
      if (Number.isInteger(stored.seed) && stored.seed >= 0) app.state.seed = stored.seed;
      const curvesError = restoreCurves(app, stored.curves, "saved state");
      syncShownToggles(app, el);
      if (curvesError) app.setMessage(curvesError, "error");
      return;
    } catch (e) {
      app.loadPreset(DEFAULT_PRESET);
      app.history.clear();
      app.setMessage(`The saved points could not be restored (${e.message}); showing the preset instead.`, "error");
      return;
    }
  }
  app.loadPreset(DEFAULT_PRESET);
  app.history.clear();
  if (error) app.setMessage(error, "error");
}
