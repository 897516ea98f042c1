// WebKit as older Safari: without wasm SIMD (as Safari before 16.4: JSC_useWasmSIMD=false) the
// page and its workers load the baseline build and give exactly Chromium's numbers; without
// WebAssembly (as Lockdown Mode: JSC_useWasm=false) the page says at its top what to do.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { serve } from "../e2e/harness.mjs";
import { NO_WASM } from "../../www/app/wasm-build.js";
import { webkitDriver } from "./driver-webkit.mjs";
import { NUMBER_STEPS, evaluate, waitFor } from "./smoke-steps.mjs";
import { smoke } from "./smoke.mjs";

describe("WebKit without wasm SIMD", () => {
  smoke("webkit, no wasm SIMD", () => webkitDriver({ build: "baseline", env: { JSC_useWasmSIMD: "false" } }), NUMBER_STEPS);
});

describe("WebKit without WebAssembly", () => {
  const run = { server: null, driver: null };
  before(async () => {
    run.server = await serve();
    run.driver = await webkitDriver({ env: { JSC_useWasm: "false" } });
  });
  after(async () => {
    await run.driver?.close();
    run.server?.close();
  });

  test("the page says at its top that it needs WebAssembly, and what to do", async () => {
    const { driver, server } = run;
    await driver.goto(server.url);
    await waitFor(driver, () => document.getElementById("page-alert") !== null, null, 30_000, "the message");
    assert.equal(await evaluate(driver, () => typeof WebAssembly), "undefined", "WebAssembly is off in this browser");
    assert.equal(await driver.text("#page-alert"), NO_WASM, "the message is shown (WebDriver's text is the visible text)");
    assert.equal(await evaluate(driver, () => document.body.firstElementChild.id), "page-alert", "it is the first thing on the page");
    assert.equal(
      await evaluate(driver, () =>
        window.lab.ready.then(
          () => "ready",
          (e) => e.message,
        ),
      ),
      NO_WASM,
    );
  });
});
