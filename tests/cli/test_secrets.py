"""Secrets stay out of every file and every output: a proxy's password in the error of a proxy
that refuses (aiohttp quotes the proxy's whole URL), and credentials given by file or
environment variable rather than on the command line (where ``ps`` shows them)."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from sites import Site, ThreadedSite

from gui_crawler.cli import headless as cli
from gui_crawler.config import CrawlConfig
from gui_crawler.storage import CrawlStore, load

ROOT = Path(__file__).resolve().parents[2]
PROXY_USER, PROXY_PASSWORD = "pxuser", "px-Pa55word"
USER, PASSWORD, TOKEN, COOKIE = "ann", "pw-S3cret", "tok-4411", "c00kie-77"
SECRETS = (PASSWORD, TOKEN, COOKIE, PROXY_PASSWORD)
FORWARDED = ("authorization", "x-token", "x-other", "cookie", "user-agent")


class LoopbackProxy:
    """An HTTP proxy on loopback that keeps (target, Proxy-Authorization) of each request (so a
    test knows what went through it, with which password); ``refuse``: it answers everything
    with a 400, CONNECT included, else it passes plain http requests on."""

    def __init__(self, refuse: bool = False) -> None:
        self.port = 0
        self.refuse = refuse
        self.passed: list[tuple[str, str | None]] = []
        self._runner: web.ServerRunner | None = None

    @property
    def auths(self) -> list[str | None]:
        return [auth for _, auth in self.passed]

    async def _handle(self, request: web.BaseRequest) -> web.StreamResponse:
        self.passed.append((str(request.url), request.headers.get("Proxy-Authorization")))
        if self.refuse:
            return web.Response(status=400, text="no")
        headers = {k: v for k, v in request.headers.items() if k.lower() in FORWARDED}
        async with (
            aiohttp.ClientSession() as session,
            session.get(request.url, headers=headers, allow_redirects=False) as resp,
        ):
            body = await resp.read()
            return web.Response(status=resp.status, body=body, content_type=resp.content_type)

    async def start(self) -> LoopbackProxy:
        self._runner = web.ServerRunner(web.Server(self._handle), handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.3", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


def crawl(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gui_crawler", "crawl", *args],
        env=dict(os.environ if env is None else env, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=60,
    )


def everything_written(folder: Path, *outputs: subprocess.CompletedProcess[str]) -> bytes:
    data = b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file())
    return data + b"".join((p.stdout + p.stderr).encode() for p in outputs)


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def test_a_refusing_proxy_leaves_its_password_in_no_file_and_no_output(tmp_path: Path) -> None:
    """Was: ClientHttpProxyError: 400, message='Bad Request', url='http://pxuser:px-Pa55word@…'
    in the crawl file, the CSV's error column and the broken list on standard output."""
    out = tmp_path / "out"
    out.mkdir()
    outputs = ["--csv", "p.csv", "--report", "r.html", "--broken-csv", "b.csv",
               "--links-csv", "l.csv"]  # fmt: skip
    proxy = LoopbackProxy(refuse=True)
    with ThreadedSite(proxy):  # type: ignore[arg-type]
        url = f"http://{PROXY_USER}:{PROXY_PASSWORD}@127.0.0.3:{proxy.port}"
        flags = ["--proxy", url, "--max-tries", "1", "--no-sitemaps"]
        first = crawl("https://example.test/", "--db", str(out / "c.sqlite3"), "-vv", *flags,
                      *(str(out / a) if "." in a else a for a in outputs))  # fmt: skip
        again = crawl("--recheck", str(out / "c.sqlite3"), "-v", *flags)
    # The password went to the proxy (so it could have leaked), and the failure was kept.
    assert set(proxy.auths) == {basic(PROXY_USER, PROXY_PASSWORD)}
    assert first.returncode == 1, first.stderr
    assert "ClientHttpProxyError: 400" in first.stdout and "(redacted)@127.0.0.3" in first.stdout
    assert "Traceback" not in first.stderr + again.stderr
    written = everything_written(out, first, again)
    assert b"(redacted)@" in (out / "p.csv").read_bytes()
    for secret in (PROXY_PASSWORD, basic(PROXY_USER, PROXY_PASSWORD).split()[1]):
        assert secret.encode() not in written, secret


class LoginSite(Site):
    """Every path answers 401 unless the request has the basic auth, both headers and both
    cookies."""

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        if (
            request.headers.get("Authorization") == basic(USER, PASSWORD)
            and request.headers.get("X-Token") == TOKEN
            and request.headers.get("X-Other") == "2"
            and request.cookies.get("sid") == COOKIE
            and request.cookies.get("lang") == "en"
        ):
            return await super()._dispatch(request)
        self.hits["401"] += 1
        return web.Response(status=401, text="log in first")


def login_site() -> LoginSite:
    site = LoginSite()
    site.page("/", ["/a"])
    site.page("/a", ["/"])
    return site


def written_secrets(folder: Path, *outputs: subprocess.CompletedProcess[str]) -> list[str]:
    written = everything_written(folder, *outputs)
    return [s for s in (*SECRETS, basic(USER, PASSWORD).split()[1]) if s.encode() in written]


FLAGS = ["--no-sitemaps", "--ignore-robots", "-vv"]


def test_credentials_from_files_open_the_site_and_reach_no_output(tmp_path: Path) -> None:
    keys, out = tmp_path / "keys", tmp_path / "out"
    keys.mkdir()
    out.mkdir()
    (keys / "auth").write_text(f"{USER}:{PASSWORD}\n")
    (keys / "headers").write_text(f"# the API's\nX-Token: {TOKEN}\n\n  X-Other: 2  \n")
    (keys / "cookies").write_text(f"sid={COOKIE}\r\nlang=en\r\n")
    site = login_site()
    with ThreadedSite(site):
        p = crawl(site.url, "--db", str(out / "c.sqlite3"), "--csv", str(out / "p.csv"),
                  "--report", str(out / "r.html"), *FLAGS, "--auth-file", str(keys / "auth"),
                  "--header-file", str(keys / "headers"), "--cookie-file", str(keys / "cookies"))  # fmt: skip
    assert p.returncode == 0, p.stdout + p.stderr
    assert site.hits["401"] == 0 and site.hits["/a"] == 1
    assert written_secrets(out, p) == []


def test_credentials_from_environment_variables(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        GUI_CRAWLER_AUTH=f"{USER}:{PASSWORD}",
        GUI_CRAWLER_HEADER=f"X-Token: {TOKEN}\nX-Other: 2\n",
        GUI_CRAWLER_COOKIE=f"sid={COOKIE}; lang=en",
    )
    site = login_site()
    with ThreadedSite(site):
        p = crawl(site.url, "--db", str(tmp_path / "c.sqlite3"), "--csv", str(tmp_path / "p.csv"),
                  *FLAGS, env=env)  # fmt: skip
        # The command line's own value wins over the variable's.
        wrong = crawl(site.url, "--no-db", "--auth", "ann:wrong", *FLAGS, env=env)
    assert p.returncode == 0, p.stdout + p.stderr
    assert site.hits["/a"] == 1 and site.hits["401"] == 1
    assert wrong.returncode == 1 and "401" in wrong.stdout
    assert written_secrets(tmp_path, p, wrong) == []


def test_a_proxy_from_the_environment_and_no_proxy(tmp_path: Path) -> None:
    proxy, site = LoopbackProxy(), Site()
    site.page("/", ["/a"])
    site.page("/a")
    with ThreadedSite(proxy), ThreadedSite(site):  # type: ignore[arg-type]
        url = f"http://{PROXY_USER}:{PROXY_PASSWORD}@127.0.0.3:{proxy.port}"
        env = dict(os.environ, GUI_CRAWLER_PROXY=url)
        via = crawl(site.url, "--no-db", *FLAGS, env=env)
        through = len(proxy.passed)
        direct = crawl(site.url, "--no-db", "--no-proxy", *FLAGS, env=env)
    assert via.returncode == direct.returncode == 0, via.stderr + direct.stderr
    assert {target for target, _ in proxy.passed} == {site.url, site.u("/a")}
    assert set(proxy.auths) == {basic(PROXY_USER, PROXY_PASSWORD)}
    assert through == len(proxy.passed) == 2 and site.hits["/a"] == 2
    assert written_secrets(tmp_path, via, direct) == []


def test_a_resume_refuses_to_drop_the_proxy_it_was_started_with(tmp_path: Path) -> None:
    """Was: a warning, then every request went out directly."""
    db = tmp_path / "c.sqlite3"
    proxy, site = LoopbackProxy(), Site()
    site.page("/", ["/a"])
    site.page("/a", status=500)
    with ThreadedSite(proxy), ThreadedSite(site):  # type: ignore[arg-type]
        url = f"http://127.0.0.3:{proxy.port}"
        config = CrawlConfig(
            roots=(site.url,), proxy=url, use_sitemaps=False, ignore_robots=True
        ).validated()
        CrawlStore.create(db, config).close("cancelled")  # its roots left to fetch
        for start in ("--resume", "--recheck"):
            refused = crawl(start, str(db), "-q")
            assert refused.returncode == cli.EXIT_USAGE, refused.stderr
            assert refused.stderr.splitlines()[-1].endswith(
                "error: this crawl was started with --proxy, which no file keeps: give it again "
                "(--proxy, --proxy-file or $GUI_CRAWLER_PROXY), or --no-proxy to go on without one"
            )
        saved = load(db)  # as it was, and nothing was fetched
        assert (saved.state, saved.records, [q.url for q in saved.pending]) == (
            "cancelled", [], [site.url]
        )  # fmt: skip
        assert not site.hits and not proxy.passed
        env = dict(os.environ, GUI_CRAWLER_PROXY=url)
        again = crawl("--resume", str(db), "-q", env=env)
        assert again.returncode == 1, again.stderr  # /a: 500
        assert {target for target, _ in proxy.passed} >= {site.url, site.u("/a")}
        direct = crawl("--recheck", str(db), "--no-proxy", "-q", env=env)
    assert direct.returncode == 1 and "started with" not in direct.stderr
    assert site.hits["/a"] == 2 and proxy.passed.count((site.u("/a"), None)) == 1  # then direct


@pytest.mark.parametrize(
    ("setup", "said"),
    [
        ({"--auth-file": None}, "cannot read --auth-file {keys}/missing: No such file or directory"),
        ({"--auth-file": "ann:pw-S3cret\nbob:pw-S3cret\n"}, "holds 2 lines with a value, not one (USER:PASSWORD)"),
        ({"--auth-file": "# nothing\n\n"}, "holds 0 lines with a value, not one (USER:PASSWORD)"),
        ({"--auth-file": b"\xff pw-S3cret"}, "--auth-file {keys}/f is not UTF-8 text"),
        ({"--header-file": "X-Token tok-4411\n"}, "--header-file {keys}/f, line 1 (--header): the value must be 'Name: value'"),
        ({"--cookie-file": "sid=1\nsid\n"}, "--cookie-file {keys}/f, line 2 (--cookie): the value must be 'name=value'"),
        ({"GUI_CRAWLER_AUTH": "pw-S3cret"}, "$GUI_CRAWLER_AUTH (--auth): the value must be 'user:password'"),
        ({"GUI_CRAWLER_PROXY": "http://u:pw-S3cret@127.0.0.1:99999"}, "$GUI_CRAWLER_PROXY (--proxy): the value has an invalid port"),
        ({"GUI_CRAWLER_HEADER": "X-A: 1\nHost: x\n"}, "$GUI_CRAWLER_HEADER, value 2 (--header): the value cannot set the Host header"),
    ],
)  # fmt: skip
def test_an_unusable_file_or_variable_is_one_line_that_names_it_and_not_its_value(
    setup: dict[str, str | bytes | None], said: str, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    keys = tmp_path / "keys"
    keys.mkdir()
    args = ["http://127.0.0.1:9/"]
    for name, value in setup.items():
        if name.startswith("--"):
            path = keys / ("missing" if value is None else "f")
            if isinstance(value, bytes):
                path.write_bytes(value)
            elif value is not None:
                path.write_text(value)
            args += [name, str(path)]
        else:
            monkeypatch.setenv(name, str(value))
    with pytest.raises(SystemExit) as exit_:
        cli.main(args)
    assert exit_.value.code == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert said.format(keys=keys) in err.splitlines()[-1], err
    assert "S3cret" not in err and "tok-4411" not in err
