"""The conversion job: a thin shell over `convert.check_and_convert` (a kept kind is stored as it came).

Workers have no Flask app: the settings, the session and the memory cap come from
`engine.workhorse`. The job writes its row only while the row still names it (`job_id`), so a
retried or replaced job never overwrites a newer one.
"""

from __future__ import annotations

import datetime as dt
import logging

from rq.timeouts import JobTimeoutException

from engine.accounts.models import utcnow
from engine.definition.catalogue import DEFAULT_TEXTS, fill
from engine.documents.convert import ConversionRefused, check_and_convert
from engine.documents.kept import content_type, is_kept
from engine.documents.marker import ANSWERED, set_answer
from engine.documents.models import PENDING, ConversionStatus, DocumentConversion
from engine.documents.storage import StorageError, delete_quietly, new_key, storage_from_config
from engine.workhorse import current_job_id, job_session, job_settings, limit_memory

log = logging.getLogger(__name__)


def preload() -> None:
    """Import what the document and PDF jobs use, in a worker before it forks work-horses.

    RQ forks a work-horse per job; whatever the worker has not imported, every horse imports
    again (about 0.5 s of CPU for SQLAlchemy, Pillow, pypdf, python-docx and reportlab here),
    which dwarfs the conversion itself. Call this in the worker process before `work()`."""
    import docx  # noqa: F401
    import PIL.Image
    import pypdf  # noqa: F401
    import pypdfium2  # noqa: F401
    import reportlab.platypus  # noqa: F401

    import engine.documents.docx_render
    import engine.pdf.jobs  # noqa: F401
    from engine.models import import_all_models
    from engine.pdf.fonts import font_names

    import_all_models()
    PIL.Image.init()
    font_names()


def convert_document(conversion_id: int, rules: dict) -> str:
    """Convert one upload; returns the final status. Refusals are stored, never raised."""
    settings = job_settings()
    limit_memory(settings)
    job_id = current_job_id()
    timeout = int(settings.get("DOCUMENT_JOB_TIMEOUT") or 60)
    grace = int(settings["DOCUMENT_JOB_GRACE_S"])
    with job_session(settings) as session:
        conversion = session.get(DocumentConversion, conversion_id)
        if conversion is None or conversion.status not in PENDING or (job_id and conversion.job_id != job_id):
            return "stale"
        conversion.status = ConversionStatus.IN_PROGRESS.value
        conversion.started_at = utcnow()
        conversion.deadline_at = conversion.started_at + dt.timedelta(seconds=timeout + grace)
        session.commit()
        upload_key, file_name = conversion.upload_key, conversion.file_name
        application_id, answer_key = conversion.application_id, conversion.answer_key

    store = storage_from_config(settings)
    pdf_key = None
    try:
        size = store.size(upload_key)
        if size is None:
            raise ConversionRefused(_text(rules, "document_not_uploaded"))
        # The bucket's policy may not have enforced the size (moto does not): never read more than allowed + 1.
        data = store.read(upload_key, rules["max_bytes"]) if 0 < size <= rules["max_bytes"] else b""
        result, kind = check_and_convert(data, file_name, rules, size=size)
        # A kept file is stored as it came, under a key of its kind (its row's file_type says it is kept).
        suffix = "." + kind if is_kept(kind) else ".pdf"
        pdf_key = new_key(f"converted/{application_id}/{answer_key}", suffix)
        store.write(pdf_key, result, content_type(kind))
        outcome = ("completed", None, size, kind)
    except ConversionRefused as refused:
        outcome = ("failed", refused.message, None, None)
    except StorageError as exc:
        log.error("conversion %s: %s", conversion_id, exc)
        outcome = ("failed", _text(rules, "document_storage_unavailable"), None, None)
    except JobTimeoutException:
        log.warning("conversion %s reached its time limit (%s s)", conversion_id, timeout)
        outcome = ("failed", fill(_text(rules, "document_conversion_timed_out"), {"seconds": timeout}), None, None)
    except MemoryError:  # the work-horse's memory cap (limit_memory)
        outcome = ("failed", _text(rules, "document_conversion_too_complex"), None, None)
    except Exception:
        log.exception("conversion %s failed unexpectedly", conversion_id)
        outcome = ("failed", _text(rules, "document_conversion_error"), None, None)
    return _finish(settings, conversion_id, job_id, outcome, pdf_key)


def _text(rules: dict, text_id: str) -> str:
    """The tenant's wording the job was given (documents.messages.job_texts), else the catalogue's."""
    text = (rules.get("texts") or {}).get(text_id)
    return text if isinstance(text, str) else DEFAULT_TEXTS[text_id]


def _finish(settings: dict, conversion_id: int, job_id: str | None, outcome: tuple, pdf_key: str | None) -> str:
    status, message, size, kind = outcome
    store = storage_from_config(settings)
    with job_session(settings) as session:
        conversion = session.get(DocumentConversion, conversion_id, with_for_update=True)
        if conversion is None or (job_id and conversion.job_id != job_id) or conversion.status not in PENDING:
            delete_quietly(store, [pdf_key])  # deleted or replaced while we worked
            return "stale"
        conversion.finished_at = utcnow()
        if status == "completed":
            conversion.status = ConversionStatus.COMPLETED.value
            conversion.message = None
            conversion.pdf_key = pdf_key
            conversion.file_size = size
            conversion.file_type = kind
            set_answer(session, conversion.application_id, conversion.answer_key, ANSWERED)
        else:
            delete_quietly(store, [conversion.upload_key])
            conversion.status = ConversionStatus.FAILED.value
            conversion.message = message
            conversion.upload_key = conversion.pdf_key = None
            set_answer(session, conversion.application_id, conversion.answer_key, "")
        session.commit()
        return conversion.status
