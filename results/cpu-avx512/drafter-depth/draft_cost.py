"""Draft cost of the 1- and 2-layer drafters (1,500-step arms) next to a plain step of the fast fp32 target, at a
256-token context, interleaved: per repeat, the median of 7 calls of each; the ratio per repeat (robust to stalls).
Usage: python draft_cost.py OUT.json ONE_LAYER_DRAFTER_FOLDER TWO_LAYER_DRAFTER_FOLDER (caddtree_train --export folders)."""
import json, sys, torch, numpy as np
from tqdm.auto import tqdm
from caddtree.target import load_target, weights_dtype
from caddtree.drafter import load_drafter
from caddtree.profile import hardware, drafter_id, median_timed
from caddtree.target import cache_keep
t = load_target(fast=True)
ds = {L: load_drafter(folder, t) for L, folder in zip((1, 2), sys.argv[2:4])}
g = torch.Generator().manual_seed(0)
V, l = t.vocab_size, 256
cache = t.new_cache()
with torch.inference_mode():
    t.forward(torch.randint(0, V, (1, l), generator=g), cache=cache)
    feats = t.forward(torch.randint(0, V, (1, 64), generator=g), layers=ds[1].layer_ids)[1]
    def step():
        t.forward(torch.randint(0, V, (1, 1), generator=g), cache=cache); cache_keep(cache, l, [])
    def draft(d): return lambda: d.draft(t, [f[:, -8:] for f in feats], 0, d.new_cache())
    rows = []
    for rep in tqdm(range(40), desc="draft cost, 1 vs 2 layers"):
        r = dict(rep=rep, step_ms=1e3 * median_timed(step, "cpu", reps=7))
        for L, d in ds.items(): r[f"draft_ms_l{L}"] = 1e3 * median_timed(draft(d), "cpu", reps=7)
        rows.append(r)
med = {k: float(np.median([r[k] for r in rows])) for k in rows[0] if k != "rep"}
extra = [(r["draft_ms_l2"] - r["draft_ms_l1"]) / r["step_ms"] for r in rows]
out = dict(hardware=hardware(), target=t.name, dtype=str(t.dtype), path="fast", context=l,
           drafters={L: dict(id=drafter_id(d), dtype=str(weights_dtype(d))) for L, d in ds.items()},
           median_ms=med, second_layer_over_step=dict(median=float(np.median(extra)), min=float(min(extra)), max=float(max(extra))),
           runs=rows, command="python draft_cost.py " + " ".join(sys.argv[1:]))
json.dump(out, open(sys.argv[1], "w"), indent=1)
print(med, out["second_layer_over_step"])
