/**
 * The page's state, described once: one row of FIELDS per field of the state object. A persistent
 * field (one that outlives an edit, a reload or a copied link) has its short key in the encoded
 * record, where it is kept, how it is written as JSON and how it is read back (checked, with an
 * Error that names the field); the link (`#v1:` + base64url JSON), local storage, undo snapshots
 * and the one restore path (persistence.js) are all derived from these rows. A transient field
 * (`transient`: hover, the cell under the pointer, compare mode, the status message, …) lives for
 * this page view only: never in a link, local storage or an undo snapshot.
 */

import { ALGORITHMS, CORE, INFO, LIMITS, REFERENCES, SETTINGS, SHOWN_NAMES } from "./catalogue.js";
import { checkForm } from "../curves/curve-form.js";
import { PRESET_IDS } from "./presets.js";
import { errorMessage } from "../text/format.js";

/**
 * @typedef {object} Field
 * @property {keyof import("./state.js").PageState} key the state's property
 * @property {string} short its key in an encoded record (the link and local storage)
 * @property {boolean} link kept in a copied link (else only in this browser)
 * @property {boolean} undo brought back by undo/redo
 * @property {boolean} required a record without it (or with a bad one) cannot be opened; any other bad field is left out with a message and the rest still opens
 * @property {string} what what it is, for messages
 * @property {boolean} plural whether `what` takes "were" ("the rule settings were not used")
 * @property {(value: any) => any} encode state value → JSON value
 * @property {(json: any, note: (text: string) => void) => any} decode JSON value → state value; throws an Error saying what is wrong; `note` takes what it left out of a value it still returns, worded to follow "The link" or "The saved state"
 * @property {() => any} initial its value in a fresh state
 * @property {boolean} transient for this page view only (no link, storage or undo)
 */

/** @param {any} v */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** @param {any} v @param {string} what */
function finite(v, what) {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`${what} is not a finite number`);
  return v;
}

/**
 * The rules' own settings, from the catalogue (`setting` of the rules that have one), in menu
 * order: each one's key in the state's `rules`, the catalogue limit holding its default (also
 * its key in the core's training settings) and its key in the run settings' table (its range).
 * @returns {{key: string, limit: keyof import("../pkg/perceptron_lab.js").Limits, table: string}[]}
 */
export function ruleSettings() {
  return ALGORITHMS.flatMap((n) => {
    const s = INFO[n].setting;
    // the core's catalogue names a field of its limits
    return s ? [{ key: s.key, limit: /** @type {keyof import("../pkg/perceptron_lab.js").Limits} */ (s.limit), table: s.table }] : [];
  });
}

/** Settings of the rules that have them (the catalogue's, e.g. `{gamma, notesEta}`), at the core's defaults. */
export function defaultRules() {
  return Object.fromEntries(ruleSettings().map(({ key, limit }) => [key, LIMITS[limit]]));
}

/** Checks rule settings (the catalogue's keys, e.g. `{gamma, notesEta}`; missing ones take the default); throws an Error naming the field. @param {any} rules unchecked JSON */
export function checkRules(rules) {
  const out = defaultRules();
  if (rules === undefined || rules === null) return out;
  if (!isObject(rules)) throw new Error("the rule settings are not an object");
  for (const { key, table } of ruleSettings()) {
    if (rules[key] === undefined) continue;
    out[key] = checkSetting(key, rules[key], SETTINGS[table]);
  }
  return out;
}

/**
 * Checks `v`, the page's setting `key`, against its row of the run settings' table (the core's
 * range): a finite number in it, else an Error in the words of the CLI's and the core's refusal
 * ("gamma must be in (0, ∞), got -1").
 * @param {string} key @param {unknown} v @param {import("../pkg/perceptron_lab.js").SettingInfo} row
 * @returns {number}
 */
export function checkSetting(key, v, row) {
  const min = row.min ?? Number.NEGATIVE_INFINITY;
  const inside = typeof v === "number" && Number.isFinite(v) && (row.minOpen ? v > min : v >= min) && (row.max == null || v <= row.max);
  if (!inside) throw new Error(`${key} must be in ${row.range}, got ${String(v).slice(0, 20)}`);
  return /** @type {number} */ (v);
}

/** Checks a seed: a whole number in [0, LIMITS.maxSeed]; throws an Error saying so. @param {any} v unchecked JSON @returns {number} */
export function checkSeed(v) {
  if (!(Number.isInteger(v) && v >= 0 && v <= LIMITS.maxSeed))
    throw new Error(`the seed must be a whole number in [0, ${LIMITS.maxSeed}], got ${String(v).slice(0, 20)}`);
  return v;
}

/**
 * Checks a teacher `{w: [w1, w2], theta, noise}` (a bare `[w1, w2]`, as older links have it, is a
 * teacher through the origin without noise); throws an Error saying what is wrong.
 * @param {any} v unchecked JSON
 * @returns {{w: number[], theta: number, noise: number} | null}
 */
export function checkTeacher(v) {
  if (v === null || v === undefined) return null;
  const t = Array.isArray(v) ? { w: v, theta: 0, noise: 0 } : v;
  if (!isObject(t) || !Array.isArray(t.w) || t.w.length !== 2) throw new Error("not a vector (w1, w2) with a threshold");
  const w = t.w.map((/** @type {unknown} */ x, /** @type {number} */ i) => finite(x, `teacher component ${i + 1}`));
  if (w[0] === 0 && w[1] === 0) throw new Error("the teacher's weights are zero");
  const theta = finite(t.theta ?? 0, "the teacher's threshold");
  const noise = finite(t.noise ?? 0, "the teacher's label noise λ");
  if (!(noise >= 0 && noise <= 1)) throw new Error(`the teacher's label noise λ must be in [0, 1], got ${noise}`);
  return { w, theta, noise };
}

/** @param {Partial<Field> & {key: Field["key"], short: string, what: string, decode: Field["decode"], initial: () => any}} f @returns {Field} */
const field = (f) => ({ link: false, undo: false, required: false, plural: false, transient: false, encode: (v) => v, ...f });

/**
 * A transient field: its key, what it is and its initial value; it is never encoded.
 * @param {Field["key"]} key @param {string} what @param {() => any} initial @returns {Field}
 */
const transient = (key, what, initial) =>
  field({
    key,
    short: "",
    what,
    initial,
    transient: true,
    decode: () => {
      throw new Error(`${what} is not kept`);
    },
  });

/** The rules `lab.setCompare(true)` ticks when it is given none (docs/automation.md). */
export const DEFAULT_COMPARED = ["rosenblatt", "minover"];

/**
 * The rules compare mode compares: the training rules ticked in the top row (the shown rules, in
 * the catalogue's order; the reference `exact` is not one of them, it is what they are compared
 * with); none outside compare mode.
 * @param {{compare: boolean, shown: Record<string, boolean>}} state
 * @returns {string[]}
 */
export function comparedRules(state) {
  return state.compare ? ALGORITHMS.filter((n) => state.shown[n]) : [];
}
/** The rule the training animation steps until the viewer chooses another. */
export const DEFAULT_ANIMATED = "rosenblatt";
/** The rule the learning-curve panel traces one run of until the viewer chooses another. */
export const DEFAULT_TRACED = "minover";

/** @type {Field[]} */
export const FIELDS = [
  field({
    key: "points",
    initial: () => [],
    short: "p",
    what: "list of points [x, y, label]",
    link: true,
    undo: true,
    required: true,
    encode: (/** @type {import("./state.js").Point[]} */ points) => points.map((p) => [p.x, p.y, p.label]),
    decode: (v) => {
      if (!Array.isArray(v)) throw new Error("not a list of [x, y, label]");
      // an entry that is not [x, y, label] is null here; the values are checked by the core, and a
      // bad point left out with a message, when the points are opened (persistence.js)
      return v.map((q) => (Array.isArray(q) && q.length === 3 ? { x: q[0], y: q[1], label: q[2] } : null));
    },
  }),
  field({
    key: "threshold",
    initial: () => false,
    short: "t",
    what: "mode",
    link: true,
    undo: true,
    encode: (on) => (on ? 1 : 0),
    decode: (v) => v === 1 || v === true,
  }),
  field({
    key: "shown",
    initial: () => Object.fromEntries(SHOWN_NAMES.map((n) => [n, REFERENCES.includes(n) || CORE.includes(n)])),
    short: "a",
    what: "list of shown rules",
    link: true,
    undo: true,
    encode: (shown) => Object.keys(shown ?? {}).filter((n) => shown[n]),
    decode: (v, note) => {
      if (!(Array.isArray(v) && v.every((n) => typeof n === "string"))) throw new Error("not a list of names");
      const unknown = v.filter((n) => !SHOWN_NAMES.includes(/** @type {any} */ (n))).map((n) => `'${n.slice(0, 30)}'`);
      if (unknown.length === 1) note(`named an unknown rule ${unknown[0]}; it was left out`);
      else if (unknown.length) note(`named unknown rules ${unknown.slice(0, -1).join(", ")} and ${unknown.at(-1)}; they were left out`);
      return Object.fromEntries(SHOWN_NAMES.map((n) => [n, v.includes(n)]));
    },
  }),
  field({ key: "rules", short: "r", what: "rule settings", plural: true, link: true, undo: true, initial: defaultRules, encode: (r) => ({ ...r }), decode: checkRules }),
  field({ key: "seed", short: "s", what: "seed", link: true, initial: () => 1, decode: checkSeed }),
  field({
    key: "preset",
    short: "d",
    what: "preset's name",
    link: true,
    undo: true,
    initial: () => null, // the preset the points are, as loaded; null once they are edited ("custom")
    decode: (v) => {
      if (v !== null && !PRESET_IDS.includes(v)) throw new Error(`unknown preset ${JSON.stringify(v).slice(0, 30)}`);
      return v;
    },
  }),
  field({
    key: "curves",
    short: "c",
    what: "learning-curve settings",
    plural: true,
    link: true,
    initial: () => null, // the learning-curve form as typed (curve-form.js readForm); null: the page's defaults
    decode: (v) => (v === null ? null : checkForm(v)),
  }),
  field({
    key: "teacher",
    initial: () => null,
    short: "w",
    what: "teacher",
    link: true,
    undo: true,
    encode: (t) => (t ? { w: [...t.w], theta: t.theta, noise: t.noise } : null),
    decode: checkTeacher,
  }),
  field({ key: "showTeacher", short: "ws", what: "teacher shown", link: true, undo: true, initial: () => true, decode: (v) => v !== false && v !== 0 }),
  field({
    key: "view",
    initial: () => ({ cx: 0, cy: 0, half: 4 }),
    short: "v",
    what: "view",
    undo: true,
    encode: (v) => ({ ...v }),
    decode: (v) => {
      if (!isObject(v) || ![v.cx, v.cy, v.half].every(Number.isFinite) || !(v.half > 0)) throw new Error("not {cx, cy, half > 0}");
      return { cx: v.cx, cy: v.cy, half: v.half };
    },
  }),
  // the viewer's own preferences: kept in this browser whatever picture is opened
  field({ key: "projector", short: "P", what: "projector mode", initial: () => false, decode: (v) => v === true }),
  field({ key: "explanations", short: "E", what: "explanations", plural: true, initial: () => true, decode: (v) => v !== false }),
  // transient: this page view only
  transient("addLabel", "the class a click adds (±1)", () => 1),
  transient("deleteMode", "whether a click deletes", () => false),
  transient("compare", "compare mode on (it compares the shown rules: comparedRules)", () => false),
  transient("hover", "the point under the pointer (-1: none)", () => -1),
  transient("dragIndex", "the point a drag is moving (-1: none)", () => -1),
  transient("teacherHover", "whether the pointer is over the teacher", () => false),
  transient("keyboardPoint", "the point selected from the keyboard (-1: none)", () => -1),
  transient("keyboardFocus", "whether the data view has the focus from the keyboard (its cursor drawn)", () => false),
  transient("keyboardCursor", "the keyboard's cursor {x, y} in data coordinates, or null", () => null),
  transient("region", "the weight-space cell under the pointer {phi, theta, labels, arc, lower, upper} (its labelling previewed), or null", () => null),
  transient("weightWindow", "the weight view's zoomed window {phi0, phi1, lo, hi, kind}, or null for the whole", () => null),
  transient("showFinal", "whether the animated rule's final line stays visible while it is stepped", () => false),
  transient("numberPoints", "whether the data view numbers the points", () => false),
  transient("ringsByStrength", "whether the rings are sized by the embedding strengths x^μ", () => false),
  transient("showRegions", "whether the weight view numbers its cells", () => false),
  transient("message", "the status line's message {text, kind} until the next edit, or null", () => null),
  transient("lesson", "the lesson shown {id, title, step, steps} (presenter mode), or null", () => null),
  transient("lessonExplanations", "whether a lesson link leaves the explanations shown", () => true),
];

/** The fields kept beyond this page view (links, storage, undo). */
const PERSISTENT = FIELDS.filter((f) => !f.transient);

/** Whether `key` is a transient field of the state. @param {string} key */
export function isTransient(key) {
  return FIELDS.some((f) => f.key === key && f.transient);
}

/** Every field at its initial value. */
export function initialFields() {
  return Object.fromEntries(FIELDS.map((f) => [f.key, f.initial()]));
}

/** The fields undo/redo brings back. */
const UNDO_FIELDS = FIELDS.filter((f) => f.undo);

/** The editable part of the state (what undo/redo brings back), by field. @typedef {Record<string, unknown>} Snapshot */

/** The editable part of the state (what undo/redo brings back), deep-copied. @param {import("./state.js").PageState} state @returns {Snapshot} */
export function snapshot(state) {
  return Object.fromEntries(UNDO_FIELDS.map((f) => [f.key, structuredClone(state[f.key])]));
}

/** Puts a snapshot back into the state. @param {import("./state.js").PageState} state @param {Snapshot} snap */
export function restore(state, snap) {
  setFields(state, Object.fromEntries(UNDO_FIELDS.map((f) => [f.key, structuredClone(snap[f.key])])));
}

/**
 * Writes fields of `state` (the page's, or a scratch state): the one place its fields are set —
 * the controller's edits, undo, the restore path, the lessons' steps. Throws, changing nothing,
 * on a key that is not a field of the schema.
 * @param {Record<string, any>} state
 * @param {Record<string, any>} patch
 */
export function setFields(state, patch) {
  for (const key of Object.keys(patch)) if (!FIELDS.some((f) => f.key === key)) throw new Error(`setFields: ${key} is not a field of the state`);
  Object.assign(state, patch);
}

/**
 * The state as an encoded record `{short: json}`: the link's fields (`link`), every field
 * (`store`) or the viewer's own preferences, neither linked nor undone (`viewer`).
 * @param {Record<string, any>} state
 * @param {"link" | "store" | "viewer"} where
 * @param {{by?: "short" | "key"}} [options] the record's keys: the fields' short keys (links, storage) or their own (a lesson file's steps)
 */
export function encodeRecord(state, where, { by = "short" } = {}) {
  const kept = { link: (/** @type {Field} */ f) => f.link, store: () => true, viewer: (/** @type {Field} */ f) => !f.link && !f.undo }[where];
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const f of PERSISTENT) if (kept(f) && state[f.key] !== undefined) out[f[by]] = f.encode(state[f.key]);
  return out;
}

/**
 * Reads an encoded record back into `{key: value}` (absent fields are absent) and `dropped`, one
 * sentence for each part that was left out: a bad field ("The link's view was not used (…).") or
 * a part of a field ("The link named an unknown rule 'foo'; it was left out."). Throws an Error,
 * worded to follow "the link's state" or "the saved state", only without a list of points.
 * @param {any} record
 * @param {string} source what the record is, for the messages: "link" or "saved state"
 * @param {{by?: "short" | "key"}} [options] the record's keys, as encodeRecord wrote them
 * @returns {{values: Record<string, any>, dropped: string[]}}
 */
export function decodeRecord(record, source, { by = "short" } = {}) {
  if (!isObject(record)) throw new Error("is not a record of fields");
  /** @type {Record<string, unknown>} */
  const values = {};
  /** @type {string[]} */
  const dropped = [];
  const note = (/** @type {string} */ text) => dropped.push(`The ${source} ${text}.`);
  for (const f of PERSISTENT) {
    if (record[f[by]] === undefined) continue;
    try {
      values[f.key] = f.decode(record[f[by]], note);
    } catch (e) {
      if (f.required) throw new Error(`has a bad ${f.what} (${errorMessage(e)})`);
      dropped.push(`The ${source}'s ${f.what} ${f.plural ? "were" : "was"} not used (${errorMessage(e)}).`);
    }
  }
  if (!("points" in values)) throw new Error("has no list of points [x, y, label]");
  return { values, dropped };
}

/**
 * Whether two encoded records (encodeRecord) hold the same points in the same mode.
 * @param {Record<string, any>} a
 * @param {Record<string, any>} b
 */
export function samePoints(a, b) {
  return JSON.stringify([a.p, a.t ?? 0]) === JSON.stringify([b.p, b.t ?? 0]);
}

/**
 * A stored state of the first format (`perceptron-lab/v1`: the state's own keys, points as
 * `{x, y, label}`) as a record of today's format: each field encoded by its row. Unknown keys are
 * dropped; a field that cannot be encoded is left out (its row's default applies).
 * @param {any} old
 */
export function migrateV1(old) {
  if (!isObject(old) || old.version !== 1 || !Array.isArray(old.points)) throw new Error("is in an unknown format");
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const f of PERSISTENT) {
    if (old[f.key] === undefined) continue;
    try {
      out[f.short] = f.encode(old[f.key]);
    } catch {
      // left out: the default applies
    }
  }
  return out;
}
