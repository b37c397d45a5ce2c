"""The commands of a crawl on many machines:

* ``gui-crawler crawl URL … --cluster redis://HOST:PORT/DB`` (``crawl_on_cluster``) starts or
  continues the crawl there, works on it as one node, collects every node's records into its
  crawl file, and when the frontier is empty writes its report and outputs as any crawl does;
* ``gui-crawler cluster work redis://…`` joins it as one more node (``--workers N``, ``--render
  all`` and the other rendering options: this node's own; its own crawl file of what it
  fetched);
* ``gui-crawler cluster status redis://…`` prints its progress per node;
* ``gui-crawler cluster cancel redis://…`` stops every node.

A Redis URL that is not one, or a server that cannot be reached, is said in one line (exit 3);
its password is never said (address.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from gui_crawler import options
from gui_crawler.cluster.address import AddressError, RedisAddress
from gui_crawler.cluster.collector import Collector
from gui_crawler.cluster.node import ClusterNode, node_config
from gui_crawler.cluster.run import notices, work_and_collect
from gui_crawler.cluster.shared import (
    LEASE,
    ClusterError,
    SharedCrawl,
    connect,
    connection_errors,
    crawl_id_of,
)
from gui_crawler.cluster.status import status_lines
from gui_crawler.config import ConfigError, CrawlConfig
from gui_crawler.events import CrawlFinished, Progress
from gui_crawler.records.verdicts import StatusRules
from gui_crawler.render.browser import problem
from gui_crawler.storage import CrawlStore, StoreError, default_path

EXIT_OK, EXIT_USAGE, EXIT_ERROR, EXIT_INTERRUPTED = 0, 2, 3, 130
# The options a node may have of its own: how many workers, credentials (kept in no file and
# not in Redis: each node is given them), and JavaScript rendering (a machine with a browser
# and the cores for it renders the pages it fetches; --browser says where its Chromium is).
NODE_OPTIONS = (
    *("headers", "cookies", "auth", "proxy"),
    *("render", "render_match", "render_timeout", "render_tabs", "browser"),
)


def _address(text: str) -> RedisAddress:
    try:
        return RedisAddress.parse(text)
    except AddressError as e:
        raise ClusterError(str(e)) from None


class NoCrawl(ClusterError):
    """The server holds no crawl (of that id)."""


# Seconds between two looks of a node waiting for a crawl to start.
WAIT_FOR_CRAWL = 0.5


async def _find(client: Any, crawl_id: str | None, address: RedisAddress) -> SharedCrawl:
    """The crawl ``crawl_id``, or the one crawl on the server when none is named."""
    if crawl_id is None:
        crawls = await SharedCrawl.listed(client)
        if not crawls:
            raise NoCrawl(f"no crawl at {address}: start one with gui-crawler crawl URL --cluster")
        if len(crawls) > 1:
            named = ", ".join(sorted(crawls))
            raise ClusterError(
                f"{len(crawls)} crawls at {address} ({named}): name one with --crawl ID"
            )
        crawl_id = next(iter(crawls))
    shared = await SharedCrawl.open(client, crawl_id)
    if shared is None:
        raise NoCrawl(f"no crawl {crawl_id} at {address}")
    return shared


async def _wait_for(
    client: Any, crawl_id: str | None, address: RedisAddress, quiet: bool, redis_wait: float
) -> SharedCrawl:
    """The crawl to work on, waiting for it to start: nodes may be started first. A Redis that
    cannot be reached meanwhile is waited for, ``redis_wait`` seconds at most."""
    said = False
    loop = asyncio.get_running_loop()
    answered = loop.time()
    while True:
        try:
            shared = await _find(client, crawl_id, address)
            running = await shared.state() == "running"
        except NoCrawl:
            if not said and not quiet:
                print(f"Waiting for a crawl to start at {address}…", file=sys.stderr, flush=True)
            said = True
            answered = loop.time()
            await asyncio.sleep(WAIT_FOR_CRAWL)
            continue
        except connection_errors() as e:
            if loop.time() - answered >= redis_wait:
                why = address.hide(str(e) or type(e).__name__)
                raise ClusterError(
                    f"Redis at {address} could not be reached for {redis_wait:g} s ({why}): "
                    "this node stops"
                ) from None
            await asyncio.sleep(WAIT_FOR_CRAWL)
            continue
        if running:
            return shared
        answered = loop.time()
        await asyncio.sleep(WAIT_FOR_CRAWL)


@contextlib.asynccontextmanager
async def _redis(text: str) -> AsyncIterator[tuple[RedisAddress, Any]]:
    """The checked address of a Redis URL and a client whose server answered; closed after."""
    address = _address(text)
    client = await connect(address)
    try:
        yield address, client
    finally:
        await client.aclose()


def _on_signals(handler: Callable[[], None]) -> Callable[[], None]:
    """SIGINT and SIGTERM call ``handler`` on the loop; returns the undo."""
    loop = asyncio.get_running_loop()
    handled = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, handler)
            handled.append(sig)

    def undo() -> None:
        for sig in handled:
            loop.remove_signal_handler(sig)

    return undo


# ---- gui-crawler crawl --cluster ---------------------------------------------------------------


async def crawl_on_cluster(
    run: Any, args: argparse.Namespace, config: CrawlConfig
) -> tuple[CrawlConfig, CrawlFinished]:
    """``gui-crawler crawl … --cluster``: ``run`` (cli.headless.Run) gets the crawl file's
    session and every record in its report; returns the crawl's options and how it ended."""
    from gui_crawler.session import CrawlSession

    async with _redis(args.cluster) as (address, client):
        path = Path(args.db) if args.db else default_path(config.roots[0])
        shared, mine = await start_here(client, address, args.cluster_id, config, path, args.lease)
        run.report.judge_by(StatusRules.of(shared.config))
        store = _collected_file(path, shared, run)
        run.session = CrawlSession(shared.config, store)
        finished = await _work_and_collect(run, shared, mine, store, address, args.redis_wait)
        return shared.config, finished


async def start_here(
    client: Any,
    address: RedisAddress,
    crawl_id: str | None,
    config: CrawlConfig,
    path: Path,
    lease: float = LEASE,
) -> tuple[SharedCrawl, CrawlConfig]:
    """Start the crawl of ``config``'s roots as ``crawl_id`` (None: named after them) from this
    machine, whose crawl file ``path`` collects it, or continue it (a finished one of that id
    is started afresh); returns it, and this node's options (its workers, its credentials)."""
    crawl_id = crawl_id or crawl_id_of(config.roots)
    shared = await SharedCrawl.open(client, crawl_id)
    if shared is not None and await shared.state() == "finished":
        await shared.forget()  # collected already: this is a new crawl of the same roots
        shared = None
    if shared is None:
        shared = await SharedCrawl.create(client, crawl_id, config, lease)
    if shared is None:  # made by another machine in between
        shared = await _find(client, crawl_id, address)
    elif shared.config.roots != config.roots:
        raise ClusterError(
            f"the crawl {crawl_id} at {address} has other roots "
            f"({' '.join(shared.config.roots)}): give another --cluster-id"
        )
    if await shared.state() == "cancelled":
        await shared.set_state("running")
    mine = node_config(
        shared, max_tasks=config.max_tasks, **{k: getattr(config, k) for k in NODE_OPTIONS}
    )
    await client.set(
        shared.key("file"), json.dumps({"machine": socket.gethostname(), "path": str(path)})
    )
    return shared, mine


def _collected_file(path: Path, shared: SharedCrawl, run: Any) -> CrawlStore:
    """The crawl file every record is collected into: continued if it exists, else new."""
    if path.exists():
        store, _ = CrawlStore.open(path)
        run.report.count_file(path)
        return store
    return CrawlStore.create(path, shared.config)


async def _work_and_collect(
    run: Any,
    shared: SharedCrawl,
    config: CrawlConfig,
    store: CrawlStore,
    address: RedisAddress,
    redis_wait: float,
) -> CrawlFinished:
    report = run.report
    node = ClusterNode(
        shared, config, sink=notices(report), hide=address.hide, redis_wait=redis_wait
    )
    collector = Collector(shared, store, report)
    loop = asyncio.get_running_loop()
    t0 = loop.time()

    def interrupted() -> None:
        run.interrupted = True
        node.cancel()

    undo = _on_signals(interrupted)
    live = loop.create_task(_live_progress(shared, report, node, t0))
    try:
        finished = await work_and_collect(shared, node, collector, store)
    finally:
        undo()
        live.cancel()
        await asyncio.gather(live, return_exceptions=True)
        run.workers = config.max_tasks
    store.close(finished.reason)
    taken = finished.done + finished.todo
    report(Progress(0, 0, collector.collected, taken, 0, 0, False, loop.time() - t0))
    return finished


async def _live_progress(shared: SharedCrawl, report: Any, node: ClusterNode, t0: float) -> None:
    """The report's live line from the whole crawl's counts."""
    if report.live is None:
        return
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(0.5)
        with contextlib.suppress(*connection_errors()):
            c = await shared.counts()
            workers = node.config.max_tasks
            report(Progress(c["queued"], c["held"], c["collected"], c["taken"], workers,
                            c["held"], False, loop.time() - t0))  # fmt: skip


# ---- gui-crawler cluster … ---------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gui-crawler cluster",
        description="Work on a crawl shared through Redis (started with gui-crawler crawl URL "
        "--cluster redis://HOST:PORT/DB), see its progress, or cancel it.",
        epilog="Exit codes: 0 done, 2 usage error, 3 Redis cannot be used or the crawl file "
        "not written, 130 interrupted.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    work = sub.add_parser(
        "work", help="join the crawl as one more node until it is done (waiting for it to start)"
    )
    status = sub.add_parser("status", help="print the crawl's progress, one line per node")
    cancel = sub.add_parser(
        "cancel", help="stop every node of the crawl (continue it with crawl --cluster)"
    )
    for each in (work, status, cancel):
        each.add_argument("redis", metavar="redis://HOST:PORT/DB", help="the Redis server")
        each.add_argument(
            "--crawl", metavar="ID", help="the crawl's name there (needed when it holds several)"
        )
    workers = options.option("max_tasks")
    work.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help=f"{workers.help} on this node (default: the crawl's, {workers.range_text()})",
    )
    work.add_argument(
        "--db", metavar="FILE",
        help="this node's crawl file of what it fetched (default: a new one in the data folder)",
    )  # fmt: skip
    work.add_argument("--no-db", action="store_true", help="keep no crawl file on this node")
    wait = options.option("redis_wait")
    work.add_argument(*wait.flags, type=float, default=wait.default, metavar=wait.metavar,
                      help=f"{wait.help} (default {wait.default:g} s)")  # fmt: skip
    for name in NODE_OPTIONS:
        opt = options.option(name)
        kw: dict[str, Any] = {"dest": name, "metavar": opt.metavar, "help": opt.help}
        if opt.kind == "lines":
            kw["action"] = "append"
        elif opt.kind in ("int", "float"):
            kw["type"] = int if opt.kind == "int" else float
        if opt.choices:
            kw["choices"] = opt.values()
        work.add_argument(*opt.flags, **kw)
    work.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
    status.add_argument(
        "--watch", type=float, metavar="S", help="print it again every S seconds until it is over"
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if getattr(args, "workers", None) is not None and not workers_ok(args.workers):
        parser.error(f"--workers must be between 1 and 100,000, not {args.workers}")
    if getattr(args, "redis_wait", None) is not None:
        problem = options.option("redis_wait").problem(args.redis_wait)
        if problem is not None:
            parser.error(f"--redis-wait: {problem}")
    command = {"work": _work, "status": _status, "cancel": _cancel}[args.command]
    try:
        return asyncio.run(command(args))
    except ClusterError as e:
        print(f"gui-crawler: {e}", file=sys.stderr)
        return EXIT_ERROR
    except (StoreError, ConfigError) as e:
        print(f"gui-crawler: {e}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def workers_ok(n: int) -> bool:
    return options.option("max_tasks").problem(n) is None


async def _work(args: argparse.Namespace) -> int:
    async with _redis(args.redis) as (address, client):
        return await _work_on(args, address, client)


async def _work_on(args: argparse.Namespace, address: RedisAddress, client: Any) -> int:
    store = None
    try:
        shared = await _wait_for(client, args.crawl, address, args.quiet, args.redis_wait)
        overrides: dict[str, Any] = {"max_tasks": args.workers}
        for name in NODE_OPTIONS:
            value = getattr(args, name)
            overrides[name] = tuple(value) if isinstance(value, list) else value
        try:
            config = node_config(shared, **overrides)
        except ConfigError as e:
            raise ClusterError(str(e)) from None
        if why := problem(config.render, config.browser):
            print(f"gui-crawler: {why}", file=sys.stderr)
            return EXIT_USAGE
        if not args.no_db:
            path = Path(args.db) if args.db else default_path(shared.config.roots[0])
            store = CrawlStore.create(path, config)
        node = ClusterNode(
            shared, config, store=store, hide=address.hide, redis_wait=args.redis_wait
        )
        undo = _on_signals(node.cancel)
        try:
            finished = await node.run()
        finally:
            undo()
        if not args.quiet:
            print(
                f"Node {node.name}: {node.recorded:,} URLs recorded for the crawl {shared.id} "
                f"({finished.reason})" + (f"; crawl file {store.path}" if store else "")
            )
        if node.gone:
            print(f"gui-crawler: {node.gone} at {address}: this node stops", file=sys.stderr)
            return EXIT_ERROR
        return EXIT_INTERRUPTED if node.cancelled and node.crawl_state == "running" else EXIT_OK
    finally:
        if store is not None:
            store.close("finished")


async def _status(args: argparse.Namespace) -> int:
    async with _redis(args.redis) as (address, client):
        shared = await _find(client, args.crawl, address)
        while True:
            print("\n".join(await status_lines(shared, str(address))), flush=True)
            if not args.watch or await shared.state() in ("finished", "gone"):
                return EXIT_OK
            await asyncio.sleep(args.watch)
            print(time.strftime("%H:%M:%S"))


async def _cancel(args: argparse.Namespace) -> int:
    async with _redis(args.redis) as (address, client):
        shared = await _find(client, args.crawl, address)
        await shared.set_state("cancelled")
        print(f"Crawl {shared.id} at {address}: cancelled (its nodes stop within a second)")
        return EXIT_OK
