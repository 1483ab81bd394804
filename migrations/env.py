"""Alembic environment: the URL comes from the config object, never from a file."""

from alembic import context

from engine.db import Base, make_engine
from engine.models import import_all_models

import_all_models()
config = context.config


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url")
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run_migrations_online()
