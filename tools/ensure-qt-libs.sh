#!/usr/bin/env bash
# Qt's wheels link against a few system libraries that a bare Debian/Ubuntu may lack.
# Install the missing ones when we can (root with apt-get); otherwise say which are missing.
set -euo pipefail
declare -A pkg=(
  [libEGL.so.1]=libegl1 [libGL.so.1]=libgl1 [libfontconfig.so.1]=libfontconfig1
  [libxkbcommon.so.0]=libxkbcommon0 [libdbus-1.so.3]=libdbus-1-3 [libglib-2.0.so.0]=libglib2.0-0
)
missing=()
for lib in "${!pkg[@]}"; do
  ldconfig -p 2>/dev/null | grep -q "$lib" || missing+=("${pkg[$lib]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
else
  echo "Qt needs these system packages: ${missing[*]} (install them, e.g. with apt-get)" >&2
fi
