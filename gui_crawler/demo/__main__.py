"""``python -m gui_crawler.demo [--port N] [--seed N] [--latency-scale X]``: serve the demo site."""

from gui_crawler.demo.site import main

if __name__ == "__main__":  # imported (tests/test_layers.py imports every module): nothing runs
    main()
