#!/usr/bin/env bash
# gui_crawler has one compiled module (gui_crawler/_pagewalk.c with lexbor under third_party/), so
# installing it from source needs a C compiler and the headers of the Python it is built for.
# Installs what is missing when root with apt-get; otherwise prints the one apt-get line.
#   usage: ensure-c-compiler.sh PYTHON
set -euo pipefail
py=${1:?usage: ensure-c-compiler.sh PYTHON}
pkgs=()
command -v cc >/dev/null || command -v gcc >/dev/null || pkgs+=(gcc libc6-dev)
include=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
if [ ! -e "$include/Python.h" ]; then
  # Debian's headers for its own python3.X are libpython3.X-dev.
  pkgs+=("libpython$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')-dev")
fi
[ ${#pkgs[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends "${pkgs[@]}" \
    || { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends "${pkgs[@]}"; }
else
  echo "building gui_crawler needs: sudo apt-get install ${pkgs[*]}" >&2
  exit 1
fi
