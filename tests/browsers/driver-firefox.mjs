// The smoke suite's driver for Debian's Firefox ESR: puppeteer-core over WebDriver BiDi (no
// geckodriver, no browser download). FIREFOX overrides the binary.
import puppeteer from "puppeteer-core";

export async function firefoxDriver() {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: process.env.FIREFOX ?? "/usr/bin/firefox-esr",
    headless: true,
    protocolTimeout: 300_000,
    defaultViewport: { width: 1280, height: 860 },
  });
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return {
    name: "firefox",
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
    upload: async (selector, path) => {
      const input = await page.$(selector);
      await input.uploadFile(path);
    },
    errors: async () => [...errors],
    close: () => browser.close(),
  };
}
