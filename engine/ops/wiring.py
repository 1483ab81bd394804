"""Puts the operability parts on an app: the proxy's headers read when behind one, Flask's cookie
session kept off /api, then request ids and JSON logs, security headers, metrics, health and readiness."""

# Each module by its full name: `from engine.ops import ...` would be an import of the package, which
# imports this module.
import engine.ops.cookie_session as cookie_session
import engine.ops.headers as headers
import engine.ops.health as health
import engine.ops.logs as logs
import engine.ops.metrics as metrics


def init_app(app) -> None:
    proxies = app.config.get("PROXY_COUNT", 0)
    if proxies:
        # Behind a load balancer: the client's address and scheme come from its X-Forwarded-* headers,
        # so rate limits see the applicant and HSTS and Secure cookies see HTTPS.
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    cookie_session.init_app(app)
    logs.init_app(app)
    headers.init_app(app)
    metrics.init_app(app)
    health.init_app(app)
