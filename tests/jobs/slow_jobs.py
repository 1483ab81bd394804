"""A conversion job that pauses mid-conversion, so a test can kill its worker while it is in_progress."""

import os
import time

import engine.documents.jobs as document_jobs


def convert_slowly(conversion_id: int, rules: dict) -> str:
    delay = float(os.environ.get("SLOW_JOB_DELAY", "2"))
    real = document_jobs.check_and_convert

    def paused(*args, **kwargs):
        time.sleep(delay)
        return real(*args, **kwargs)

    document_jobs.check_and_convert = paused  # this work-horse only: RQ forks one per job
    return document_jobs.convert_document(conversion_id, rules)


def start_slowly(conversion_id: int, rules: dict) -> str:
    """Pauses before the job writes anything: a worker killed now leaves the row unprocessed."""
    time.sleep(float(os.environ.get("SLOW_JOB_DELAY", "2")))
    return document_jobs.convert_document(conversion_id, rules)
