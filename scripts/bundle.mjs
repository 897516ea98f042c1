// Builds www/bundle/main.js: the page's modules (www/main.js and everything it imports) in one
// file, so that a cold load fetches one script instead of a hundred modules one request at a time.
// It sits two folders below the site's root, as the page's own modules in www/<part>/ do, so that
// their URLs relative to `import.meta.url` (the wasm in ../pkg/, the worker in ../workers/, the
// vendored TeX typesetter in ../vendor/, the root two levels up) resolve the same from the bundle.
// The worker's modules stay separate (it loads after the page is ready); the typesetter stays a
// file of its own, imported when a lesson first shows TeX. index.html loads the bundle; the
// sources in www/ are what the tests and the type checker read. Run by make build.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

await build({
  entryPoints: [join(ROOT, "www/main.js")],
  outfile: join(ROOT, "www/bundle/main.js"),
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  external: ["../vendor/*"],
  logLevel: "warning",
});
console.log("www/bundle/main.js: the page's modules in one file");
