"""The demo site's stable port: a saved demo crawl can be continued after the next launch."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

from gui_crawler.demo import start_demo_on_stable_port


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_demo_takes_its_stable_port_and_falls_back_when_busy(
    run: Callable[..., Any],
) -> None:
    port = free_port()
    first = run(start_demo_on_stable_port(port=port, latency_scale=0))
    try:
        assert first.url == f"http://127.0.0.1:{port}/"
        second = run(start_demo_on_stable_port(port=port, latency_scale=0))  # the port is busy
        try:
            assert second.url != first.url and second.url.startswith("http://127.0.0.1:")
        finally:
            run(second.close())
    finally:
        run(first.close())
