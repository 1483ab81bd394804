"""The stored definition versions: one row per compiled form the app has served."""

import datetime as dt

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from engine.accounts.models import utcnow
from engine.db import Base


class DefinitionVersion(Base):
    """A compiled form, immutable once recorded. `published` orders publications: the row with the
    highest is the version every process serves (publishing an earlier version again raises it)."""

    __tablename__ = "definition_versions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    # The tenant whose form it is: a database belongs to one tenant (engine.versions).
    tenant_id: Mapped[str | None] = mapped_column(String(64), index=True)
    # The compiled JSON as text, byte for byte as it was served (JSONB would reorder its keys).
    compiled: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    published: Mapped[int] = mapped_column(Integer, index=True)
    published_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
