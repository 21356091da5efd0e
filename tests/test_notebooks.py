"""Run every notebook in nbs/ as one test, with nbdev's own rules (cells flagged with settings.ini's
`tst_flags`, e.g. `#| slow` or `#| gpu`, are skipped unless forced with CADDTREE_TEST_FLAGS="slow gpu")."""
import os
from pathlib import Path
import pytest
from nbdev.config import get_config
from nbdev.test import test_nb as run_notebook

ROOT = Path(__file__).resolve().parents[1]
NBS = sorted(p for p in (ROOT / "nbs").glob("*.ipynb") if not p.name.startswith("_"))

@pytest.mark.parametrize("nb", NBS, ids=[p.stem for p in NBS])
def test_notebook(nb):
    cfg = get_config(path=ROOT)
    skip = cfg.get("tst_flags", "").split()
    force = os.environ.get("CADDTREE_TEST_FLAGS", "").split()
    ok, secs = run_notebook(nb, skip_flags=skip, force_flags=force, basepath=ROOT)
    assert ok, f"{nb.name} failed (see the traceback above)"
