"""Alembic environment: migrations always run on the connection the store hands in."""

from alembic import context
from sqlalchemy import Connection

from pokernight.store.schema import metadata

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("run the migrations through pokernight.store (open_store)")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
