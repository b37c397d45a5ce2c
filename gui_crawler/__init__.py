"""gui_crawler: a desktop web crawler you can watch, and the headless asyncio engine under it."""

__version__ = "0.1.0"
