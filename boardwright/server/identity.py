"""Who a request comes from: accounts, guests and the signed cookie that carries either.

An identity is a row of `identities`: a **guest** (made on first need, known only by the
cookie of the browser that made it) or an **account** (a name and a password; a guest becomes
one without changing its id, so its seats and ratings stay). A seat bound to an identity is
that identity's in any browser where it is logged in; join links (seat tokens) still work for
people who never made an account.

The cookie holds a session token (`sessions.py`: the database keeps only its hash, and a
logout deletes it, so a copied cookie stops working) signed with the operator's key
(itsdangerous, HMAC SHA-1; `BOARDWRIGHT_SECRET_KEY` or `serve --secret-key-file`, else a key
kept in the database), and carries no name and no rights: a cookie that fails its signature,
is older than `COOKIE_DAYS` or names an ended session is no identity at all. Login, sign-up
and a password change start a new session and end the browser's previous one. Over HTTPS the
cookie is `__Host-bw_identity` (Secure, Path=/, no Domain: no sibling site can set it); over
plain HTTP `bw_identity`. It is `HttpOnly` and `SameSite=Strict`, and `Guard` refuses every
write from another site's page. A cookie from before sessions (`[identity id, session
number]`, signed with the database's key) is still read while no operator's key is set, until
its identity logs out.

Passwords are hashed with Argon2id (pwdlib's recommended settings) and never stored or logged.
A login for a name that does not exist still verifies the password against a dummy hash, so
its answer takes as long as a wrong password's; hashing runs in threads, at most
`HASHING_AT_ONCE` at a time (each costs 64 MiB; the others wait on the event loop, not in
the threads the storage calls need), behind a per-address rate.
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from confusable_homoglyphs import confusables
from itsdangerous import BadSignature, URLSafeTimedSerializer
from pwdlib import PasswordHash

from . import sessions
from .seats import MatchError
from .store import IdentityRow, NameTaken, Store, now

#: the identity cookie's name (over HTTPS: `HOST_COOKIE`), lifetime and signing salt
COOKIE = "bw_identity"
HOST_COOKIE = "__Host-bw_identity"
COOKIE_DAYS = 365
SALT = "boardwright.identity"
#: the setting that holds the database's signing key (used when the operator gives none)
SECRET_KEY = "cookie_secret"
#: the environment variable of the operator's signing key, and its least length
SECRET_ENV = "BOARDWRIGHT_SECRET_KEY"
SECRET_MIN = 32
#: logins (and password changes) one account may be tried with per hour (refill) and at once,
#: from any number of addresses together: a throttle, never a lock-out
ACCOUNT_LOGINS_PER_HOUR = 20.0
ACCOUNT_LOGIN_BURST = 10
#: Argon2 hashes computed at once (each takes 64 MiB for a moment)
HASHING_AT_ONCE = 2
NAME_MIN, NAME_MAX = 3, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 128
#: characters an account name may hold besides letters and digits
NAME_PUNCTUATION = " _-."
#: names (folded, without spaces) no account may take, and the pattern of those it may not:
#: what the server calls guests, seats and bots
RESERVED_NAMES = frozenset({
    "bot", "bots", "random", "greedy", "ismcts", "mcts", "standin", "guest", "player",
    "spectator", "admin", "administrator", "moderator", "system", "server", "boardwright",
    "root", "nobody", "anonymous"})
RESERVED_PATTERN = re.compile(r"(guest|vendég|host|bot)[-_.]*\d*|"
                              r"(player|hráč|játékos)[-_.]*([a-z]|\d+)?|"
                              r"(random|greedy|ismcts|mcts)\W.*")


@dataclass(frozen=True)
class Identity:
    """The identity a request acts as: never more than its id, kind and name."""

    id: str
    kind: str  # "guest" | "account"
    name: str

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind}


def fold(name: str) -> str:
    """The form names are compared in: `Anna`, `ANNA` and `Ａｎｎａ` are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


def account_name(name: str) -> str:
    """A valid account name (NFKC, trimmed) or `bad_name`: 3-24 letters, digits, spaces and
    `_-.`, starting and ending with a letter or digit."""
    name = unicodedata.normalize("NFKC", name).strip()
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise MatchError("bad_name", f"a name has {NAME_MIN} to {NAME_MAX} characters",
                         min=NAME_MIN, max=NAME_MAX)
    if not all(c.isalnum() or c in NAME_PUNCTUATION for c in name) or not (
            name[0].isalnum() and name[-1].isalnum()):
        raise MatchError("bad_name", "a name holds letters, digits, spaces and _ - . only, "
                         "and starts and ends with a letter or digit")
    return name


def reserved(name: str) -> bool:
    """A name the server gives or means (a guest's `Guest 1234`, a seat's `Player A`, a bot's
    agent, the server's own roles), in any case, width or spacing."""
    key = "".join(fold(name).split())
    return key in RESERVED_NAMES or RESERVED_PATTERN.fullmatch(key) is not None


def passes_for_latin(name: str) -> bool:
    """A name in another script whose every letter has a Latin look-alike (Cyrillic `Аре`
    shows as `Ape`): TR39's whole-script confusable, against Latin, the lobby's script."""
    found = confusables.is_confusable(name, greedy=True, preferred_aliases=["latin"]) or []
    alike = {f["character"] for f in found if f["character"].isalpha()
             and not f["character"].isascii()}  # digits and spaces are no script's
    letters = [c for c in name if c.isalpha()]
    return bool(alike) and all(c in alike or c.isascii() for c in letters)


def check_name(name: str) -> str:
    """`account_name`, and neither a look-alike (`confusable_name`: letters of several
    scripts of which one passes for another's, as Cyrillic `А` in `Аnna`, or a name that
    passes for Latin altogether; TR39's confusables, `confusable_homoglyphs`) nor a reserved
    name (`reserved_name`)."""
    name = account_name(name)
    if confusables.is_dangerous(name) or passes_for_latin(name):
        raise MatchError("confusable_name", "this name mixes letters of different scripts "
                         "that look alike; write it in one script")
    if reserved(name):
        raise MatchError("reserved_name", "this name is kept for the server's own players "
                         "(guests, seats, bots); choose another")
    return name


def check_password(password: str) -> str:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise MatchError("bad_password", f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} "
                         "characters", min=PASSWORD_MIN, max=PASSWORD_MAX)
    return password


class Passwords:
    """Argon2id hashing and checking, a few at a time, off the event loop."""

    def __init__(self) -> None:
        self.hasher = PasswordHash.recommended()
        self._slots: asyncio.Semaphore | None = None
        self._dummy: str | None = None

    def _hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def _verify(self, password: str, hashed: str | None) -> tuple[bool, str | None]:
        """(matches, a new hash when the settings changed since). With no hash (no such
        account), a dummy one is checked all the same, so that both answers take as long."""
        if hashed is None:
            if self._dummy is None:
                self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
            self.hasher.verify(password, self._dummy)
            return False, None
        return self.hasher.verify_and_update(password, hashed)

    def _slot(self) -> asyncio.Semaphore:
        if self._slots is None:  # made on the loop that uses it
            self._slots = asyncio.Semaphore(HASHING_AT_ONCE)
        return self._slots

    async def hash(self, password: str) -> str:
        async with self._slot():
            return await asyncio.to_thread(self._hash, password)

    async def verify(self, password: str, hashed: str | None) -> tuple[bool, str | None]:
        async with self._slot():
            return await asyncio.to_thread(self._verify, password, hashed)


def secret_key(given: str | None = None) -> str | None:
    """The operator's cookie-signing key: `given` (`serve --secret-key-file`), else
    `BOARDWRIGHT_SECRET_KEY`, else None (the database's key is used); `bad_config` when it is
    shorter than `SECRET_MIN` characters."""
    key = (given if given is not None else os.environ.get(SECRET_ENV, "")).strip()
    if not key:
        return None
    if len(key) < SECRET_MIN:
        raise MatchError("bad_config", f"the secret key needs at least {SECRET_MIN} "
                         "characters", min=SECRET_MIN)
    return key


def cookie_name(scheme: str) -> str:
    """The identity cookie's name for a request made over `scheme` (http, https, ws, wss)."""
    return HOST_COOKIE if scheme in ("https", "wss") else COOKIE


class Cookies:
    """Signs and reads the identity cookie's value."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt=SALT)

    def dumps(self, token: str) -> str:
        return self._serializer.dumps(token)

    def _data(self, value: str) -> object:
        try:
            return self._serializer.loads(value, max_age=COOKIE_DAYS * 86400)
        except BadSignature:  # also SignatureExpired
            return None

    def token(self, value: str) -> str | None:
        """The session token of a cookie value, or None for anything not signed by this
        server, too old, or not of the expected shape."""
        data = self._data(value)
        return data if isinstance(data, str) and data else None

    def loads(self, value: str) -> tuple[str, int] | None:
        """A cookie from before sessions: (identity id, session number), or None."""
        data = self._data(value)
        if (not isinstance(data, list) or len(data) != 2 or not isinstance(data[0], str)
                or not isinstance(data[1], int) or isinstance(data[1], bool)):
            return None
        return data[0], data[1]


class Identities:
    """Accounts and guests over the store: sign-up, login, password change, sessions."""

    def __init__(self, store: Store, secret: str | None = None) -> None:
        self.store = store
        self.passwords = Passwords()
        database_key = None if secret else store.setting(
            SECRET_KEY, lambda: secrets.token_urlsafe(48))
        self.cookies = Cookies(secret or str(database_key))
        #: cookies from before sessions, read only under the database's own key (with the
        #: operator's key set, a copy of the database could forge them otherwise)
        self.legacy = self.cookies if secret is None else None

    async def from_cookie(self, value: str | None) -> Identity | None:
        """The identity a cookie value stands for, or None (no cookie, a forged, expired or
        ended one, a deleted identity)."""
        if not value:
            return None
        token = self.cookies.token(value)
        if token is not None:
            row = await asyncio.to_thread(sessions.identity, self.store, token)
        else:
            loaded = self.legacy.loads(value) if self.legacy is not None else None
            if loaded is None:
                return None
            row = await asyncio.to_thread(self.store.identity, loaded[0])
            if row is not None and row.session != loaded[1]:
                row = None
        if row is None or row.kind not in ("guest", "account"):
            return None
        return Identity(row.id, row.kind, row.name)

    async def start_session(self, identity: Identity, previous: str | None = None) -> str:
        """A new session of `identity` and its cookie value; the browser's `previous` cookie
        (a session of whoever) ends with it."""
        old = self.cookies.token(previous) if previous else None
        token = await asyncio.to_thread(sessions.start, self.store, identity.id,
                                        timedelta(days=COOKIE_DAYS), old)
        return self.cookies.dumps(token)

    async def end_session(self, value: str | None, identity: Identity | None) -> None:
        """Log this browser out: its session ends for good (a copy of the cookie with it)."""
        token = self.cookies.token(value) if value else None
        if token is not None:
            await asyncio.to_thread(sessions.end, self.store, token)
        elif identity is not None:  # a cookie from before sessions: end them all
            await asyncio.to_thread(sessions.end_legacy, self.store, identity.id)

    async def end_everywhere(self, identity: Identity) -> int:
        """Log `identity` out of every browser; returns how many sessions ended."""
        await asyncio.to_thread(sessions.end_legacy, self.store, identity.id)
        return await asyncio.to_thread(sessions.end_all, self.store, identity.id)

    async def new_guest(self) -> Identity:
        identity_id = secrets.token_urlsafe(12)
        name = f"Guest {secrets.randbelow(9000) + 1000}"
        await asyncio.to_thread(self.store.create_identity, IdentityRow(
            id=identity_id, kind="guest", name=name, name_key=None, password_hash=None,
            session=0, created=now()))
        return Identity(identity_id, "guest", name)

    async def sign_up(self, current: Identity | None, name: str, password: str) -> Identity:
        """A new account; a guest who signs up keeps its id (and so its seats and ratings)."""
        name = check_name(name)
        hashed = await self.passwords.hash(check_password(password))
        try:
            if current is not None and current.kind == "guest":
                await asyncio.to_thread(self.store.make_account, current.id, name, fold(name),
                                        hashed)
                # every cookie of the guest ends (one planted in this browser included): the
                # caller starts the account's first session
                await self.end_everywhere(current)
                return Identity(current.id, "account", name)
            identity_id = secrets.token_urlsafe(12)
            await asyncio.to_thread(self.store.create_identity, IdentityRow(
                id=identity_id, kind="account", name=name, name_key=fold(name),
                password_hash=hashed, session=0, created=now()))
        except NameTaken:
            raise MatchError("name_taken", "an account of this name exists already") from None
        return Identity(identity_id, "account", name)

    async def log_in(self, name: str, password: str) -> Identity:
        """The account `name` if `password` is its password; one refusal for every failure
        (no such name, a wrong password), so a refusal says not which."""
        row = await asyncio.to_thread(self.store.account, fold(name.strip())[:200])
        ok, rehashed = await self.passwords.verify(password[:PASSWORD_MAX * 4],
                                                   row.password_hash if row else None)
        if row is None or not ok:
            raise MatchError("bad_login", "no account with this name and password")
        if rehashed is not None:
            await asyncio.to_thread(self.store.set_password, row.id, rehashed,
                                    end_sessions=False)
        return Identity(row.id, row.kind, row.name)

    async def change_password(self, identity: Identity, old: str, new: str) -> None:
        """After the old password is checked: the new hash, and every other browser's
        cookie ended (the caller gets a fresh one)."""
        if identity.kind != "account":
            raise MatchError("no_account", "a guest has no password; sign up first")
        row = await asyncio.to_thread(self.store.identity, identity.id)
        ok, _ = await self.passwords.verify(old[:PASSWORD_MAX * 4],
                                            row.password_hash if row else None)
        if not ok:
            raise MatchError("bad_login", "the old password is not right")
        hashed = await self.passwords.hash(check_password(new))
        await asyncio.to_thread(self.store.set_password, identity.id, hashed,
                                end_sessions=True)
        await asyncio.to_thread(sessions.end_all, self.store, identity.id)
