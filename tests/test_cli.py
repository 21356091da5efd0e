"""The console entry points, end to end, as a user runs them."""
import subprocess, sys
from pathlib import Path

BIN = Path(sys.executable).parent

def run(*args, timeout=1200):
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, timeout=timeout)

def test_demo_end_to_end():
    "The README's main command: decodes with CaDDTree on the real default target, lossless, with figures."
    r = run("caddtree_demo", "--max_new_tokens", "48", "--repeats", "1")
    assert r.returncode == 0, r.stderr[-3000:]
    out = r.stdout
    assert "identical to plain greedy decoding: True" in out, out
    for key in ("tokens/s", "speedup x", "tokens per round:", "budget per round: mean", "recalibrated online: BudgetCost("):
        assert key in out, (key, out)

def test_bad_argument_is_refused(tmp_path):
    r = run("caddtree_distill", "--prompts", "100000", "--out", str(tmp_path / "shards"))
    assert r.returncode != 0 and "ShareGPT prompts in all" in r.stderr
    assert not (tmp_path / "shards").exists()  # refused before any work
