"""Definition versions: every compiled form the app serves is a version, stored in the database
(store.py: jobs read it there, with a plain session), and the database decides which one each
process serves (served.py: `Definitions`, and `current`, `get`, `record`, `of`, `problems` in an
app context). A draft on an earlier version moves to the current one through
`engine.versions.drafts.migrate_draft`.
"""

from engine.versions.served import Definitions, current, get, of, problems, record
from engine.versions.store import for_application, load, newest_id, store_version

__all__ = [
    "Definitions",
    "current",
    "for_application",
    "get",
    "load",
    "newest_id",
    "of",
    "problems",
    "record",
    "store_version",
]
