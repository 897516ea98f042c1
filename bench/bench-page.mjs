// A blank page of the harness's server that can import a private wasm-bindgen build (`--pkg DIR`,
// built with the `bench` feature) from /bench-pkg/: the page of bench/exact-wasm.mjs and
// bench/optimum-wasm.mjs.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A new page of `browser` at `server`'s `name`.html, serving the files of `pkg` under /bench-pkg/. */
export async function benchPage(browser, server, pkg, name) {
  const page = await browser.context.newPage();
  page.on("console", (msg) => msg.type() === "error" && console.error(msg.text()));
  await page.route("**/bench-pkg/**", (route) => {
    const file = new URL(route.request().url()).pathname.replace(/^\/bench-pkg\//, "");
    const type = file.endsWith(".wasm") ? "application/wasm" : "text/javascript";
    route.fulfill({ body: readFileSync(join(pkg, file)), contentType: type });
  });
  await page.route(`**/${name}.html`, (route) => route.fulfill({ body: `<!doctype html><title>${name}</title>`, contentType: "text/html" }));
  await page.goto(`${server.url}${name}.html`);
  return page;
}
