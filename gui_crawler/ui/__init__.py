"""The window's side: the only package that imports Qt (with the top-level ``window`` and ``models``).

* ``app``: the window's start-up (its command line, the display check, the qasync loop); it imports
  Qt only inside ``main()``, after ``display`` has said that a window can open;
* ``display``: whether a window can open here, checked without Qt (Qt aborts the process when its
  platform plugin cannot load);
* ``qtloop``: asyncio merged into Qt's event loop;
* ``bridge``: the engine's events buffered and handed to the models in batches;
* ``controller``: the crawl shown and its lifecycle (start, a list, continue, re-check, open,
  export), apart from the widgets; ``replay``: an opened file's records fed to the views in
  turns; ``status_bar``: the status bar's labels, showing what the controller says and counts;
  ``window_dialogs``: the window's dialogs; ``layout_state``: the window's geometry kept;
* ``results``: the models a crawl's records feed; ``roles``: what every model answers alike (its
  roles, the colour of a verdict); ``pages_proxy``: the pages table as filtered; ``tree_model``,
  ``link_models``, ``hosts_model``, ``workers_model``: the site tree, inlinks/redirects/broken
  links, the Hosts tab, the workers;
* ``views``, ``quiet_table``, ``details``, ``overview``, ``charts``: the tables, the details pane,
  the Overview tab and the charts;
* ``timeline``, ``timeline_model``, ``timeline_hosts``, ``timeline_nodes``: the timeline tab, its
  model and its lanes by host and by worker (a group per node of a cluster crawl; both plain
  Python the two share);
* ``graph_view``, ``site_graph``, ``graph_layout``: the Site graph tab, the nodes and edges it
  draws (plain Python and numpy) and their layout, computed by igraph in a process of its own
  (no Qt there);
* ``settings_panel``, ``option_boxes``, ``option_fields``, ``stored``: the settings form and its
  values stored in QSettings (``stored`` checks them one by one and needs no Qt);
* ``recent_dialog``: the recent-crawls list; ``cluster_dialog``: a crawl on many machines to watch
  or to start (File → Watch a cluster crawl…), and the question before its Cancel;
* ``list_dialog``: a list of URLs to check (list mode); ``recheck``: a re-check's answers put in
  place of the rows they replace; ``compare_dialog``, ``compare_model``: two crawls compared;
* ``menus``: the menu bar and the rows' context menu; ``response_headers``: the Details pane's
  section of a record's response headers;
* ``plaintext``: page text shown as text, never as HTML;
* ``i18n``: the window's language and its translations installed; ``translations``: the window's
  strings found in the sources for the translation files (no Qt at its top); ``tsfile``: the
  .ts files and the .qm they compile to, in plain Python (the build runs it).

tests/test_layers.py holds the rule: every module outside this package (but ``window`` and
``models``) imports without Qt, and every module here imports Qt but those it names.
"""
