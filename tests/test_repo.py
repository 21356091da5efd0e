"""Repository hygiene: the package matches the notebooks and the notebooks are clean (README: tests/test_docs.py)."""
import shutil, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

def _snapshot(root):
    files = list((root / "nbs").glob("*.ipynb")) + list((root / "caddtree").rglob("*.py"))
    return {str(p.relative_to(root)): p.read_bytes() for p in files if "__pycache__" not in p.parts}

def test_export_and_clean_change_nothing(tmp_path):
    "nbdev_export + nbdev_clean on a copy of the repository must leave every notebook and module unchanged."
    for name in ("settings.ini", "setup.py", "README.md"): shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "nbs", tmp_path / "nbs", ignore=shutil.ignore_patterns(".ipynb_checkpoints", "_docs"))
    shutil.copytree(ROOT / "caddtree", tmp_path / "caddtree", ignore=shutil.ignore_patterns("__pycache__"))
    before = _snapshot(tmp_path)
    for cmd in ("nbdev_export", "nbdev_clean"):
        subprocess.run([str(BIN / cmd)], cwd=tmp_path, check=True, capture_output=True)
    after = _snapshot(tmp_path)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"run `make export` and commit: these files are out of sync with the notebooks: {changed}"
