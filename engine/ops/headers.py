"""Security headers on every response; a Content-Security-Policy without 'unsafe-eval'."""
from urllib.parse import urlsplit

from flask import current_app, request


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def content_security_policy(docs_page: bool = False) -> str:
    # Uploads go straight to object storage with a presigned POST, so its origin may be connected to.
    upload_origin = _origin(current_app.config.get("S3_PUBLIC_URL") or current_app.config.get("S3_ENDPOINT_URL") or "")
    connect = " ".join(filter(None, ["'self'", upload_origin]))
    # flask-smorest's Swagger UI page starts itself with an inline script; only that page allows it.
    script = "'self' 'unsafe-inline'" if docs_page else "'self'"
    return (f"default-src 'self'; script-src {script}; style-src 'self' 'unsafe-inline'; "
            f"img-src 'self' data: blob:; font-src 'self' data:; connect-src {connect}; "
            "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")


def init_app(app) -> None:
    docs_path = app.config["OPENAPI_URL_PREFIX"].rstrip("/") + app.config["OPENAPI_SWAGGER_UI_PATH"]

    @app.after_request
    def _security_headers(response):
        headers = response.headers
        headers.setdefault("Content-Security-Policy", content_security_policy(request.path == docs_path))
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("X-Frame-Options", "DENY")
        headers.setdefault("Referrer-Policy", "same-origin")
        headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        if request.is_secure:
            headers.setdefault("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
        return response
