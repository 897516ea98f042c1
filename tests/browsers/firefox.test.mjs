// The smoke suite in Firefox ESR (puppeteer-core over WebDriver BiDi).
import { firefoxDriver } from "./driver-firefox.mjs";
import { smoke } from "./smoke.mjs";

smoke("firefox", firefoxDriver);
