"""The built-in demo site: a generated company website served on loopback, so that a first run,
the tests and the benchmarks work offline and meet every case a crawler must handle. No Qt here,
and nothing of the crawler: it is a web site, not a part of the crawl.

* ``site``: the pages (a pure function of a seed, with ``expected_site`` as ground truth) and the
  aiohttp server; ``python -m gui_crawler.demo`` serves it until interrupted.
"""
