"""Reading what rendering changed on a page (``FetchRecord.render``, the JSON
gui_crawler/render/rendered.py writes: its keys are listed there). No Qt here."""

from __future__ import annotations

import json
from typing import Any


def detail(render: str) -> dict[str, Any]:
    """A record's ``render`` JSON read back ({} for none, or for a damaged one)."""
    if not render:
        return {}
    try:
        value = json.loads(render)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def noindex_after(render: str) -> bool:
    """Whether the page says noindex only once rendered (its robots changed to include it)."""
    changed = detail(render).get("changed", {}).get("robots")
    if not isinstance(changed, list) or len(changed) != 2:
        return False
    before, after = (str(v or "") for v in changed)
    return "noindex" in after and "noindex" not in before
