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
* ``access``: the headers, cookies, basic authentication and proxy of a site behind a login;
* ``bodies``: how many bytes of big page bodies the crawl holds at once;
* ``chains``: redirect chains held until they end (a loop is broken at every URL in it);
* ``urllist``: a list of URLs to check (list mode), pasted or read from a file or sitemap.
"""
