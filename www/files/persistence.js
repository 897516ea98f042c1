/**
 * Saving the state in this browser (a refusal said), bringing it back at boot — from a link,
 * else from local storage, else the default preset — through one restore path that keeps every
 * valid part and keeps the saved points a link replaces one Undo away, and telling this tab when
 * another one saves. What is kept, and how, is the table of state-fields.js; the rules for the viewer
 * are in docs/guide.md (saved work).
 */

import { LIMITS } from "../app/catalogue.js";
import { loadPreset } from "../app/data-sets.js";
import { decodeHash } from "./data-io.js";
import { DEFAULT_PRESET } from "../app/presets.js";
import { decodeRecord, encodeRecord, migrateV1, samePoints, snapshot } from "../app/state-fields.js";
import { createState, fitView, setFields } from "../app/state.js";
import { errorMessage } from "../text/format.js";

/** Local storage: today's format (state-fields.js records), and the first one (migrated when read). */
export const STORAGE_KEY = "perceptron-lab/v2";
const STORAGE_KEY_V1 = "perceptron-lab/v1";
/** A saved state this page could not read, kept aside before the first edit writes over it. */
export const STORAGE_BACKUP_KEY = "perceptron-lab/v2-unreadable";

/**
 * The saved state this page could not read at boot, null for none: its text, whether it is of a
 * newer version (never written over: edits are then not saved here), and the sentence saying so.
 * @type {{text: string, newer: number | null, said: string} | null}
 */
export let unread = null;

/**
 * Saves every persistent field in local storage — or (`picture` false) only the viewer's own
 * preferences into the state saved there, which is kept while the page shows another
 * (`app.keepSaved`). Returns null, or the message to show when the browser refuses (its storage
 * full or switched off): the page keeps working and keeps the points.
 * @param {Record<string, any>} state
 * @returns {string | null}
 */
export function saveState(state, { picture = true } = {}) {
  if (picture && unread?.newer)
    return `Your edits are not saved in this browser: it holds a state saved by a newer version of this page (version ${unread.newer}), which this page does not write over. The points stay on this page and in its link; to keep them, export them (the CSV or JSON button) or copy the link.`;
  if (!picture && unread) return null; // a record this page could not read is not touched until the first edit
  const record = picture ? { version: 2, ...encodeRecord(state, "store") } : savedWith(encodeRecord(state, "viewer"));
  if (record === null) return null;
  try {
    // the saved state this page could not read goes aside (once) before the first edit writes over it
    if (picture && unread && localStorage.getItem(STORAGE_BACKUP_KEY) === null) localStorage.setItem(STORAGE_BACKUP_KEY, unread.text);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(record));
    localStorage.removeItem(STORAGE_KEY_V1); // migrated
    return null;
  } catch (e) {
    const name = e instanceof Error ? e.name : String(e);
    const why = name === "QuotaExceededError" ? "this browser's storage is full" : `this browser refused to store it (${name})`;
    return `Your last edit is not saved: ${why}. The points stay on this page; to keep them, export them (the CSV or JSON button) or copy the link.`;
  }
}

/**
 * The record saved in local storage with `fields` written over it, its other fields as they are
 * (damaged ones too); null without a readable record of today's format.
 * @param {Record<string, any>} fields
 */
function savedWith(fields) {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    return saved !== null && typeof saved === "object" && saved.version === 2 ? { ...saved, ...fields } : null;
  } catch {
    return null;
  }
}

/**
 * The stored state as `{stored: {values, dropped}}` (null if none), or `{error}` if the entry is
 * unreadable. A state of the first format is migrated.
 * @returns {{stored: {values: Record<string, any>, dropped: string[]} | null, error?: string}}
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
    else if (typeof record?.version === "number" && record.version > 2) {
      const said = `The saved state is of a newer version of this page (version ${record.version}); it is kept as it is, and this page does not save over it.`;
      unread = { text, newer: record.version, said };
      return { stored: null, error: said };
    } else if (record?.version !== 2) throw new Error("is in an unknown format");
    return { stored: decodeRecord(record, "saved state") };
  } catch (e) {
    const said = `The saved state could not be read (it ${errorMessage(e)}); it is kept as it is until your first edit, which keeps a copy of it (Lesson → Edit… → Export unreadable saves it as a file).`;
    if (!old) unread = { text, newer: null, said };
    return { stored: null, error: said };
  }
}

/**
 * Boot: the viewer's preferences from this browser; the picture from the link, the saved state or
 * the preset (generated with the control bar's `form`). Every valid part of a damaged link or
 * saved state opens, and the status line names what was left out. A link whose points differ
 * from the saved ones keeps the saved picture one Undo away; and while the page shows anything
 * but the saved state whole, local storage keeps what it holds until the first edit
 * (`app.keepSaved`).
 * @param {import("../app/controller.js").App} app
 * @param {import("../app/data-sets.js").TeacherForm} form
 */
export function restoreOrPreset(app, form) {
  const { stored, error } = loadStored();
  /** @type {string[]} */
  const messages = [];
  /** @type {string | null} */
  let linkError = null;
  /** @type {ReturnType<typeof savedBehind>} */
  let behind = null;
  let opened = false;
  // the learning-curve settings of this browser first; a link's replace them below
  if (stored && "curves" in stored.values) app.setCurves(stored.values.curves, { persist: false });
  try {
    const linked = decodeHash(location.hash);
    if (linked) {
      const { dropped, ...values } = linked;
      messages.push(...dropped, ...open(app, app.state, values, "link"));
      opened = true;
      behind = stored && savedBehind(app, stored);
    }
  } catch (e) {
    linkError = errorMessage(e);
  }
  if (!opened && stored) {
    try {
      const lost = [...stored.dropped, ...open(app, app.state, stored.values, "saved state")];
      messages.push(...lost);
      app.keepSaved = lost.length > 0;
      opened = true;
    } catch (e) {
      messages.push(`The saved points could not be restored (${errorMessage(e)}); showing the preset instead.`);
      app.keepSaved = true;
    }
  }
  // a saved state that could not be read stays in storage until the first edit (saveState keeps a copy of it then)
  if (error) app.keepSaved = true;
  if (!opened) loadPreset(app, DEFAULT_PRESET, form, { record: false });
  if (error) messages.push(opened ? error : `${error} Showing the preset.`);
  if (linkError) messages.unshift(`This link's picture could not be opened (${linkError}); showing ${opened ? "your saved points" : "the preset"} instead.`);
  if (behind) {
    messages.unshift(behind.message);
    app.keepSaved = true;
  }
  if (stored) for (const key of ["projector", "explanations"]) if (key in stored.values) setFields(app.state, { [key]: stored.values[key] });
  app.commit();
  app.history.clear();
  if (behind) app.history.push(behind.snapshot);
  const kind = messages.length > (behind ? 1 : 0) || app.state.message ? "error" : "note";
  if (app.state.message) messages.push(app.state.message.text); // the save refused
  if (messages.length) app.setMessage(messages.join(" "), kind);
}

/** The saved state kept aside or not written over (`unread`), as its text; null for none. */
export function keptState() {
  try {
    return localStorage.getItem(STORAGE_BACKUP_KEY) ?? unread?.text ?? null;
  } catch {
    return unread?.text ?? null;
  }
}

/** @param {number} n */
const count = (n) => `${n} point${n === 1 ? "" : "s"}`;

/**
 * The saved picture a link replaces when its points differ from the link's: its snapshot (for
 * Undo) and the sentences saying so; null for the same points or none that open.
 * @param {import("../app/controller.js").App} app
 * @param {{values: Record<string, any>, dropped: string[]}} stored
 */
function savedBehind(app, stored) {
  const saved = createState();
  let lost;
  try {
    lost = [...stored.dropped, ...open(app, saved, stored.values, "saved state")];
  } catch {
    return null;
  }
  if (samePoints(encodeRecord(saved, "link"), encodeRecord(app.state, "link"))) return null;
  const mine = count(app.state.points.length);
  const theirs = count(saved.points.length);
  const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType?.("navigation")[0]);
  const said =
    navigation?.type === "reload"
      ? `Reopened this tab's ${mine}; Undo brings back the ${theirs} saved in this browser.`
      : `Opened the link's ${mine}; Undo brings back your ${theirs}.`;
  return { snapshot: snapshot(saved), message: [said, ...lost].join(" ") };
}

/**
 * Puts decoded fields into `state` (the app's, or a scratch state): the points the core accepts
 * — a bad one left out — then every other field. Returns the sentences naming the points left
 * out; throws, changing nothing, when the valid points together are refused (too many).
 * @param {import("../app/controller.js").App} app
 * @param {Record<string, any>} state
 * @param {Record<string, any>} values
 * @param {string} source "link" or "saved state", for the messages
 * @returns {string[]}
 */
function open(app, state, values, source) {
  const { points, lost } = validPoints(app, values.points, source);
  const { points: _, ...rest } = values;
  setFields(state, { points, view: fitView(points), threshold: false, teacher: null, preset: null, ...rest });
  return lost;
}

/**
 * The points the core accepts (labels as ±1) and, if some are not, the sentence naming them;
 * throws when the valid points together are refused.
 * @param {import("../app/controller.js").App} app
 * @param {any[]} raw the decoded points (null: an entry that was not `[x, y, label]`)
 * @param {string} source
 * @returns {{points: {x: number, y: number, label: number}[], lost: string[]}}
 */
function validPoints(app, raw, source) {
  // counted before any point is checked: a link of 10⁵ points is refused at once, not one by one
  if (raw.length > LIMITS.maxPoints) throw new Error(`the ${source} has ${raw.length} points, at most ${LIMITS.maxPoints} allowed`);
  try {
    return { points: app.checkPoints(raw), lost: [] };
  } catch {
    // name each bad point below
  }
  /** @type {import("../app/state.js").Point[]} */
  const kept = [];
  /** @type {{n: number, why: string}[]} */
  const bad = [];
  raw.forEach((p, i) => {
    try {
      kept.push(...app.checkPoints([p]));
    } catch (e) {
      bad.push({ n: i + 1, why: p === null ? "not [x, y, label]" : errorMessage(e).replace(/^point \d+: /, "") });
    }
  });
  const points = app.checkPoints(kept); // the set as a whole (its size) is refused: throws
  if (!bad.length) return { points, lost: [] };
  const named = bad.slice(0, 3).map((b) => `point ${b.n} (${b.why})`);
  if (bad.length > 3) named.push(`${bad.length - 3} more`);
  const lost = bad.length === 1 ? `point ${bad[0].n} was left out (${bad[0].why})` : `${bad.length} were left out: ${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return { points, lost: [`The ${source} had ${count(raw.length)}; ${lost}.`] };
}

/**
 * Tells this tab when another tab saves other points in this browser: this tab's points stay on
 * the page and in its link; its next edit saves them again, and a reload of this tab opens them
 * with the other tab's one Undo away (restoreOrPreset).
 * @param {import("../app/controller.js").App} app
 */
export function watchOtherTabs(app) {
  window.addEventListener("storage", (e) => {
    if (e.key !== STORAGE_KEY || e.newValue === null) return;
    let record;
    try {
      record = JSON.parse(e.newValue);
    } catch {
      return;
    }
    if (record === null || typeof record !== "object" || samePoints(record, encodeRecord(app.state, "store"))) return;
    const theirs = Array.isArray(record.p) ? count(record.p.length) : "other points";
    app.setMessage(
      `Another tab saved ${theirs} in this browser. This tab keeps its ${count(app.state.points.length)}, on the page and in its link: an edit here saves them again, and a reload opens them with the other tab's one Undo away.`,
      "note",
    );
  });
}
