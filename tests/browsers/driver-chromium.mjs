// The smoke suite's driver for Debian's Chromium (playwright-core, as tests/e2e/harness.mjs launches it).
import { launch } from "../e2e/harness.mjs";

export async function chromiumDriver() {
  const browser = await launch();
  const page = await browser.context.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return {
    name: "chromium",
    build: "simd",
    goto: (url) => page.goto(url),
    evaluateJson: (expression) => page.evaluate(expression),
    pointer: async (moves) => {
      for (const m of moves) {
        if (m.type === "move") await page.mouse.move(m.x, m.y);
        else if (m.type === "down") await page.mouse.down();
        else await page.mouse.up();
      }
    },
    upload: (selector, path) => page.setInputFiles(selector, path),
    errors: async () => [...errors],
    close: () => browser.close(),
  };
}
