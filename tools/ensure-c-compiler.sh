#!/usr/bin/env bash
# gui_crawler's compiled parts (gui_crawler/parsing/*.c, with lexbor under third_party/) need a C compiler
# and the headers of the Python they are built for; without them the install goes on with the
# pure-Python version (setup.py), which parses more slowly. This never fails the build:
# - compiler and headers present, or GUI_CRAWLER_NO_EXTENSIONS=1: nothing to do;
# - root with apt-get (CI, containers): installs what is missing, so the compiled parts are built;
# - otherwise: one line saying the pure-Python version will be installed, and how to get the
#   compiled parts.
#   usage: ensure-c-compiler.sh PYTHON
set -uo pipefail
py=${1:?usage: ensure-c-compiler.sh PYTHON}
[ "${GUI_CRAWLER_NO_EXTENSIONS:-}" = 1 ] && exit 0

# The compiler setuptools runs: $CC, else the one Python was built with (sysconfig's CC).
cc=${CC:-$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("CC") or "cc")')}
cc=${cc%% *}
check() {  # sets pkgs (Debian packages to install) and missing (what they provide)
  pkgs=() missing=()
  if ! command -v "$cc" >/dev/null; then
    pkgs+=(gcc libc6-dev) missing+=("no C compiler ($cc)")
  fi
  local include
  include=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
  if [ ! -e "$include/Python.h" ]; then
    # Debian's headers for its own python3.X are libpython3.X-dev.
    pkgs+=("libpython$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')-dev")
    missing+=("no Python headers")
  fi
}
check
[ ${#pkgs[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== installing ${pkgs[*]} with apt-get, for gui_crawler's compiled parts"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null \
    || { apt-get update -qq >/dev/null \
         && apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null; }
  check
  [ ${#pkgs[@]} -eq 0 ] && exit 0
fi
what=${missing[0]}
[ ${#missing[@]} -gt 1 ] && what+=" and ${missing[1]}"
echo "== $what: installing gui_crawler's pure-Python version (parsing is slower); for the compiled parts: sudo apt-get install ${pkgs[*]}, then make clean"
exit 0
