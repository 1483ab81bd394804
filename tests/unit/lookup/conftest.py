from pathlib import Path

import pytest

from engine.lookup import service


@pytest.fixture
def sample_index(tmp_path) -> Path:
    path = tmp_path / "sample.sqlite"
    service.build_sample(path)
    return path
