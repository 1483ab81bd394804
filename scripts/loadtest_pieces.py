"""Where one PUT /api/answer's CPU goes, piece by piece: the load test's page of answers saved N times,
one request at a time, through the Flask test client against a fresh PostgreSQL database, with each
piece (a hook, the CSRF check, the argument parsing, the answer checks, the hiding rules, the
statements, the driver...) wrapped by a CPU clock.

    .venv/bin/python scripts/loadtest_pieces.py [--count 1000]

Prints the CPU per request of each piece, inclusive of the pieces it calls (the wrapping adds about
a microsecond per piece, so the total is a little above loadtest_profile.py's). CPU time, not wall
time: the machine is shared. Unlike cProfile, which inflates code that makes many small calls, the
pieces' own code runs at full speed. Creates and drops its own database (as scripts/loadtest does).
"""

import argparse
import functools
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.loadtest_profile import add_database_url, one_applicant, saver, stderr_silenced  # noqa: E402
from scripts.loadtest_run import about_page  # noqa: E402

_spent: dict[str, float] = {}


def _clocked(function, label: str):
    _spent[label] = 0.0

    @functools.wraps(function)
    def clocked(*args, **kwargs):
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            _spent[label] += time.process_time() - started

    return clocked


def _wrap(owner, name: str, label: str) -> None:
    setattr(owner, name, _clocked(getattr(owner, name), label))


def _wrap_pieces() -> None:
    """Before the app is made, so the views and hooks it registers call the wrapped functions."""
    import flask.app
    import flask.ctx
    import psycopg
    import sqlalchemy.engine.base
    import webargs.core

    from engine import db
    from engine.accounts import auth, sessions
    from engine.applications import autosave, routes
    from engine.definition import visibility

    # The hot path's statements on the driver's cursor, where the engine has them (else none: 0 ms).
    driver = getattr(db, "DriverStatement", None)
    for owner, name, label in (
        (flask.app.Flask, "wsgi_app", "Flask: the whole request"),
        (flask.app.Flask, "request_context", "  request object and context made"),
        (flask.ctx.RequestContext, "push", "  context pushed"),
        (flask.app.Flask, "preprocess_request", "  before_request hooks"),
        (flask.app.Flask, "dispatch_request", "  the view"),
        (auth, "check_csrf", "    CSRF check"),
        (webargs.core.Parser, "parse", "    webargs/marshmallow: the body's arguments"),
        (routes.service, "autosave", "    the save (service.autosave)"),
        (autosave, "answer_problems", "      answer checks against the data model"),
        (autosave.window, "open_for_all", "      application window"),
        (sessions, "live_params", "      session token hashed, idle cut-off"),
        (visibility.Visibility, "settle", "      hiding rules settled"),
        (sqlalchemy.engine.base.Engine, "connect", "      pooled connection out"),
        (sqlalchemy.engine.base.Connection, "execute", "      statements through SQLAlchemy (round trips)"),
        *([(driver, "first", "      statements on the driver's cursor (round trips)")] if driver else []),
        (psycopg.Cursor, "execute", "        of which psycopg's own execute"),
        (sqlalchemy.engine.base.Connection, "close", "      pooled connection back"),
        (routes, "confirm_session", "    session renewal check"),
        (flask.app.Flask, "finalize_request", "  response made, after_request hooks"),
        (flask.app.Flask, "process_response", "    after_request hooks"),
        (flask.ctx.RequestContext, "pop", "  context popped (teardown)"),
    ):
        _wrap(owner, name, label)


def _wrap_hooks(app) -> None:
    for registry, kind in ((app.before_request_funcs, "before"), (app.after_request_funcs, "after")):
        hooks = registry[None]
        for index, hook in enumerate(hooks):
            hooks[index] = _clocked(hook, f"      {kind}: {hook.__module__}.{hook.__name__}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_database_url(parser)
    parser.add_argument("--count", type=int, default=1000, help="saves measured (after 50 unmeasured)")
    options = parser.parse_args()
    with one_applicant(options.database_url, "formengine-pieces-") as cookie:
        _measure(cookie, about_page(), options.count)
    return 0


def _measure(cookie: str, page: dict, count: int) -> None:
    _wrap_pieces()
    from engine.app import create_app

    app = create_app()
    _wrap_hooks(app)
    save = saver(app.test_client(), cookie, page)
    try:
        with stderr_silenced():
            for serial in range(50):
                save(serial)
            _spent.update(dict.fromkeys(_spent, 0.0))
            started = time.process_time()
            for serial in range(count):
                save(serial)
            total = time.process_time() - started
    finally:
        app.extensions["db_engine"].dispose()
    print(f"PUT /api/answer ({len(page)} answers), CPU per request over {count}, this process:")
    print(f"{'the test client and everything (wrapped)':62} {total / count * 1000:6.3f} ms  100%")
    for label, spent in _spent.items():
        print(f"{label:62} {spent / count * 1000:6.3f} ms {spent / total * 100:4.0f}%")
    print(f"load average (1 min): {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
