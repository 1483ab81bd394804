"""Puts this folder on sys.path so `import corpus` works here and in the API and job tests."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
