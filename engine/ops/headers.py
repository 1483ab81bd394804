"""Security headers on every response; a Content-Security-Policy without 'unsafe-eval'."""

from urllib.parse import urlsplit

from flask import request


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def content_security_policy(config, docs_page: bool = False) -> str:
    # Uploads go straight to object storage with a presigned POST, so its origin may be connected to.
    upload_origin = _origin(config.get("S3_PUBLIC_URL") or config.get("S3_ENDPOINT_URL") or "")
    connect = " ".join(filter(None, ["'self'", upload_origin]))
    # flask-smorest's Swagger UI page starts itself with an inline script; only that page allows it.
    script = "'self' 'unsafe-inline'" if docs_page else "'self'"
    return (
        f"default-src 'self'; script-src {script}; style-src 'self' 'unsafe-inline'; "
        f"img-src 'self' data: blob:; font-src 'self' data:; connect-src {connect}; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )


def init_app(app) -> None:
    docs_path = app.config["OPENAPI_URL_PREFIX"].rstrip("/") + app.config["OPENAPI_SWAGGER_UI_PATH"]
    policies = {False: content_security_policy(app.config), True: content_security_policy(app.config, docs_page=True)}

    fixed = (
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
    )
    hsts = ("Strict-Transport-Security", "max-age=63072000; includeSubDomains")

    # The lists of headers, made once: (docs page, HTTPS) -> [(name, value)], and their names.
    wanted = {
        (docs, secure): [("Content-Security-Policy", policies[docs]), *fixed, *([hsts] if secure else [])]
        for docs in (False, True)
        for secure in (False, True)
    }
    names = {name.lower() for name, _ in wanted[(True, True)]}

    @app.after_request
    def _security_headers(response):
        current = request._get_current_object()  # type: ignore[attr-defined]
        headers = wanted[(current.path == docs_path, current.is_secure)]
        # A view's own value of any of them wins (one pass over the response's headers, when it set any).
        present = {name.lower() for name, _ in response.headers.items()} & names
        response.headers.extend([(n, v) for n, v in headers if n.lower() not in present] if present else headers)
        return response
