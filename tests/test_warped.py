"""The suite on costs unlike this machine's: every profile a test takes is warped (`CADDTREE_COST_WARP`, 10_profile:
3x dearer, flat in n, steep, in steps), and what rests on profiles must still hold: the notebooks that profile pass,
and the README's main command decodes with CaDDTree on the real target, lossless and with bounded trees. Each warp runs
in processes of its own (a process keeps the cost models it loaded), with its own cache entries."""
import os, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
NOTEBOOKS = ("10_profile", "11_decode", "index")  # those that profile, or decode with a profiled cost model
RUN_NBS = """
import sys
from pathlib import Path
from nbdev.config import get_config
from nbdev.test import test_nb
cfg = get_config()
for name in sys.argv[1:]:
    ok, _ = test_nb(Path(f"nbs/{name}.ipynb").resolve(), skip_flags=cfg.get("tst_flags", "").split(),
                    force_flags=["real", "net"], basepath=Path(".").resolve())
    if not ok: sys.exit(f"{name} failed under the warp")
"""

@pytest.mark.parametrize("warp", ["scale", "flat", "steep", "steps"])
def test_suite_holds_under_warped_costs(warp):
    env = {**os.environ, "CADDTREE_COST_WARP": warp}  # CADDTREE_CACHE: conftest's test cache, never the user's
    nb = subprocess.run([sys.executable, "-c", RUN_NBS, *NOTEBOOKS], cwd=ROOT, env=env, capture_output=True, text=True,
                        timeout=1200)
    failed = nb.returncode != 0
    assert not failed, nb.stderr[-4000:]
    demo = subprocess.run([str(BIN / "caddtree_demo"), "--max_new_tokens", "32", "--repeats", "1"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1200)
    failed = demo.returncode != 0
    assert not failed, demo.stderr[-3000:]
    assert "identical to plain greedy decoding: True" in demo.stdout, demo.stdout
    warped = list((Path(os.environ["CADDTREE_CACHE"]) / "costs").glob(f"SmolLM2-*-warp-{warp}.json"))
    assert warped, "the demo did not profile under the warp"
