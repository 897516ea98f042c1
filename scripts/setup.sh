#!/usr/bin/env bash
# Installs what building and testing need, skipping what is already there:
# the wasm32 target, wasm-bindgen-cli at exactly the crate's pinned version, Debian's Chromium
# and ChromeDriver, Firefox ESR, WebKitGTK's WebKitWebDriver and Xvfb (for `make test-browsers`),
# and the npm packages of the browser tests (playwright-core, puppeteer-core, selenium-webdriver:
# they drive the browsers Debian installs and download none).
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' Cargo.toml)
[ -n "$WASM_BINDGEN_VERSION" ] || { echo "setup: no pinned wasm-bindgen version in Cargo.toml" >&2; exit 1; }

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $WASM_BINDGEN_VERSION"; then
  echo "setup: installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (once per machine, ~5 min)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked
fi

MISSING=()
for pkg in chromium chromium-driver firefox-esr webkit2gtk-driver xvfb; do
  dpkg -s "$pkg" >/dev/null 2>&1 || MISSING+=("$pkg")
done
if [ ${#MISSING[@]} -gt 0 ]; then
  echo "setup: installing Debian's ${MISSING[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${MISSING[@]}" >/dev/null
fi

# puppeteer-core downloads no browser; the variable keeps it so should that ever change
export PUPPETEER_SKIP_DOWNLOAD=1
if [ -L node_modules ]; then
  # a second worktree borrowing another checkout's packages through a link: `npm ci` here would
  # empty that checkout's node_modules through it; installing them is that checkout's business
  echo "setup: node_modules links to $(readlink node_modules): its packages are left as they are" >&2
elif [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/puppeteer-core ] || [ ! -d node_modules/selenium-webdriver ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# Temml (TeX → MathML, the lessons' equations), minified into www/vendor for the page, which loads
# it only when a lesson is shown; its types beside it for tsc
if [ ! -f www/vendor/temml.mjs ] || [ node_modules/temml/dist/temml.mjs -nt www/vendor/temml.mjs ]; then
  mkdir -p www/vendor
  npx esbuild node_modules/temml/dist/temml.mjs --minify --format=esm --log-level=error --outfile=www/vendor/temml.mjs
  cp node_modules/temml/dist/temml.d.ts www/vendor/temml.d.mts
  cp node_modules/temml/LICENSE www/vendor/temml.LICENSE
fi

# qrcode-generator (a lesson step's link as a QR code, key Q in presenter mode), minified into
# www/vendor as Temml is; its types beside it for tsc (as an ES module's). The package ships no LICENSE file: its
# MIT notice is the header of its type declarations, copied beside the code.
if [ ! -f www/vendor/qrcode.mjs ] || [ node_modules/qrcode-generator/dist/qrcode.mjs -nt www/vendor/qrcode.mjs ]; then
  mkdir -p www/vendor
  npx esbuild node_modules/qrcode-generator/dist/qrcode.mjs --minify --format=esm --log-level=error --outfile=www/vendor/qrcode.mjs
  { sed '/^declare module/,$d' node_modules/qrcode-generator/dist/qrcode.d.ts; echo 'export default qrcode;'; } > www/vendor/qrcode.d.mts
  head -16 node_modules/qrcode-generator/dist/qrcode.d.ts > www/vendor/qrcode.LICENSE
fi
