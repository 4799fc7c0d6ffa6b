#!/usr/bin/env bash
# The schedule export's test checks /schedule.xml against frab's XML schema with xmllint (Debian's libxml2-utils).
# On a fresh machine where we are root, install it; otherwise say how.
set -euo pipefail
command -v xmllint >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's libxml2-utils (xmllint) for the schedule export's test (apt-get)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null
  exit 0
fi
echo "The schedule export's test needs xmllint: sudo apt-get update && sudo apt-get install -y libxml2-utils" >&2
exit 1
