#!/usr/bin/env bash
# The cluster tests (tests/cluster) start a real redis-server of their own on a loopback port,
# never a system service: Debian's redis-server package. Installed when root with apt-get (its
# service is not started: Debian's policy-rc.d in a container, and the tests never use it);
# otherwise prints the one apt-get line.
set -euo pipefail
command -v redis-server >/dev/null && exit 0
[ -x /usr/bin/redis-server ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== installing redis-server with apt-get, for the cluster tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-cache show redis-server >/dev/null 2>&1 || apt-get update -q >/dev/null
  apt-get install -y -qq --no-install-recommends redis-server >/dev/null
else
  echo "the cluster tests need redis-server: sudo apt-get install redis-server" >&2
fi
