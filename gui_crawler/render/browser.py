"""The browser: the system's Chromium (or Chrome), driven through Playwright, never a downloaded
build. What is missing is said in one line before a crawl starts (``problem``).

Chromium is started so that it cannot reach the network by itself: every host name it would look
up maps to nothing (``--host-resolver-rules``), and every request a page makes is answered by the
crawler (routes.py) or refused. Background services (updates, sync, safe browsing, metrics) are
off. As root (a container, CI) Chromium refuses to start without ``--no-sandbox``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

from gui_crawler.base.translate import noop, translate

# The context of what is said about the browser (the window says it in its language).
SAID = "Browser"

# Where Debian/Ubuntu, Fedora, Arch and Google put it, by the names on PATH first.
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
PLACES = (
    "/usr/bin/chromium",
    "/usr/lib/chromium/chromium",
    "/snap/bin/chromium",
    "/opt/google/chrome/chrome",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
)
INSTALL_BROWSER = noop(
    SAID, "install Chromium (Debian/Ubuntu: apt-get install chromium) or give its path with {give}"
)
INSTALL_PLAYWRIGHT = noop(SAID, "pip install 'gui_crawler[render]' (Playwright drives the browser)")

# Chromium keeps only the last --disable-features of its command line, which is ours (Playwright
# puts its own first): so ours holds Playwright's list too (1.65's chromiumSwitches; a test checks
# that the browser's command line keeps every name of the first in the last). Without them, an
# http:// page of a site that has HTTPS would be upgraded to https:// (HttpsUpgrades), and a
# cross-origin redirect of a routed request aborted (AvoidCorsURLLoaderRestartOnRedirect).
PLAYWRIGHT_DISABLED = (
    *("AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades"),
    *("HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding"),
    *("ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect"),
    *("TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled"),
    *("PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion"),
)
DISABLED_FEATURES = (
    *PLAYWRIGHT_DISABLED,
    *("Translate", "InterestFeedContentSuggestions"),
    "BackForwardCache",  # a page left would stay alive (and run) in the tab's history
)
ARGS = (
    # The network is the crawler's: a host name the browser would look up itself maps to nothing
    # (IP addresses never reach the resolver, and every request is routed anyway).
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--metrics-recording-only",
    "--no-first-run",
    "--no-default-browser-check",
    "--no-pings",
    "--disable-quic",
    "--disable-features=" + ",".join(DISABLED_FEATURES),
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--mute-audio",
    "--disable-dev-shm-usage",
    # Each tab keeps a renderer process of its own (no --renderer-process-limit): an endless loop
    # or a memory bomb then stops or crashes its own page, never its neighbours'.
    # Nothing is drawn to a screen: no GPU process (~40 MB).
    "--disable-gpu",
    # A page's script gets at most this much heap: a memory bomb ends its page, not the machine.
    "--js-flags=--max-old-space-size=512",
)


# Node.js options of Playwright's driver, the process every message between the crawler and the
# browser passes through (a rendered DOM too): a young generation of at most 1 MB a semi-space
# (Node's default grows to 16 MB). Measured on bench/render.py's crawls (8 tabs, load 10-16 on 2
# cores, alternated): the driver's peak PSS 225-280 -> 135-170 MB on the Python docs (a 2.5 MB
# page among them), 157 -> 136 MB on the generated app; its CPU a page unchanged (12-17 ms).
DRIVER_NODE_OPTIONS = "--max-semi-space-size=1"


@contextlib.contextmanager
def driver_options() -> Iterator[None]:
    """NODE_OPTIONS holding DRIVER_NODE_OPTIONS (after the user's own) while Playwright's driver
    is started (it takes this process's environment); as it was afterwards. A start under way at
    the same time finds them set and leaves them alone."""
    before = os.environ.get("NODE_OPTIONS")
    if before is not None and DRIVER_NODE_OPTIONS in before:
        yield
        return
    os.environ["NODE_OPTIONS"] = (
        f"{before} {DRIVER_NODE_OPTIONS}" if before else DRIVER_NODE_OPTIONS
    )
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("NODE_OPTIONS", None)
        else:
            os.environ["NODE_OPTIONS"] = before


def find_browser(path: str | None = None) -> str | None:
    """The browser to render with: ``path`` if given (None if it is no program), else the first
    of NAMES on PATH, else the first of PLACES that exists."""
    if path:
        found = shutil.which(path)
        return found if found and os.access(found, os.X_OK) else None
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return next((p for p in PLACES if os.access(p, os.X_OK)), None)


def has_playwright() -> bool:
    return importlib.util.find_spec("playwright") is not None


def problem(
    render: str, browser: str | None, asked: str = "--render", give: str = "--browser"
) -> str | None:
    """Why a crawl with ``--render`` (``render``: its mode) cannot render, in one line saying
    what to install; None when it can (or renders nothing). ``asked`` names what needs the
    browser and ``give`` where its path is given (the window says them in its own words)."""
    if render == "off":
        return None
    missing = []
    if not has_playwright():
        missing.append(translate(SAID, INSTALL_PLAYWRIGHT))
    if find_browser(browser) is None:
        if browser:
            missing.append(
                translate(SAID, "{path} is not a program: give the path of Chromium or Chrome")
                .format(path=browser)
            )  # fmt: skip
        else:
            missing.append(translate(SAID, INSTALL_BROWSER).format(give=give))
    if not missing:
        return None
    return translate(SAID, "{asked} needs a browser: {missing}").format(
        asked=asked, missing=translate(SAID, "; and ").join(missing)
    )


def launch_args() -> list[str]:
    args = list(ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium will not start as root with its sandbox
    return args


def _parents() -> dict[int, list[int]]:
    """Each process's children, read from /proc ({} elsewhere)."""
    children: dict[int, list[int]] = {}
    proc = Path("/proc")
    if not proc.is_dir():
        return children
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command's name is in parentheses and may hold spaces: the fields after its ")".
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 1:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def children(pid: int) -> list[int]:
    """The processes ``pid`` started ([] where /proc does not say)."""
    return _parents().get(pid, [])


def descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (its children, theirs…), read from /proc; [] elsewhere."""
    tree = _parents()
    out: list[int] = []
    todo = [pid]
    while todo:
        for child in tree.get(todo.pop(), ()):
            out.append(child)
            todo.append(child)
    return out


def kill(pids: list[int]) -> None:
    """SIGKILL each of ``pids`` that is still there."""
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def memory(pids: list[int]) -> int:
    """Bytes of memory the processes ``pids`` hold of their own (each one's resident set less
    its shared pages; 0 elsewhere). Their resident sets added would count the libraries and
    shared memory every Chromium process maps once per process: 8 tabs of small pages came to
    1.8 GB so, where their PSS was 0.45 GB and this 0.39 GB (PSS itself, from smaps_rollup, took
    160 ms to read for those 16 processes on a loaded machine; this 4 ms)."""
    total = 0
    page = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/statm").read_text().split()
        except OSError:
            continue
        total += max(0, int(fields[1]) - int(fields[2])) * page
    return total
