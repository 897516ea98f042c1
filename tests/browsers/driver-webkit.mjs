// The smoke suite's driver for WebKitGTK (Safari's engine; Debian's webkit2gtk-driver): its own Xvfb
// display and WebKitWebDriver on free ones, driven by selenium-webdriver pointed at it (so Selenium
// Manager never runs and nothing is downloaded). `env` goes to WebKitWebDriver and from it to the
// browser: `{JSC_useWasmSIMD: "false"}` is a browser without wasm SIMD (Safari before 16.4),
// `{JSC_useWasm: "false"}` one without WebAssembly (Lockdown Mode). WebKit gives WebDriver no
// console: a recorder of the page's errors is installed with every script the driver runs, so
// errors before the first script (during the load) are seen only through their effects.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { Builder, By } from "selenium-webdriver";
import { Origin } from "selenium-webdriver/lib/input.js";

const MINIBROWSER = process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

const RECORDER = `if (!window.__plabErrors) {
  const errors = (window.__plabErrors = []);
  addEventListener("error", (e) => errors.push(String(e.message)));
  addEventListener("unhandledrejection", (e) => errors.push(String(e.reason)));
  const original = console.error.bind(console);
  console.error = (...args) => { errors.push(args.map(String).join(" ")); original(...args); };
}`;

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a display it picks itself (-displayfd); resolves `{display, close}`. */
function startXvfb() {
  return new Promise((resolve, reject) => {
    const proc = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"], { stdio: ["ignore", "ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    proc.stderr.on("data", (d) => {
      err += d;
    });
    proc.stdio[3].on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve({ display: `:${out.trim()}`, close: () => proc.kill() });
    });
    proc.on("error", reject);
    proc.on("exit", (code) => reject(new Error(`Xvfb exited (${code}): ${err}`)));
  });
}

/** Starts WebKitWebDriver on `display` with `env`; resolves `{url, close}` once it answers. */
async function startWebDriver(display, env) {
  const port = await freePort();
  const proc = spawn("WebKitWebDriver", [`--port=${port}`, "--host=127.0.0.1"], { env: { ...process.env, DISPLAY: display, ...env }, stdio: "ignore" });
  let exited = null;
  proc.on("exit", (code) => {
    exited = code;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (exited !== null) throw new Error(`WebKitWebDriver exited (${exited})`);
    const up = await fetch(`${url}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, close: () => proc.kill() };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error("WebKitWebDriver did not answer within 20 s");
}

/**
 * A WebKit driver: `build` the build of the core expected, `env` for WebKitWebDriver, `display`
 * an X display to reuse (else an Xvfb of its own).
 */
export async function webkitDriver({ build = "simd", env = {}, display = null } = {}) {
  const xvfb = display ? null : await startXvfb();
  const server = await startWebDriver(display ?? xvfb.display, env).catch((e) => {
    xvfb?.close();
    throw e;
  });
  let driver;
  try {
    driver = await new Builder()
      .usingServer(server.url)
      .withCapabilities({ browserName: "MiniBrowser", "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] } })
      .build();
    await driver.manage().setTimeouts({ script: 300_000, pageLoad: 60_000 });
    await driver.manage().window().setRect({ width: 1280, height: 898 }); // a viewport of 1280×860
  } catch (e) {
    server.close();
    xvfb?.close();
    throw e;
  }
  const errors = [];
  const evaluateJson = async (expression) => {
    const answer = await driver.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
${RECORDER}
Promise.resolve().then(() => ${expression}).then((json) => done({ json }), (e) => done({ error: String(e) }));`,
    );
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.json;
  };
  /** Moves the recorded errors of the page about to be left into `errors`. */
  const harvest = async () => {
    const left = await driver.executeScript("return window.__plabErrors ?? []").catch(() => []);
    errors.push(...left);
  };
  return {
    name: "webkit",
    build,
    goto: async (url) => {
      await harvest();
      await driver.get(url);
    },
    evaluateJson,
    pointer: async (moves) => {
      let actions = driver.actions({ async: true });
      for (const m of moves) {
        if (m.type === "move") actions = actions.move({ x: Math.round(m.x), y: Math.round(m.y), origin: Origin.VIEWPORT, duration: 0 });
        else if (m.type === "down") actions = actions.press();
        else actions = actions.release();
      }
      await actions.perform();
    },
    upload: async (selector, path) => {
      await driver.findElement(By.css(selector)).sendKeys(path);
    },
    errors: async () => [...errors, ...(await driver.executeScript("return window.__plabErrors ?? []").catch(() => []))],
    /** The text of the element `selector`, `null` if there is none (without running a script of the page's). */
    text: async (selector) => {
      const found = await driver.findElements(By.css(selector));
      return found.length ? found[0].getText() : null;
    },
    close: async () => {
      await driver.quit().catch(() => {});
      server.close();
      xvfb?.close();
    },
  };
}
