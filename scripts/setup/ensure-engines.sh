#!/usr/bin/env bash
# Find the other engines of the browser smoke (e2e/test_engines.py): Firefox ESR, and WebKitGTK's
# MiniBrowser with its WebDriver and Xvfb for a display; install Debian's packages when we can
# (firefox-esr, webkit2gtk-driver, xvfb), as scripts/setup/ensure-chromium.sh does for Chromium.
set -euo pipefail
FIREFOX="${FIREFOX:-/usr/bin/firefox-esr}"
WEBKIT_DIR="${WEBKIT_DIR:-/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1}"
WEBKIT_DRIVER="${WEBKIT_DRIVER:-/usr/bin/WebKitWebDriver}"
need=()
[ -x "$FIREFOX" ] || need+=(firefox-esr)
{ [ -x "$WEBKIT_DIR/MiniBrowser" ] && [ -x "$WEBKIT_DRIVER" ]; } || need+=(webkit2gtk-driver)
[ -n "${DISPLAY:-}" ] || command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
[ ${#need[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && sudo="sudo"; } || sudo="none"
  if [ "$sudo" != "none" ]; then
    echo "Installing Debian's ${need[*]} for the browser smoke in every engine..."
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null \
      || { $sudo apt-get update -q >/dev/null && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null; }
    exit 0
  fi
fi
cat >&2 <<MSG
The browser smoke also runs in Firefox and WebKit, and these are missing: ${need[*]}.
Debian/Ubuntu: sudo apt-get install firefox-esr webkit2gtk-driver xvfb. Elsewhere: a Firefox
(FIREFOX=/path/to/firefox), WebKitGTK's MiniBrowser and WebKitWebDriver (WEBKIT_DIR=folder of
MiniBrowser, WEBKIT_DRIVER=/path/to/WebKitWebDriver) and, without a display, Xvfb.
MSG
exit 1
