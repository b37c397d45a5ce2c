"""A crawl written to a crawl file by hand, for the tests of what the file keeps and reopens:
``crawl_to(config, store)`` runs the crawl to its end into ``store``, closes the file and returns
the records (``seen``/``pending`` resume one); ``as_format_5`` rewrites its links as files
before format 6 kept them."""

from __future__ import annotations

import sqlite3

from gui_crawler.config import CrawlConfig
from gui_crawler.engine import Crawler
from gui_crawler.events import Event, FetchRecord
from gui_crawler.storage import CrawlStore


async def crawl_to(config: CrawlConfig, store: CrawlStore, **kw: object) -> list[FetchRecord]:
    seen: list[FetchRecord] = []

    def sink(e: Event) -> None:
        store.sink(e)
        if isinstance(e, FetchRecord):
            seen.append(e)

    await Crawler(config, sink, **kw).run()  # type: ignore[arg-type]
    store.close("finished")
    return seen


def as_format_5(db: sqlite3.Connection) -> list[tuple[int, tuple[str, ...]]]:
    """Each record's links packed in its links column, as crawl files of formats 3 to 5 kept
    them (format 6 keeps a page's in its words), the words left out; and (seq, links) of each."""
    from gui_crawler.parsing import accel
    from gui_crawler.parsing.linkwords import blob_links
    from gui_crawler.storage.fileformat import LINKS_IN_WORDS

    out = []
    for seq, links, words in db.execute("SELECT seq, links, words FROM records ORDER BY seq"):
        kept = blob_links(words) if links == LINKS_IN_WORDS else accel.linkpack.unpack(links or b"")
        db.execute(
            "UPDATE records SET links=?, words='' WHERE seq=?",
            (accel.linkpack.pack(kept) if kept else "", seq),
        )
        out.append((seq, kept))
    return out
