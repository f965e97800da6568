"""The `boardwright` command: list, play, replay, simulate, arena, bench, serve."""

from __future__ import annotations

import contextlib
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from boardwright.engine import registry
from boardwright.engine.errors import BadConfig, BoardwrightError
from boardwright.engine.i18n import engine_text

#: bytes a file given on the command line (a record, options) may hold: a record of the
#: longest game is a few MB, and /dev/zero or a wrong file must not be read for ever
MAX_INPUT_BYTES = 32 * 1024 * 1024


class _Typer(typer.Typer):
    """The command line's last line of defence: an input it could not read (a file that is
    not UTF-8, nested too deep, a folder that does not exist, a database it cannot open) ends
    with one line saying so and exit code 2, never a traceback."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().__call__(*args, **kwargs)
        except BoardwrightError as exc:
            err_console.print(f"[red]error:[/red] {exc.message}", soft_wrap=True)
        except RecursionError:
            err_console.print("[red]error:[/red] the input is nested too deeply to read")
        except (OSError, UnicodeError, ValueError, MemoryError) as exc:
            err_console.print(f"[red]error:[/red] {_one_line(exc)}", soft_wrap=True)
        sys.exit(2)


def _one_line(exc: BaseException) -> str:
    """An exception as one line: an OS error with its file, anything else its first line."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


app = _Typer(
    help="boardwright: published board games by their full printed rules.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True)


def read_input(path: Path | str, what: str) -> str:
    """The text of a file given on the command line: at most `MAX_INPUT_BYTES`, UTF-8;
    `BadConfig` (one clear line) otherwise."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise BadConfig(f"cannot read {what} {path}: {exc.strerror}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise BadConfig(f"{what} {path} holds more than {MAX_INPUT_BYTES // 2**20} MiB; "
                        "is it the right file?")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadConfig(f"{what} {path} is not UTF-8 text (byte {exc.start})") from None


def checked_options(game: Any, options: dict[str, Any]) -> dict[str, Any]:
    """`options`, after reading each file an option names (a board, components) as
    `read_input` does: a file that is too large (/dev/zero) or not UTF-8 is refused here, in
    one line, before the game reads it."""
    for option in game.info.options:
        path = options.get(option.name)
        if option.local_path and isinstance(path, str) and path:
            read_input(path, f"--option {option.name}")
    return options


def _seconds(value: float | None) -> float | None:
    """A thinking time: a finite number of seconds above 0 (NaN made a search think for
    ever, -1 was taken)."""
    if value is not None and not (math.isfinite(value) and value > 0):
        raise typer.BadParameter("must be a number of seconds above 0")
    return value


def _save_path(value: Path | None) -> Path | None:
    """A record to write: its folder must exist (found out at the first move, it ended the
    game with a traceback)."""
    if value is not None and not value.parent.is_dir():
        raise typer.BadParameter(f"folder {value.parent} does not exist")
    return value


def _fail(exc: BoardwrightError) -> None:
    err_console.print(f"[red]error:[/red] {exc.message}")
    raise typer.Exit(2)


def _check_language(game: Any, lang: str) -> None:
    """Refuse a language the game has no words in (naming the ones it has)."""
    if lang not in game.info.languages:
        raise BadConfig(engine_text()("cli.bad_lang", lang=lang, game=game.info.title,
                                      languages=", ".join(game.info.languages)),
                        code="bad_language")


def parse_options(pairs: list[str] | None, options_json: str | None) -> dict[str, Any]:
    """`--option key=value` (value read as JSON when it parses, else as text) and `--options`."""
    options: dict[str, Any] = {}
    if options_json:
        try:
            loaded = json.loads(read_input(options_json, "options file")
                                if Path(options_json).is_file() else options_json)
        except BadConfig as exc:
            raise typer.BadParameter(exc.message) from None
        except RecursionError:
            raise typer.BadParameter("--options is nested too deeply") from None
        except json.JSONDecodeError as exc:
            raise typer.BadParameter(f"--options is neither a JSON file nor JSON: {exc}") from exc
        if not isinstance(loaded, dict):
            raise typer.BadParameter("--options must be a JSON object")
        options.update(loaded)
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"--option needs key=value, got {pair!r}")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
        except RecursionError:
            raise typer.BadParameter(f"--option {key} is nested too deeply") from None
    return options


@app.command("list")
def list_games(
    options: Annotated[bool, typer.Option("--options", help="Also list each game's options.")]
    = False,
) -> None:
    """List the games, their player counts and (with --options) their options."""
    table = Table(title="Games")
    table.add_column("id")
    table.add_column("title")
    table.add_column("players")
    table.add_column("languages")
    for game in registry.games():
        info = game.info
        table.add_row(info.id, info.title, f"{info.min_players}–{info.max_players}",
                      ", ".join(info.languages))
    console.print(table)
    if options:
        for game in registry.games():
            opt = Table(title=f"{game.info.id} options")
            opt.add_column("option")
            opt.add_column("default")
            opt.add_column("meaning")
            for o in game.info.options:
                default = json.dumps(o.default, ensure_ascii=False)
                if len(default) > 40:
                    default = default[:37] + "..."
                opt.add_row(o.name, default, o.help)
            console.print(opt)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id (see `boardwright list`).")],
    players: Annotated[int | None, typer.Option(help="Number of players (default: seats).")]
    = None,
    seats: Annotated[str | None, typer.Option(
        help="Comma list per seat: human or an agent name (default: you against random "
             "players, as many as the game needs).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for chance and agents (default: random).")]
    = None,
    lang: Annotated[str, typer.Option(help="Language: en, hu (and cs for Beowulf).")] = "en",
    save: Annotated[Path | None, typer.Option(help="Write the game record here as you play.",
                                              callback=_save_path)] = None,
    option: Annotated[list[str] | None, typer.Option(help="Game option key=value (repeatable).")]
    = None,
    options: Annotated[str | None, typer.Option(help="Game options as a JSON object or file.")]
    = None,
    think: Annotated[float | None, typer.Option(help="Seconds each search agent may think "
                                                     "per move.", callback=_seconds)] = None,
) -> None:
    """Play in the terminal: you and any agents, hot-seat for several humans."""
    from .human import run_table

    try:
        chosen = registry.get(game)
        _check_language(chosen, lang)
    except BoardwrightError as exc:
        _fail(exc)
    if seats is None:
        count = players if players is not None else max(2, chosen.info.min_players)
        names = ["human"] + ["random"] * (count - 1)
    else:
        names = [s.strip() for s in seats.split(",") if s.strip()]
        count = players if players is not None else len(names)
    if len(names) != count:
        err_console.print(engine_text(lang)("cli.bad_seats", players=count, count=len(names)))
        raise typer.Exit(2)
    try:
        run_table(chosen, count, names, seed=seed, lang=lang, save=save,
                  options=checked_options(chosen, parse_options(option, options)),
                  console=console, think=think)
    except BoardwrightError as exc:
        _fail(exc)


@app.command()
def lesson(
    game: Annotated[str, typer.Argument(help="Game id (see `boardwright list`).")],
    lesson_id: Annotated[str | None, typer.Argument(
        help="The lesson (default: list the game's lessons).")] = None,
    lang: Annotated[str, typer.Option(help="Language: en, hu (and cs for Beowulf).")] = "en",
) -> None:
    """A rulebook's worked example step by step, with the book's words beside the board."""
    from boardwright.engine.lessons import lesson as find_lesson

    from .lesson import list_lessons, run_lesson

    try:
        chosen = registry.get(game)
        _check_language(chosen, lang)
        if lesson_id is None:
            list_lessons(chosen, lang, console)
            return
        run_lesson(chosen, find_lesson(chosen, lesson_id), lang, console)
    except BoardwrightError as exc:
        _fail(exc)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) written by play or simulate.")],
    lang: Annotated[str, typer.Option(help="Language: en, hu (and cs for Beowulf).")] = "en",
    seat: Annotated[int | None, typer.Option(help="Show the game as this seat saw it "
                                                  "(default: as a spectator).")] = None,
    board: Annotated[bool, typer.Option(help="Show the board after every action.")] = False,
    review: Annotated[bool, typer.Option(help="Then the bot's review: each decision judged "
                                              "from its mover's view, the biggest swings "
                                              "and the bot's preferred moves.")] = False,
) -> None:
    """Replay a recorded game step by step, as a spectator or as one seat saw it."""
    from boardwright.engine.record import GameRecord

    from .human import print_final, print_replay

    try:
        record = GameRecord.loads(read_input(file, "record"))
        game = registry.get(record.game)
        _check_language(game, lang)
        if seat is not None and not 0 <= seat < record.players:
            raise typer.BadParameter(f"--seat must be 0..{record.players - 1}")
        final = print_replay(game, record, seat, lang, board, console)
        print_final(game, final, record.seats, lang, console)
        if review:
            from .review import print_review

            print_review(game, record, lang, console)
    except BoardwrightError as exc:
        _fail(exc)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game id.")],
    players: Annotated[int, typer.Option(help="Number of players.")] = 2,
    games: Annotated[int, typer.Option(help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="First seed; game i uses seed + i.")] = 0,
    agents: Annotated[str, typer.Option(help="Comma list of agents, one per seat "
                                               "(or one for all).")] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON line.")] = False,
    records: Annotated[Path | None, typer.Option(help="Folder to write every game record to.")]
    = None,
    option: Annotated[list[str] | None, typer.Option(help="Game option key=value (repeatable).")]
    = None,
    max_actions: Annotated[int | None, typer.Option(
        help="Stop a game still running after this many actions and count it as too_long "
             "(default: the game's bound).")] = None,
) -> None:
    """Play many games between agents and report speed and scores."""
    from .simulate import run_simulation

    try:
        chosen = registry.get(game)
        summary = run_simulation(
            chosen, players, games, seed, agents.split(","),
            options=checked_options(chosen, parse_options(option, None)), records=records,
            progress=not as_json and sys.stderr.isatty(), max_actions=max_actions,
        )
    except BoardwrightError as exc:
        _fail(exc)
    if as_json:
        print(json.dumps(summary, sort_keys=True))
    else:
        console.print(engine_text()("sim.done", rate=summary["actions_per_second"], **{
            k: summary[k] for k in ("games", "finished", "errors", "actions")}))
        console.print(f"mean scores: {summary['mean_scores']}; wins: {summary['wins']}")
        console.print(_endings_line(summary))
    if summary["errors"]:
        raise typer.Exit(1)


def _endings_line(summary: dict[str, Any]) -> str:
    """How games ended and how long they ran, in words (from `arena.stats.endings`)."""
    text = engine_text()
    reasons = ", ".join(f"{text('ending.' + k)} {n}" for k, n in summary["ended_by"].items())
    return text("sim.endings", reasons=reasons, **summary["length"])


@contextlib.contextmanager
def _arena_progress(title: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on a terminal; elsewhere (a log file, CI) a line at most every 30 s with
    the time taken and an estimate of the time left, so a long run is never silent."""
    if err_console.is_terminal:
        from rich.progress import Progress

        with Progress(console=err_console, transient=True) as bar:
            task = bar.add_task(title, total=total)
            yield lambda done, _total: bar.update(task, completed=done)
        return
    started = time.monotonic()
    state = {"printed": started, "first": -1.0}

    def line(done: int, _total: int) -> None:
        now = time.monotonic()
        if state["first"] < 0:
            state["first"] = done - 1  # games already played before this run (a journal)
        if now - state["printed"] < 30 and done < total:
            return
        state["printed"] = now
        rate = (done - state["first"]) / max(now - started, 1e-9)
        left = (total - done) / rate if rate else 0.0
        print(f"{title}: {done}/{total} games, {now - started:.0f} s, about {left:.0f} s left",
              file=sys.stderr, flush=True)

    yield line


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game id.")],
    agents: Annotated[str, typer.Option(help="Comma list of agent specs, one per seat, e.g. "
                                               "ismcts,greedy or ismcts:500,random.")],
    games: Annotated[int, typer.Option(help="Number of games (seats rotate every game).")]
    = 100,
    seed: Annotated[int, typer.Option(help="Seed; game i deals with seed + i // players.")] = 0,
    workers: Annotated[int, typer.Option(help="Parallel workers.")] = 1,
    backend: Annotated[str, typer.Option(help="local (processes) or ray (Ray tasks).")]
    = "local",
    iterations: Annotated[int | None, typer.Option(help="ISMCTS iterations per move "
                                                        "(default: the game's, else 1000).")]
    = None,
    think: Annotated[float | None, typer.Option(help="ISMCTS seconds per move (not "
                                                     "reproducible).", callback=_seconds)] = None,
    max_actions: Annotated[int | None, typer.Option(
        help="Stop a game still running after this many actions and count it as too_long "
             "(default: the game's bound).")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write all results as JSON.")]
    = None,
    plot: Annotated[Path | None, typer.Option(help="Write a PNG plot of the ratings.")] = None,
    option: Annotated[list[str] | None, typer.Option(help="Game option key=value (repeatable).")]
    = None,
    journal: Annotated[Path | None, typer.Option(
        help="Append every finished game to this file (JSON lines); the same command run "
             "again plays only the games still missing.")] = None,
) -> None:
    """Pit agents against each other: wins, scores and Elo with 95% intervals."""
    from boardwright.arena import ArenaConfig, Journal, run_arena

    try:
        config = ArenaConfig(game, tuple(a.strip() for a in agents.split(",")), games, seed,
                             options=checked_options(registry.get(game),
                                                     parse_options(option, None)),
                             iterations=iterations, seconds=think, max_actions=max_actions)
        played: dict[int, dict[str, Any]] = {}
        on_game = None
        if journal is not None:
            log = Journal(journal, config)
            played, on_game = log.load(), log.append
            if played:
                err_console.print(f"{journal}: {len(played)} of {games} games already played",
                                  soft_wrap=True)
        with _arena_progress(f"{game}: {agents}", games) as progress:
            result = run_arena(config, workers=workers, backend=backend, progress=progress,
                               played=played, on_game=on_game)
    except BoardwrightError as exc:
        _fail(exc)
    table = Table(title=f"{game}, {games} games, seats rotated ({result.seconds:.0f} s)")
    for col in ("agent", "seat-games", "wins", "win rate (95% CI)", "mean score (95% CI)",
                "Elo", "ms/move"):
        table.add_column(col, justify="right")
    for row in result.table:
        lo, hi = row["win_rate_ci95"]
        mlo, mhi = row["mean_score_ci95"]
        ms = row["ms_per_move"]
        table.add_row(row["agent"], str(row["seat_games"]), f"{row['wins']:g}",
                      f"{row['win_rate']:.1%} ({lo:.1%}–{hi:.1%})",
                      f"{row['mean_score']:.1f} ({mlo:.1f}–{mhi:.1f})", f"{row['elo']:.0f}",
                      "" if ms is None else f"{ms:.1f}")
    console.print(table)
    console.print(_endings_line(result.endings))
    if json_out is not None:
        json_out.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
    if plot is not None:
        from boardwright.arena.plot import plot_ratings

        plot_ratings(result.table, plot, f"{game}: {agents} ({games} games)")


@app.command()
def bench(
    seconds: Annotated[float, typer.Option(help="Seconds per measurement.")] = 3.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Random-playout actions/s and clone() µs for every game (one core)."""
    from boardwright.bench import run_benchmarks

    results = run_benchmarks(seconds)
    if as_json:
        print(json.dumps(results, sort_keys=True))
        return
    table = Table(title="boardwright benchmarks (one core)")
    for col in ("game", "players", "actions/s", "clone µs", "games"):
        table.add_column(col, justify="right")
    for r in results:
        if "agent" in r:
            continue
        table.add_row(r["game"], str(r["players"]), f"{r['actions_per_second']:,.0f}",
                      f"{r['clone_us']:.2f}", str(r["games"]))
    console.print(table)
    for r in results:
        if "agent" in r:
            console.print(f"{r['game']} ({r['players']} players) {r['agent']}: "
                          f"{r['ms_per_move']:,.0f} ms per move, "
                          f"{r['iterations_per_second']:,.0f} iterations/s")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(help="Storage: sqlite:///FILE (default) or "
                                         "postgresql://user:pass@host/dbname (needs the "
                                         "'postgres' extra).")] = "sqlite:///boardwright.db",
    bot_workers: Annotated[int | None, typer.Option(help="Worker processes for the bots "
                                                         "(default: cores, at most 4).")] = None,
    bot_max_iterations: Annotated[int, typer.Option(
        help="Refuse bot seats that would search more ISMCTS iterations per move.")] = 5000,
    bot_max_seconds: Annotated[float, typer.Option(
        help="Refuse bot seats that would think longer per move (seconds); a search stops "
             "after this long, and a worker that has not answered 5 s later is replaced.")
    ] = 10.0,
    bot_share: Annotated[int | None, typer.Option(
        min=1, help="Bot workers one address's bot-only matches, reviews and hints may hold "
                    "at once (default: half the workers, at least 1), on workers that run "
                    "niced; tables with people are served first.")] = None,
    max_connections: Annotated[int, typer.Option(
        help="Sockets open at once (HTTP and WebSocket); more are closed at once.")] = 1000,
    connections_per_client: Annotated[int, typer.Option(
        min=1, help="Sockets one address may hold open at once (never more than a quarter "
                    "of --max-connections); more are closed at once.")] = 100,
    request_timeout: Annotated[float, typer.Option(
        help="Seconds a client has to send a whole request.")] = 10.0,
    matches_per_client: Annotated[int, typer.Option(
        help="Open or bot-only matches one address may have at once.")] = 5,
    max_open_matches: Annotated[int, typer.Option(
        help="Open or bot-only matches of all clients together.")] = 1000,
    open_match_hours: Annotated[float, typer.Option(
        help="Hours an open match waits for its people before it expires.")] = 24.0,
    sweep_seconds: Annotated[float, typer.Option(
        help="Seconds between sweeps that expire open matches, apply missed turn-based "
             "deadlines and free idle matches' memory.")] = 30.0,
    move_day_seconds: Annotated[float, typer.Option(
        help="Seconds one of a turn-based match's days per move lasts (a day; fewer to try "
             "turn-based play quickly).")] = 24 * 3600.0,
    echo: Annotated[bool, typer.Option(
        "--echo", help="Serve /ws/echo, the bare WebSocket echo bench/load.py measures "
                       "against (off on a public server).")] = False,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="Addresses or networks of the proxies whose X-Forwarded-For (the client's "
             "address, which every per-address limit uses) and X-Forwarded-Proto to believe, "
             "comma-separated (e.g. 10.0.0.5,10.1.0.0/16); default: nobody's.")] = None,
    leaderboard_min_matches: Annotated[int, typer.Option(
        min=1, help="Rated matches a player needs before the leaderboard lists them.")] = 10,
    leaderboard_min_opponents: Annotated[int, typer.Option(
        min=1, help="Distinct opponents those matches need before the leaderboard lists "
                    "the player.")] = 3,
    secret_key_file: Annotated[Path | None, typer.Option(
        help="A file holding the key (32 characters or more) that signs identity cookies; "
             "default: BOARDWRIGHT_SECRET_KEY, else a key kept in the database (which a copy "
             "of the database then holds too).")] = None,
    no_client_limits: Annotated[bool, typer.Option(
        "--no-client-limits", help="No per-address rates or caps (a load bench drives "
                                   "hundreds of seats from one address); sizes and "
                                   "timeouts still hold.")] = False,
) -> None:
    """Run the web server: lobby at http://HOST:PORT/, matches over HTTP and WebSocket.

    Unfinished matches in the database continue where they stopped. The limits a public
    server puts on its clients are listed in docs/web-protocol.md.
    """
    from boardwright.server.app import create_app
    from boardwright.server.bots import LOW_NICE, BotBudget, BotPool
    from boardwright.server.limits import Limits
    from boardwright.server.run import serve as run_server

    limits = Limits(max_connections=max_connections, request_timeout=request_timeout,
                    connections_per_client=connections_per_client,
                    matches_per_client=matches_per_client, max_open_matches=max_open_matches,
                    open_match_seconds=open_match_hours * 3600,
                    sweep_seconds=sweep_seconds, move_day_seconds=move_day_seconds,
                    per_client=not no_client_limits)
    stored = _open_database(db)
    pool = BotPool(bot_workers, BotBudget(bot_max_iterations, bot_max_seconds,
                                          bot_max_seconds + 5.0), share=bot_share,
                   low_nice=LOW_NICE)
    secret = None
    if secret_key_file is not None:
        try:
            secret = secret_key_file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            pool.shutdown()
            raise typer.BadParameter(f"cannot read {secret_key_file}: {exc}",
                                     param_hint="--secret-key-file") from None
    from boardwright.server.identity import secret_key
    from boardwright.server.seats import MatchError

    try:
        secret = secret_key(secret)
    except MatchError as exc:
        pool.shutdown()
        raise typer.BadParameter(exc.message, param_hint="--secret-key-file or "
                                 "BOARDWRIGHT_SECRET_KEY") from None
    try:
        app_ = create_app(db, bots=pool, limits=limits, secret=secret, echo=echo,
                          leaderboard_min=(leaderboard_min_matches, leaderboard_min_opponents))
        shown = "localhost" if host in ("0.0.0.0", "::") else host
        console.print(engine_text("en")("cli.serving", url=f"http://{shown}:{port}/",
                                        db=stored))
        run_server(app_, host, port, limits, forwarded_allow_ips)
    finally:
        pool.shutdown()


def _open_database(db: str) -> str:
    """Open (and migrate) the database once before serving, so that a wrong `--db` ends with
    one line, not a traceback from inside the server's start-up; the URL as it may be shown
    (never a password)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from boardwright.server.store import Store

    try:
        shown = make_url(db).render_as_string(hide_password=True)
    except SQLAlchemyError:
        err_console.print(f"[red]error:[/red] --db {db!r} is not a database URL (sqlite:///FILE "
                          "or postgresql://user:pass@host/dbname)", soft_wrap=True)
        raise typer.Exit(2) from None
    try:
        Store(db).close()
    except ModuleNotFoundError as exc:
        err_console.print(f"[red]error:[/red] {shown} needs the {exc.name!r} module (the "
                          "'postgres' extra: pip install 'boardwright[postgres]')",
                          soft_wrap=True)
        raise typer.Exit(2) from None
    except Exception as exc:  # every driver's and SQLAlchemy's errors: one line each
        reason = getattr(exc, "orig", None) or exc
        err_console.print(f"[red]error:[/red] cannot open the database {shown}: "
                          f"{_one_line(reason)}", soft_wrap=True)
        raise typer.Exit(2) from None
    return shown


if __name__ == "__main__":  # pragma: no cover
    app()
