"""Operability: request ids and JSON logs, security headers, health and readiness, metrics."""
from engine.ops import headers, health, logs, metrics


def init_app(app) -> None:
    logs.init_app(app)
    headers.init_app(app)
    metrics.init_app(app)
    health.init_app(app)
