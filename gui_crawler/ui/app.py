"""``gui-crawler [URL] [--start] [--export FILE] [--quit]``: the window on one qasync-merged loop.

The QApplication comes first, then the qasync loop built on it; on Python 3.11 that means
``asyncio.Runner(loop_factory=...)`` (``asyncio.run(loop_factory=)`` is 3.12+). The window is
closed by the person (or by ``--quit``), never by Qt quitting the loop from under a running task.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from typing import Any

from gui_crawler.base.translate import translate
from gui_crawler.events import CrawlFinished
from gui_crawler.options import arguments

log = logging.getLogger(__name__)

EXIT_OK, EXIT_USAGE, EXIT_ERROR = 0, 2, 3


def build_parser() -> argparse.ArgumentParser:
    """The window's command line: its arguments are the option table's (options.OPTIONS)."""
    p = argparse.ArgumentParser(
        prog="gui-crawler",
        description="A web crawler you can watch. Without a URL, the built-in demo site is offered "
        "(works offline). Headless crawling: gui-crawler crawl --help.",
        epilog="gui-crawler --install-desktop puts the menu entry and icon under your home "
        "(XDG data folder); gui-crawler --uninstall-desktop removes them.",
    )
    arguments.add_arguments(p, "window")
    return p


async def _start_demo(latency_scale: float) -> Any:
    try:
        from gui_crawler.demo.site import start_demo_server_at_default_port
    except ImportError:  # a trimmed install: the window still works on real sites
        return None
    try:
        return await start_demo_server_at_default_port(latency_scale=latency_scale)
    except OSError as e:
        log.warning("the demo site could not start: %s", e)
        return None


def install_error_hooks(window: Any) -> Any:
    """Route exceptions from Qt slots (PySide hands them to sys.excepthook) and from loop
    callbacks to the log and to the window, so a bug never leaves a silently dead window.
    Returns a function that puts the previous hooks back."""
    loop = asyncio.get_running_loop()
    old_hook, old_handler = sys.excepthook, loop.get_exception_handler()

    def excepthook(tp: type[BaseException], exc: BaseException, tb: Any) -> None:
        log.error("unexpected error", exc_info=(tp, exc, tb))
        window.status.internal_error(f"{tp.__name__}: {exc}")

    def handler(lp: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        lp.default_exception_handler(context)
        exc = context.get("exception")
        window.status.internal_error(f"{type(exc).__name__}: {exc}" if exc else context["message"])

    sys.excepthook = excepthook
    loop.set_exception_handler(handler)

    def restore() -> None:
        sys.excepthook = old_hook
        loop.set_exception_handler(old_handler)

    return restore


async def run_window(args: argparse.Namespace) -> int:
    """Show the window and return the exit code once it is closed (needs a running qasync loop)."""
    from gui_crawler.window import MainWindow

    window = MainWindow()
    problems = window.restore_state()  # bad stored values: the defaults, and said
    if problems:
        print(f"gui-crawler: Settings: {'; '.join(problems)}", file=sys.stderr)
    if args.workers:
        window.workers = args.workers
    demo = None
    exit_code = EXIT_OK
    if args.open:
        if not window.open_crawl(args.open):
            print(f"gui-crawler: {window.problem}", file=sys.stderr)
            exit_code = EXIT_USAGE
    elif args.url:
        window.url = args.url
    else:
        demo = await _start_demo(args.demo_latency)
        if demo is not None:
            window.url = demo.url
            window.say(
                translate(
                    "app",
                    "No address given: the built-in demo site is ready at {url} — press Start",
                ).format(url=demo.url)
            )
    closed = asyncio.Event()
    window.closed.connect(closed.set)

    def finished(f: CrawlFinished) -> None:
        nonlocal exit_code
        if f.reason.startswith("error"):
            exit_code = EXIT_ERROR
        if args.export and window.export_csv(args.export) < 0:
            print(f"gui-crawler: {window.notice.text()}", file=sys.stderr)  # why it failed
            exit_code = EXIT_ERROR
        if args.quit:
            window.close()

    window.crawlFinished.connect(finished)
    window.show()
    if args.start and exit_code == EXIT_OK:
        start = window.continue_crawl if args.open else window.start
        if not start():
            print(f"gui-crawler: {window.problem}", file=sys.stderr)
            exit_code = EXIT_USAGE
    if exit_code != EXIT_OK and args.quit:
        window.close()
    restore_hooks = install_error_hooks(window)
    try:
        await closed.wait()
    finally:
        restore_hooks()
        # Closing mid-crawl: the crawl is cancelled; wait for its HTTP session to close.
        await window.aclose()
        if demo is not None:
            await demo.close()
        window.deleteLater()
    return exit_code


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, checked: argparse exits 2 with a message on an error."""
    parser = build_parser()
    args = parser.parse_args(argv)
    # An empty file name is a mistake (an unset variable in a script), never "no file": --open ""
    # would show the demo site and --start crawl it, --export "" write nothing. A number out of
    # its option's range (--workers 999999999999 overflowed the settings' spin box).
    for problem in arguments.usage_problems(args, "window"):
        parser.error(problem)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from gui_crawler.parsing import accel
    from gui_crawler.ui.display import HEADLESS_HINT, display_problem

    if accel.MISSING:
        print(f"gui-crawler: {accel.describe()}", file=sys.stderr)
    problem = display_problem()
    if problem is not None:
        print(f"gui-crawler: {problem}; {HEADLESS_HINT}", file=sys.stderr)
        return EXIT_ERROR
    # qasync picks the first Qt binding it can import: with PyQt also installed it would bind to
    # that one and its loop could not drive PySide6's widgets.
    os.environ.setdefault("QT_API", "pyside6")
    from PySide6.QtWidgets import QApplication

    from gui_crawler.crawl.concurrency import raise_fd_limit
    from gui_crawler.ui.qtloop import new_loop

    raise_fd_limit()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName("gui-crawler")
    app.setApplicationName("gui-crawler")
    app.setDesktopFileName("gui-crawler")
    from gui_crawler.ui import i18n

    # Before any widget: each is made with the words of the language installed.
    i18n.install(i18n.language_of(i18n.stored_choice()))
    # The window decides when we are done; Qt quitting the loop would strand the crawl task.
    app.setQuitOnLastWindowClosed(False)
    with asyncio.Runner(loop_factory=lambda: new_loop(app)) as runner:
        try:
            return runner.run(run_window(args))
        except KeyboardInterrupt:
            return 130
