// The smoke suite in WebKitGTK, Safari's engine (selenium-webdriver driving WebKitWebDriver under Xvfb).
import { webkitDriver } from "./driver-webkit.mjs";
import { smoke } from "./smoke.mjs";

smoke("webkit", () => webkitDriver());
