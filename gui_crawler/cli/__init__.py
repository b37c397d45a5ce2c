"""The command line: ``gui-crawler`` dispatches here (``gui_crawler.__main__``). No Qt here.

* ``headless``: ``gui-crawler crawl ...``, the headless crawler and its report;
* ``secrets``: its credentials from files and environment variables (out of sight of ``ps``);
* ``desktop``: ``gui-crawler --install-desktop`` and ``--uninstall-desktop``, the menu entry and icon.
"""
