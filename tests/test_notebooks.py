"""Run every notebook in nbs/ as one test, with nbdev's own rules. Cells flagged with settings.ini's `tst_flags` are
skipped unless forced: `real` (the real default target) and `net` (data wheels from PyPI) run here, since `make test`
installs both; `slow` and `gpu` only when forced, e.g. CADDTREE_TEST_FLAGS="slow gpu"."""
import os
from pathlib import Path
import pytest
from nbdev.config import get_config
from nbdev.test import test_nb as run_notebook

ROOT = Path(__file__).resolve().parents[1]
NBS = sorted(p for p in (ROOT / "nbs").glob("*.ipynb") if not p.name.startswith("_"))
FORCE = ["real", "net"] + os.environ.get("CADDTREE_TEST_FLAGS", "").split()

@pytest.mark.parametrize("nb", NBS, ids=[p.stem for p in NBS])
def test_notebook(nb):
    cfg = get_config(path=ROOT)
    ok, secs = run_notebook(nb, skip_flags=cfg.get("tst_flags", "").split(), force_flags=FORCE, basepath=ROOT)
    assert ok, f"{nb.name} failed (see the traceback above)"
