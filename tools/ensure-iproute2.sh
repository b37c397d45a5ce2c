#!/usr/bin/env bash
# tests/crawl/test_lenient_private.py makes a network namespace with `ip` (iproute2): as root with
# apt-get it is installed when missing; otherwise the one apt-get line is printed (the test then
# skips, except under CI, where it must run).
set -euo pipefail
command -v ip >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== installing iproute2 (ip netns, for the test of --lenient and private addresses)"
  DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q iproute2 >/dev/null
else
  echo "== no ip command: the network-namespace test skips (sudo apt-get install iproute2)"
fi
