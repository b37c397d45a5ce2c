"""Failures said in words a person reads at a glance; the exception's own text stays in Details.

Qt-free: the window, the details pane and any report can share it.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from .events import ErrorKind, FetchRecord

# Short enough for a Status cell; the Error cell and Details say more.
SHORT: dict[str, str] = {
    ErrorKind.CANCELLED: "Cancelled",
    ErrorKind.TIMEOUT: "Timeout",
    ErrorKind.TOO_LARGE: "Too large",
    ErrorKind.INVALID_URL: "Bad URL",
    ErrorKind.MISSING_LOCATION: "No target",
    ErrorKind.BAD_LOCATION: "Bad target",
    ErrorKind.TOO_MANY_REDIRECTS: "Loop",
    ErrorKind.INTERNAL: "Bug",
    "ClientConnectorError": "No answer",
    "ClientConnectorDNSError": "No such host",
    "ClientConnectorCertificateError": "Bad certificate",
    "ClientConnectorSSLError": "TLS failed",
    "ClientSSLError": "TLS failed",
    "ServerDisconnectedError": "Hung up",
    "ClientOSError": "Connection broke",
    "ClientPayloadError": "Broken body",
    "ClientResponseError": "Bad answer",
    "TooManyRedirects": "Loop",
    "ContentTypeError": "Bad type",
}

PLAIN: dict[str, str] = {
    ErrorKind.CANCELLED: "The crawl stopped while this URL was being fetched",
    ErrorKind.TIMEOUT: "No complete answer within the time limit",
    ErrorKind.TOO_LARGE: "The page is larger than the size limit",
    ErrorKind.INVALID_URL: "The URL cannot be fetched as written",
    ErrorKind.MISSING_LOCATION: "A redirect that does not say where to",
    ErrorKind.BAD_LOCATION: "A redirect to an address that cannot be used",
    ErrorKind.TOO_MANY_REDIRECTS: "Too many redirects in a row",
    ErrorKind.INTERNAL: "A bug in the crawler (the log has the details)",
    "ClientConnectorError": "Nothing answered at this address",
    "ClientConnectorDNSError": "The host name does not resolve",
    "ClientConnectorCertificateError": "The server's certificate is not trusted",
    "ClientConnectorSSLError": "The secure connection could not be set up",
    "ClientSSLError": "The secure connection could not be set up",
    "ServerDisconnectedError": "The server closed the connection without answering",
    "ClientOSError": "The connection broke",
    "ClientPayloadError": "The answer's body was cut off or malformed",
    "ClientResponseError": "The server's answer could not be read",
    "ContentTypeError": "The answer had an unexpected type",
}


def _words(kind: str) -> str:
    """ "SomeNewError" -> "Some new error": an unknown kind still reads as words."""
    parts = re.findall(r"[A-Z]+(?=[A-Z][a-z]|$)|[A-Z]?[a-z]+|\d+", kind) or [kind]
    text = " ".join(p if p.isupper() else p.lower() for p in parts)
    return text[:1].upper() + text[1:]


def short_error(kind: str) -> str:
    return SHORT.get(kind) or _words(kind.removesuffix("Error") or kind)


def plain_error(rec: FetchRecord) -> str:
    """One plain sentence for a failed record, "" for a record with an HTTP answer."""
    kind = rec.error_kind
    if kind is None:
        return ""
    return PLAIN.get(kind) or _words(kind)


def host_port(url: str) -> str:
    parts = urlsplit(url)
    return parts.netloc or url


def root_failure(rec: FetchRecord) -> str | None:
    """What to tell the user when the crawl's first page failed; None when it did not."""
    where = host_port(rec.url)
    kind = rec.error_kind
    if kind is None:
        if rec.status is not None and rec.status >= 400:
            return f"The start page answered {rec.status}: there is nothing to crawl from it"
        return None
    if kind == ErrorKind.CANCELLED:
        return None
    if kind == "ClientConnectorError":
        return f"Nothing answered at {where} — is the server running?"
    if kind == "ClientConnectorDNSError":
        return f"No host is called {urlsplit(rec.url).hostname} — check the address"
    if kind == ErrorKind.TIMEOUT:
        return f"{where} did not answer in time — is it overloaded, or the time limit too short?"
    return f"The start page failed: {plain_error(rec)} (Details has the technical text)"
