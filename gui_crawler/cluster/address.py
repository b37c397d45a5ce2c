"""Where a cluster crawl lives: a Redis URL, checked before anything connects, and said without
its password wherever it is said (messages, files, status lines)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote, unquote, urlsplit

SCHEMES = ("redis", "rediss", "unix")


class AddressError(ValueError):
    """A Redis URL that cannot be used; the message never holds its password."""


@dataclass(frozen=True)
class RedisAddress:
    """A checked Redis URL: ``url`` (with its password: for the client only) and ``shown``
    (the same with the password as ``***``)."""

    url: str = field(repr=False)
    shown: str
    password: str | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, text: str) -> RedisAddress:
        text = text.strip()
        try:
            parts = urlsplit(text)
            port = parts.port
        except ValueError as e:
            raise AddressError(f"not a Redis URL ({e}): {_redacted_text(text)}") from None
        if parts.scheme not in SCHEMES:
            raise AddressError(
                f"a Redis URL starts with redis://, rediss:// or unix://, not "
                f"{_redacted_text(text)!r}"
            )
        if parts.scheme != "unix" and not parts.hostname:
            raise AddressError(f"no host in the Redis URL {_redacted_text(text)}")
        db = parts.path.strip("/")
        if parts.scheme != "unix" and db and not db.isdigit():
            raise AddressError(
                f"the database of a Redis URL is a number (redis://HOST:PORT/0), not {db!r}"
            )
        del port  # checked by urlsplit: a port that is not a number raised above
        password = unquote(parts.password) if parts.password is not None else None
        return cls(text, _redacted_text(text), password)

    def __str__(self) -> str:
        return self.shown

    def hide(self, message: str) -> str:
        """``message`` with this address's password (as given, and as written in the URL)
        replaced: an error from the client may quote what it was given."""
        return redact(message, self.password, self.url, self.shown)


def redact(text: str, password: str | None, url: str | None = None, shown: str = "") -> str:
    """``text`` with the URL holding a password (``url``) said as ``shown``, and ``password``
    itself (decoded, and as the URL writes it) as ``***``."""
    if url and shown:
        text = text.replace(url, shown)
    if password:
        text = text.replace(password, "***")
        quoted = urlsplit(url).netloc.rpartition("@")[0].partition(":")[2] if url else ""
        if quoted:
            text = text.replace(quoted, "***")
    return text


def split_password(text: str) -> tuple[str, str | None]:
    """A Redis URL without its password (``user:@`` kept: what a window remembers) and the
    password (decoded; None when it has none)."""
    scheme, sep, rest = text.strip().partition("://")
    netloc, slash, path = rest.partition("/")
    userinfo, at, hostport = netloc.rpartition("@")
    if not sep or not at:
        return text.strip(), None
    user, colon, password = userinfo.partition(":")
    if not colon:  # a bare x@ is taken for a password (and said as one): never remembered
        user, password = "", user
    # A user keeps its colon: a bare ``user@`` would be taken for a password when read again.
    url = f"{scheme}://{user + ':@' if user else ''}{hostport}{slash}{path}"
    return url, unquote(password) if password else None


def with_password(text: str, password: str) -> str:
    """The Redis URL ``text`` (without a password) with ``password``, quoted as a URL needs."""
    scheme, sep, rest = text.strip().partition("://")
    if not sep or not password:
        return text.strip()
    userinfo, _, hostport = (
        rest.rpartition("@") if "@" in rest.partition("/")[0] else ("", "", rest)
    )
    user = userinfo.partition(":")[0]
    return f"{scheme}://{user}:{quote(password, safe='')}@{hostport}"


def _redacted_text(text: str) -> str:
    """A Redis URL with the password of its user-info part (``user:password@``, or a bare
    ``password@``) said as ``***``; checked or not."""
    scheme, sep, rest = text.partition("://")
    if not sep:
        return "***" if "@" in text else text
    netloc, slash, path = rest.partition("/")
    userinfo, at, hostport = netloc.rpartition("@")
    if at:
        user, colon, _ = userinfo.partition(":")
        netloc = (f"{user}:***" if colon else "***") + "@" + hostport
    return f"{scheme}://{netloc}{slash}{path}"
