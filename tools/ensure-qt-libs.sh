#!/usr/bin/env bash
# Qt's wheels link against system libraries that a bare Debian/Ubuntu may lack, and the xcb platform
# (a real X display) needs more of them than the offscreen one the tests use. What is missing is read
# from `ldd` on the installed wheel, not from a hand-kept list; each missing soname maps to the Debian
# package named after it (libxcb-icccm.so.4 -> libxcb-icccm4), checked with apt-cache.
# The window in Chinese (View → Language, or a system in Chinese) needs a font with CJK glyphs,
# or its words are boxes: fonts-noto-cjk when fontconfig knows none.
# Installs the missing packages when root with apt-get; otherwise prints the one apt-get line.
#   usage: ensure-qt-libs.sh PYTHON [--xvfb]   (--xvfb: also the X server the xcb test starts)
set -euo pipefail
py=${1:?usage: ensure-qt-libs.sh PYTHON [--xvfb]}
want_xvfb=${2:-}
qt=$("$py" -c 'import importlib.util as u, os; print(os.path.join(os.path.dirname(u.find_spec("PySide6").origin), "Qt"))')
libs=()
for f in "$qt"/plugins/platforms/libqxcb.so "$qt"/plugins/platforms/libqoffscreen.so \
         "$qt"/lib/libQt6XcbQpa.so.6 "$qt"/lib/libQt6Widgets.so.6; do
  [ -e "$f" ] && libs+=("$f")
done
[ ${#libs[@]} -gt 0 ] || { echo "ensure-qt-libs: no Qt libraries under $qt" >&2; exit 1; }
missing_so=$(ldd "${libs[@]}" 2>/dev/null | awk '/=> not found/ {print $1}' | sort -u)

have_cjk_font() {
  if command -v fc-list >/dev/null; then
    fc-list :lang=zh family | grep -q .
  else  # no fontconfig tools: look for the font files themselves
    find /usr/share/fonts /usr/local/share/fonts "$HOME/.local/share/fonts" \
      \( -iname '*cjk*' -o -iname '*wqy*' \) 2>/dev/null | grep -q .
  fi
}
need_font=false
have_cjk_font || need_font=true

have_apt=false
command -v apt-cache >/dev/null && have_apt=true
if { [ -n "$missing_so" ] || $need_font; } && $have_apt && [ "$(id -u)" = 0 ] \
   && ! apt-cache show libxcb1 >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null  # empty package lists (fresh image)
fi

package_of() {  # libxcb-icccm.so.4 -> libxcb-icccm4; libglib-2.0.so.0 -> libglib2.0-0
  local so=$1 name ver cand
  name=${so%%.so.*}; ver=${so##*.so.}; ver=${ver%%.*}
  for base in "$name" "$(sed -E 's/-([0-9])/\1/g' <<<"$name")"; do
    base=${base,,}
    if [[ $base =~ [0-9]$ ]]; then cand=$base-$ver; else cand=$base$ver; fi
    if $have_apt && apt-cache show "$cand" >/dev/null 2>&1; then echo "$cand"; return; fi
  done
  return 1
}

pkgs=() unknown=()
for so in $missing_so; do
  if p=$(package_of "$so"); then pkgs+=("$p"); else unknown+=("$so"); fi
done
if [ "$want_xvfb" = --xvfb ] && ! command -v Xvfb >/dev/null; then pkgs+=(xvfb); fi
if $need_font; then pkgs+=(fonts-noto-cjk); fi
[ ${#pkgs[@]} -eq 0 ] && [ ${#unknown[@]} -eq 0 ] && exit 0

if [ ${#pkgs[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && $have_apt; then
  echo "== installing ${pkgs[*]} with apt-get, for Qt"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
elif [ ${#pkgs[@]} -gt 0 ]; then
  echo "The window needs system packages; install them with: sudo apt-get install ${pkgs[*]}" >&2
fi
if [ ${#unknown[@]} -gt 0 ]; then
  echo "Qt needs these libraries, found in no known package: ${unknown[*]}" >&2
fi
