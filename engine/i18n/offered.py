"""The languages the served form offers, the default first (none for a form in one language)."""

from flask import current_app


def offered() -> list[str]:
    holder = current_app.extensions.get("tenant")
    if holder is None:
        return []
    return list(holder.current().data.get("languages") or [])
