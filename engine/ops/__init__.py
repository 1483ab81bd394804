"""Operability: request ids and JSON logs, security headers, health and readiness, metrics
(`init_app` in wiring.py puts them on the app)."""

from engine.ops.wiring import init_app

__all__ = ["init_app"]
