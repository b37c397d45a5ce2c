"""The base layer: plain utilities every other layer may use, importing nothing else of
gui_crawler. No Qt, no I/O of their own.

* ``urls``: normalising, joining and scoping URLs, the address bar's parsing (pure functions,
  memoised: joining every href is the crawler's hottest path);
* ``heap``: glibc's malloc set up for a crawl's threads, and its free memory handed back;
* ``escapes``: text holding bytes that were not UTF-8 (a Latin-1 header's) as ``\\xNN``;
* ``headertext``: the headers a record keeps, read back as (name, value) pairs.
* ``translate``: sentences for people marked for translation, said as written until the window
  installs its language.
"""
