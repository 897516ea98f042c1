// The front end in parts (docs/ARCHITECTURE.md, "The front end"): www/ holds a folder per part and
// only the boot module loose; no page file is over 400 lines. Built and vendored code
// (www/pkg, www/bundle, www/vendor) is not the page's source.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WWW = join(ROOT, "www");
const BUILT = new Set(["pkg", "bundle", "vendor"]);

/** Every .js file under `dir`, recursively. @param {string} dir @returns {string[]} */
function scripts(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return dir === WWW && BUILT.has(name) ? [] : scripts(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

test("no file of the page's source is over 400 lines", () => {
  const files = scripts(WWW);
  assert.ok(files.length > 50, `found only ${files.length} files`);
  const long = files.map((f) => [relative(ROOT, f), readFileSync(f, "utf8").split("\n").length - 1]).filter(([, lines]) => lines > 400);
  assert.deepEqual(long, []);
});

test("www/ holds its parts in folders, with only the boot module loose", () => {
  const loose = readdirSync(WWW).filter((name) => name.endsWith(".js"));
  assert.deepEqual(loose, ["main.js"]);
});
