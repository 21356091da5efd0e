"""The exact attention kernel against an earlier version of itself: the same bits, and the time of each.

    python results/cpu-avx2/exact-kernel/versions.py [--base COMMIT] [--out DIR]   # writes versions.json (about 4 minutes)

Builds `KERNEL_SOURCE` as it was at commit `--base` (default dd3d011, the kernel's first version) beside the installed
one, checks on random problems (head sizes 16-256, 1-3 query heads per key/value head, 1-33 rows of random trees after
0-513 keys, fp32 and bf16) that both give the same bits, then times one layer's attention of the default target's
shape (9 query heads on 3 key/value heads of 64) for 1-33 rows after 128, 512 and 2048 keys, interleaved, medians of 100.
"""
import argparse, ast, json, statistics, subprocess, time
from pathlib import Path
import torch
from torch.utils.cpp_extension import load_inline
from tqdm.auto import tqdm
from caddtree.exact import KERNEL_SOURCE, exact_kernel, kernel_flags, random_tree
from caddtree.profile import hardware

def source_at(commit: str) -> str:
    text = subprocess.run(["git", "show", f"{commit}:caddtree/exact.py"], capture_output=True, text=True, check=True).stdout
    return next(ast.literal_eval(n.value) for n in ast.parse(text).body
                if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", None) == "KERNEL_SOURCE")

def same_bits(base, new, trials=60) -> int:
    g, differ = torch.Generator().manual_seed(0), 0
    for i in tqdm(range(trials), desc="same bits"):
        d, kvh, groups = (64, 128, 16, 32, 256)[i % 5], (3, 1, 2)[i % 3], (3, 1, 2)[i // 3 % 3]
        q, ctx = (1, 2, 5, 9, 17, 33)[i % 6], (0, 3, 7, 64, 70, 129, 513)[i % 7]
        for dt in (torch.float32, torch.bfloat16):
            Q, K, V = (torch.randn(n, ctx + q, d, generator=g).to(dt) for n in (kvh * groups, kvh, kvh))
            Q = Q[:, :q]
            vis = torch.cat([torch.ones(q, ctx, dtype=torch.bool), random_tree(q, g)], 1) if q > 1 or i % 2 else None
            differ += not torch.equal(base.exact_rows(Q, K, V, vis, d ** -0.5), new.exact_rows(Q, K, V, vis, d ** -0.5))
    return differ

def timings(base, new, reps=100) -> list:
    out = []
    for dt in (torch.float32, torch.bfloat16):
        for ctx in (128, 512, 2048):
            for q in tqdm((1, 5, 9, 17, 33), desc=f"{str(dt)[6:]} after {ctx}"):
                vis = None if q == 1 else torch.cat([torch.ones(q, ctx, dtype=torch.bool), random_tree(q)], 1)
                Q = torch.randn(1, q, 9, 64).transpose(1, 2)[0].to(dt)  # as transformers passes it
                K, V = (torch.randn(3, ctx + q, 64).to(dt) for _ in range(2))
                ts = {"base": [], "new": []}
                for _ in range(reps):
                    for name, k in (("base", base), ("new", new)):
                        s = time.perf_counter(); k.exact_rows(Q, K, V, vis, 0.125); ts[name].append(time.perf_counter() - s)
                m = {k: 1e6 * statistics.median(v) for k, v in ts.items()}
                out.append(dict(dtype=str(dt)[6:], keys=ctx, rows=q, base_us=round(m["base"], 1), new_us=round(m["new"], 1),
                                new_over_base=round(m["new"] / m["base"], 3)))
    return out

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--base", default="dd3d011")
    ap.add_argument("--out", default=str(Path(__file__).parent)); a = ap.parse_args()
    new = exact_kernel()
    base = load_inline(f"caddtree_exact_base_{a.base}", cpp_sources=source_at(a.base), functions=["exact_rows"],
                       extra_cflags=kernel_flags(torch.backends.cpu.get_cpu_capability()))
    rec = dict(hardware=hardware(), threads=torch.get_num_threads(), base=a.base, same_source=source_at(a.base) == KERNEL_SOURCE,
               problems_differing=same_bits(base, new), attention=timings(base, new))
    Path(a.out, "versions.json").write_text(json.dumps(rec, indent=1) + "\n")
    print(json.dumps({k: v for k, v in rec.items() if k != "hardware"}, indent=1))

if __name__ == "__main__": main()
