"""Comparing two compiled forms: what a new version adds, removes, renames and changes (diff), and
the `renamed_from` keys that carry a draft's answers across a rename (renames)."""
