#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell, Lighthouse and the screenshots Debian's Chromium
# (Playwright's own browser download cannot be reached here). On a fresh machine where we are root, install them;
# otherwise say how.
set -euo pipefail
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || packages+=(chromium-headless-shell)
[ ${#packages[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${packages[*]} for the browser tests (apt-get)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  exit 0
fi
echo "The browser tests need ${packages[*]}: sudo apt-get update && sudo apt-get install -y ${packages[*]}" >&2
exit 1
