"""``gui-crawler crawl``: the headless crawler with the seed's flags and report.

Exit codes: 0 the crawl finished and found nothing broken; 1 it finished and found broken links or
errors of the crawler's own (verdicts.FAILS); 2 bad command line or options; 3 the crawl could not run; 130 interrupted (Ctrl-C), after
printing the report of what was crawled; SIGTERM is handled like Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import itertools
import logging
import os
import signal
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from gui_crawler import options
from gui_crawler.base.urls import InvalidURL, parse_address
from gui_crawler.cli import secrets
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.crawl.concurrency import raise_fd_limit
from gui_crawler.crawl.failures import RedactingFormatter
from gui_crawler.events import CrawlFinished, Event, FetchRecord, Notice, Progress, Reason
from gui_crawler.options import arguments
from gui_crawler.parsing import accel
from gui_crawler.parsing.linkwords import LinkWords
from gui_crawler.records.outfile import descriptor, why_unwritable
from gui_crawler.records.verdicts import (
    FAILS,
    NO_RULES,
    NOT_ANSWERED_SQL,
    SUMMARY,
    WORDS,
    StatusRules,
    Tally,
    Verdict,
    category,
    is_cancelled,
)
from gui_crawler.records.wording import answer_words
from gui_crawler.session import CrawlSession, ProxyNeeded, StoreError
from gui_crawler.storage import SavedCrawl, load
from gui_crawler.storage.fileformat import HAS_WORDS, count_records, iter_records, load_words

if TYPE_CHECKING:
    from gui_crawler.crawl.urllist import UrlList
    from gui_crawler.records.report import Records

# A plain crawl never reads a URL list, writes an audit, a CSV or a summary document: their
# modules are imported where they are used (measured at load 5, with the regex module left out
# alike: the start's CPU 0.228 -> 0.216 s with bytecode cached, 0.315 -> 0.274 s compiled).

EXIT_OK, EXIT_BROKEN, EXIT_USAGE, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``gui-crawler crawl``: its arguments are the option table's
    (options.OPTIONS), with their ranges, defaults and the chapter's spellings."""
    p = argparse.ArgumentParser(
        prog="gui-crawler crawl",
        description="Crawl web sites headless and report every URL (the window: run gui-crawler).",
        epilog="Exit codes: 0 nothing broken, 1 broken links or the crawler's own errors found, "
        "2 usage error, "
        "3 the crawl could not run, 130 interrupted.",
    )
    arguments.add_arguments(p, "crawl")
    return p


def config_from_args(args: argparse.Namespace, roots: Sequence[str]) -> CrawlConfig:
    values = {o.name: getattr(args, o.name) for o in options.on_command("crawl") if o.in_config}
    return CrawlConfig(roots=tuple(roots), **options.config_kwargs(values)).validated()


class Report:
    """Counts the records for the seed-style report as they come (``tally()``); optionally draws
    live progress on a terminal. With ``keep`` (a crawl without a crawl file) it also keeps
    every record for the report's lists and the outputs; with a crawl file they are read from
    the file at the end (FileRecords), so memory holds counts, not records.

    A re-check's new records of the URLs it fetches again (``again``) are kept all the same,
    beside their earlier ones (``before``), for its before-and-after lines.

    The records are judged by the crawl's status rules (``judge_by``, once its options are
    known: before the first record is counted)."""

    def __init__(
        self,
        live: TextIO | None,
        keep_links: bool = False,
        notices: TextIO | None = None,
        keep_words: bool = False,
        keep: bool = True,
    ) -> None:
        self.records: list[FetchRecord] = []
        self.keep = keep
        self.rules = NO_RULES
        self.counted = Tally()
        self.before: dict[str, FetchRecord] = {}  # a re-check's: the records it replaces
        self.again: dict[str, FetchRecord] = {}  # and the records of those URLs it made
        self.live = live
        self.notices = notices  # where the crawl's Notices are printed (stderr), if anywhere
        # The seed's report never reads a page's outlinks (the crawl file has them), and on real
        # pages they are most of a record's memory; the audit report needs them (which pages
        # link to a broken URL), so they are kept only when it is asked for.
        self.keep_links = keep_links
        # The links' words: the crawl file keeps them; a crawl without one keeps them here for
        # the outputs that show them.
        self.keep_words = keep_words
        self._last_draw = 0.0

    def __call__(self, event: Event) -> None:
        if isinstance(event, FetchRecord):
            self.counted.add_one(event)
            if self.keep:
                if event.links and not self.keep_links:
                    event = event.without_links()
                elif event.words and not self.keep_words:
                    event = event.without_words()
                self.records.append(event)
            elif event.url in self.before:
                self.again[event.url] = event.without_links()
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
        elif isinstance(event, Notice) and self.notices is not None:
            if self.live is not None:
                self.live.write("\r\033[K")  # not after the live line's text
            print(f"gui-crawler: {event.text}", file=self.notices, flush=True)

    def judge_by(self, rules: StatusRules) -> None:
        """The crawl's status rules (``--accept-status``, ``--warn``), before anything is
        counted."""
        if self.counted.total:
            raise RuntimeError("the status rules are set before the first record is counted")
        self.rules = rules
        self.counted = Tally(rules=rules)

    def count_file(self, path: Path) -> None:
        """Count the records a crawl file holds already (a resumed or re-checked crawl's), but
        those a re-check replaces (``before``), from the file's counts."""
        for counted in count_records(path, self.rules):
            self.counted.add_counted(*counted)
        for rec in self.before.values():
            self.counted.add_one(rec, -1)

    def rechecked(self) -> dict[str, FetchRecord]:
        """A re-check's URLs with their records now: the new one, or for a URL not fetched
        again (a cancel; a loop's later URL its first one no longer leads to) the one it had,
        which the counts take back in place of a cancelled one."""
        now: dict[str, FetchRecord] = {}
        for url, old in self.before.items():
            new = self.again.get(url)
            if new is not None and not is_cancelled(new):
                now[url] = new
                continue
            if new is not None:
                self.counted.add_one(new, -1)
            self.counted.add_one(old)
            now[url] = old
        return now

    def tally(self) -> Tally:
        """The records counted by verdict: the summary's numbers and the exit code's."""
        return self.counted

    def of(self, v: Verdict) -> list[FetchRecord]:
        """The records of one verdict, in crawl order (of a Report that keeps them)."""
        return self.rules.group(self.records).get(v, [])

    @property
    def broken(self) -> list[FetchRecord]:
        return self.of(Verdict.BROKEN)

    def print(
        self,
        out: TextIO,
        finished: CrawlFinished,
        max_tasks: int,
        verbose: bool,
        records: Records | None = None,
    ) -> None:
        """The seed's report; the lists of URLs from ``records`` (default: those kept)."""
        if records is None:
            from gui_crawler.records.report import ListRecords

            records = ListRecords(self.records, rules=self.rules)
        tally = self.counted
        if verbose:
            for rec in records.by_url():
                print(url_line(rec), file=out)
        counts = tally.kinds.copy()
        counts["fail"] = sum(v for k, v in counts.items() if k.startswith("fail_"))
        total = tally.total
        rate = total / finished.elapsed if finished.elapsed else 0.0
        print(
            f"Finished {total} urls in {finished.elapsed:.3f} secs "
            f"(max_tasks={max_tasks}) ({rate:.1f} urls/sec)"
            + ("" if finished.reason == Reason.DONE else f" [{finished.reason}]"),
            file=out,
        )
        for kind, n in sorted(counts.items()):
            if n:
                print(f"{n:10,d} {kind}", file=out)
        if tally.html_bytes:
            print(f"{tally.html_bytes:10,d} html_bytes", file=out)
        print(f"Todo: {finished.todo}", file=out)
        print(f"Done: {finished.done}", file=out)
        print(f"Found: {tally.summary()}", file=out)
        if tally.external:
            print(f"External links checked: {tally.external}", file=out)
        # Each verdict's URLs under its own heading ("Broken: 3 — …"): those that make the exit
        # code 1 all, the others up to 50 unless verbose.
        for v in SUMMARY:
            if not tally[v]:
                continue
            words = WORDS[v]
            print(f"{words.label}: {tally[v]} — {words.title}; url, status or error, first "
                  "page linking to it", file=out)  # fmt: skip
            shown = None if verbose or v in FAILS else 50
            for rec in itertools.islice(records.by_url(v), shown):
                why = rec.exception or rec.status
                print(f"  {rec.url}  {why}  <- {rec.referrer or '(root)'}", file=out)


class FileRecords:
    """The records of a crawl file for the CLI's report and outputs (report.Records), read a
    batch at a time. ``late``: records the crawl order gives last, whatever their place in the
    file (a re-check's URLs not fetched again, as the report has always listed them)."""

    def __init__(
        self,
        path: Path,
        late: Mapping[str, FetchRecord] | None = None,
        rules: StatusRules = NO_RULES,
    ) -> None:
        self.path = path
        self.late = dict(late or {})
        self.rules = rules

    def _ordered(self, links: bool, where: str = "") -> Iterator[FetchRecord]:
        late = self.late
        rows = iter_records(self.path, where=where, links=links)
        if not late:
            yield from rows
            return
        yield from (r for r in rows if r.url not in late)
        if where:  # the late records that meet the condition
            meet = {r.url for r in iter_records(self.path, where=where, urls=late, links=False)}
        for url, rec in late.items():
            if not where or url in meet:
                yield rec if links else rec.without_links()

    def each(self, links: bool = False) -> Iterable[FetchRecord]:
        return self._ordered(links)

    def by_url(self, verdict: Verdict | None = None) -> Iterable[FetchRecord]:
        if verdict is None:
            return iter_records(self.path, "url", links=False)
        where = NOT_ANSWERED_SQL if verdict in SUMMARY else ""
        rows = iter_records(self.path, "url", where=where, links=False)
        return self.rules.of_verdict(rows, verdict)

    def find(self, urls: list[str]) -> Mapping[str, FetchRecord]:
        return {r.url: r for r in iter_records(self.path, urls=urls, links=False)}

    def answers(self, urls: list[str]) -> Mapping[str, FetchRecord]:
        rows = iter_records(self.path, urls=urls, fields=("status", "error_kind"), links=False)
        return {r.url: r for r in rows}

    def words(self) -> Iterable[tuple[str, tuple[LinkWords, ...]]]:
        return load_words(self.path)

    def unsaid(self) -> Iterable[FetchRecord]:
        return (r for r in self._ordered(True, f"NOT {HAS_WORDS}") if r.links)


def url_line(rec: FetchRecord) -> str:
    """One report line per URL, as the seed printed them."""
    if rec.exception:
        return f"{rec.url} error {rec.exception}"
    if rec.next_url:
        note = f" ({rec.note})" if rec.note else ""
        return f"{rec.url} {rec.status} redirect {rec.next_url}{note}"
    line = f"{rec.url} {rec.status} {rec.content_type} {rec.encoding} {rec.size}"
    if category(rec) == "html":
        line += f" {rec.num_new_urls}/{rec.num_urls}"
    return line


class Run:
    """One CLI crawl: its session (crawler and crawl file) and its report."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        audit = any(getattr(args, name) for name in AUDIT_OUTPUTS)
        self.report = Report(
            sys.stderr if sys.stderr.isatty() and not args.quiet else None,
            keep_links=audit,
            notices=None if args.quiet else sys.stderr,
            keep_words=bool(args.no_db and audit),
            keep=bool(args.no_db),  # else the crawl file keeps them
        )
        self.session: CrawlSession | None = None
        self.interrupted = False
        self.workers: int | None = None  # what the crawl ran with (capped by the open-file limit)

    def open_session(self, config: CrawlConfig) -> CrawlConfig:
        """Create or reopen the crawl file; a resumed crawl keeps the options it was started with
        except those ``resume_overrides`` allows."""
        args = self.args
        if args.resume or args.recheck:
            overrides = resume_overrides(args)
            try:
                if args.resume:
                    self.session = CrawlSession.resume(
                        Path(args.resume), direct=args.no_proxy, **overrides
                    )
                else:
                    self.session = CrawlSession.recheck(
                        Path(args.recheck), direct=args.no_proxy, **overrides
                    )
            except ProxyNeeded:
                proxy, no_proxy = options.option("proxy"), options.option("no_proxy")
                ways = [proxy.flag(), *(o.flag() for o in options.OPTIONS if o.fills == proxy.name)]
                raise UsageError(
                    f"this crawl was started with {proxy.flag()}, which no file keeps: give it "
                    f"again ({', '.join(ways)} or ${proxy.env}), or {no_proxy.flag()} to go on "
                    "without one"
                ) from None
            assert self.session.saved is not None and self.session.store is not None
            self.say_withheld(self.session.saved, overrides)
            if args.recheck:
                self.report.before = dict(self.session.store.replacing)
        elif args.no_db:
            self.session = CrawlSession.unsaved(config)
        else:
            self.session = CrawlSession.new(config, Path(args.db) if args.db else None)
        self.report.judge_by(StatusRules.of(self.session.config))
        if self.session.saved is not None:
            # The crawl goes on from the URLs the file has taken in (session.frontier, read as
            # the crawl starts); the report and the outputs read the records from the file.
            assert self.session.path is not None
            self.report.count_file(self.session.path)
        return self.session.config

    def say_withheld(self, saved: SavedCrawl, given: dict[str, Any]) -> None:
        """Say which credentials the saved crawl was started with that this run was not given:
        no file keeps them, and without them the site may answer 401 where it needs them."""
        flags = {options.option(name).flag() for name in given if name in options.BY_NAME}
        if self.args.no_proxy:  # gone without, as told
            flags.add(options.option("proxy").flag())
        missing = [flag for flag in saved.withheld if flag not in flags]
        if missing:
            print(
                f"gui-crawler: this crawl was started with {options.said(missing)}, which no "
                "file keeps: give them again, or the site may refuse what needs them",
                file=sys.stderr,
            )

    async def crawl(self) -> CrawlFinished:
        session = self.session
        assert session is not None
        crawler = session.start(self.report, worker_events=False)  # nothing here shows them
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
            self.workers = crawler.max_workers
            for sig in handled:
                loop.remove_signal_handler(sig)
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            session.close(finished)

    async def crawl_demo(self) -> tuple[CrawlConfig, CrawlFinished]:
        from gui_crawler.demo.site import start_demo_server

        server = await start_demo_server()
        try:
            config = self.open_session(config_from_args(self.args, [server.url]))
            return config, await self.crawl()
        finally:
            await server.close()


def resume_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """The options given with ``--resume`` that change the crawl it continues, as CrawlConfig
    fields; UsageError for those a resume does not take (the option table's ``resume``)."""
    given = arguments.given(args, build_parser())
    refused = options.resume_refuses(given)
    if refused:
        raise UsageError(
            f"{', '.join(refused)} cannot change when resuming: the crawl file keeps the options "
            f"it was started with ({options.said(options.resumable_flags())} may change)"
        )
    return options.config_kwargs(given)


class UsageError(Exception):
    pass


def print_rechecked(
    out: TextIO,
    before: dict[str, FetchRecord],
    records: Iterable[FetchRecord],
    verbose: bool,
    rules: StatusRules = NO_RULES,
) -> None:
    """'Re-checked 5 URLs: 2 fixed, 3 as before', then (``verbose``) each one's answers."""
    now = {r.url: r for r in records if r.url in before}
    fixed = [u for u in before if u in now and not rules.worth_rechecking(now[u])]
    print(
        f"Re-checked {len(before):,} URLs: {len(fixed):,} fixed, "
        f"{len(now) - len(fixed):,} still failing"
        + (f", {len(before) - len(now):,} not fetched again" if len(now) < len(before) else ""),
        file=out,
    )
    if verbose:
        for url, old in before.items():
            new = now.get(url)
            after = answer_words(new) if new is not None else "not fetched again"
            print(f"  {url}  {answer_words(old)} → {after}", file=out)


# The options that name a file this run writes: the crawl file's, then the outputs'.
CRAWL_FILES = ("db", "resume", "recheck")
OUTPUTS = ("csv", "report", "findings_csv", "broken_csv", "links_csv")
# Those of the audit (records/report.py write_audit): they read the pages' links.
AUDIT_OUTPUTS = OUTPUTS[1:]


def same_files(args: argparse.Namespace) -> list[str]:
    """Two of the files this run writes given one path: the later write would replace the
    earlier (a CSV over the crawl file). FIFOs, devices and standard streams are written, not
    replaced: two outputs may share one."""
    first: dict[str, str] = {}
    problems = []
    for name in (*CRAWL_FILES, *OUTPUTS):
        target = getattr(args, name)
        if not target or descriptor(target) is not None:
            continue
        path = os.path.realpath(target)
        if os.path.exists(path) and not os.path.isfile(path):
            continue
        flag = options.option(name).flag()
        if path in first:
            problems.append(f"{first[path]} and {flag} both name {target}: give each its own file")
        first.setdefault(path, flag)
    return problems


def read_list_arg(source: str, config: CrawlConfig) -> UrlList:
    """The URLs of ``--list``'s argument: a file, ``-`` (standard input) or a sitemap's URL."""
    from gui_crawler.crawl.urllist import ListError, fetch_list, read_list

    if source == "-":
        return read_list(sys.stdin.buffer.read(), "standard input")
    if source.startswith(("http://", "https://")):
        try:
            url = parse_address(source)
        except InvalidURL as e:  # checked before aiohttp sees it: a traceback there
            raise ListError(f"--list {e}") from None
        return asyncio.run(fetch_list(url, config))
    try:
        data = Path(source).read_bytes()
    except OSError as e:
        raise ListError(f"cannot read {source}: {e.strerror or e}") from None
    return read_list(data, source)


def listed_config(
    args: argparse.Namespace, config: CrawlConfig, parser: argparse.ArgumentParser
) -> CrawlConfig:
    """``config`` crawling ``--list``'s URLs in list mode (a usage error if they cannot be
    read)."""
    from gui_crawler.crawl.urllist import ListError

    try:
        listed = read_list_arg(args.list, config)
    except ListError as e:
        parser.error(str(e))
    if listed.note():  # said even with -q: part of the input was not used
        print(f"gui-crawler: {args.list}: {listed.note()}", file=sys.stderr)
    return replace(config, roots=tuple(listed.urls), list_mode=True).validated()


def render_problem(args: argparse.Namespace, config: CrawlConfig) -> str | None:
    """Why the crawl cannot render pages as asked (no browser, no Playwright), in one line; the
    crawl a resume or a re-check continues renders as it was started (or as ``--browser`` says)."""
    from gui_crawler.render.browser import problem

    saved = args.resume or args.recheck
    if saved:
        try:
            config = load(Path(saved), records=False).config
        except StoreError:
            return None  # said by the resume itself
        try:
            given = resume_overrides(args)
        except UsageError:
            return None  # said by the resume itself
        config = replace(config, **{k: v for k, v in given.items() if k == "browser"})
    return problem(config.render, config.browser)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    log = logging.StreamHandler()
    log.setFormatter(RedactingFormatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(
        level=logging.DEBUG if args.verbose > 1 else logging.WARNING, handlers=[log]
    )
    # An empty file name is a mistake (an unset variable in a script), never "no file": with a
    # URL, --resume "" would quietly start a fresh crawl, --csv "" write nothing.
    for problem in arguments.usage_problems(args, "crawl"):
        parser.error(problem)
    starts = [bool(args.roots), args.demo, bool(args.resume), bool(args.list), bool(args.recheck)]
    if starts.count(True) != 1:
        parser.error("give one or more URLs, --demo, --list FILE, --resume FILE or --recheck FILE")
    for problem in options.conflicts(arguments.given(args, parser)) + same_files(args):
        parser.error(problem)
    try:
        secrets.resolve(args)
    except secrets.SecretError as e:
        parser.error(str(e))
    try:
        config = config_from_args(args, args.roots or ["http://127.0.0.1/"])
        if args.list:
            config = listed_config(args, config, parser)
    except ConfigError as e:
        parser.error(e.flagged())
    if accel.MISSING and not args.quiet:
        print(f"gui-crawler: {accel.describe()}", file=sys.stderr)
    # A folder a person typed must exist, for the crawl file as for an output: a mistyped one is
    # refused now, not made (nor found missing after the crawl).
    for target in (args.db, *(getattr(args, name) for name in OUTPUTS)):
        if target and (why := why_unwritable(target)):
            print(f"gui-crawler: cannot write {target}: {why}", file=sys.stderr)
            return EXIT_USAGE
    if why := render_problem(args, config):
        print(f"gui-crawler: {why}", file=sys.stderr)
        return EXIT_USAGE
    raise_fd_limit()
    run = Run(args)
    if args.cluster:
        return crawl_on_cluster(run, args, config, parser)
    # What is alive now (modules, options, the parser's tables) outlives the crawl: frozen, it is
    # no full collection's work. The Rust docs' crawl had one, 0.1 s of the loop's thread.
    gc.freeze()
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
    finally:
        gc.unfreeze()  # a caller's later collections see it all again (main runs in tests)
    return report(run, args, config, finished)


def report(run: Run, args: argparse.Namespace, config: CrawlConfig, finished: CrawlFinished) -> int:
    """``finish`` the run; exit 3 when its crawl file cannot be read back for the report."""
    try:
        return finish(run, args, config, finished)
    except StoreError as e:
        print(f"gui-crawler: {e}", file=sys.stderr)
        return EXIT_ERROR


def crawl_on_cluster(
    run: Run, args: argparse.Namespace, config: CrawlConfig, parser: argparse.ArgumentParser
) -> int:
    """``--cluster``: the crawl shared through Redis (gui_crawler/cluster), collected into this
    run's crawl file, then reported as any crawl."""
    for flag, given in (("--demo", args.demo), ("--resume", args.resume),
                        ("--recheck", args.recheck), ("--no-db", args.no_db)):  # fmt: skip
        if given:
            parser.error(f"{flag} does not go with --cluster (its crawl file collects the crawl)")
    from gui_crawler.cluster.cli import crawl_on_cluster as on_cluster
    from gui_crawler.cluster.shared import ClusterError

    try:
        config, finished = asyncio.run(on_cluster(run, args, config))
    except (ClusterError, StoreError, ConfigError) as e:
        print(f"gui-crawler: {e}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return report(run, args, config, finished)


def finish(run: Run, args: argparse.Namespace, config: CrawlConfig, finished: CrawlFinished) -> int:
    """The report and the outputs of a crawl that ran, and the exit code. With ``--format``
    other than text, standard output holds the summary document alone (ci_summary.py), and
    the lines for a person go to standard error."""
    report, session = run.report, run.session
    now = report.rechecked()
    records: Records
    if session is not None and session.path is not None:
        # A URL a re-check did not fetch again keeps its record, listed last.
        late = {u: r for u, r in now.items() if r is report.before[u]}
        records = FileRecords(session.path, late, report.rules)
    else:
        from gui_crawler.records.report import ListRecords

        records = ListRecords(report.records, rules=report.rules)
    document = args.format != "text"
    out = sys.stderr if document else sys.stdout
    tally = report.tally()
    if document:
        pass  # the document says it, once the exit code is known
    elif args.quiet:
        print(f"Finished {tally.total} urls, {tally.summary()}", file=out)
    else:
        workers = run.workers if run.workers is not None else config.max_tasks
        report.print(out, finished, workers, verbose=args.verbose > 0, records=records)
    if report.before:
        print_rechecked(out, report.before, now.values(), not args.quiet, report.rules)
    code = write_outputs(run, args, config, records, out)
    if code is None:
        if run.interrupted:
            code = EXIT_INTERRUPTED
        elif finished.reason.startswith("error"):
            code = EXIT_ERROR
        else:
            code = EXIT_BROKEN if tally.fails else EXIT_OK
    if document:
        from gui_crawler.records.ci_summary import WRITERS, Summary, gather, listed_verdicts

        path = session.path if session is not None else None
        listed = gather(records, listed_verdicts(args.quiet, args.verbose > 0))
        file = str(path) if path is not None else None
        summary = Summary(config.roots, finished, tally, code, file, listed, config.checks)
        sys.stdout.write(WRITERS[args.format](summary))
        sys.stdout.flush()
    return code


def write_outputs(
    run: Run, args: argparse.Namespace, config: CrawlConfig, records: Records, out: TextIO
) -> int | None:
    """The crawl file's state and the output files; EXIT_ERROR if one of them failed (said on
    standard error), else None."""
    session = run.session
    exit_error = False
    if session is not None and session.store is not None and session.store_error:
        lost = session.store.unsaved
        print(
            f"gui-crawler: {session.store_error}; the crawl was stopped"
            + (f"; {lost:,} of its records are not in the file (a resume fetches their URLs "
               "again), nor in the outputs made from it" if lost else ""),
            file=sys.stderr,
        )  # fmt: skip
        exit_error = True
    elif session is not None and session.path is not None and not args.quiet:
        print(f"Crawl file: {session.path} (continue it with --resume)", file=out)
    if args.csv:  # also after a store error: the CSV may well be on a healthy disk
        from gui_crawler.records.report import write_pages_csv

        try:
            n = write_pages_csv(args.csv, records, config)
        except OSError as e:
            print(f"gui-crawler: cannot write {args.csv}: {e.strerror or e}", file=sys.stderr)
            return EXIT_ERROR
        if not args.quiet:
            print(f"Wrote {n} rows to {os.path.abspath(args.csv)}", file=out)
    if any(getattr(args, name) for name in AUDIT_OUTPUTS):
        from gui_crawler.records.report import write_audit

        exit_error = write_audit(args, records, config, out) or exit_error
    return EXIT_ERROR if exit_error else None
