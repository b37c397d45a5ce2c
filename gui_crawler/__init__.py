"""gui_crawler: a desktop web crawler you can watch, and the headless asyncio engine under it.

Two layers, and imports go one way only: the engine side imports no Qt, the window's side shows a
crawl and drives the engine with plain method calls (start, pause, cancel, workers).

At the top, shared by every layer or required by name:

* ``engine``: the asyncio + aiohttp workers; every outcome is an immutable event (``events``) sent
  to one sink;
* ``events``, ``config``, ``options``: the events, a crawl's settings and the one table of options
  (``python -m gui_crawler.options --markdown`` prints it);
* ``window`` and ``models``: the main window and its item models (Qt);
* ``__main__``: the ``gui-crawler`` command.

The packages, one layer each:

* ``crawl``: what the engine works with: frontier, hosts, politeness, robots, sitemaps, phases,
  failures, urls, and the demo site;
* ``parsing``: a page's links and audit fields: links, pagefacts, slicing, parsepool, and the
  compiled parts with their pure-Python twins, chosen by ``parsing.accel``;
* ``storage``: crash-safe crawl files (fileformat, writer, checkpoint, locking, lockfile), the
  crawl's session, the recent crawls;
* ``records``: reading records: verdicts, wording, columns, filters, exports, audit, anchors,
  report;
* ``cli``: ``gui-crawler crawl`` (``headless``) and the desktop entry (``desktop``);
* ``ui``: the window's side: app, bridge, qtloop, models, views, timeline, settings.

Only ``ui``, ``window`` and ``models`` import Qt; everything else runs and is tested without a
display. tests/test_layers.py checks it over the packages, in a fresh interpreter.
"""

__version__ = "0.1.0"
