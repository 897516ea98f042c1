/**
 * The viewer's lessons in this browser, shared by every tab of the site: one list of lesson files
 * in IndexedDB, read at boot into a copy this page reads at once. Each write is a change (put a
 * lesson, add a step, remove a lesson) applied to what the database holds, inside one read-write
 * transaction — the browser runs them one after another across tabs, so two tabs adding steps
 * keep every step — and then told to the other tabs on a BroadcastChannel. An entry this page
 * cannot read (a newer format, too many steps) is written back untouched, never dropped.
 *
 * The first version kept the list in local storage (LESSONS_KEY): it is taken from there the
 * first time and left where it was; a value there that is no list is copied to BACKUP_KEY. Where
 * IndexedDB cannot be opened (a private window of an old browser), local storage holds the list,
 * each change written under a Web Lock. Why: docs/ARCHITECTURE.md (lessons in storage).
 */

/** Where the first version kept the lessons (a list of lesson files); also the store where IndexedDB cannot be opened. */
export const LESSONS_KEY = "perceptron-lab/lessons";
/** The id of the lesson "+ Step" adds to when none of the viewer's is open. */
export const MINE_KEY = "perceptron-lab/my-lesson";
/** A stored value of LESSONS_KEY that was not a list, kept as its text. */
export const BACKUP_KEY = "perceptron-lab/lessons-unreadable";
/** The database, its object store and the key of the one record, the list of lesson files. */
export const DATABASE = { name: "perceptron-lab", store: "lessons", key: "list" };
const LOCK = "perceptron-lab/lessons";
const CHANNEL = "perceptron-lab/lessons";

/**
 * @typedef {object} Stored
 * @property {any[]} files every stored entry as it is
 * @property {string | null} whole the stored text when it is not a list of entries (kept aside at the next write)
 * @property {string | null} refused why storage could not be read (switched off), else null
 */

/** @type {IDBDatabase | null} the open database; null: local storage alone */
let database = null;
/** @type {Stored} what the database held at the last read or write of this page */
let copy = { files: [], whole: null, refused: null };
/** @type {BroadcastChannel | null} */
let channel = null;

/**
 * Opens the store (once, before the lessons are read): the database, taking the list from local
 * storage the first time; local storage alone where the database cannot be opened.
 */
export async function openStore() {
  const local = readLocal();
  copy = local;
  if (local.refused || !globalThis.indexedDB) return;
  try {
    const db = await openDatabase();
    let first = false;
    const held = await transact(db, "readwrite", (list) => {
      if (list !== undefined) return { keep: list };
      // the first time: the list of the first version, its unreadable text kept aside
      first = true;
      if (local.whole !== null) setAside(local.whole);
      return local.files.length ? { put: local.files } : { keep: list }; // nothing written for nothing
    });
    database = db;
    db.onversionchange = () => db.close();
    // an unreadable first-version value is said (loadOwn) on the page that took the list over
    copy = first ? { ...held, whole: local.whole } : held;
    channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  } catch {
    // no database (refused, or a private window): local storage alone
  }
}

/** What storage holds (as this page last read or wrote it). @returns {Stored} */
export function readStored() {
  return database ? copy : readLocal();
}

/** The list in local storage now. @returns {Stored} */
function readLocal() {
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

/** Keeps `text` (a stored value that is no list) in BACKUP_KEY, unless something is there already. @param {string} text */
function setAside(text) {
  try {
    if (localStorage.getItem(BACKUP_KEY) === null) localStorage.setItem(BACKUP_KEY, text);
  } catch {
    // local storage refused: the text stays where it was
  }
}

/** Why a write failed, for the user: the browser's refusal, or the change's own message. @param {any} e */
export function refusal(e) {
  if (e?.name === "QuotaExceededError") return "this browser's storage is full";
  return e instanceof DOMException ? `this browser refused to store it (${e.name})` : String(e?.message ?? e); // a change that cannot apply says why
}

/** @returns {Promise<IDBDatabase>} */
function openDatabase() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DATABASE.name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(DATABASE.store);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error("the lesson store is being upgraded by another tab"));
  });
}

/**
 * Runs `decide` on the stored list inside one transaction: `{put}` writes a new list, `{keep}`
 * leaves it. Resolves to the list held when the transaction completed; rejects with why it
 * aborted (what `decide` threw, or the browser's refusal).
 * @param {IDBDatabase} db
 * @param {IDBTransactionMode} mode
 * @param {(list: any) => {put: any[]} | {keep: any}} decide
 * @returns {Promise<Stored>}
 */
function transact(db, mode, decide) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(DATABASE.store, mode);
    const store = tx.objectStore(DATABASE.store);
    /** @type {Stored} */
    let held = { files: [], whole: null, refused: null };
    /** @type {unknown} */
    let thrown = null;
    const get = store.get(DATABASE.key);
    get.onsuccess = () => {
      try {
        const decided = decide(get.result);
        if ("put" in decided) {
          store.put(decided.put, DATABASE.key);
          held = { files: decided.put, whole: null, refused: null };
        } else held = asStored(decided.keep);
      } catch (e) {
        thrown = e;
        tx.abort();
      }
    };
    tx.oncomplete = () => resolve(held);
    tx.onabort = () => reject(thrown ?? tx.error);
  });
}

/** A stored record as entries: a list, or (written by something else) a value kept as its text. @param {any} list */
function asStored(list) {
  if (list === undefined || Array.isArray(list)) return { files: list ?? [], whole: null, refused: null };
  return { files: [], whole: JSON.stringify(list) ?? String(list), refused: null };
}

/**
 * Applies `change` to the stored entries (read afresh, in one transaction) and writes them back.
 * Resolves to null, or to why the browser refused (nothing was stored then).
 * @param {(files: any[]) => any[]} change
 * @returns {Promise<string | null>}
 */
export async function writeStored(change) {
  if (!database) return writeLocal(change);
  try {
    copy = await transact(database, "readwrite", (list) => {
      const { files, whole } = asStored(list);
      if (whole !== null) setAside(whole);
      return { put: change(files) };
    });
    channel?.postMessage("written");
    return null;
  } catch (e) {
    return refusal(e);
  }
}

/** writeStored in local storage, under a Web Lock all tabs take in turn. @param {(files: any[]) => any[]} change */
function writeLocal(change) {
  const write = () => {
    const { files, whole, refused } = readLocal();
    if (refused) return refused;
    try {
      if (whole !== null) setAside(whole);
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
 * Calls `onChange` when another tab writes the lessons (after this page's copy has been read afresh).
 * @param {() => void} onChange
 */
export function watchStored(onChange) {
  channel?.addEventListener("message", () => {
    if (!database) return;
    transact(database, "readonly", (list) => ({ keep: list }))
      .then((held) => {
        copy = held;
        onChange();
      })
      .catch(() => {}); // the next write reads afresh
  });
  window.addEventListener("storage", (e) => {
    if (!database && (e.key === LESSONS_KEY || e.key === null)) onChange();
  });
}
