"""The documents domain in the web app: its side of the applications domain's hooks (the
applications domain never imports this one; it calls what is registered here)."""

from flask import Flask

from engine.applications import hooks
from engine.documents import service


def init_app(_app: Flask) -> None:
    hooks.register_documents(
        document_answers=service.document_answers,
        remove_documents=service.remove_documents,
        move_documents=service.move_documents,
        download_url=service.download_url,
    )
