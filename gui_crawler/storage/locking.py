"""Which crawl writes a crawl file: the writer holds an exclusive lock on ``<file>-lock`` beside it
(``gui_crawler.storage.lockfile``), which it removes as it lets go; a reader takes it shared to check that
no crawl writes the file. No Qt here."""

from __future__ import annotations

import contextlib
from pathlib import Path

from gui_crawler.base.translate import STORE, translate
from gui_crawler.storage import lockfile
from gui_crawler.storage.errors import StoreError


def lock(path: Path, exclusive: bool) -> lockfile.Held:
    """The lock on the crawl file ``path``: exclusive for a crawl writing it, shared to check that
    none is. A shared one raises FileNotFoundError when no crawl has the file open; StoreError
    when another crawl holds it."""
    try:
        return lockfile.lock(Path(f"{path}-lock"), exclusive=exclusive)
    except lockfile.InUse:
        raise StoreError(
            translate(STORE, "{path} is in use by another crawl").format(path=path)
        ) from None


def check_not_in_use(path: Path) -> None:
    """Raise StoreError if a crawl is writing ``path`` now."""
    with contextlib.suppress(FileNotFoundError, IsADirectoryError, PermissionError):
        lock(path, exclusive=False).release()
