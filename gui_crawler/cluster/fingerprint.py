"""A URL's 64-bit fingerprint as every node computes it, split the way Redis keeps it.

The seen set of one machine keeps Python's ``hash()`` of each URL, salted per process; machines
sharing a crawl need one fingerprint for a URL whoever computes it: BLAKE2b cut to 8 bytes. The
first 2 bytes pick one of 65,536 Redis hashes (a bucket), the other 6 are the field in it. Small
hashes are stored by Redis as one packed listpack (while a hash has at most
``hash-max-listpack-entries`` fields, 128 by default): ~10 bytes a URL, where a set of 8-byte
strings costs ~56 and full URLs ~135. Two URLs of one crawl share a fingerprint with odds of about
n^2 / 2^65 for n URLs (one crawl in ~3,700 of 100 million URLs): the later one is skipped.
"""

from __future__ import annotations

from hashlib import blake2b

BUCKET_BYTES = 2  # 65,536 buckets


def fingerprint(url: str) -> tuple[str, bytes]:
    """The bucket (4 hex digits, part of its key's name) and the field of ``url``."""
    digest = blake2b(url.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return digest[:BUCKET_BYTES].hex(), digest[BUCKET_BYTES:]
