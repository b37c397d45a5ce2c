#!/usr/bin/env bash
# The browser `--render` drives (and its tests run): the system's Chromium, never a build
# Playwright would download. Installs Debian/Ubuntu's `chromium` with apt-get when root and it is
# missing (as ensure-qt-libs.sh installs Xvfb); otherwise prints the one apt-get line.
#   usage: ensure-chromium.sh
set -euo pipefail
for name in chromium chromium-browser google-chrome google-chrome-stable; do
  command -v "$name" >/dev/null && exit 0
done
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  if ! apt-cache show chromium >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null  # empty package lists (fresh image)
  fi
  echo "== installing chromium with apt-get, for --render and its tests"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
else
  echo "--render needs Chromium; install it with: sudo apt-get install chromium" >&2
fi
