"""How an audit holds what its findings flag: each thing one finding flags with its evidence
(``Listing``), and URLs grouped by a text they share (``Groups``: duplicate titles,
descriptions, contents). Plain containers, kept lean: at a million pages they are most of an
audit's memory."""

from __future__ import annotations

from gui_crawler.records.findings import Item


class Listing:
    """The things one finding flags: each one's URL, other end and evidence, in three lists; and
    its URLs, each once (``urls``: the audit's list of the finding's URLs). ``apart``: a URL's
    things may come apart (an image on several pages, a check settled when its target comes),
    so the URLs listed are kept in a set too; else they come together, one URL after another."""

    __slots__ = ("details", "listed", "sources", "targets", "urls")

    def __init__(self, urls: list[str], apart: bool) -> None:
        self.urls = urls
        self.targets: list[str] = []
        self.sources: list[str] = []
        self.details: list[str] = []
        self.listed: set[str] | None = set() if apart else None

    def add(self, url: str, source: str, detail: str) -> None:
        self.targets.append(url)
        self.sources.append(source)
        self.details.append(detail)
        if self.listed is None:
            if not self.urls or self.urls[-1] != url:
                self.urls.append(url)
        elif url not in self.listed:
            self.listed.add(url)
            self.urls.append(url)

    def items(self) -> list[Item]:
        return list(map(Item, self.targets, self.sources, self.details))


class Groups:
    """URLs grouped by a text they share (a title, a description, a content hash), groups in
    the order their text first came. A text is kept as its hash() and a URL alone as itself,
    a list only from the second: at a million pages the texts and the one-URL lists were most
    of the audit's memory. Two texts of one hash would group together: about n^2/2^65 odds
    (one in ~37 million audits of a million pages)."""

    __slots__ = ("_by", "count")

    def __init__(self) -> None:
        self._by: dict[int, str | list[str]] = {}
        self.count = 0  # URLs in groups of two or more: len(shared()), kept as they come

    def add(self, text: str, url: str) -> None:
        key = hash(text)
        got = self._by.get(key)
        if got is None:
            self._by[key] = url
        elif type(got) is str:
            self._by[key] = [got, url]
            self.count += 2
        else:
            got.append(url)  # type: ignore[union-attr]
            self.count += 1

    def shared(self) -> list[str]:
        """The URLs of every group of two or more, group by group."""
        return [url for urls in self.groups() for url in urls]

    def groups(self) -> list[list[str]]:
        """Every group of two or more URLs, in the order their text first came."""
        return [urls for urls in self._by.values() if type(urls) is list]
