"""gui_crawler: a desktop web crawler you can watch, and the headless asyncio engine under it.

Two layers, and imports go one way only:

* The engine side imports no Qt: ``engine`` (asyncio + aiohttp workers) reports every outcome as
  an immutable event (``events``) to one sink; ``session`` owns a crawl's lifecycle and its crawl
  file (``store``); ``cli`` is the headless command. It runs and is tested without a display.
* The Qt side (the modules named in ``QT_SIDE``) shows a crawl: ``bridge`` buffers the engine's
  events and hands them to the Qt models in batches, the window drives the engine with plain
  method calls (start, pause, cancel, workers). ``qtloop`` merges asyncio into Qt's event loop.

tests/test_layers.py imports every module that is not in ``QT_SIDE`` in a fresh interpreter and
checks that neither PySide6 nor qasync came with it: a new Qt module must be named here.
"""

__version__ = "0.1.0"

QT_SIDE = frozenset(
    {
        "app",
        "bridge",
        "charts",
        "details",
        "hosts_model",
        "link_models",
        "models",
        "option_fields",
        "overview",
        "plaintext",
        "politeness_panel",
        "qtloop",
        "quiet_table",
        "recent_dialog",
        "results",
        "settings_panel",
        "timeline",
        "timeline_model",
        "tree_model",
        "views",
        "window",
        "workers_model",
    }
)
