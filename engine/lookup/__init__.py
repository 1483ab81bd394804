"""Lookups for autocomplete widgets: schools by CEEB code and addresses.

Each category is answered by one provider chosen by configuration: the embedded
SQLite FTS5 index (default) or an adapter to a self-hosted engine (Photon for
addresses), which falls back to the index when the engine fails.
"""

CATEGORIES = ("college_ceeb", "hs_ceeb", "address")
SCHOOL_CATEGORIES = ("college_ceeb", "hs_ceeb")
