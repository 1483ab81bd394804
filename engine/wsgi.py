"""WSGI entry point for production servers: `gunicorn -c engine/gunicorn_conf.py engine.wsgi:app`."""

from engine import signing
from engine.app import create_app
from engine.config import load_config
from engine.errors import StartRefused
from engine.ops import metrics

# A production start without a real SECRET_KEY, or with /metrics open by accident, stops here with
# a message, not a traceback.
signing.require(load_config())
metrics.require_protection(load_config())
try:
    app = create_app()
except StartRefused as refused:  # e.g. a webhook's signing secret missing from the environment
    raise SystemExit(str(refused)) from None
