import importlib.util
from pathlib import Path

import pytest

from engine.lookup import service

ROOT = Path(__file__).resolve().parents[3]
CROSSWALK = ROOT.parent / "shared" / "data" / "hs_ceeb_nces_crosswalk.csv"  # tests/conftest.py SHARED_DATA
PHOTON_FIXTURES = ROOT / "tests" / "fixtures" / "photon"


def _photon_module():
    spec = importlib.util.spec_from_file_location("photon_server", PHOTON_FIXTURES / "photon_server.py")
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
    return CROSSWALK if CROSSWALK.exists() else service.SAMPLE_DIR / "hs_ceeb.csv"


@pytest.fixture(scope="session")
def hs_index(tmp_path_factory, hs_source) -> Path:
    path = tmp_path_factory.mktemp("lookup") / "hs.sqlite"
    service.load(path, [hs_source], category="hs_ceeb")
    return path
