"""``gui-crawler crawl …`` runs headless; ``gui-crawler cluster work|status|cancel redis://…``
works on (or shows) a crawl shared through Redis; ``gui-crawler compare OLD NEW`` compares two
crawl files; ``gui-crawler --install-desktop`` (``--uninstall-desktop``) adds (removes) the menu
entry and icon for the person running it; anything else opens the window.

``run`` is the command as a process (the ``gui-crawler`` script, ``python -m gui_crawler``);
``main`` returns the exit code to whoever calls it in-process."""

from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import NoReturn


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "crawl":
        from gui_crawler.cli.headless import main as cli_main

        return cli_main(args[1:])
    if args and args[0] == "cluster":
        from gui_crawler.cluster.cli import main as cluster_main

        return cluster_main(args[1:])
    if args and args[0] == "compare":
        from gui_crawler.cli.compare import main as compare_main

        return compare_main(args[1:])
    if args and args[0] in ("--install-desktop", "--uninstall-desktop"):
        from gui_crawler.cli.desktop import main as desktop_main

        return desktop_main(args)
    from gui_crawler.ui.app import main as app_main

    return app_main(args)


def run() -> NoReturn:
    """``main`` as the process: a headless crawl then leaves without Python's teardown."""
    code = main()
    if sys.argv[1:2] == ["crawl"]:
        exit_now(code)
    sys.exit(code)


def exit_now(code: int) -> None:
    """End the process with ``code`` as Python's own exit would, less its freeing of every object
    one by one (a python3-doc crawl: ~40 ms of CPU, more under load, for memory the OS takes
    back at once). Called once the crawl file and the outputs are closed: what Python's exit
    still does is done here (the atexit functions: logging's flush, multiprocessing's children;
    standard output and error flushed). Returns, for the usual exit, while a thread that exit
    would wait for runs, or when standard output cannot be flushed (a closed pipe: the usual
    exit says so and exits 120)."""
    here = threading.current_thread()
    if any(t is not here and not t.daemon and t.is_alive() for t in threading.enumerate()):
        return
    streams = [s for s in (sys.stdout, sys.stderr) if s is not None]
    try:
        for stream in streams:
            stream.flush()
    except (OSError, ValueError):
        return
    atexit._run_exitfuncs()
    for stream in streams:
        try:
            stream.flush()
        except (OSError, ValueError):
            code = 120  # what the usual exit gives when its flush fails
    os._exit(code)


if __name__ == "__main__":
    run()
