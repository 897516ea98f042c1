// A page whose core cannot be fetched or compiled says so at the top of the page (#page-alert, as
// a browser without WebAssembly is told), not only in the status line below the fold. The fault
// is injected at the network layer: the core's .wasm served as a 404, then as bytes that are not
// WebAssembly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, serve } from "./harness.mjs";

for (const [what, answer] of [
  ["cannot be fetched", { status: 404, body: "not found" }],
  ["cannot be compiled", { status: 200, contentType: "application/wasm", body: "not WebAssembly" }],
]) {
  test(`a core that ${what} is named at the top of the page`, async () => {
    const server = await serve();
    // no service worker, so that the core is fetched (and can be routed)
    const browser = await launch({ serviceWorkers: "block" });
    try {
      await browser.context.route("**/*_bg.wasm", (route) => route.fulfill(answer));
      const page = await browser.context.newPage();
      await page.goto(server.url);
      await page.waitForSelector("#page-alert");
      const alert = await page.textContent("#page-alert");
      assert.match(alert, /^The page could not start: .+\. Reload the page to try again\.$/);
      assert.equal(await page.evaluate(() => document.body.firstElementChild?.id), "page-alert", "it is the first thing on the page");
      assert.equal(await page.getAttribute("#page-alert", "role"), "alert");
      assert.match(await page.textContent("#status"), /^The page could not start: /);
      assert.equal(await page.locator("#page-alert").count(), 1);
    } finally {
      await browser.close();
      server.close();
    }
  });
}
