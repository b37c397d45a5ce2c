"""``gui-crawler crawl``: the headless crawler with the seed's flags and report.

Exit codes: 0 the crawl finished and found nothing broken; 1 it finished and found broken links or
failures; 2 bad command line or options; 3 the crawl could not run; 130 interrupted (Ctrl-C), after
printing the report of what was crawled; SIGTERM is handled like Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import logging
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from . import accel
from .config import DEFAULT_USER_AGENT, ConfigError, CrawlConfig
from .engine import raise_fd_limit
from .events import CrawlFinished, Event, FetchRecord, Progress, Verdict
from .export import write_csv
from .politeness_cli import add_politeness_options, politeness_from_args
from .report import write_audit
from .session import CrawlSession, StoreError

EXIT_OK, EXIT_BROKEN, EXIT_USAGE, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gui-crawler crawl",
        description="Crawl web sites headless and report every URL (the window: run gui-crawler).",
        epilog="Exit codes: 0 nothing broken, 1 broken links or failures found, 2 usage error, "
        "3 the crawl could not run, 130 interrupted.",
    )
    p.add_argument(
        "roots", nargs="*", metavar="URL", help="root URLs (http:// is added if missing)"
    )
    p.add_argument("--demo", action="store_true", help="crawl the built-in demo site (offline)")
    d = CrawlConfig(roots=())

    def opt(*names: str, **kw: object) -> None:
        # The seed spelled flags with underscores; accept both spellings.
        under = [
            "--" + n[2:].replace("-", "_") for n in names if n.startswith("--") and "-" in n[2:]
        ]
        p.add_argument(*names, *under, **kw)  # type: ignore[arg-type]

    opt(
        "--max-tasks", type=int, default=d.max_tasks, help="worker coroutines (default %(default)s)"
    )
    opt(
        "--max-redirect",
        type=int,
        default=d.max_redirect,
        help="redirects per chain (default %(default)s)",
    )
    opt("--max-tries", type=int, default=d.max_tries, help="tries per URL (default %(default)s)")
    opt("--max-pages", type=int, default=0, help="stop taking in URLs after N (default: no limit)")
    opt("--max-depth", type=int, default=0, help="follow links N levels deep (default: no limit)")
    p.add_argument("--exclude", metavar="REGEX", help="skip URLs matching this regex")
    p.add_argument("--include", metavar="REGEX", help="only follow URLs matching this regex")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--strict", dest="strict", action="store_true", default=True,
                   help="same host as a root, modulo www. (default)")  # fmt: skip
    g.add_argument("--lenient", dest="strict", action="store_false",
                   help="any host in a root's domain (last two labels)")  # fmt: skip
    p.add_argument(
        "--timeout", type=float, default=d.timeout, help="seconds per try (default %(default)s)"
    )
    opt("--user-agent", default=DEFAULT_USER_AGENT, help="User-Agent header")
    add_politeness_options(p, d)
    p.add_argument("--csv", metavar="FILE", help="write one row per URL to FILE")
    p.add_argument("--report", metavar="FILE.html", help="write a one-file HTML audit report")
    p.add_argument(
        "--broken-csv",
        metavar="FILE",
        help="write one row per (page, broken link, anchor text) to FILE",
    )
    p.add_argument(
        "--db",
        metavar="FILE",
        help="crawl file to write (default: a new one under the user data dir)",
    )
    p.add_argument("--no-db", action="store_true", help="keep no crawl file (no resume)")
    p.add_argument("--resume", metavar="FILE", help="continue the crawl saved in FILE")
    p.add_argument(
        "-v", "--verbose", action="count", default=0, help="list every URL (-vv: debug log)"
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print only the summary line")
    return p


def config_from_args(args: argparse.Namespace, roots: Sequence[str]) -> CrawlConfig:
    return CrawlConfig(
        roots=tuple(roots),
        max_tasks=args.max_tasks,
        max_redirect=args.max_redirect,
        max_tries=args.max_tries,
        exclude=args.exclude,
        include=args.include,
        strict=args.strict,
        max_pages=args.max_pages,
        max_depth=args.max_depth,
        timeout=args.timeout,
        read_timeout=args.timeout,
        user_agent=args.user_agent,
        **politeness_from_args(args),
    ).validated()


class Report:
    """Collects records for the seed-style report; optionally draws live progress on a terminal."""

    def __init__(self, live: TextIO | None, keep_links: bool = False) -> None:
        self.records: list[FetchRecord] = []
        self.live = live
        # The seed's report never reads a page's outlinks (the crawl file has them), and on real
        # pages they are most of a record's memory; the audit report needs them (which pages
        # link to a broken URL), so they are kept only when it is asked for.
        self.keep_links = keep_links
        self._last_draw = 0.0

    def __call__(self, event: Event) -> None:
        if isinstance(event, FetchRecord):
            if event.links and not self.keep_links:
                event = event.without_links()
            self.records.append(event)
        elif isinstance(event, Progress) and self.live is not None:
            now = time.monotonic()
            if now - self._last_draw >= 0.2:
                self._last_draw = now
                rate = event.done / event.elapsed if event.elapsed else 0.0
                self.live.write(
                    f"\r{event.done} done, {event.queued} queued, {event.busy}/{event.workers} "
                    f"busy, {rate:.0f} urls/s, {event.elapsed:.1f} s\033[K"
                )
                self.live.flush()
        elif isinstance(event, CrawlFinished) and self.live is not None:
            self.live.write("\r\033[K")
            self.live.flush()

    @property
    def broken(self) -> list[FetchRecord]:
        """Really broken links, and failures of our own: what makes the exit code 1. Hosts that
        refuse bots, throttle or time out are listed apart, not counted as broken."""
        return [r for r in self.records if r.verdict in (Verdict.BROKEN, Verdict.ERROR)]

    def with_verdict(self, verdict: Verdict) -> list[FetchRecord]:
        return [r for r in self.records if r.verdict is verdict]

    def print(self, out: TextIO, finished: CrawlFinished, max_tasks: int, verbose: bool) -> None:
        if verbose:
            for rec in sorted(self.records, key=lambda r: r.url):
                print(url_line(rec), file=out)
        counts = collections.Counter(r.kind for r in self.records)
        counts["fail"] = sum(v for k, v in counts.items() if k.startswith("fail_"))
        html_bytes = sum(r.size for r in self.records if r.kind == "html")
        rate = len(self.records) / finished.elapsed if finished.elapsed else 0.0
        print(
            f"Finished {len(self.records)} urls in {finished.elapsed:.3f} secs "
            f"(max_tasks={max_tasks}) ({rate:.1f} urls/sec)"
            + ("" if finished.reason == "done" else f" [{finished.reason}]"),
            file=out,
        )
        for kind, n in sorted(counts.items()):
            if n:
                print(f"{n:10,d} {kind}", file=out)
        if html_bytes:
            print(f"{html_bytes:10,d} html_bytes", file=out)
        print(f"Todo: {finished.todo}", file=out)
        print(f"Done: {finished.done}", file=out)
        broken = self.broken
        if broken:
            print(
                f"Broken: {len(broken)} (url, status or error, first page linking to it)", file=out
            )
            for rec in sorted(broken, key=lambda r: r.url):
                why = rec.exception or rec.status
                print(f"  {rec.url}  {why}  <- {rec.referrer or '(root)'}", file=out)
        external = sum(1 for r in self.records if r.external)
        if external:
            print(f"External links checked: {external}", file=out)
        for verdict, title in [
            (Verdict.BLOCKED, "Blocked or throttled, not broken (robots.txt, bot walls, 429)"),
            (Verdict.TIMEOUT, "Timed out"),
        ]:
            recs = self.with_verdict(verdict)
            if recs:
                print(f"{title}: {len(recs)}", file=out)
                for rec in sorted(recs, key=lambda r: r.url)[: 50 if not verbose else None]:
                    why = rec.exception or rec.status
                    print(f"  {rec.url}  {why}  <- {rec.referrer or '(root)'}", file=out)


def url_line(rec: FetchRecord) -> str:
    """One report line per URL, as the seed printed them."""
    if rec.exception:
        return f"{rec.url} error {rec.exception}"
    if rec.next_url:
        note = f" ({rec.note})" if rec.note else ""
        return f"{rec.url} {rec.status} redirect {rec.next_url}{note}"
    line = f"{rec.url} {rec.status} {rec.content_type} {rec.encoding} {rec.size}"
    if rec.kind == "html":
        line += f" {rec.num_new_urls}/{rec.num_urls}"
    return line


class Run:
    """One CLI crawl: its session (crawler and crawl file) and its report."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.report = Report(
            sys.stderr if sys.stderr.isatty() and not args.quiet else None,
            keep_links=bool(args.report or args.broken_csv),
        )
        self.session: CrawlSession | None = None
        self.interrupted = False

    def open_session(self, config: CrawlConfig) -> CrawlConfig:
        """Create or reopen the crawl file; a resumed crawl keeps the options it was started with
        except those ``resume_overrides`` allows."""
        args = self.args
        if args.resume:
            self.session = CrawlSession.resume(Path(args.resume), **resume_overrides(args))
            assert self.session.saved is not None
            self.report.records.extend(self.session.saved.records)
        elif args.no_db:
            self.session = CrawlSession.unsaved(config)
        else:
            self.session = CrawlSession.new(config, Path(args.db) if args.db else None)
        return self.session.config

    async def crawl(self) -> CrawlFinished:
        session = self.session
        assert session is not None
        crawler = session.start(self.report)
        loop = asyncio.get_running_loop()

        def on_signal() -> None:
            self.interrupted = True
            crawler.cancel()

        signals = (signal.SIGINT, signal.SIGTERM)
        handled: list[signal.Signals] = []
        previous: dict[signal.Signals, Any] = {}
        for sig in signals:
            try:
                loop.add_signal_handler(sig, on_signal)
                handled.append(sig)
            except NotImplementedError:  # Windows: Python's own handler, then the loop's turn
                with contextlib.suppress(ValueError, OSError):
                    previous[sig] = signal.signal(
                        sig, lambda *_: loop.call_soon_threadsafe(on_signal)
                    )
            except RuntimeError:  # not the main thread
                pass
        finished = None
        try:
            finished = await crawler.run()
            return finished
        finally:
            for sig in handled:
                loop.remove_signal_handler(sig)
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            session.close(finished)

    async def crawl_demo(self) -> tuple[CrawlConfig, CrawlFinished]:
        from .demo import start_demo_server

        server = await start_demo_server()
        try:
            config = self.open_session(config_from_args(self.args, [server.url]))
            return config, await self.crawl()
        finally:
            await server.close()


# Options a resumed crawl may change: they do not change which URLs it takes in.
RESUMABLE = {"max_tasks": "max_tasks", "timeout": "timeout", "user_agent": "user_agent"}
# Options that only shape this run's output.
OUTPUT_ONLY = {"csv", "verbose", "quiet", "resume", "roots", "demo", "db", "no_db"}


def resume_overrides(args: argparse.Namespace) -> dict[str, object]:
    defaults = vars(build_parser().parse_args([]))
    given = {k: v for k, v in vars(args).items() if v != defaults.get(k) and k not in OUTPUT_ONLY}
    refused = sorted(k for k in given if k not in RESUMABLE)
    if refused:
        names = ", ".join("--" + k.replace("_", "-") for k in refused)
        raise UsageError(
            f"{names} cannot change when resuming: the crawl file keeps the options it was "
            "started with (--max-tasks, --timeout and --user-agent may change)"
        )
    overrides: dict[str, object] = {RESUMABLE[k]: v for k, v in given.items()}
    if "timeout" in overrides:
        overrides["read_timeout"] = overrides["timeout"]
    return overrides


class UsageError(Exception):
    pass


def check_writable(target: str) -> str | None:
    """Why ``target`` cannot be written, checked before the crawl rather than after it."""
    path = Path(target)
    if path.is_dir():
        return f"{target} is a folder"
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"its folder {folder} does not exist"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return "permission denied"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose > 1 else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    # An empty file name is a mistake (an unset variable in a script), never "no file": with a
    # URL, --resume "" would quietly start a fresh crawl, --csv "" write nothing.
    for name in ("resume", "csv", "report", "broken_csv", "db"):
        value = getattr(args, name)
        if value is not None and not value.strip():
            parser.error(f"--{name.replace('_', '-')} needs a file name")
    if (args.demo or bool(args.resume)) == bool(args.roots) or (args.demo and args.resume):
        parser.error("give one or more URLs, --demo, or --resume FILE")
    try:
        config = config_from_args(args, args.roots or ["http://127.0.0.1/"])
    except ConfigError as e:
        parser.error(str(e))
    if accel.MISSING and not args.quiet:
        print(f"gui-crawler: {accel.describe()}", file=sys.stderr)
    if args.csv and (why := check_writable(args.csv)):
        print(f"gui-crawler: cannot write {args.csv}: {why}", file=sys.stderr)
        return EXIT_USAGE
    if args.resume and (args.db or args.no_db):
        parser.error("--resume writes to the file it continues: --db and --no-db do not apply")
    raise_fd_limit()
    run = Run(args)
    try:
        if args.demo:
            config, finished = asyncio.run(run.crawl_demo())
        else:
            config = run.open_session(config)
            finished = asyncio.run(run.crawl())
    except UsageError as e:
        parser.error(str(e))
    except (StoreError, ConfigError) as e:
        print(f"gui-crawler: {e}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    report, out = run.report, sys.stdout
    if args.quiet:
        print(f"Finished {len(report.records)} urls, {len(report.broken)} broken", file=out)
    else:
        report.print(out, finished, config.max_tasks, verbose=args.verbose > 0)
    session = run.session
    exit_error = False
    if session is not None and session.store_error:
        print(f"gui-crawler: {session.store_error}; the crawl was stopped", file=sys.stderr)
        exit_error = True
    elif session is not None and session.path is not None and not args.quiet:
        print(f"Crawl file: {session.path} (continue it with --resume)", file=out)
    if args.csv:  # also after a store error: the CSV may well be on a healthy disk
        try:
            n = write_csv(args.csv, report.records)
        except OSError as e:
            print(f"gui-crawler: cannot write {args.csv}: {e.strerror or e}", file=sys.stderr)
            return EXIT_ERROR
        if not args.quiet:
            print(f"Wrote {n} rows to {os.path.abspath(args.csv)}", file=out)
    if (args.report or args.broken_csv) and write_audit(args, report.records, config, out):
        exit_error = True
    if exit_error:
        return EXIT_ERROR
    if run.interrupted:
        return EXIT_INTERRUPTED
    if finished.reason.startswith("error"):
        return EXIT_ERROR
    return EXIT_BROKEN if report.broken else EXIT_OK
