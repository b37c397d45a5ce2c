"""gui_crawler: a desktop web crawler you can watch, and the headless asyncio engine under it.

Layers, and imports go down them only (tests/test_layers.py holds the order, and that no module
imports itself through others): the engine side imports no Qt, the window's side shows a crawl
and drives the engine with plain method calls (start, pause, cancel, workers).

At the top, shared by every layer or required by name:

* ``events``, ``options``, ``config``: the events the engine sends, the one table of options
  (``python -m gui_crawler.cli.readme`` prints it as the README shows it), a crawl's settings;
* ``engine``: the asyncio + aiohttp workers; every outcome is an immutable event sent to one sink;
* ``session``: one crawl's lifecycle, the service the CLI and the window share (the engine and
  its crawl file together);
* ``window`` and ``models``: the main window and the pages table's model (Qt);
* ``__main__``: the ``gui-crawler`` command.

The packages, one layer each:

* ``base``: plain utilities every layer may use: urls, heap;
* ``parsing``: a page's links and audit fields: links, pagefacts, slicing, parsepool, and the
  compiled parts with their pure-Python twins, chosen by ``parsing.accel``;
* ``crawl``: what the engine works with: frontier, hosts, politeness, robots, sitemaps, phases,
  failures, list mode;
* ``records``: reading records: verdicts, wording, columns, filters, exports, audit, anchors,
  report;
* ``storage``: crash-safe crawl files (fileformat, writer, checkpoint, locking, lockfile), the
  recent crawls, the window's reads of a file;
* ``demo``: the built-in demo web site;
* ``cli``: ``gui-crawler crawl`` (``headless``), ``compare`` and the desktop entry (``desktop``);
* ``ui``: the window's side: app, bridge, controller, qtloop, models, views, timeline, settings.

Only ``ui``, ``window`` and ``models`` import Qt; everything else runs and is tested without a
display. docs/layout.md says what each package and module is for.
"""

__version__ = "0.1.0"
