"""Delivery in the web app: the targets of tenant.yaml checked at start-up (a webhook whose secret
is not in the environment stops the start with a message naming it), and deliveries recorded in
each submission's own transaction (the applications domain's `submitting` signal)."""

from flask import Flask, current_app

from engine.applications import hooks
from engine.delivery import service
from engine.delivery.metrics import DeliveryCollector


def targets() -> list[dict]:
    # The deployment's, from this process's tenant folder (not part of a definition version).
    return current_app.extensions["tenant"].files.current().delivery


def init_app(app: Flask) -> None:
    service.check_secrets(app.extensions["tenant"].files.current().delivery)
    hooks.submitting.connect(_record_deliveries)
    app.extensions.setdefault("metrics_collectors", []).append(lambda: DeliveryCollector(app.extensions["db_engine"]))


def _record_deliveries(_sender, session, application) -> None:  # the sender is None
    found = targets()
    if found:
        form_data = current_app.extensions["tenant"].current().data
        service.record_for_submission(session, application, found, form_data)
