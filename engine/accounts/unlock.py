"""The page an e-mailed unlock link opens (engine/accounts/devices.py): one button that lets the
browser sign in to its locked account. Plain HTML from the server, in the served tenant's words,
so it works before (and without) the client bundle; the button posts back to the same address."""

from flask import current_app, redirect
from markupsafe import escape

from engine.accounts import messages

_PAGE = """<!doctype html>
<html lang="{lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>{title}</title>
<style>main{{max-width:36rem;margin:2rem auto;padding:0 1rem;font-family:system-ui,sans-serif;line-height:1.5}}
button{{font:inherit;min-height:44px;padding:.5rem 1.25rem;border-radius:4px;cursor:pointer}}</style></head>
<body><main>
<h1>{title}</h1>
<p>{text}</p>
{form}
</main></body>
</html>
"""


def _language() -> str:
    holder = current_app.extensions.get("tenant")
    data = holder.current().data if holder is not None else {}
    return data.get("settings", {}).get("language") or "en"


def page(token: str | None, status: int = 200):
    """The page with its button (a valid link), or the invalid-link message (status 400)."""
    if token is None:
        body = _PAGE.format(
            lang=escape(_language()), title=escape(messages.UNLOCK_TITLE), text=escape(messages.UNLOCK_INVALID), form=""
        )
    else:
        form = (
            '<form method="post" action="/public/unlock">'
            f'<input type="hidden" name="token" value="{escape(token)}">'
            f'<button type="submit">{escape(messages.UNLOCK_BUTTON)}</button></form>'
        )
        body = _PAGE.format(
            lang=escape(_language()), title=escape(messages.UNLOCK_TITLE), text=escape(messages.UNLOCK_TEXT), form=form
        )
    response = current_app.response_class(body, status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


def to_login():
    """After the button: the log-in page, where this browser now signs in past the lock."""
    base = current_app.config["PUBLIC_URL"].rstrip("/")
    response = redirect(f"{base}/login", 303)
    response.headers["Cache-Control"] = "no-store"
    return response
