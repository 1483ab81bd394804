"""The systemd units in deploy/systemd pass `systemd-analyze verify` (unknown keys, bad commands,
missing dependencies), with /opt/formengine pointed at this checkout so their commands exist; the
templated worker units are checked as an instance (@1)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="systemd-analyze is not installed")
def test_the_systemd_units_verify(tmp_path):
    checked = []
    for unit in sorted(UNITS.glob("*.service")):
        name = unit.name.replace("@.service", "@1.service")
        (tmp_path / name).write_text(unit.read_text().replace("/opt/formengine", str(ROOT)))
        checked.append(str(tmp_path / name))
    assert {"formengine-web.service", "formengine-migrate.service", "formengine-worker@1.service"} <= {
        Path(path).name for path in checked
    }
    result = subprocess.run(["systemd-analyze", "verify", *checked], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and not result.stderr.strip(), result.stdout + result.stderr


def test_the_web_unit_starts_after_the_migrations_and_logs_in_as_the_app_role():
    web = (UNITS / "formengine-web.service").read_text()
    migrate = (UNITS / "formengine-migrate.service").read_text()
    assert "Requires=formengine-migrate.service" in web and "db upgrade" not in web
    assert "EnvironmentFile=/etc/formengine/migrate.env" in migrate and "formengine db upgrade" in migrate
