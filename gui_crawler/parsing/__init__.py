"""Parsing a fetched page: its links and its audit fields. No Qt here.

* ``links``: a page's links and facts read from its body (``parse_page``);
* ``pagefacts``: the audit fields of a page (title, description, headings, canonical, ...);
* ``linkwords``: a page's links with their words (anchor text, alt, rel, element), packed and
  compressed as the walk packs them on the parser thread, and read back (``blob_links``,
  ``said_words``) when a view or an output asks;
* ``slicing``: a huge page cut into pieces that parse alone;
* ``parsepool``: parsing in worker processes (its functions are imported by name there);
* ``accel``: the one place that chooses between each compiled part and its pure-Python twin;
* ``noext``: what ``GUI_CRAWLER_NO_EXTENSIONS`` turns off, read by ``accel`` and by setup.py;
* the compiled parts, built by setup.py where a C compiler exists: ``_pagewalk`` (``_pagewalk.c``,
  ``_walkers.c``, ``_blake2b.c``, over lexbor vendored in third_party/lexbor) and ``_linkpack``
  (``_linkpack.c``), typed by their ``.pyi`` stubs; their pure-Python twins ``_pagewalk_py`` and
  ``_linkpack_py`` are the specification.
"""
