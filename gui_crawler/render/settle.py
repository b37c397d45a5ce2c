"""When a rendered page is done: its ``load`` event, then no request in flight, no short timer
pending and nothing changed for QUIET seconds, within the page's time (``--render-timeout``).

Playwright's ``networkidle`` waits a fixed 500 ms without requests after each, and misses a link
a timer adds later than that. Here the crawler counts the page's requests itself (it answers each
one, routes.py), and a script put in every page before its own (INIT) counts its pending short
timers, its fetch() and XMLHttpRequest calls and script elements until their answers reach its
script, and the time since the DOM last changed; it waits on the page's side until all are quiet
(one question a wait, not one every few milliseconds). A page whose script fetches data and
builds its links from a timer is waited for until that timer has run, even when the machine is
so busy that the answer reaches the script long after the crawler gave it; a page that is done
is left as soon as it has been quiet for QUIET. A timer longer than SHORT_TIMER (a carousel, a
poll every few seconds) is not waited for. A page that never settles (a clock, an endless stream
of requests) keeps what it rendered when its time is up, with a note.

Measured on the benchmark's generated app (bench/render.py, a machine loaded to 6-14 on 2 cores):
every late link (fetch() + a 300 ms timer) found, a page settled ~380 ms after its load where
``networkidle`` waits 500 ms after the last request. With QUIET alone (no count of the page's
fetches) 2 of 67 late links were missed under that load.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from gui_crawler.render.routes import PageRequests

QUIET = 0.05  # seconds without a request, a DOM change or a short timer firing
SHORT_TIMER = 1000  # milliseconds: a timer at most this long is waited for
# A page whose DOM keeps changing with nothing pending is done after this long without requests.
STILL = 1.0
POLL = 0.02

INIT = """(() => {
  const w = window, setT = w.setTimeout, clearT = w.clearTimeout, now = () => performance.now();
  const pending = new Set();
  let last = now(), busy = 0;
  // Work the page waits for that the crawler's count of requests misses: a fetch() or an
  // XMLHttpRequest answered but not yet handed to the page's script, a body being read, a script
  // element loading. Each keeps the page busy until it ends, and its end is a change.
  const hold = () => { busy++; };
  const done = () => { busy = Math.max(0, busy - 1); last = now(); };
  const held = (p) => { hold(); p.then(done, done); return p; };
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
  if (w.fetch) {
    const fetch0 = w.fetch;
    w.fetch = function (...args) { return held(fetch0.apply(this, args)); };
  }
  if (w.Response) {
    for (const name of ["json", "text", "arrayBuffer", "blob", "formData"]) {
      const read = w.Response.prototype[name];
      if (read) w.Response.prototype[name] = function () { return held(read.call(this)); };
    }
  }
  if (w.XMLHttpRequest) {
    const send = w.XMLHttpRequest.prototype.send;
    w.XMLHttpRequest.prototype.send = function (...args) {
      hold();
      this.addEventListener("loadend", done, { once: true });
      return send.apply(this, args);
    };
  }
  const watch = (records) => {
    last = now();
    for (const r of records) {
      for (const n of r.addedNodes || []) {
        if (n.tagName === "SCRIPT" && n.src) {
          hold();
          n.addEventListener("load", done, { once: true });
          n.addEventListener("error", done, { once: true });
        }
      }
    }
  };
  try {
    new MutationObserver(watch).observe(document, {
      subtree: true, childList: true, attributes: true, characterData: true });
  } catch (e) {}
  // Resolves once nothing is pending and nothing changed for `quiet` seconds, or after `most`
  // seconds: one question from the crawler instead of one every few milliseconds.
  Object.defineProperty(w, "__gui_crawler_quiet", { enumerable: false, value: (quiet, most) =>
    new Promise((resolve) => {
      const t0 = now();
      const check = () => {
        const idle = (now() - last) / 1000, waiting = pending.size + busy;
        if ((waiting === 0 && idle >= quiet) || now() - t0 >= most * 1000) {
          resolve([waiting, idle]);
        } else {
          setT.call(w, check, 20);
        }
      };
      check();
    }) });
})();""".replace("SHORT_TIMER", str(SHORT_TIMER))

WAIT = """([quiet, most]) => window.__gui_crawler_quiet
  ? window.__gui_crawler_quiet(quiet, most) : [0, 1e9]"""
MOST = 1.0  # seconds the page is asked to wait at a time


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
            # The page waits on its side until it is quiet (at most MOST seconds).
            timers, changed = await page.evaluate(WAIT, [QUIET, min(MOST, deadline - now)])
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
        if not idle or network_quiet < QUIET:
            await asyncio.sleep(POLL)  # a request under way: what it brings is waited for next
