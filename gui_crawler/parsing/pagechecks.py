"""What the audit checks on a page itself, from the same walk of its tree that finds its links (one
parse per page, raw or rendered): the words a link should not be made of, and the bounds the walk
uses. No Qt here: this runs wherever parsing runs."""

from __future__ import annotations

# The whole text of a link (ASCII case, whitespace and the punctuation or symbols around it aside)
# that says nothing of where it leads: anchor_non_descriptive. The walk (_pagewalk.c) reads this
# list when it is imported; keep it short and lower case.
NON_DESCRIPTIVE = (
    *("click here", "click", "here", "read more", "more", "learn more", "link", "this"),
    *("this page", "go", "continue", "details", "more info"),
)
# The walk lists an image's alt only when it is longer than this many characters (the lowest
# --alt-max allows): the audit then says which are longer than the threshold.
ALT_FLOOR = 50
