"""Alembic's entry point: runs the migrations on the connection `migrations.upgrade` passes."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only through migrations.upgrade
    raise RuntimeError("run migrations through boardwright.server.migrations.upgrade(engine)")

# One transaction per revision: a step that fails leaves the database at the step before.
context.configure(connection=connection, transaction_per_migration=True,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
