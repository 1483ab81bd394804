"""WSGI entry point for production servers: `gunicorn -c engine/gunicorn_conf.py engine.wsgi:app`."""

from engine.app import create_app

app = create_app()
