"""The baseline for scripts/loadtest: a bare Flask JSON endpoint, served by the same
gunicorn settings as the engine. It parses the same JSON body and answers a message."""

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.put("/bare")
def bare():
    body = request.get_json()
    return jsonify(message="ok", keys=len(body))
