/**
 * A learning curve read from a CSV file (another run, a book's table): the header names the
 * columns `alpha`, `eps_g` and, optionally, `eps_g_sem` (in any order; other columns are
 * ignored), one point a line. Blank lines are skipped; a field may be quoted ("…").
 */

/** The columns read: α, the mean ε_g and its standard error (optional: 0 where absent or empty). */
export const IMPORT_COLUMNS = ["alpha", "eps_g", "eps_g_sem"];

/**
 * The fields of one CSV line (commas; a quoted field may hold commas and doubled quotes).
 * @param {string} line
 */
function fields(line) {
  const out = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      out.push(field.trim());
      field = "";
    } else field += c;
  }
  out.push(field.trim());
  return out;
}

/**
 * The points of `text`: `{alpha, eps, sem}` as Float64Arrays of one length (at least one point).
 * Throws an Error naming the line (from 1, the header's) and the column of the first fault, e.g.
 * `line 3, column eps_g: "abc" is not a number`.
 * @param {string} text
 */
export function parseCurveCsv(text) {
  const lines = String(text)
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\n|\r/);
  const headerAt = lines.findIndex((l) => l.trim() !== "");
  if (headerAt < 0) throw new Error("line 1: the file is empty (expected a header alpha,eps_g[,eps_g_sem])");
  const header = fields(lines[headerAt]).map((h) => h.toLowerCase());
  const at = Object.fromEntries(IMPORT_COLUMNS.map((name) => [name, header.indexOf(name)]));
  for (const name of ["alpha", "eps_g"]) {
    if (at[name] < 0) throw new Error(`line ${headerAt + 1}, column ${name}: missing from the header "${lines[headerAt].trim()}" (expected alpha,eps_g[,eps_g_sem])`);
  }
  const alpha = [];
  const eps = [];
  const sem = [];
  for (let k = headerAt + 1; k < lines.length; k++) {
    if (lines[k].trim() === "") continue;
    const row = fields(lines[k]);
    /** @param {string} name @param {boolean} optional */
    const read = (name, optional) => {
      const raw = at[name] < 0 ? "" : row[at[name]];
      if (raw === undefined) throw new Error(`line ${k + 1}, column ${name}: missing (the line has ${row.length} fields, the header ${header.length})`);
      if (raw === "" && optional) return 0;
      const v = raw === "" ? Number.NaN : Number(raw);
      if (!Number.isFinite(v)) throw new Error(`line ${k + 1}, column ${name}: "${raw}" is not a number`);
      if (v < 0) throw new Error(`line ${k + 1}, column ${name}: ${raw} is negative`);
      return v;
    };
    alpha.push(read("alpha", false));
    eps.push(read("eps_g", false));
    sem.push(read("eps_g_sem", true));
  }
  if (!alpha.length) throw new Error(`line ${headerAt + 2}: no points after the header`);
  return { alpha: Float64Array.from(alpha), eps: Float64Array.from(eps), sem: Float64Array.from(sem) };
}
