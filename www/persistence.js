// @ts-check
/**
 * Saving the state in this browser and bringing it back at boot — from a link, else from local
 * storage, else the default preset — through one restore path. What is kept, and how, is the
 * table of schema.js.
 */

import { loadPreset } from "./data-sets.js";
import { decodeHash } from "./io.js";
import { DEFAULT_PRESET } from "./presets.js";
import { decodeRecord, encodeRecord, migrateV1 } from "./schema.js";

/** Local storage: today's format (schema.js records), and the first one (migrated when read). */
export const STORAGE_KEY = "perceptron-lab/v2";
const STORAGE_KEY_V1 = "perceptron-lab/v1";

/** Saves every persistent field in local storage (a full or disabled storage is ignored: the page keeps working). */
export function save(state) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 2, ...encodeRecord(state, "store") }));
    localStorage.removeItem(STORAGE_KEY_V1); // migrated
  } catch {
    // storage full or disabled
  }
}

/**
 * The stored state as `{stored: {values, refused}}` (null if none), or `{error}` if the entry is
 * unreadable. A state of the first format is migrated.
 * @returns {{stored: {values: Record<string, any>, refused: Record<string, string>} | null, error?: string}}
 */
export function loadStored() {
  let text;
  let old = false;
  try {
    text = localStorage.getItem(STORAGE_KEY);
    if (text === null) {
      text = localStorage.getItem(STORAGE_KEY_V1);
      old = true;
    }
  } catch {
    return { stored: null };
  }
  if (text === null) return { stored: null };
  try {
    let record;
    try {
      record = JSON.parse(text);
    } catch {
      throw new Error("is not readable");
    }
    if (old) record = migrateV1(record);
    else if (record?.version !== 2) throw new Error("is in an unknown format");
    return { stored: decodeRecord(record) };
  } catch (e) {
    return { stored: null, error: `The saved state could not be read (it ${e.message}); starting from the preset.` };
  }
}

/**
 * Boot: the viewer's preferences from this browser; the picture from the link, the saved state or
 * the preset (generated with the control bar's `form`).
 * @param {import("./app.js").App} app
 * @param {import("./data-sets.js").TeacherForm} form
 */
export function restoreOrPreset(app, form) {
  const { stored, error } = loadStored();
  // the learning-curve settings of this browser first; a link's replace them below
  const messages = [];
  if (stored) apply(app, pick(stored.values, ["curves"]));
  let linkError = null;
  let opened = false;
  try {
    const linked = decodeHash(location.hash);
    if (linked) {
      const { refused, ...values } = linked;
      apply(app, values);
      messages.push(...Object.values(refused).map((m) => `The link's ${m}.`));
      opened = true;
    }
  } catch (e) {
    linkError = `This link's picture could not be opened (${e.message}); showing your saved points instead.`;
  }
  if (!opened && stored) {
    try {
      apply(app, stored.values);
      messages.push(...Object.values(stored.refused).map((m) => `The saved state's ${m}.`));
      opened = true;
    } catch (e) {
      messages.push(`The saved points could not be restored (${e.message}); showing the preset instead.`);
    }
  }
  if (!opened) {
    loadPreset(app, DEFAULT_PRESET, form);
    if (error) messages.push(error);
  }
  if (linkError) messages.unshift(linkError);
  if (stored) apply(app, pick(stored.values, ["projector", "explanations"]));
  app.commit();
  app.history.clear();
  if (messages.length) app.setMessage(messages.join(" "), "error");
}

/** @param {Record<string, any>} values @param {string[]} keys */
function pick(values, keys) {
  return Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]]));
}

/**
 * Puts decoded fields into the app: the points through `setPoints` (checked by the core; throws
 * and changes nothing on bad points), then every other field.
 * @param {import("./app.js").App} app
 * @param {Record<string, any>} values
 */
function apply(app, values) {
  if ("points" in values) {
    app.setPoints(values.points, { record: false, threshold: values.threshold ?? false, teacher: values.teacher ?? null });
  }
  for (const [key, value] of Object.entries(values)) {
    if (key === "points" || key === "threshold" || key === "teacher") continue;
    if (key === "projector") app.setProjector(value);
    else if (key === "explanations") app.setExplanations(value);
    else app.state[key] = value;
  }
}
