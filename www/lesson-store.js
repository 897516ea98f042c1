// @ts-check
/**
 * The viewer's lessons in this browser's local storage, shared by every tab of the site. Each
 * write is a change (put a lesson, add a step, remove a lesson) applied to what storage holds at
 * that moment, under a Web Lock that all tabs take in turn, so that two tabs adding steps keep
 * every step; each tab hears the others' writes through the `storage` event. An entry this page
 * cannot read (a newer format, too many steps, damaged JSON) is written back untouched, never
 * dropped; a stored value that is no list at all is copied to BACKUP_KEY before anything is
 * written over it. Why local storage and not IndexedDB: docs/ARCHITECTURE.md (lessons in storage).
 */

/** Where the lessons a lecturer wrote or imported are kept in this browser (a list of lesson files). */
export const LESSONS_KEY = "perceptron-lab/lessons";
/** The id of the lesson "+ Step" adds to when none of the viewer's is open. */
export const MINE_KEY = "perceptron-lab/my-lesson";
/** A stored value of LESSONS_KEY that was not a list, kept as its text. */
export const BACKUP_KEY = "perceptron-lab/lessons-unreadable";
const LOCK = "perceptron-lab/lessons";

/**
 * @typedef {object} Stored
 * @property {any[]} files every stored entry as it is (parsed JSON)
 * @property {string | null} whole the stored text when it is not a list of entries (kept aside at the next write)
 * @property {string | null} refused why storage could not be read (switched off), else null
 */

/** What storage holds now. @returns {Stored} */
export function readStored() {
  let text;
  try {
    text = localStorage.getItem(LESSONS_KEY);
  } catch (e) {
    return { files: [], whole: null, refused: refusal(e) };
  }
  if (text === null) return { files: [], whole: null, refused: null };
  try {
    const files = JSON.parse(text);
    if (Array.isArray(files)) return { files, whole: null, refused: null };
  } catch {
    // not JSON: kept aside below
  }
  return { files: [], whole: text, refused: null };
}

/** Why a write failed, for the user: the browser's refusal, or the change's own message. @param {any} e */
export function refusal(e) {
  if (e?.name === "QuotaExceededError") return "this browser's storage is full";
  return e instanceof DOMException ? `this browser refused to store it (${e.name})` : String(e?.message ?? e); // a change that cannot apply says why
}

/**
 * Applies `change` to the stored entries (under the lock, read afresh) and writes them back.
 * Resolves to null, or to why the browser refused (nothing was stored then).
 * @param {(files: any[]) => any[]} change
 * @returns {Promise<string | null>}
 */
export function writeStored(change) {
  const write = () => {
    const { files, whole, refused } = readStored();
    if (refused) return refused;
    try {
      if (whole !== null && localStorage.getItem(BACKUP_KEY) === null) localStorage.setItem(BACKUP_KEY, whole);
      localStorage.setItem(LESSONS_KEY, JSON.stringify(change(files)));
      return null;
    } catch (e) {
      return refusal(e);
    }
  };
  // no lock where the browser has none or refuses one (a page opened from disk): the write alone
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(LOCK, write).catch(() => write()) : Promise.resolve(write());
}

/** The id "+ Step" adds to (null: none yet). */
export function readMine() {
  try {
    return localStorage.getItem(MINE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the id "+ Step" adds to (a refusal is said by the lesson's own write). @param {string} id */
export function writeMine(id) {
  try {
    localStorage.setItem(MINE_KEY, id);
  } catch {
    // the lesson's write says it
  }
}

/** A fresh lesson id: `base-` and eight random letters and digits (1 in 36⁸ to meet another). @param {string} base */
export function freshId(base) {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${base}-${Array.from(bytes, (b) => (b % 36).toString(36)).join("")}`;
}

/**
 * `id`, or `id` with `-2`, `-3`, … when `taken` has it; at most 40 characters.
 * @param {string} id
 * @param {(id: string) => boolean} taken
 */
export function freeId(id, taken) {
  const base = id.slice(0, 36).replace(/-+$/, "");
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Calls `onChange` when another tab writes the lessons.
 * @param {() => void} onChange
 */
export function watchStored(onChange) {
  window.addEventListener("storage", (e) => {
    if (e.key === LESSONS_KEY || e.key === null) onChange();
  });
}
