"""The stack's floor for scripts/loadtest: the least an answer save can be on the fixed stack.

A Flask app with a flask-smorest blueprint whose PUT takes the same JSON body through a marshmallow
schema (as PUT /api/answer does) and merges it into one PostgreSQL JSONB row with one autocommitted
SQLAlchemy Core statement, then answers a message through the response schema. No sessions, cookies,
answer checks, logs, metrics or security headers: what is left is the framework and the database.
If this endpoint cannot reach the target share of the bare endpoint's throughput, no work on the
engine's own code can (see the load test section of docs/benchmarks.md).
"""

import os

import marshmallow as ma
from flask import Flask
from flask.views import MethodView
from flask_smorest import Api, Blueprint
from sqlalchemy import bindparam, create_engine, text
from sqlalchemy.dialects.postgresql import JSONB

ROWS = 200  # one row per simulated applicant, as the engine has one application each


class AnswersSchema(ma.Schema):
    class Meta:
        unknown = ma.INCLUDE


class MessageSchema(ma.Schema):
    message = ma.fields.String()


MERGE = text("UPDATE loadtest_floor SET answers = answers || :patch WHERE id = :id RETURNING id").bindparams(
    bindparam("patch", type_=JSONB)
)


def create_app() -> Flask:
    app = Flask(__name__)
    app.config.update(API_TITLE="floor", API_VERSION="1", OPENAPI_VERSION="3.0.3")
    engine = create_engine(os.environ["DATABASE_URL"], pool_size=1, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(
            text(
                "CREATE TABLE IF NOT EXISTS loadtest_floor (id integer PRIMARY KEY, "
                "answers jsonb NOT NULL DEFAULT '{}')"
            )
        )
        connection.execute(
            text("INSERT INTO loadtest_floor (id) SELECT generate_series(0, :last) ON CONFLICT DO NOTHING"),
            {"last": ROWS - 1},
        )
    blp = Blueprint("floor", __name__)

    @blp.route("/floor")
    class Floor(MethodView):
        @blp.arguments(AnswersSchema)
        @blp.response(200, MessageSchema)
        def put(self, answers):
            row = hash(answers.get("preferred_name", "")) % ROWS
            with engine.connect() as connection:
                connection.execute(MERGE, {"patch": answers, "id": row}).one()
            return {"message": "Your answers have been saved."}

    Api(app).register_blueprint(blp)
    return app
