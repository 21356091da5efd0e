"""The benchmark data-parallel: two CPU processes under torchrun (gloo) gather to rank 0 the same runs, with the same
outputs, as one process."""
import subprocess, sys
from pathlib import Path
from caddtree.bench import read_runs

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent

def test_torchrun_gathers_what_one_process_computes(tmp_path):
    one = subprocess.run([sys.executable, str(HERE / "ddp_bench.py"), str(tmp_path / "one")], capture_output=True, text=True, timeout=600)
    assert one.returncode == 0, one.stderr[-3000:]
    two = subprocess.run([str(BIN / "torchrun"), "--standalone", "--nproc_per_node=2", str(HERE / "ddp_bench.py"), str(tmp_path / "two")],
                         capture_output=True, text=True, timeout=600)
    assert two.returncode == 0, two.stderr[-3000:]
    a, b = read_runs(tmp_path / "one"), read_runs(tmp_path / "two")
    key = ["set", "prompt", "method", "rep"]
    a, b = a.sort_values(key).reset_index(drop=True), b.sort_values(key).reset_index(drop=True)
    assert len(a) == 5 * 10 + 2 * 8 and len(b) == len(a)          # 5 prompts x 10 methods, 8 ablations on each set's first prompt
    assert a[key + ["output", "tokens"]].equals(b[key + ["output", "tokens"]])
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == ["meta.json", "runs.jsonl", "traces.jsonl"]
