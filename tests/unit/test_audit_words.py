"""The /staff audit panel names every action the audit trail records, in words, and no other."""

import re
from pathlib import Path

from engine.audit.service import ACTIONS

PANEL = Path(__file__).resolve().parents[2] / "client" / "src" / "staff" / "AuditPanel.jsx"


def test_the_audit_panel_has_words_for_every_recorded_action():
    block = re.search(r"const ACTIONS = \{(.*?)\n\};", PANEL.read_text(), re.S)
    assert block, "AuditPanel.jsx no longer holds its ACTIONS table"
    worded = set(re.findall(r"^\s+(\w+):", block.group(1), re.M))
    assert sorted(set(ACTIONS) - worded) == [], "actions the panel would show as their code"
    assert sorted(worded - set(ACTIONS)) == [], "words for actions nothing records"
