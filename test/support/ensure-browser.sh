#!/usr/bin/env bash
# Makes sure a Chromium is on PATH for the docs page's browser test (test/e2e/docs-page.spec.ts).
# Installs Debian's `chromium` when it can (root with apt-get); otherwise says so, and the browser
# test fails naming what is missing — it never passes without a browser.
set -uo pipefail
for name in chromium chromium-browser google-chrome; do
  if command -v "$name" >/dev/null 2>&1; then exit 0; fi
done
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-browser: installing Debian's chromium for the docs page test" >&2
  export DEBIAN_FRONTEND=noninteractive
  if apt-get install -y -q --no-install-recommends chromium >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q --no-install-recommends chromium >/dev/null 2>&1; }; then
    exit 0
  fi
fi
echo "ensure-browser: WARNING: no Chromium could be found or installed; the docs page test will fail." >&2
echo "ensure-browser: install one (apt-get install chromium) or set CHROMIUM_PATH to its binary." >&2
exit 0
