"""The shipped drafter with a larger draft vocabulary, untrained for it: its output head is the target's own (frozen)
head restricted to `draft_vocab`, so scoring more of its rows needs no new weights. For each size, the acceptance replay
on held-out HumanEval / MT-Bench (32 prompts a set, 256 tokens, the repository's ground truth) and the drafter's pass
next to a plain step of the fast fp32 target at a 256-token context (interleaved: per repeat, the median of 7 calls of
each). Sizes: the shipped 8,192, then the most frequent response tokens of the greedy shards added to it, and the full
vocabulary. Resumable: a size already in OUT.json is kept.
Usage: python vocab_probe.py OUT.json [SIZES, default 8192,16384,49152] (from the repository root)."""
import json, sys, torch, numpy as np
from pathlib import Path
from tqdm.auto import tqdm
from caddtree.target import load_target, cache_keep
from caddtree.drafter import default_drafter
from caddtree.profile import hardware, drafter_id, median_timed
from caddtree.replay import replay_sets
from caddtree.shards import read_shard

out_path = Path(sys.argv[1])
sizes = [int(s) for s in (sys.argv[2] if len(sys.argv) > 2 else "8192,16384,49152").split(",")]
res = json.loads(out_path.read_text()) if out_path.is_file() else {}
t = load_target(fast=True)
base = default_drafter(t)
V = t.vocab_size
counts = torch.zeros(V, dtype=torch.long)
for f in tqdm(sorted(Path("data/selfdistill/SmolLM2-135M-Instruct").glob("shard-*.npz")), desc="token counts"):
    for s, p in read_shard(f)[0]: counts += torch.bincount(torch.as_tensor(np.asarray(s[p:]), dtype=torch.long), minlength=V)

def with_vocab(size):
    d = default_drafter(t)  # a fresh copy each (a packed drafter cannot be deep-copied)
    if size == base.draft_vocab.numel(): return d
    delattr(d, "draft_vocab"); d._head = None
    if size >= V:
        d.config.dflash_config.pop("draft_vocab_size", None); return d
    c = counts.clone(); c[base.draft_vocab] = torch.iinfo(torch.long).max  # the shipped tokens first
    d.register_buffer("draft_vocab", torch.sort(torch.topk(c, size).indices).values)
    d.config.dflash_config["draft_vocab_size"] = size
    return d

ds = {n: with_vocab(n) for n in sizes}
held = {}
for name in ("humaneval", "mtbench"):  # share of response tokens each vocabulary can draft at all
    seqs, _ = read_shard(f"data/replay/{t.name}/{name}-32-256/shard-00000.npz")
    toks = torch.as_tensor(np.concatenate([np.asarray(s[p:]) for s, p in seqs]), dtype=torch.long)
    held[name] = toks
for n, d in ds.items():
    key = str(n)
    if key in res and "replay" in res[key]: continue
    cover = {k: float(torch.isin(v, d.draft_vocab).float().mean()) if hasattr(d, "draft_vocab") else 1.0
             for k, v in held.items()}
    rep = replay_sets(t, d, 32, 256, ns=(4, 8, 16), root="data/replay")
    res[key] = dict(size=n, coverage=cover, replay=rep)
    out_path.write_text(json.dumps(res, indent=1, default=float))
    print(n, cover, {k: {m: round(x, 3) for m, x in r["tokens_per_round"].items()} for k, r in rep.items()})

g = torch.Generator().manual_seed(0)
l = 256
cache = t.new_cache()
with torch.inference_mode():
    t.forward(torch.randint(0, V, (1, l), generator=g), cache=cache)
    feats = t.forward(torch.randint(0, V, (1, 64), generator=g), layers=base.layer_ids)[1]
    def step():
        t.forward(torch.randint(0, V, (1, 1), generator=g), cache=cache); cache_keep(cache, l, [])
    def draft(d): return lambda: d.draft(t, [f[:, -8:] for f in feats], 0, d.new_cache())
    rows = []
    for rep in tqdm(range(40), desc="draft cost by vocabulary"):
        r = dict(rep=rep, step_ms=1e3 * median_timed(step, "cpu", reps=7))
        for n, d in ds.items(): r[f"draft_ms_{n}"] = 1e3 * median_timed(draft(d), "cpu", reps=7)
        rows.append(r)
med = {k: float(np.median([r[k] for r in rows])) for k in rows[0] if k != "rep"}
res["cost"] = dict(hardware=hardware(), target=t.name, dtype=str(t.dtype), path="fast", context=l,
                   drafter=drafter_id(base), median_ms=med,
                   over_step={n: float(np.median([r[f"draft_ms_{n}"] / r["step_ms"] for r in rows])) for n in ds},
                   runs=rows)
res["command"] = "python " + " ".join(sys.argv)
out_path.write_text(json.dumps(res, indent=1, default=float))
print(med, res["cost"]["over_step"])
