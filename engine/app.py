"""create_app(): config, extensions, blueprints, error handlers."""

import html as markup
import json
import re
import weakref
from pathlib import Path

from flask import Flask, g, request, send_from_directory

from engine import db, errors, jsonio, ops, signing
from engine.accounts import abuse
from engine.config import load_config
from engine.definition.catalogue import form_text
from engine.delivery import setup as delivery
from engine.documents import setup as documents
from engine.extensions import api
from engine.i18n import negotiation
from engine.i18n.direction import direction
from engine.tenant import TenantHolder
from engine.versions import Definitions
from engine.versions.metrics import DefinitionCollector


class EngineFlask(Flask):
    """Flask, which asks `inspect` again on every call of every view and hook (about twenty a
    request) whether it is a coroutine function: here the answer "no" is kept per function."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._plain_functions: weakref.WeakSet = weakref.WeakSet()

    def ensure_sync(self, func):
        function = getattr(func, "__func__", func)  # a bound method (a MethodView's view): its function
        if function in self._plain_functions:
            return func
        made = super().ensure_sync(func)
        if made is func:
            try:
                self._plain_functions.add(function)
            except TypeError:  # one that cannot be weakly referenced is asked every time
                pass
        return made


def create_app(overrides: dict | None = None) -> Flask:
    config = load_config(overrides)
    client_dist = Path(config["CLIENT_DIST"])
    app = EngineFlask(
        __name__,
        instance_path=config["INSTANCE_PATH"],
        static_folder=str(client_dist),
        static_url_path="/static",
    )
    app.config.update(config)
    jsonio.init_app(app)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    # Refuses to start with an invalid tenant: raises DefinitionInvalid with the author's messages.
    files = TenantHolder(app.config["TENANT_PATH"], reload=app.config["TENANT_RELOAD"])
    _secret_keys(app)
    abuse.check_settings(app.config)

    db.init_app(app)
    # What is served is the database's current definition version; this start publishes the folder's.
    # Its own small pool: a request holding a connection of the main pool never waits for another
    # one to check the version (threads x 2 connections would exhaust the pool under load).
    app.extensions["versions_engine"] = db.make_engine(app.config["DATABASE_URL"], pool_size=1, max_overflow=2)
    definitions = Definitions(files, app.extensions["versions_engine"], app.config["DEFINITION_CHECK_S"])
    app.extensions["tenant"] = definitions
    definitions.start()
    app.extensions.setdefault("metrics_collectors", []).append(lambda: DefinitionCollector(definitions))
    if app.config.get("REDIS_URL"):
        from engine.documents.cleanup import CleanupCollector
        from engine.retention.task import RetentionCollector

        redis_url = app.config["REDIS_URL"]
        app.extensions["metrics_collectors"].append(lambda: CleanupCollector(redis_url))
        app.extensions["metrics_collectors"].append(lambda: RetentionCollector(redis_url))
    documents.init_app(app)
    delivery.init_app(app)  # refuses to start when a webhook's signing secret is not in the environment
    errors.register(app)
    negotiation.init_app(app)
    api.init_app(app)
    ops.init_app(app)
    _register_blueprints(app)
    _register_client(app, client_dist)
    return app


def _secret_keys(app: Flask) -> None:
    """Raises SecretKeyRefused without a usable SECRET_KEY; tests get the instance folder's
    development key (`formengine run` makes its own and passes it down)."""
    if not app.config["SECRET_KEY"] and app.config["TESTING"]:
        app.config["SECRET_KEY"] = signing.development_key(app.instance_path)
    app.extensions["signing"] = signing.keyring(app.config)


def _register_blueprints(app: Flask) -> None:
    from engine.public.routes import blp as public_blp

    api.register_blueprint(public_blp)
    for module in (
        "engine.accounts.routes",
        "engine.applications.routes",
        "engine.documents.routes",
        "engine.lookup.routes",
        "engine.pdf.routes",
        "engine.staff.routes",
        "engine.staff.admin_routes",
        "engine.staff.erasure_routes",
        "engine.erasure.applicant_routes",
        "engine.downloads.routes",
        "engine.staff.export_routes",
        "engine.staff.oidc_routes",
        "engine.delivery.routes",
    ):
        try:
            blueprint = __import__(module, fromlist=["blp"]).blp
        except ModuleNotFoundError as exc:
            if not (module == exc.name or module.startswith(f"{exc.name}.")):
                raise
            continue
        api.register_blueprint(blueprint)


def _register_client(app: Flask, client_dist: Path) -> None:
    """Every client route serves the single-page app; the client redirects unknown paths."""

    served: dict[tuple, str] = {}  # the page as served, by the served form's version and the file's

    def page(name: str):
        if not (client_dist / name).exists():
            return ("The client is not built. Run `make client`.", 503, {"Content-Type": "text/plain"})
        if name == "index.html":
            response = app.response_class(_index_html(app, client_dist / name, served), mimetype="text/html")
            response.add_etag()  # of the page as served: it changes with the tenant's words
            response = response.make_conditional(request)
        else:
            response = send_from_directory(client_dist, name)
        response.headers["Cache-Control"] = "no-cache"
        return response

    @app.get("/staff")
    def staff_page():
        # The staff list is a page of its own (its own bundle): the applicant's pages never load it.
        response = page("staff.html")
        if not isinstance(response, tuple):
            response.headers["Cache-Control"] = "no-store"  # a staff page is never kept by a browser or proxy
        return response

    @app.get("/")
    @app.get("/<path:path>")
    def client_app(path: str = ""):
        if path.startswith(("api/", "public/", "service/", "lookup/", "static/", "metrics", "staff/")):
            from werkzeug.exceptions import NotFound

            raise NotFound("Not found.")
        return page("index.html")


def _index_html(app: Flask, path: Path, served: dict[tuple, str]) -> str:
    """index.html with the served form's words, built once per form version and client build."""
    holder = app.extensions.get("tenant")
    form = holder.current().in_language(g.get("language")) if holder is not None else None
    data = form.data if form is not None else None
    key = (form.etag if form is not None else None, path.stat().st_mtime_ns)
    if key not in served:
        if len(served) > 16:
            served.clear()  # only the pages of the form being served are kept (one per language)
        served[key] = _with_first_words(data, _with_page_words(data, path.read_text(encoding="utf-8")))
    return served[key]


# The words the shell may show before the compiled form (and so the tenant's `texts`) has arrived:
# loading it, and failing to. The page carries them in the served tenant's wording, as data (a JSON
# block is never run, so the Content-Security-Policy's script-src does not apply to it).
FIRST_WORDS = ("shell_loading", "shell_loading_form", "shell_unexpected", "shell_unexpected_title", "shell_try_again")
FIRST_WORDS_ID = "first-words"


def _with_page_words(data: dict | None, html: str) -> str:
    """The page's own words as the served form `data` writes them: its language and, for a language
    written right to left, its direction (the whole page mirrors: the client's CSS is in logical
    properties), its title (the tenant's name, until the shell sets a page's) and the <noscript>
    line, escaped as HTML text."""
    language = (data or {}).get("settings", {}).get("language")
    if language:  # the meta-schema allows only a language tag's letters, digits and hyphens
        rtl = ' dir="rtl"' if direction(language) == "rtl" else ""
        html = html.replace('<html lang="en">', f'<html lang="{markup.escape(language)}"{rtl}>', 1)
    name = (data or {}).get("tenant", {}).get("name")
    if name:
        html = html.replace("<title>Application</title>", f"<title>{markup.escape(name)}</title>", 1)
    return re.sub(
        r"<noscript>.*?</noscript>",
        lambda _: f"<noscript>{markup.escape(form_text(data, 'page_needs_javascript'))}</noscript>",
        html,
        count=1,
        flags=re.S,
    )


def _with_first_words(data: dict | None, html: str) -> str:
    """The page with the served form's FIRST_WORDS in a <script type="application/json"> block."""
    words = json.dumps({name: form_text(data, name) for name in FIRST_WORDS}, ensure_ascii=False)
    # No "</script>" (or any markup) can end the block early: <, > and & are written as JSON escapes.
    words = words.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return html.replace(
        "</head>", f'  <script type="application/json" id="{FIRST_WORDS_ID}">{words}</script>\n  </head>', 1
    )
