"""Settings from the environment: where links in e-mails point when PUBLIC_URL is unset; the abuse
limits' defaults as the deploy guide lists them."""

import json
import re
from pathlib import Path

from engine.config import RATE_LIMIT_ACTIONS, RUN_FILE, load_config


def _config(monkeypatch, tmp_path, **env):
    for name in ("PUBLIC_URL", "PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("FORMENGINE_INSTANCE", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return load_config()


def test_public_url_wins(monkeypatch, tmp_path):
    assert _config(monkeypatch, tmp_path, PUBLIC_URL="https://apply.example.edu", PORT="9")["PUBLIC_URL"] == (
        "https://apply.example.edu"
    )


def test_unset_it_is_the_local_address_on_port(monkeypatch, tmp_path):
    assert _config(monkeypatch, tmp_path, PORT="8123")["PUBLIC_URL"] == "http://127.0.0.1:8123"
    assert _config(monkeypatch, tmp_path)["PUBLIC_URL"] == "http://127.0.0.1:8000"


def test_unset_beside_a_running_formengine_run_it_is_that_runs_url(monkeypatch, tmp_path):
    (tmp_path / RUN_FILE).write_text(json.dumps({"url": "http://127.0.0.1:8765"}))
    assert _config(monkeypatch, tmp_path)["PUBLIC_URL"] == "http://127.0.0.1:8765"
    (tmp_path / RUN_FILE).write_text("not json")
    assert _config(monkeypatch, tmp_path, PORT="8124")["PUBLIC_URL"] == "http://127.0.0.1:8124"


def test_the_deploy_guide_lists_every_abuse_limit_with_its_defaults():
    """docs/deploy.md's table of abuse limits is written out for operators; engine/config.py's
    RATE_LIMIT_ACTIONS is what runs. An action added, removed or retuned in one must be in the other."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "deploy.md").read_text()
    rows = re.findall(r"^\s*\| `([A-Z_]+)` \| .+ \| (\S+) \| (\S+) \|$", guide, re.MULTILINE)
    assert {action.lower(): (applicant, address) for action, applicant, address in rows} == RATE_LIMIT_ACTIONS


def test_the_job_grace_is_one_setting_read_from_the_environment(monkeypatch, tmp_path):
    """A started conversion or PDF job is taken for lost this long past its timeout; the default
    lives in load_config only (the services and jobs read it from there)."""
    monkeypatch.delenv("DOCUMENT_JOB_GRACE_S", raising=False)
    assert _config(monkeypatch, tmp_path)["DOCUMENT_JOB_GRACE_S"] == 15
    assert _config(monkeypatch, tmp_path, DOCUMENT_JOB_GRACE_S="40")["DOCUMENT_JOB_GRACE_S"] == 40
