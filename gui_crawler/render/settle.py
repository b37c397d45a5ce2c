"""When a rendered page is done: its ``load`` event, then no request in flight, no short timer
pending and nothing changed for QUIET seconds, within the page's time (``--render-timeout``).

Playwright's ``networkidle`` waits a fixed 500 ms without requests after each, and misses a link
a timer adds later than that. Here the crawler counts the page's requests itself (it answers each
one, routes.py), and a script put in every page before its own (INIT) counts its pending short
timers and the time since the DOM last changed: a page whose script fetches data and builds its
links from a timer is waited for until that timer has run, and a page that is done is left as
soon as it has been quiet for QUIET. A timer longer than SHORT_TIMER (a carousel, a poll every
few seconds) is not waited for. A page that never settles (a clock, an endless stream of
requests) keeps what it rendered when its time is up, with a note.

Measured on the benchmark's generated site (bench/render.py): QUIET 0.1 s finds every late link
(fetch + a 300 ms timer) where ``networkidle`` spends 0.5 s more on every page.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from gui_crawler.render.routes import PageRequests

QUIET = 0.1  # seconds without a request, a DOM change or a short timer firing
SHORT_TIMER = 1000  # milliseconds: a timer at most this long is waited for
# A page whose DOM keeps changing with nothing pending is done after this long without requests.
STILL = 1.0
POLL = 0.04

INIT = """(() => {
  const w = window, setT = w.setTimeout, clearT = w.clearTimeout, now = () => performance.now();
  const pending = new Set();
  let last = now();
  w.setTimeout = function (fn, delay, ...args) {
    const d = Number(delay) || 0;
    if (typeof fn !== "function" || d > SHORT_TIMER) return setT.call(w, fn, delay, ...args);
    const id = setT.call(w, function () {
      pending.delete(id);
      last = now();
      return fn.apply(this, args);
    }, delay);
    pending.add(id);
    return id;
  };
  w.clearTimeout = function (id) {
    pending.delete(id);
    return clearT.call(w, id);
  };
  const watch = () => {
    try {
      new MutationObserver(() => { last = now(); }).observe(document, {
        subtree: true, childList: true, attributes: true, characterData: true });
    } catch (e) {}
  };
  watch();
  Object.defineProperty(w, "__gui_crawler_settle", {
    value: () => [pending.size, (now() - last) / 1000], enumerable: false });
})();""".replace("SHORT_TIMER", str(SHORT_TIMER))

STATE = "() => window.__gui_crawler_settle ? window.__gui_crawler_settle() : [0, 1e9]"


async def settle(page: Any, requests: PageRequests, deadline: float) -> bool:
    """Wait until the page is done (see the module's words) or ``deadline`` (time.monotonic());
    whether it settled. A page whose script never yields raises TimeoutError at the deadline
    (asking it anything waits for its script)."""
    still_since = None
    while True:
        now = time.monotonic()
        if now >= deadline:
            return False
        async with asyncio.timeout(deadline - now):
            timers, changed = await page.evaluate(STATE)
        now = time.monotonic()
        idle = requests.in_flight == 0
        network_quiet = now - requests.last
        if idle and network_quiet >= QUIET and changed >= QUIET and timers == 0:
            return True
        if idle and network_quiet >= STILL:
            # Nothing asked of the network for a while: only timers or an animation are left.
            still_since = still_since or now
            if timers == 0 or now - still_since >= STILL:
                return True
        await asyncio.sleep(POLL)
