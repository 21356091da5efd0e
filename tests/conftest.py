"""Every test (notebooks, command lines, subprocesses) keeps what it caches in the repository's build/test-cache, never
in the user's cache folder (~/.cache/caddtree or $CADDTREE_CACHE): profiles made by tests must not become the cost
models a user decodes with. CADDTREE_TEST_CACHE names another folder."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ["CADDTREE_CACHE"] = os.environ.get("CADDTREE_TEST_CACHE") or str(ROOT / "build" / "test-cache")
