"""gunicorn settings, every one from the environment (docs/deploy.md)."""

import multiprocessing
import os

bind = os.environ.get("BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
# Workers from the CPU count unless WEB_CONCURRENCY says otherwise.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("WEB_THREADS", "1"))
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("WEB_GRACEFUL_TIMEOUT", "30"))  # SIGTERM: finish requests in flight
keepalive = 5
max_requests = int(os.environ.get("WEB_MAX_REQUESTS", "5000"))
max_requests_jitter = 500
accesslog = None  # the app writes its own JSON access log with request ids
errorlog = "-"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
control_socket_disable = True  # gunicorn 27's control socket is not needed here
# Load the app before listening: a restarted process opens its port only when it can answer, so
# the load balancer fails over at once instead of waiting on a port with no worker behind it.
preload_app = True


def post_fork(_server, _worker):
    """Connections must not be shared across processes: each worker starts with fresh pools."""
    from engine.jobs import connection
    from engine.wsgi import app

    app.extensions["db_engine"].dispose(close=False)
    connection.cache_clear()


def child_exit(_server, worker):
    """Prometheus multiprocess mode: forget a dead worker's live gauges."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
