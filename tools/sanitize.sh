#!/usr/bin/env bash
# The compiled parts built with AddressSanitizer and UndefinedBehaviorSanitizer, and the tests that
# run their C (the walk, the parser threads, the cuts, the link packing, the fuzz harness) run on
# that build. The build happens in a copy of the tracked files, so the tree's own .so files stay
# as they are; the copy's gui_crawler comes first on the path. Leak reports are off: CPython's
# own allocations at exit would drown them.
#   usage: sanitize.sh PYTHON [PYTEST-OPTION...]   (a Python with gui_crawler's dependencies
#   installed; the options, make's -n auto --dist loadgroup, go to pytest)
set -euo pipefail
py=${1:?usage: sanitize.sh PYTHON [PYTEST-OPTION...]}
shift
py=$(cd "$(dirname "$py")" && pwd)/$(basename "$py")
root=$(cd "$(dirname "$0")/.." && pwd)
asan=$(gcc -print-file-name=libasan.so)
ubsan=$(gcc -print-file-name=libubsan.so)
if [ ! -e "$asan" ] || [ ! -e "$ubsan" ]; then
  echo "sanitize: gcc's libasan/libubsan are missing (Debian: libgcc-12-dev)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$root" ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$work")
cd "$work"
echo "== building the compiled parts with -fsanitize=address,undefined (a few minutes)"
CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -O1 -g" \
LDFLAGS="-fsanitize=address,undefined" \
  "$py" setup.py -q build_ext --inplace >build.log 2>&1 || { tail -40 build.log; exit 1; }
export LD_PRELOAD="$asan $ubsan"
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export GUI_CRAWLER_REQUIRE_EXTENSIONS=1
# The copy's package, not the installed one: it must be the sanitized build that runs.
"$py" -c 'import gui_crawler.parsing._pagewalk as m, sys; sys.exit(0 if m.__file__.startswith(sys.argv[1]) else "sanitize: not the sanitized build: " + m.__file__)' "$work"
echo "== the C paths' tests on the sanitized build"
# --capture=sys: pytest captures at the Python level only, so a sanitizer's report (written to
# file descriptor 2 by a process it then ends) reaches the output.
"$py" -m pytest -p no:cacheprovider --capture=sys -q "$@" tests/parsing/test_linkpack.py \
  tests/parsing/test_pagewalk.py tests/parsing/test_parsepool.py tests/parsing/test_slicing.py \
  tests/parsing/test_nesting.py tests/parsing/test_fuzz.py tests/parsing/test_linkwords.py \
  tests/parsing/test_fragmentlines.py tests/parsing/test_packfound.py tests/parsing/test_walkedfound.py \
  tests/parsing/test_hashflood.py
