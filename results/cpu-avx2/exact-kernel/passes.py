"""What exact attention costs: the compiled kernel (`exact_rows`), the blocked torch ops and the shipped attention.

    python results/cpu-avx2/exact-kernel/passes.py [--out DIR]   # writes passes.json (about three minutes)

On the default target in bf16 where oneDNN packs it, else fp32 (as 06a_exact's real cells). One layer's attention
alone (9 query heads on 3 key/value heads of 64, random inputs): `sdpa` as transformers calls it, the blocked ops and
the kernel, for 1, 9 and 17 query rows (a random tree) after 512 keys. The whole target: a plain step and tree passes of
4, 8 and 16 nodes after 128 and 512 tokens of context, shipped and exact, interleaved, medians of 15. Whether each
exact target is accepted on this machine (the reason where not), and the kernel target's `row_gap`.
"""
import argparse, json, statistics, time
from pathlib import Path
import torch
from tqdm.auto import tqdm
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from caddtree.exact import exact_attention, exact_kernel, make_exact, random_tree, row_gap
from caddtree.fast import bf16_packs
from caddtree.profile import hardware
from caddtree.target import encode_prompt, load_target

def median_us(fns: dict, reps: int) -> dict:
    ts = {k: [] for k in fns}
    for _ in range(reps):
        for k, f in fns.items():
            t = time.perf_counter(); f(); ts[k].append(time.perf_counter() - t)
    return {k: round(1e6 * statistics.median(v), 1) for k, v in ts.items()}

def attention_alone(dt, reps=200) -> list:
    kernel, out = exact_kernel(), []
    class Ops: num_key_value_groups = 3; is_causal = True
    class Kernel(Ops): exact_kernel = kernel
    for q in tqdm((1, 9, 17), desc="attention alone"):
        L = 512 + q
        mask = None if q == 1 else torch.cat([torch.ones(q, 512, dtype=torch.bool), random_tree(q)], 1)[None, None]
        Q = torch.randn(1, 9, q, 64).to(dt); K, V = (torch.randn(1, 3, L, 64).to(dt) for _ in range(2))
        out.append(dict(rows=q, keys=L, **median_us(dict(
            sdpa=lambda: sdpa_attention_forward(Ops, Q, K, V, mask, is_causal=False),
            ops=lambda: exact_attention(Ops, Q, K, V, mask), kernel=lambda: exact_attention(Kernel, Q, K, V, mask)), reps)))
    return out

@torch.inference_mode()
def passes(targets: dict, ctx: int, reps=15) -> dict:
    P = torch.randint(0, 1000, (1, ctx)); caches = {}
    for name, t in targets.items(): caches[name] = c = t.new_cache(); t.forward(P, cache=c)
    res = {name: {n: [] for n in (1, 4, 8, 16)} for name in targets}
    for _ in tqdm(range(reps), desc=f"passes after {ctx}"):
        for n in (1, 4, 8, 16):
            vis = random_tree(n); depth = vis.sum(1) - 1; toks = torch.randint(0, 1000, (1, n))
            mask = torch.cat([torch.ones(n, ctx, dtype=torch.bool), vis], 1)[None, None]
            for name, t in targets.items():
                c = caches[name]; s = time.perf_counter()
                if n == 1: t.forward(toks, torch.tensor([[ctx]]), cache=c)
                else: t.forward(toks, (ctx + depth)[None], cache=c, mask=mask)
                res[name][n].append(time.perf_counter() - s); c.crop(-n)
    return {name: dict(step_ms=round(1e3 * statistics.median(r[1]), 2),
                       **{f"nodes{n}_over_step": round(statistics.median(r[n]) / statistics.median(r[1]), 3) for n in (4, 8, 16)})
            for name, r in res.items()}

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--out", default=str(Path(__file__).parent)); a = ap.parse_args()
    dtype = "bf16" if bf16_packs() else "fp32"
    dt = torch.bfloat16 if dtype == "bf16" else torch.float32
    rec = dict(hardware=hardware(), dtype=dtype, threads=torch.get_num_threads(), attention=attention_alone(dt))
    targets, refused = dict(shipped=load_target(dtype=dtype, fast=True)), {}
    for name, kernel in (("kernel", True), ("ops", False)):
        try: targets[name] = make_exact(load_target(dtype=dtype, fast=True), kernel=kernel)
        except ValueError as e: refused[name] = str(e)
    rec["refused"] = refused
    ids = encode_prompt(targets["shipped"], "Write a Python function that merges two sorted lists, with a docstring. Explain it.")
    rec["row_gap"] = {name: {n: row_gap(t, ids, n, seed=n) for n in (4, 16, 45)} for name, t in targets.items()}
    rec["passes"] = {ctx: passes(targets, ctx) for ctx in (128, 512)}
    Path(a.out, "passes.json").write_text(json.dumps(rec, indent=1) + "\n")
    print(json.dumps({k: rec[k] for k in ("dtype", "attention", "refused", "row_gap", "passes")}, indent=1))

if __name__ == "__main__": main()
