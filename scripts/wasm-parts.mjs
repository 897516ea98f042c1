// Where the bytes of a wasm module go: the function bodies summed by the path of their names
// (the name section, which wasm-bindgen keeps and `wasm-opt` drops), the data segments, the rest.
// Read the module as wasm-bindgen writes it, before `wasm-opt` (BENCHMARKS.md, Size):
//   wasm-bindgen --target web --out-dir /tmp/p target/wasm32-unknown-unknown/release/perceptron_lab.wasm
//   node scripts/wasm-parts.mjs /tmp/p/perceptron_lab_bg.wasm [--depth 2] [--top 30]
// `twiggy top` (crates.io) lists the same functions one by one.
import { readFileSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/wasm-parts.mjs MODULE.wasm [--depth N] [--top N]");
  process.exit(2);
}
const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const depth = option("--depth", 2);
const top = option("--top", 30);
const bytes = readFileSync(file);

let pos = 8;
/** An unsigned LEB128 at `pos`, advancing it. */
function leb() {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[pos++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return value;
  }
}
/** A name (length-prefixed UTF-8) at `pos`, advancing it. */
function name() {
  const n = leb();
  const s = bytes.subarray(pos, pos + n).toString("utf8");
  pos += n;
  return s;
}

let imported = 0;
const bodies = [];
const sections = new Map();
const names = new Map();
while (pos < bytes.length) {
  const id = bytes[pos++];
  const size = leb();
  const end = pos + size;
  if (id === 2) {
    // imports: functions among them take the first function indices
    for (let n = leb(); n > 0; n--) {
      name();
      name();
      const kind = bytes[pos++];
      if (kind === 0) {
        leb();
        imported++;
      } else if (kind === 1) {
        pos++;
        if (leb() & 1) leb();
        leb();
      } else if (kind === 2) {
        if (leb() & 1) leb();
        leb();
      } else if (kind === 3) pos += 2;
      else leb();
    }
  } else if (id === 10) {
    for (let n = leb(); n > 0; n--) {
      const len = leb();
      bodies.push(len);
      pos += len;
    }
  } else if (id === 0) {
    const custom = name();
    if (custom === "name") {
      while (pos < end) {
        const sub = bytes[pos++];
        const subEnd = leb() + pos;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb();
            names.set(index, name());
          }
        }
        pos = subEnd;
      }
    }
    sections.set(`custom section "${custom}"`, size);
  }
  if (id !== 0 && id !== 10) {
    const label =
      ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"][id] ?? `section ${id}`;
    sections.set(`${label} section`, (sections.get(`${label} section`) ?? 0) + size);
  }
  pos = end;
}

/** The first `depth` segments of a Rust path, from a demangled name (`<A as B>::f` counts as A). */
function part(full) {
  const s = full
    .replace(/^[<&]+/, "")
    .replace(/^(dyn |mut )/, "")
    .replace(/\[[0-9a-f]+\]/g, "");
  const segs = s.split(/::|<| as /).filter(Boolean);
  return segs.slice(0, depth).join("::") || full;
}

const parts = new Map();
bodies.forEach((len, i) => {
  const n = names.get(imported + i) ?? "(unnamed)";
  const key = /^[a-zA-Z_][\w]*$/.test(n) || / shim$/.test(n) ? "(wasm-bindgen exports and shims)" : part(n);
  const [b, c] = parts.get(key) ?? [0, 0];
  parts.set(key, [b + len, c + 1]);
});
for (const [k, v] of sections) parts.set(k, [v, 0]);
const total = bytes.length;
const rows = [...parts].sort((a, b) => b[1][0] - a[1][0]);
console.log(`${file}: ${total} bytes; function bodies by path (depth ${depth}), sections`);
for (const [k, [b, c]] of rows.slice(0, top)) {
  console.log(`${String(b).padStart(8)} ${((100 * b) / total).toFixed(1).padStart(5)} % ${c ? String(c).padStart(5) : "     "}  ${k}`);
}
const rest = rows.slice(top).reduce((s, [, [b]]) => s + b, 0);
console.log(`${String(rest).padStart(8)} ${((100 * rest) / total).toFixed(1).padStart(5)} %         (${rows.length - top} more)`);
