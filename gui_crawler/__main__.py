"""``gui-crawler crawl …`` runs headless; ``gui-crawler cluster work|status|cancel redis://…``
works on (or shows) a crawl shared through Redis; ``gui-crawler compare OLD NEW`` compares two
crawl files; ``gui-crawler --install-desktop`` (``--uninstall-desktop``) adds (removes) the menu
entry and icon for the person running it; anything else opens the window."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "crawl":
        from gui_crawler.cli.headless import main as cli_main

        return cli_main(args[1:])
    if args and args[0] == "cluster":
        from gui_crawler.cluster.cli import main as cluster_main

        return cluster_main(args[1:])
    if args and args[0] == "compare":
        from gui_crawler.cli.compare import main as compare_main

        return compare_main(args[1:])
    if args and args[0] in ("--install-desktop", "--uninstall-desktop"):
        from gui_crawler.cli.desktop import main as desktop_main

        return desktop_main(args)
    from gui_crawler.ui.app import main as app_main

    return app_main(args)


if __name__ == "__main__":
    sys.exit(main())
