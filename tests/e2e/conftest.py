"""Fixtures for the browser end-to-end tests: the real server as a subprocess on a free port
with a fresh SQLite file, and Debian's Chromium driven by Playwright (never a downloaded one).

Screenshots go to `test-artifacts/e2e/` at the repository root (ignored by git)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .clicks import Tab

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext

CHROMIUM = os.environ.get("BOARDWRIGHT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _boardwright_command() -> list[str]:
    # The console script next to this interpreter (the venv's), else the module itself.
    script = Path(sys.executable).with_name("boardwright")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "boardwright.cli.main"]


def _server_env() -> dict[str, str]:
    """The environment with this checkout first on the import path: the console script of an
    editable install imports the package it was installed from (another worktree's, maybe),
    and the server under test must be the one next to these tests."""
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


class Server:
    """A `boardwright serve` subprocess on a free port with its own SQLite file; `restart`
    stops it and starts it again on the same port and storage (a restart of the server)."""

    def __init__(self, folder: Path, extra: Sequence[str] = ()) -> None:
        self.folder = folder
        self.extra = list(extra)
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [*_boardwright_command(), "serve", "--host", "127.0.0.1", "--port",
                 str(self.port), "--db", f"sqlite:///{self.folder / 'db.sqlite'}",
                 # two bot workers: matches that earlier tests leave to their bots (an ISMCTS
                 # stand-in, tests/e2e/test_e2e_clock_claim.py) keep one busy for seconds a move,
                 # and a later test's first bot move waited behind them past its minute
                 "--bot-workers", "2",
                 # a review's part runs on the niced workers kept for bot-only work: beside a
                 # whole test run it may take longer than a quiet server's 15 s
                 "--bot-max-seconds", "30",
                 # a player shows on the leaderboard after one rated match here (the thresholds
                 # against farming have their tests, tests/server/test_sec_identity.py)
                 "--leaderboard-min-matches", "1", "--leaderboard-min-opponents", "1",
                 # every test's matches come from one address: the per-address caps have
                 # their own tests (tests/server/test_limits.py) and would only make this
                 # suite's order matter
                 "--no-client-limits", *self.extra],
                stdout=log, stderr=subprocess.STDOUT, cwd=self.folder, env=_server_env())
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"the server exited with {self.process.returncode}:\n"
                            + self.log_path.read_text(errors="replace"))
            try:
                with urllib.request.urlopen(f"{self.base}/api/games", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("the server did not answer within 60 s:\n"
                            + self.log_path.read_text(errors="replace"))
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a freshly started `boardwright serve`; killed after the session."""
    running = Server(tmp_path_factory.mktemp("server"))
    try:
        running.start()
        # `boardwright serve` says where its lobby is (people start it by hand)
        assert (f"serves the lobby at {running.base}/"
                in " ".join(running.log_path.read_text().split()))
        yield running.base
    finally:
        running.stop()
        if ARTIFACTS.is_dir():  # the server's side of any failure, next to the screenshots
            shutil.copy(running.log_path, ARTIFACTS / "server.log")


@pytest.fixture
def own_server(tmp_path: Path, request: pytest.FixtureRequest
               ) -> Iterator[Callable[..., Server]]:
    """Starts a server of the test's own with extra `serve` settings (short expiry, sweeps,
    turn-based days in seconds) or to restart it; stopped after the test."""
    started: list[Server] = []

    def start(*extra: str) -> Server:
        running = Server(tmp_path / f"server-{len(started)}", extra)
        running.folder.mkdir()
        started.append(running)
        running.start()
        return running

    yield start
    for running in started:
        running.stop()
        if ARTIFACTS.is_dir():
            shutil.copy(running.log_path, ARTIFACTS / f"server-{request.node.name}.log")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium. Missing Chromium is a failure, never a skip: CI installs it."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: the browser tests need it "
                    "(apt-get install chromium; `playwright install` is not used here)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


VIEWPORT = {"width": 1280, "height": 800}
#: Other seats' steps at once (web/settings.js): the tests that are not about playback wait for
#: the server only; tests/e2e/test_e2e_screen.py opens its own contexts at the normal pace.
INSTANT_PACE = "try { localStorage.setItem('boardwright.pace', 'instant'); } catch (e) {}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[Any]:
    # Keep each phase's report on the test item, so that `open_tab` knows whether it failed.
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def open_tab(browser: Browser, artifacts: Path,
             request: pytest.FixtureRequest) -> Iterator[Callable[[], Tab]]:
    """Opens tabs, each in its own browser context (its own cookies: one person each). After
    the test every tab is closed, with a full-page screenshot first if the test failed."""
    opened: list[tuple[BrowserContext, Tab]] = []

    def open_one() -> Tab:
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(INSTANT_PACE)
        tab = Tab(context.new_page())
        tab.page.on("pageerror", lambda exc: tab.errors.append(str(exc)))
        opened.append((context, tab))
        return tab

    yield open_one
    report = getattr(request.node, "report_call", None)
    for number, (context, tab) in enumerate(opened):
        if report is not None and report.failed:
            name = f"failure-{request.node.name}-{number}.png"
            tab.page.screenshot(path=artifacts / name, full_page=True)
        context.close()


@pytest.fixture
def tab(open_tab: Callable[[], Tab]) -> Tab:
    """One person's browser tab."""
    return open_tab()
