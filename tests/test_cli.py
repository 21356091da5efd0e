"""The console entry points, end to end, as a user runs them."""
import subprocess, sys
from pathlib import Path

BIN = Path(sys.executable).parent

def run(*args, timeout=1200):
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, timeout=timeout)

def test_help_of_every_command():
    for cmd in ("caddtree_demo", "caddtree_distill", "caddtree_train", "caddtree_replay"):
        r = run(cmd, "--help")
        assert r.returncode == 0 and "Example:" in r.stdout, (cmd, r.stdout, r.stderr)

def test_demo_end_to_end():
    "The README's main command: decodes with CaDDTree on the real default target, lossless, with figures."
    r = run("caddtree_demo", "--max_new_tokens", "48", "--repeats", "1")
    assert r.returncode == 0, r.stderr[-3000:]
    out = r.stdout
    assert "identical to plain greedy decoding: True" in out, out
    for key in ("tokens/s", "speedup x", "tokens per round:", "budget per round: mean"):
        assert key in out, (key, out)

def test_bad_argument_is_refused():
    r = run("caddtree_distill", "--prompts", "100000")
    assert r.returncode != 0 and "ShareGPT prompts pass the filter" in r.stderr
