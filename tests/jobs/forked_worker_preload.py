"""Imported once by the job tests' forkserver (job_workers.py), before it forks any worker: what
`engine.worker` imports and the documents' preload, which reads no setting. The delivery preload reads
the tenant named in the environment, so each worker still runs it after it is forked."""

import engine.worker  # noqa: F401  (imported for the forks to inherit, not used here)
from engine.documents.jobs import preload

preload()
