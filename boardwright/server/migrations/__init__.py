"""The storage schema's history as Alembic migrations, run by the server itself at start.

`upgrade(engine)` brings any database to the newest schema: an empty one, one made by a server
from before the migrations (revision `0001` recognises it and adds only what it lacks), or one
an older release migrated. Several server processes sharing one PostgreSQL database may start
at once: the upgrade runs under a PostgreSQL advisory lock, so one process migrates and the
others find the work done.

A new revision: `versions/NNNN_what.py` with `down_revision` set to the previous one, and the
same change in `store.py`'s tables; `tests/server/test_migrations.py` checks that the two agree.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

HERE = Path(__file__).resolve().parent
#: the key of the advisory lock that serialises migrations between processes (PostgreSQL)
LOCK_KEY = 0x626F617264  # "board"


def config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    return cfg


def head() -> str:
    """The newest revision this code knows."""
    revision = ScriptDirectory.from_config(config()).get_current_head()
    assert revision is not None
    return revision


def current(engine: Engine) -> str | None:
    """The revision a database is at (None: never migrated, empty or made before migrations)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database of `engine` to `revision` (each step in its own transaction)."""
    cfg = config()
    with engine.connect() as conn:
        postgres = engine.dialect.name == "postgresql"
        if postgres:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": LOCK_KEY})
            conn.commit()
        try:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
        finally:
            if postgres:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": LOCK_KEY})
                conn.commit()
