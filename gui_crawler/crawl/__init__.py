"""The crawl: everything the engine (``gui_crawler.engine``) works with while it fetches. No Qt here.

* ``frontier``: the URLs waiting to be fetched, those held for another try, and what is left for a
  crawl file to resume;
* ``seen`` and ``spill``: the frontier's seen URLs as 64-bit fingerprints, and its queue past the
  part kept in memory, in a temporary file;
* ``hosts``: each host's state, its per-host limit and request rate (``HostTable``);
* ``politeness``: robots.txt, sitemaps, per-host limits and back-off put together for a crawl;
* ``robots`` and ``sitemaps``: reading robots.txt and sitemap files, from the crawl's own hosts only;
* ``phases``: where each request's time went (lookup, connect, wait, transfer);
* ``failures``: what a failed try says, and whether it is worth another;
* ``headers``: a response's headers as a record keeps them (bounded, secrets left out);
* ``urls``: normalising, joining and scoping URLs, the address bar's parsing;
* ``demo``: the built-in demo site, served on loopback (``python -m gui_crawler.crawl.demo``).
"""
