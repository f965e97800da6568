"""What stands between the network and the app: one error shape for every refusal, a body size
bound, a request rate per client address, the refusal of writes from other sites' pages, and
the security headers of every answer.

Cross-site writes: every state-changing request (any method but GET, HEAD and OPTIONS) that a
browser marks as coming from another site's page is refused (`bad_origin`, 403) before the app
sees it, whether or not it carries the identity cookie: a guest identity made or ended by
another site's form is lost for good. A browser says where a request comes from in
`Sec-Fetch-Site` (only `same-origin` and `none`, a typed address, pass) and, older ones, in
`Origin` (it must name this host). A request with neither is no browser's (a script's) and
passes: it cannot carry a victim's cookie without the victim's browser.

`Guard` is plain ASGI middleware (Starlette's `BaseHTTPMiddleware` would wrap each body in a
stream and run the app in another task); `install_error_handlers` makes every 4xx and 5xx that
FastAPI, Starlette or the storage can raise answer with the protocol's `Error` body
(`{"type": "error", "code", "message", "params"}`), never `{"detail": ...}` or plain text.
"""

from __future__ import annotations

import ipaddress
import logging
import math
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .limits import ClientLimits, Limits, client_address
from .schemas import error_payload
from .seats import MatchError

log = logging.getLogger("boardwright.server")

#: the pages load their own modules, styles and sockets only; nothing may frame them. The one
#: inline style a renderer sets is an attribute (`style-src-attr`), never a <style> or script.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
#: the API's answers are per identity and may carry seat tokens: never stored by a cache
NO_STORE = (b"cache-control", b"no-store")
#: the IPv6 prefix length counted as one client address
IPV6_PREFIX = 64
#: methods that change nothing, which a cross-site page may send
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
#: `Sec-Fetch-Site` values of a request from this server's own pages (or a typed address)
OWN_SITES = (b"same-origin", b"none")
#: the code of an HTTP status that the routing itself answers (no route, wrong method, ...)
STATUS_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed",
                413: "too_large", 429: "rate_limited", 503: "server_busy"}


def error_response(code: str, message: str, http_status: int,
                   params: dict[str, Any] | None = None) -> JSONResponse:
    params = params or {}
    headers = {}
    if "retry_after" in params:
        headers["Retry-After"] = str(max(1, math.ceil(params["retry_after"])))
    return JSONResponse(error_payload(code, message, params), status_code=http_status,
                        headers=headers)


def install_error_handlers(app: FastAPI) -> None:
    """Every refusal in the protocol's one shape, with a `code`."""

    @app.exception_handler(MatchError)
    async def match_error(_: Request, exc: MatchError) -> JSONResponse:
        return error_response(exc.code, exc.message, exc.status, exc.params)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        message = f"{where}: {first.get('msg', 'invalid request')}"
        return error_response("bad_request", message, 422, {"where": where})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = STATUS_CODES.get(exc.status_code, "bad_request" if exc.status_code < 500
                                else "internal_error")
        return error_response(code, str(exc.detail), exc.status_code)

    @app.exception_handler(SQLAlchemyError)
    async def storage_error(_: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.error("storage refused a request: %s", exc)
        return error_response("storage_unavailable", "the server cannot store anything right "
                              "now; nothing was changed, try again later", 503)

    @app.exception_handler(Exception)
    async def internal_error(_: Request, exc: Exception) -> JSONResponse:
        # Starlette logs the traceback after this answer; the client learns nothing of it
        return error_response("internal_error", "the server failed to answer this request",
                              500)


class Guard:
    """ASGI middleware for HTTP: request rate per address, body size, security headers.

    The rate applies to the API (`/api/...`); pages and static files are cached by browsers and
    cost nothing to serve. WebSocket connections are counted by the socket endpoint itself,
    which can answer with an error message before closing (app.py)."""

    def __init__(self, app: ASGIApp, limits: Limits, clients: ClientLimits) -> None:
        self.app = app
        self.limits = limits
        self.clients = clients

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if client:  # every per-address bound reads this: one IPv6 /64 is one address
            scope["client"] = (address_key(str(client[0])), client[1])
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        api = scope["path"].startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [*SECURITY_HEADERS, NO_STORE] if api else SECURITY_HEADERS
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        if scope["method"] not in SAFE_METHODS and cross_site(scope):
            await self._refuse(scope, send_with_headers, "bad_origin", "a request from "
                               "another site's page cannot change anything here", 403, {})
            return

        if api:
            wait = self.clients.take(self.clients.requests, client_address(scope))
            if wait:
                await self._refuse(scope, send_with_headers, "rate_limited",
                                   "too many requests from this address; slow down", 429,
                                   {"retry_after": round(wait, 2)})
                return
        declared = _content_length(scope)
        if declared is not None and declared > self.limits.max_body_bytes:
            await self._refuse(scope, send_with_headers, "too_large",
                               f"a request body may hold at most {self.limits.max_body_bytes} "
                               "bytes", 413, {"limit": self.limits.max_body_bytes})
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            body = await self._read_body(receive)
            if body is None:
                await self._refuse(scope, send_with_headers, "too_large",
                                   f"a request body may hold at most "
                                   f"{self.limits.max_body_bytes} bytes", 413,
                                   {"limit": self.limits.max_body_bytes})
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, send_with_headers)

    async def _read_body(self, receive: Receive) -> bytes | None:
        """The whole body, or None once it passes the bound (bodies here are a few hundred
        bytes; reading them first lets a too large one be refused before any parsing)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return b"".join(chunks)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limits.max_body_bytes:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    @staticmethod
    async def _refuse(scope: Scope, send: Send, code: str, message: str, http_status: int,
                      params: dict[str, Any]) -> None:
        response = error_response(code, message, http_status, params)
        await response(scope, _nothing, send)


def address_key(host: str) -> str:
    """The address a client is counted as: an IPv6 address's /64 network (one subscriber
    line gets a whole /64 and may use any address in it), an IPv4-mapped one's IPv4 address;
    anything else (IPv4, a test client's name) as it is."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return host


def cross_site(scope: Scope) -> bool:
    """Whether a browser says this request comes from another site's page (module doc)."""
    headers = dict(scope.get("headers", []))
    site = headers.get(b"sec-fetch-site")
    if site is not None and site not in OWN_SITES:
        return True
    origin = headers.get(b"origin")
    if origin is None:
        return False
    return origin == b"null" or urlsplit(origin.decode("latin-1")).netloc.encode(
        "latin-1") != headers.get(b"host", b"")


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # what follows the body: a disconnect

    return replay


async def _nothing() -> Message:
    return {"type": "http.disconnect"}
