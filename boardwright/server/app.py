"""The FastAPI application: lobby and match HTTP API, the match WebSocket, the static client.

`create_app` takes its storage URL and (optionally) a shared bot pool, so tests and the
`boardwright serve` command build the same app (dependency injection, no globals).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import TypeAdapter, ValidationError
from starlette.websockets import WebSocketDisconnected

from boardwright.agents import AGENTS
from boardwright.engine import registry
from boardwright.engine.api import Game, OptionInfo
from boardwright.engine.i18n import LANGUAGE_NAMES, available_languages

from . import absence, lessons_api, payloads, snapshots
from .bots import BotPool
from .catalogue import merged_catalogue
from .guard import Guard, install_error_handlers
from .identity import (
    ACCOUNT_LOGIN_BURST,
    ACCOUNT_LOGINS_PER_HOUR,
    COOKIE_DAYS,
    Identities,
    Identity,
    cookie_name,
    fold,
    secret_key,
)
from .limits import Buckets, ClientLimits, Limits, TokenBucket, client_address
from .lobby import MATCH_ID, Lobby
from .matches import Connection, LiveMatch, encode
from .rules_page import rules_page
from .schemas import (
    ChatBody,
    CreateMatch,
    Credentials,
    MoveBody,
    NewPassword,
    WsChat,
    WsConfirm,
    WsLang,
    WsMessage,
    WsMove,
    WsUndo,
    error_payload,
)
from .seats import MatchError

log = logging.getLogger("boardwright.server")
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
AGENT_EXAMPLES = {"random": "random", "greedy": "greedy", "ismcts": "ismcts:iterations=500"}
#: seconds the event loop may hold the GIL while a commit thread waits for it
SWITCH_INTERVAL = 0.0005
_ws_message: TypeAdapter[WsMessage] = TypeAdapter(WsMessage)


def _token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise MatchError("bad_token", "Authorization must be 'Bearer <seat token>'")
    return value.strip()


def _lang(lang: str) -> str:
    if lang not in LANGUAGE_NAMES:
        raise MatchError("bad_request", f"unknown language {lang!r}; one of "
                         f"{', '.join(LANGUAGE_NAMES)}", lang=lang)
    return lang


def same_origin(headers: Any) -> bool:
    """A browser's request from a page of this server (or no browser: no `Origin` at all)."""
    origin = headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == headers.get("host")


def game_listing(game: Game, lang: str) -> dict[str, Any]:
    """A game as the lobby offers it: its options with labels and help in `lang`, each in its
    group (`variant`, `cap` for an early end, `data` for component data), the rules-level help
    (rule numbers, research words) as `about`, and defaults as a table with people starts."""
    texts = game.option_texts(lang) if lang in game.info.languages else game.option_texts()

    def group(o: OptionInfo) -> str:
        structured = o.default is not None and not isinstance(o.default, bool | int | float | str)
        return "cap" if o.cap else "data" if structured else "variant"

    return {"id": game.info.id, "title": game.info.title, "min_players": game.info.min_players,
            "max_players": game.info.max_players, "languages": list(game.info.languages),
            "variant_players": [{"players": n, "option": name}
                                for n, name in game.info.variant_players],
            "options": [{"name": o.name, "default": game.table_options.get(o.name, o.default),
                         "label": texts[o.name]["label"], "help": texts[o.name]["help"],
                         "about": o.help, "group": group(o), "cap": o.cap,
                         "choices": [{"value": c, "label": label}
                                     for c, label in texts[o.name]["choices"].items()],
                         "min": o.minimum, "max": o.maximum}
                        for o in game.info.options if not o.local_path]}


def create_app(db: str = "sqlite:///boardwright.db", *, bots: BotPool | None = None,
               web_dir: Path = WEB_DIR, limits: Limits | None = None,
               clock: Callable[[], float] = time.monotonic, echo: bool = False,
               secret: str | None = None,
               leaderboard_min: tuple[int, int] | None = None) -> FastAPI:
    """The app; `bots` is shared and not shut down by the app when given (tests share one).
    `clock` times the rate limits (tests stop it to count exactly what a burst allows);
    `echo` serves `/ws/echo` (`serve --echo`, for `bench/load.py`). `secret` signs the identity
    cookies (default: `BOARDWRIGHT_SECRET_KEY`, else a key kept in the database; identity.py).
    `leaderboard_min`: the rated matches and distinct opponents a player needs before the
    leaderboard lists them (ratings.py)."""
    from .store import Store

    limits = limits or Limits()
    secret = secret_key(secret)
    clients = ClientLimits(limits, clock)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Commits run in a thread (store.py); the event loop holds the GIL while it builds
        # payloads, and a waiting thread gets it only after the switch interval (5 ms by
        # default), which a commit -- and so every acknowledgement -- would wait out.
        sys.setswitchinterval(SWITCH_INTERVAL)
        store = Store(db)
        pool = bots or BotPool()
        lobby = Lobby(store, pool, limits, clients, clock)
        app.state.lobby = lobby
        if leaderboard_min is not None:
            lobby.leaderboard_min = leaderboard_min
        app.state.identities = await asyncio.to_thread(Identities, store, secret)
        await lobby.start()
        warming = asyncio.get_running_loop().run_in_executor(None, pool.warm)
        try:
            yield
        finally:
            await lobby.close()
            await warming
            if bots is None:
                pool.shutdown()
            store.close()

    # no redirect to the path with(out) a slash: an unknown path answers in the error shape
    app = FastAPI(title="boardwright", lifespan=lifespan, redirect_slashes=False)
    app.add_middleware(Guard, limits=limits, clients=clients)
    install_error_handlers(app)

    def lobby(request: Request) -> Lobby:
        result: Lobby = request.app.state.lobby
        return result

    def identities(request: Request | WebSocket) -> Identities:
        result: Identities = request.app.state.identities
        return result

    async def who(request: Request | WebSocket) -> Identity | None:
        """The identity of the request's cookie, or None. A write (POST) carrying the cookie
        from another site's page is refused (`bad_origin`); a WebSocket from one is
        anonymous."""
        value = request.cookies.get(cookie_name(request.url.scheme))
        if not value:
            return None
        if not same_origin(request.headers):
            if isinstance(request, Request) and request.method != "GET":
                raise MatchError("bad_origin", "a request from another site's page cannot act "
                                 "as you")
            return None
        return await identities(request).from_cookie(value)

    async def need_identity(request: Request) -> Identity:
        identity = await who(request)
        if identity is None:
            raise MatchError("no_identity", "log in (or play as a guest) first")
        return identity

    async def set_cookie(request: Request, response: Response, identity: Identity) -> None:
        """A new session of `identity` for this browser (its previous one ends)."""
        name = cookie_name(request.url.scheme)
        value = await identities(request).start_session(identity, request.cookies.get(name))
        response.set_cookie(name, value, max_age=COOKIE_DAYS * 86400, path="/",
                            httponly=True, samesite="strict",
                            secure=request.url.scheme == "https")

    def drop_cookie(request: Request, response: Response) -> None:
        response.delete_cookie(cookie_name(request.url.scheme), path="/", httponly=True,
                               samesite="strict", secure=request.url.scheme == "https")

    #: logins and password changes per account, whatever address they come from
    accounts = Buckets(ACCOUNT_LOGINS_PER_HOUR / 3600.0, ACCOUNT_LOGIN_BURST,
                       limits.max_clients, clock)

    def login_allowed(address: str, account: str | None = None) -> None:
        """Sign-ups, logins and password changes each cost an Argon2 hash: a few a minute per
        address; and a few an hour per account (`account`: its folded name), so that guesses
        spread over many addresses still guess slowly."""
        wait = clients.take(clients.logins, address)
        if wait:
            raise MatchError("rate_limited", "too many attempts from this address; wait a "
                             "little", retry_after=round(wait, 1))
        wait = clients.take(accounts, fold(account.strip())[:200]) if account else 0.0
        if wait:
            raise MatchError("rate_limited", "too many attempts at this account; wait a "
                             "little", retry_after=round(wait, 1), scope="account")

    async def seat_of(request: Request | WebSocket, match: LiveMatch, token: str | None,
                      identity: Identity | None) -> int | None:
        """The seat a request acts for: its token's, else the seat its identity holds.

        A token of a seat no identity holds binds it to the request's identity, and the link
        is rotated (`LiveMatch.bind`): the binder's answer carries the new one (`seat_token`),
        every other copy stops working. A bound seat's token acts for its identity alone
        (`seat_bound`); a stale copy of one's own link falls back to the seat one holds."""
        mine = identity.id if identity else None
        if not token:
            return match.seat_of_identity(mine)
        try:
            seat = match.seat_of(token, mine)
        except MatchError as exc:
            held = match.seat_of_identity(mine)
            if exc.code == "bad_token" and held is not None:
                return held
            raise
        if seat is not None and identity is not None and match.seats[seat].identity is None:
            with contextlib.suppress(MatchError):  # another seat of theirs: the token's
                fresh = await match.bind(seat, identity.id, identity.name)
                if fresh is not None:
                    request.state.seat_token = {"seat": seat, "token": fresh}
        return seat

    def answer(request: Request, body: dict[str, Any]) -> dict[str, Any]:
        """`body`, with the rotated link of a seat this request bound (`seat_token`)."""
        rotated = getattr(request.state, "seat_token", None)
        return {**body, "seat_token": rotated} if rotated else body

    def snapshot_allowed(address: str, cost: float = 1.0) -> None:
        """A full snapshot describes the newest log entries into words: each address gets a
        few a second (`Limits.snapshots_per_second`), a long log costing more (snapshots.py)."""
        wait = clients.take(clients.snapshots, address, cost)
        if wait:
            raise MatchError("rate_limited", "too many full views from this address; slow "
                             "down", retry_after=round(wait, 2))

    # ---- pages and static files ------------------------------------------------------------

    def page(name: str) -> FileResponse | JSONResponse:
        path = web_dir / name
        if not path.is_file():
            return JSONResponse(error_payload(
                "no_client", f"the browser client is not installed ({path} is missing); "
                "the API under /api works without it", {"file": name}), status_code=404)
        return FileResponse(path, media_type="text/html")

    if web_dir.is_dir():
        app.mount("/static", StaticFiles(directory=web_dir), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> Any:
        return page("index.html")

    @app.get("/m/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> Any:
        return page("match.html")

    @app.get("/account", include_in_schema=False)
    async def account_page() -> Any:
        return page("account.html")

    @app.get("/my-games", include_in_schema=False)
    async def my_games_page() -> Any:
        return page("my-games.html")

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page() -> Any:
        return page("leaderboard.html")

    @app.get("/replay/{match_id}", include_in_schema=False)
    async def replay_page(match_id: str) -> Any:
        return page("replay.html")

    @app.get("/lesson/{game_id}/{lesson_id}", include_in_schema=False)
    async def lesson_page(game_id: str, lesson_id: str) -> Any:
        return page("lesson.html")

    @app.get("/api/lessons/{game_id}")
    async def lesson_list(game_id: str, lang: str = "en") -> list[dict[str, Any]]:
        return lessons_api.lesson_list(game_id, _lang(lang))

    @app.get("/api/lessons/{game_id}/{lesson_id}")
    async def lesson_step(game_id: str, lesson_id: str, request: Request, step: int = 0,
                          lang: str = "en") -> dict[str, Any]:
        snapshot_allowed(client_address(request.scope))
        return lessons_api.lesson_step(game_id, lesson_id, step, _lang(lang))

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules(game_id: str, lang: str = "en") -> HTMLResponse:
        if game_id not in registry.names():
            raise MatchError("unknown_game", f"no game {game_id!r}", game=game_id)
        return HTMLResponse(rules_page(game_id, _lang(lang)))

    # ---- lobby API -------------------------------------------------------------------------

    @app.get("/api/games")
    async def games(lang: str = "en") -> list[dict[str, Any]]:
        _lang(lang)
        return [game_listing(g, lang) for g in registry.games()]

    @app.get("/api/agents")
    async def agents() -> list[dict[str, str]]:
        return [{"name": n, "settings_example": AGENT_EXAMPLES.get(n, n)} for n in sorted(AGENTS)]

    @app.get("/api/i18n/{lang}")
    async def i18n(lang: str, game: str | None = None) -> dict[str, str]:
        _lang(lang)
        if game is not None and game not in registry.names():
            raise MatchError("unknown_game", f"no game called {game!r}", name=game)
        return merged_catalogue(lang, game)

    @app.get("/api/languages")
    async def languages() -> dict[str, str]:
        return {k: LANGUAGE_NAMES[k] for k in available_languages("boardwright.engine")
                if k in LANGUAGE_NAMES}

    @app.post("/api/matches", status_code=201)
    async def create_match(body: CreateMatch, request: Request) -> dict[str, Any]:
        identity = await who(request)
        return await lobby(request).create(body, client_address(request.scope), identity)

    @app.get("/api/matches")
    async def list_matches(
        request: Request,
        status: Annotated[str | None, Query(pattern="^(open|active|finished|aborted)$")] = None,
        game: Annotated[str | None, Query(max_length=40)] = None,
        players: Annotated[int | None, Query(ge=1, le=12)] = None,
    ) -> list[dict[str, Any]]:
        return await lobby(request).summaries(status, game, players)

    # ---- identities ------------------------------------------------------------------------

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        identity = await who(request)
        return {"identity": identity.public() if identity else None}

    @app.post("/api/me/guest")
    async def guest(request: Request, response: Response) -> dict[str, Any]:
        """A guest identity for this browser (the one it has, if any)."""
        identity = await who(request)
        if identity is None:
            wait = clients.take(clients.guests, client_address(request.scope))
            if wait:
                raise MatchError("rate_limited", "too many guests from this address; wait a "
                                 "little", retry_after=round(wait, 1))
            identity = await identities(request).new_guest()
            response.status_code = 201
            await set_cookie(request, response, identity)
        return {"identity": identity.public()}

    @app.post("/api/me/signup", status_code=201)
    async def sign_up(body: Credentials, request: Request,
                      response: Response) -> dict[str, Any]:
        """A new account (a guest's becomes one: its seats and ratings stay)."""
        current = await who(request)
        login_allowed(client_address(request.scope))
        identity = await identities(request).sign_up(current, body.name, body.password)
        await set_cookie(request, response, identity)
        if current is not None and current.id == identity.id:
            await lobby(request).renamed(identity)
        return {"identity": identity.public()}

    @app.post("/api/me/login")
    async def log_in(body: Credentials, request: Request, response: Response
                     ) -> dict[str, Any]:
        await who(request)  # a cookie from another site's page: refused
        login_allowed(client_address(request.scope), body.name)
        identity = await identities(request).log_in(body.name, body.password)
        await set_cookie(request, response, identity)
        return {"identity": identity.public()}

    @app.post("/api/me/logout")
    async def log_out(request: Request, response: Response) -> dict[str, Any]:
        """This browser's session ends for good (a copy of its cookie stops working too)."""
        identity = await who(request)
        await identities(request).end_session(
            request.cookies.get(cookie_name(request.url.scheme)), identity)
        drop_cookie(request, response)
        return {"identity": None}

    @app.post("/api/me/logout-everywhere")
    async def log_out_everywhere(request: Request, response: Response) -> dict[str, Any]:
        """Every session of this identity ends, in every browser (this one included)."""
        identity = await need_identity(request)
        ended = await identities(request).end_everywhere(identity)
        drop_cookie(request, response)
        return {"identity": None, "sessions_ended": ended}

    @app.post("/api/me/password")
    async def change_password(body: NewPassword, request: Request,
                              response: Response) -> dict[str, Any]:
        """A new password; every other browser's login ends (this one gets a new cookie)."""
        identity = await need_identity(request)
        login_allowed(client_address(request.scope), identity.name)
        await identities(request).change_password(identity, body.old_password,
                                                  body.new_password)
        await set_cookie(request, response, identity)
        return {"identity": identity.public()}

    @app.get("/api/me/matches")
    async def my_matches(request: Request) -> dict[str, Any]:
        return await lobby(request).my_matches(await need_identity(request))

    @app.get("/api/leaderboard/{game_id}")
    async def leaderboard(game_id: str, request: Request) -> dict[str, Any]:
        return await lobby(request).leaderboard(game_id)

    @app.get("/api/matches/{match_id}")
    async def match_summary(match_id: str, request: Request) -> dict[str, Any]:
        return await lobby(request).summary(match_id)

    @app.get("/api/matches/{match_id}/view")
    async def match_view(match_id: str, request: Request, lang: str = "en",
                         authorization: Annotated[str | None, Header()] = None
                         ) -> dict[str, Any]:
        address = client_address(request.scope)
        snapshot_allowed(address)
        match = await lobby(request).get(match_id)
        seat = await seat_of(request, match, _token(authorization), await who(request))
        await match.join(seat)
        await match.sync()
        if snapshots.cost(match.log, None) > 1:
            snapshot_allowed(address, snapshots.cost(match.log, None) - 1)
        return answer(request, await snapshots.build_off_loop(match, seat, _lang(lang)))

    @app.get("/api/matches/{match_id}/log")
    async def match_log(match_id: str, request: Request, before: int, lang: str = "en",
                        authorization: Annotated[str | None, Header()] = None
                        ) -> dict[str, Any]:
        """The log entries before seq `before`, a page at a time (a snapshot carries only the
        newest ones: `log_start`), as this viewer may see them."""
        address = client_address(request.scope)
        snapshot_allowed(address, 2.0)
        match = await lobby(request).get(match_id)
        seat = await seat_of(request, match, _token(authorization), await who(request))
        return await asyncio.to_thread(snapshots.log_page, match, seat, _lang(lang), before)

    @app.post("/api/matches/{match_id}/moves")
    async def make_move(match_id: str, body: MoveBody, request: Request, lang: str = "en",
                        authorization: Annotated[str | None, Header()] = None
                        ) -> dict[str, Any]:
        match = await lobby(request).get(match_id)
        seat = await seat_of(request, match, _token(authorization), await who(request))
        await match.move(seat, body.action, body.expect_seq, _lang(lang))
        return answer(request, match.snapshot(seat, _lang(lang)))

    @app.post("/api/matches/{match_id}/undo")
    @app.post("/api/matches/{match_id}/confirm")
    async def undo_or_confirm(match_id: str, request: Request, lang: str = "en",
                              authorization: Annotated[str | None, Header()] = None
                              ) -> dict[str, Any]:
        """Take back the seat's latest provisional step, or confirm its turn (provisional.py);
        the answer is the seat's snapshot."""
        snapshot_allowed(client_address(request.scope))
        match = await lobby(request).get(match_id)
        seat = await seat_of(request, match, _token(authorization), await who(request))
        if request.url.path.endswith("/undo"):
            await match.undo(seat)
        else:
            await match.confirm(seat)
        return answer(request, match.snapshot(seat, _lang(lang)))

    @app.post("/api/matches/{match_id}/seats/{n}/claim")
    async def claim(match_id: str, n: int, request: Request,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        snapshot_allowed(client_address(request.scope))
        match = await lobby(request).get(match_id)
        seat = await seat_of(request, match, _token(authorization), await who(request))
        if seat is None or seat != n:
            raise MatchError("bad_token", f"this token does not belong to seat {n}", seat=n)
        await match.join(seat)
        await match.sync()
        return answer(request, await snapshots.build_off_loop(match, seat, match.row.lang))

    @app.post("/api/matches/{match_id}/seats/{n}/token")
    async def reissue(match_id: str, n: int, request: Request,
                      authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A new link for seat n (the seat's own token, or the creator's control token for a
        seat no identity holds)."""
        identity = await who(request)
        return await lobby(request).reissue(match_id, n, _token(authorization),
                                            identity.id if identity else None)

    @app.post("/api/matches/{match_id}/abort")
    async def abort(match_id: str, request: Request,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The creator (control token) ends an open match or one without people."""
        return await lobby(request).abort(match_id, _token(authorization))

    @app.post("/api/matches/{match_id}/rematch", status_code=201)
    async def rematch(match_id: str, request: Request,
                      authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A finished match's players play again, seats rotated (the same answer for all)."""
        match = await lobby(request).get(match_id)
        seat = await seat_of(request, match, _token(authorization), await who(request))
        return answer(request, await lobby(request).rematch(match_id, seat,
                                                            client_address(request.scope)))

    @app.get("/api/matches/{match_id}/chat")
    async def chat_lines(match_id: str, request: Request, after: int = 0) -> dict[str, Any]:
        """A match's chat after line `after` (at most 200 lines; everyone may read it)."""
        if not MATCH_ID.fullmatch(match_id):
            raise MatchError("no_such_match", "no such match", match_id=match_id[:40])
        store = lobby(request).store
        if await asyncio.to_thread(store.load_match, match_id) is None:
            raise MatchError("no_such_match", f"no match {match_id!r}", match_id=match_id)
        lines = await asyncio.to_thread(store.load_chat, match_id, after, 200)
        return {"match_id": match_id, "lines": [payloads.chat_line(x) for x in lines]}

    @app.post("/api/matches/{match_id}/chat", status_code=201)
    async def chat(match_id: str, body: ChatBody, request: Request,
                   authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        match = await lobby(request).get(match_id)
        identity = await who(request)
        seat = await seat_of(request, match, _token(authorization), identity)
        await say(match, seat, identity, client_address(request.scope), body.text)
        return answer(request, {"line": payloads.chat_line(match.chat[-1])})

    async def say(match: LiveMatch, seat: int | None, identity: Identity | None,
                  address: str, text: str) -> None:
        """A chat line from a seat or a spectator with an identity, at the speaker's rate."""
        if seat is None and identity is None:
            raise MatchError("no_identity", "a spectator needs a name to chat: log in or play "
                             "as a guest")
        if match.chat_n >= limits.chat_lines_per_match:
            raise MatchError("chat_full", "this match's chat is full",
                             limit=limits.chat_lines_per_match)
        if seat is None and match.chat_n >= limits.spectator_chat_lines:
            raise MatchError("chat_full", "this match's chat is full for spectators; the "
                             "rest is kept for its players", limit=limits.spectator_chat_lines)
        wait = clients.take(clients.chat, identity.id if identity else address)
        if wait:
            raise MatchError("rate_limited", "you are chatting too fast; wait a little",
                             retry_after=round(wait, 1))
        if seat is not None:
            s = match.seats[seat]
            name = s.player or s.name
        else:
            assert identity is not None
            name = identity.name
        await match.say(seat, identity.id if identity else None, name, text)

    @app.api_route("/api/matches/{match_id}/seats/{n}/hint", methods=["GET", "POST"])
    async def hint(match_id: str, n: int, request: Request, lang: str = "en",
                   authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The bot's best moves for seat n now, for that seat's own player on their turn at a
        table that allows hints (GET and POST alike: a browser POSTs it, a script may GET)."""
        match = await lobby(request).get(match_id)
        seat = await seat_of(request, match, _token(authorization), await who(request))
        return answer(request, await until_gone(request, lobby(request).hint(
            match_id, seat, n, _lang(lang), client_address(request.scope))))

    @app.get("/api/matches/{match_id}/replay")
    async def replay(match_id: str, request: Request, step: int | None = None,
                     lang: str = "en") -> dict[str, Any]:
        snapshot_allowed(client_address(request.scope))
        return await lobby(request).replay(match_id, step, _lang(lang))

    @app.get("/api/matches/{match_id}/review")
    async def review(match_id: str, request: Request, start: int = 0,
                     lang: str = "en") -> dict[str, Any]:
        """The bot's review of a finished match, a part at a time (`next` is where the next
        part starts, null at the end)."""
        address = client_address(request.scope)
        snapshot_allowed(address)
        return await until_gone(request, lobby(request).review(match_id, start, _lang(lang),
                                                               address))

    # ---- WebSockets ------------------------------------------------------------------------

    @app.websocket("/ws/matches/{match_id}")
    async def match_socket(websocket: WebSocket, match_id: str, token: str | None = None,
                           lang: str = "en", since: str | None = None) -> None:
        address = client_address(websocket.scope)
        await websocket.accept()
        counted = False
        try:
            after = _since(since)  # read here, so that a bad one is answered in the shape
            if limits.per_client:
                if clients.sockets.get(address, 0) >= limits.sockets_per_client:
                    raise MatchError("rate_limited", "too many connections from this address",
                                     limit=limits.sockets_per_client)
                wait = (clients.take(clients.requests, address)
                        or clients.take(clients.snapshots, address))
                if wait:
                    raise MatchError("rate_limited", "too many connections from this address; "
                                     "slow down", retry_after=round(wait, 2))
            clients.sockets[address] = clients.sockets.get(address, 0) + 1
            counted = True
            match = await websocket.app.state.lobby.get(match_id)
            identity = await who(websocket)
            conn = Connection(await seat_of(websocket, match, token, identity), _lang(lang),
                              identity=identity)
            rotated = getattr(websocket.state, "seat_token", None)
            if rotated:  # this socket bound its seat: its link is the new one from now on
                conn.send({"type": "seat_token", **rotated})
            await match.subscribe(conn, after)
        except MatchError as exc:
            if counted:
                _release(clients, address)
            await websocket.send_json(error_payload(exc.code, exc.message, exc.params))
            await websocket.close(code=4000 + exc.status)
            return
        writer = asyncio.create_task(_pump(websocket, conn))
        bucket = TokenBucket(limits.ws_messages_per_second, limits.ws_message_burst,
                             clients.clock())
        strikes = 0
        try:
            while True:
                raw = await _receive_text(websocket)
                if raw is None:  # a binary frame: the protocol is JSON text
                    conn.send(error_payload("bad_request", "messages are JSON text frames; "
                                            "binary frames are not read"))
                    if not conn.writing.locked():
                        await _drain(websocket, conn)
                    strikes += 1
                    if strikes >= limits.ws_strikes:
                        conn.close(4429)
                    continue
                if not _admitted(conn, raw, bucket, limits, clients, address):
                    strikes += 1
                    if strikes >= limits.ws_strikes:
                        conn.close(4429)
                    continue
                strikes = 0
                await _handle(match, conn, raw,
                              lambda text: say(match, conn.seat, conn.identity, address, text))
                if conn.pending and not conn.writing.locked():
                    # the answer to this message (and whatever else is queued) leaves now,
                    # in this turn of the loop, rather than after the pump's wake-up
                    await _drain(websocket, conn)
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass  # the client left (WebSocketDisconnected: it left while we were sending)
        finally:
            writer.cancel()
            _release(clients, address)
            match.unsubscribe(conn, absence.grace_of(match.row))

    if echo:
        @app.websocket("/ws/echo")
        async def echo_socket(websocket: WebSocket) -> None:
            """A bare echo, the baseline `bench/load.py` compares move round trips against;
            only on a server started with `serve --echo`, under the sockets' own bounds
            (sockets per address, messages per socket, message size)."""
            address = client_address(websocket.scope)
            await websocket.accept()
            if limits.per_client and clients.sockets.get(address, 0) >= limits.sockets_per_client:
                await websocket.close(code=4429)
                return
            clients.sockets[address] = clients.sockets.get(address, 0) + 1
            bucket = TokenBucket(limits.ws_messages_per_second, limits.ws_message_burst,
                                 clients.clock())
            try:
                while True:
                    raw = await _receive_text(websocket)
                    if raw is None or (limits.per_client and bucket.take(clients.clock())):
                        await websocket.send_text(encode(error_payload(
                            "rate_limited" if raw is not None else "bad_request",
                            "slow down" if raw is not None else "text frames only")))
                        continue
                    await websocket.send_text(raw)
            except (WebSocketDisconnect, WebSocketDisconnected):
                pass
            finally:
                _release(clients, address)

    return app


async def until_gone(request: Request, work: Awaitable[dict[str, Any]]) -> dict[str, Any]:
    """`work`, cancelled if the client goes away first: a hint or review whose asker left
    stops waiting for a bot worker (the answer would reach nobody)."""
    task = asyncio.ensure_future(work)

    async def gone() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass

    watcher = asyncio.ensure_future(gone())
    try:
        done, _ = await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watcher.cancel()
        if not task.done():
            task.cancel()
    if task not in done:
        with contextlib.suppress(asyncio.CancelledError):
            await task
        raise MatchError("client_gone", "the client left before the answer was ready")
    return task.result()


def _since(value: str | None) -> int | None:
    """A socket's `since` (the last seq the client has), or `bad_request`."""
    if value is None:
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 9:
        raise MatchError("bad_request", "since must be a seq: a whole number from 0",
                         where="since")
    return int(value)


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next text frame's text, None for a binary frame (Starlette's `receive_text` fails
    with a traceback on one); `WebSocketDisconnect` when the client has left."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None


def _release(clients: ClientLimits, address: str) -> None:
    left = clients.sockets.get(address, 0) - 1
    if left > 0:
        clients.sockets[address] = left
    else:
        clients.sockets.pop(address, None)


def _admitted(conn: Connection, raw: str, bucket: TokenBucket, limits: Limits,
              clients: ClientLimits, address: str) -> bool:
    """Whether a client message may be handled now; a refused one is answered with an error.

    Bounds: the message's size (uvicorn's `ws_max_size` closes the socket past it; this
    answers the test client too), the socket's own bucket, where a `lang` message (a full
    snapshot) costs `lang_cost`, and for `lang` the address's snapshot bucket as well."""
    if len(raw) > limits.max_ws_message_bytes:
        conn.send(error_payload("too_large", f"a message may hold at most "
                                f"{limits.max_ws_message_bytes} bytes",
                                {"limit": limits.max_ws_message_bytes}))
        return False
    if not limits.per_client:
        return True
    lang = '"lang"' in raw or '"undo"' in raw  # each answered with a full snapshot
    wait = bucket.take(clients.clock(), limits.lang_cost if lang else 1)
    if not wait and lang:
        wait = clients.take(clients.snapshots, address)
    if wait:
        conn.send(error_payload("rate_limited", "too many messages on this connection; "
                                "slow down", {"retry_after": round(wait, 2)}))
        return False
    return True


async def _pump(websocket: WebSocket, conn: Connection) -> None:
    """Send what the connection has queued whenever something is; ends once it has closed."""
    with contextlib.suppress(Exception):
        while True:
            await conn.ready.wait()
            if not await _drain(websocket, conn):
                return


async def _drain(websocket: WebSocket, conn: Connection) -> bool:
    """Send the connection's queue in order; an int is a close code (4008: a too slow
    reader, 4403: the seat's link was revoked, 4429: a flood of refused messages) after
    which nothing more is sent: False then."""
    async with conn.writing:
        conn.ready.clear()
        while conn.pending and not conn.closed:
            message = conn.take()
            if isinstance(message, int):
                conn.closed = True
                conn.pending.clear()
                await websocket.close(code=message)
            else:
                await websocket.send_text(message)
    return not conn.closed


async def _handle(match: Any, conn: Connection, raw: str,
                  say: Callable[[str], Awaitable[None]]) -> None:
    """One client message; a bad one is answered with an error on this connection only."""
    try:
        message = _ws_message.validate_json(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        conn.send(error_payload("bad_request", f"bad message: {first['msg']}",
                                {"where": ".".join(str(p) for p in first["loc"])}))
        return
    try:
        if isinstance(message, WsMove):
            await match.move(conn.seat, message.action, message.expect_seq, conn.lang)
        elif isinstance(message, WsLang):
            conn.lang = _lang(message.lang)
            await match.welcome_again(conn)
        elif isinstance(message, WsChat):
            await say(message.text)
        elif isinstance(message, WsUndo):
            await match.undo(conn.seat)
        elif isinstance(message, WsConfirm):
            await match.confirm(conn.seat)
        else:
            conn.send({"type": "pong"})
    except MatchError as exc:
        conn.send(error_payload(exc.code, exc.message, exc.params))
    except Exception:  # a storage read or a bug: this message fails, the socket lives on
        log.exception("a WebSocket message failed")
        conn.send(error_payload("internal_error", "the server failed to handle this message"))
