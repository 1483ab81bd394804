"""The webhook body's JSON Schema, published beside the OpenAPI document (/api/openapi.json)."""

import json
from pathlib import Path

from flask import Response

from engine.extensions import Blueprint

SCHEMA_PATH = Path(__file__).with_name("webhook.schema.json")
blp = Blueprint("delivery", __name__, description="Delivery of submitted applications to staff systems")


@blp.route("/api/delivery/webhook.schema.json")
@blp.response(200, content_type="application/schema+json", description="The JSON Schema (draft 2020-12)")
@blp.doc(
    summary="The JSON Schema of the delivery webhook's body",
    description="What each webhook target of tenant.yaml receives when an application is submitted.",
)
def webhook_schema():
    body = json.dumps(json.loads(SCHEMA_PATH.read_text()), indent=2)
    return Response(body, mimetype="application/schema+json", headers={"Cache-Control": "public, max-age=3600"})
