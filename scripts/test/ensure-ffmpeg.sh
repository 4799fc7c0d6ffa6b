#!/usr/bin/env bash
# The stage's browser test plays an HLS stream that scripts/test/test-stream.ts makes with ffmpeg (Debian's ffmpeg).
# On a fresh machine where we are root, install it; otherwise say how.
set -euo pipefail
command -v ffmpeg >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ffmpeg for the stage's HLS test stream (apt-get)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null
  exit 0
fi
echo "The stage's browser test needs ffmpeg: sudo apt-get update && sudo apt-get install -y ffmpeg" >&2
exit 1
