#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browser download cannot be reached here).
# On a fresh machine where we are root, install it; otherwise say how.
set -euo pipefail
chromium=/usr/bin/chromium
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests (apt-get)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $chromium: sudo apt-get update && sudo apt-get install -y chromium" >&2
exit 1
