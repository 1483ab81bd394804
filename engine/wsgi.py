"""WSGI entry point for production servers: `gunicorn -c engine/gunicorn_conf.py engine.wsgi:app`."""

from engine import signing
from engine.app import create_app
from engine.config import load_config

# A production start without a real SECRET_KEY stops here with a message, not a traceback.
signing.require(load_config())
app = create_app()
