// Builds dist/perceptron-lab.html: the whole page in one file that opens by double-click from
// disk — scripts bundled by esbuild, both builds of the wasm (SIMD and baseline: the page's setup
// script keeps the one the browser runs, as www/app/wasm-build.js decides) and the shipped data
// embedded, the worker's code carried along for blob workers, and a CSP that allows exactly these
// inline scripts (by hash).
// Run after `wasm-bindgen` (make build does).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { SIMD_PROBE } from "../www/app/wasm-build.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const read = (p) => readFileSync(join(ROOT, p), "utf8");

async function bundle(entry) {
  const out = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    format: "iife",
    write: false,
    minify: true,
    logLevel: "error", // import.meta is unused on the single-file paths
  });
  return out.outputFiles[0].text;
}

const base64 = (p) => readFileSync(join(ROOT, p)).toString("base64");
const wasm = { simd: base64("www/pkg/perceptron_lab_bg.wasm"), baseline: base64("www/pkg/perceptron_lab_baseline_bg.wasm") };
const files = Object.fromEntries(
  readdirSync(join(ROOT, "www/data"))
    .filter((f) => f.endsWith(".csv"))
    .map((f) => [`data/${f}`, read(`www/data/${f}`)]),
);
const worker = await bundle("www/workers/worker.js");
const main = await bundle("www/main.js");

// </script> inside a string would end the element: escape the slash
const js = (v) => JSON.stringify(v).replace(/<\//g, "<\\/");
const setup = [
  // without WebAssembly the page says so (main.js) and uses neither
  `globalThis.PLAB_WASM_B64=typeof WebAssembly==="object"&&WebAssembly.validate(new Uint8Array(${js(SIMD_PROBE)}))?${js(wasm.simd)}:${js(wasm.baseline)};`,
  "globalThis.PLAB_WASM=Uint8Array.from(atob(globalThis.PLAB_WASM_B64),c=>c.charCodeAt(0));",
  `globalThis.PLAB_FILES=${js(files)};`,
  `globalThis.PLAB_WORKER_SOURCE="self.PLAB_WASM_B64="+JSON.stringify(globalThis.PLAB_WASM_B64)+";"+${js(worker)};`,
].join("\n");
const sha = (s) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
const csp = [
  "default-src 'none'",
  `script-src ${sha(setup)} ${sha(main)} 'wasm-unsafe-eval'`,
  "style-src 'unsafe-inline'",
  "img-src data: blob:",
  "worker-src blob:",
  "object-src 'none'",
  "base-uri 'none'",
].join("; ");

let html = read("index.html");
const replace = (from, to) => {
  if (!html.includes(from)) throw new Error(`index.html no longer contains ${from}`);
  html = html.replace(from, () => to);
};
replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/.exec(html)[0], `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
// every stylesheet inline, in its place
for (const [link, path] of [...html.matchAll(/<link rel="stylesheet" href="(www\/[a-z/-]+\.css)">/g)]) replace(link, `<style>${read(path)}</style>`);
// the wasm and the page's scripts are in the file
replace('<link rel="preload" href="www/pkg/perceptron_lab_bg.wasm" as="fetch" crossorigin fetchpriority="high">\n', "");
replace('<script type="module" src="www/bundle/main.js"></script>\n', "");
replace("</body>", `<script>${setup}</script>\n<script>${main}</script>\n</body>`);

mkdirSync(join(ROOT, "dist"), { recursive: true });
writeFileSync(join(ROOT, "dist/perceptron-lab.html"), html);
console.log(`dist/perceptron-lab.html: ${html.length} bytes`);
