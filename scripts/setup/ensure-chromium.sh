#!/usr/bin/env bash
# Find a Chromium or Chrome for the end-to-end tests; install Debian's chromium when we can.
set -euo pipefail
for name in "${CHROMIUM:-}" chromium chromium-browser google-chrome google-chrome-stable; do
  if [ -n "$name" ] && command -v "$name" >/dev/null 2>&1; then
    exit 0
  fi
done
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian's chromium for the end-to-end tests..."
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null \
      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; }
    exit 0
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null
    exit 0
  fi
fi
cat >&2 <<'MSG'
The end-to-end tests need Chromium or Google Chrome, and none was found on the PATH.
Install one (Debian/Ubuntu: sudo apt-get install chromium; macOS: install Google Chrome),
or point CHROMIUM at its executable: make test CHROMIUM=/path/to/chrome
MSG
exit 1
