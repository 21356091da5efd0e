"""Weight interpolation between two drafters of one lineage (WiSE-FT): for each weight `a`, the drafter whose every
tensor is (1 - a) * base + a * tuned, its per-position temperatures fitted again on the held-out shard, and the replay
as in the model cards (32 held-out prompts a set, 256 tokens, the fp32 target).

    python results/cpu-avx2/drafter-code/soup.py BASE TUNED OUT_PREFIX [a ...]

writes OUT_PREFIX-<a>.json (the replay and the setup) per weight; a weight whose file is there is skipped. Run it from
the repository's root. Example (`probe.sh`): base = run 22's drafter (results/archive/drafter-run22), tuned = the
wide-lr1e-4 arm.
"""
import json, sys
from pathlib import Path
import torch
from caddtree.target import load_target
from caddtree.drafter import load_drafter, save_drafter
from caddtree.files import cache_dir
from caddtree.profile import drafter_id, hardware
from caddtree.replay import calibrate, fit_temperature, replay_sets
from caddtree.shards import featurise

base_dir, tuned_dir, prefix, *weights = sys.argv[1:]
weights = [float(a) for a in weights] or [0.25, 0.5, 0.75]
if any(not 0 <= a <= 1 for a in weights): sys.exit(f"soup.py: weights must lie in [0, 1], got {weights}")
target = load_target()  # fp32, as decoding runs it
base, tuned = load_drafter(base_dir), load_drafter(tuned_dir)
sb, st = base.state_dict(), tuned.state_dict()
if sb.keys() != st.keys() or any(sb[k].shape != st[k].shape for k in sb):
    sys.exit("soup.py: the two drafters differ in layout; interpolate only drafters of one lineage")
if base.config.to_dict() | {"dflash_config": None} != tuned.config.to_dict() | {"dflash_config": None}:
    sys.exit("soup.py: the two drafters' configs differ beyond their temperatures")
if any(not torch.equal(sb[k], st[k]) for k in sb if not sb[k].is_floating_point()):
    sys.exit("soup.py: the drafters' integer buffers (the draft vocabulary) differ")
ho = featurise(target, Path("data/selfdistill/SmolLM2-135M-Instruct-heldout"), base.layer_ids)
for a in weights:
    out = Path(f"{prefix}-{a:g}.json")
    if out.exists(): print(f"{out} is there: skipped"); continue
    mix = {k: (sb[k].float() * (1 - a) + st[k].float() * a) if sb[k].is_floating_point() else sb[k] for k in sb}
    folder = cache_dir() / "runs" / "soup" / f"{Path(prefix).name}-{a:g}"
    d = calibrate(load_drafter(base_dir), None)
    d.load_state_dict(mix)
    save_drafter(d, folder, dtype=torch.bfloat16)
    d = calibrate(load_drafter(folder, target), None)
    calibrate(d, fit_temperature(target, d, ho))
    save_drafter(d, folder, dtype=torch.bfloat16)
    d = load_drafter(folder, target)
    rep = replay_sets(target, d, 32, 256, root="data/replay")
    info = dict(weight=a, base=f"{base_dir} ({drafter_id(base)})", tuned=f"{tuned_dir} ({drafter_id(tuned)})",
                drafter=drafter_id(d), temperature=[round(t, 3) for t in d.config.dflash_config["temperature"]],
                replay=rep, replay_setup="the first 32 prompts of each set, 256 new tokens, fp32 target (fast path)",
                hardware=hardware())
    out.write_text(json.dumps(info, indent=1))
    print(a, {s: round(r["tokens_per_round"][16], 3) for s, r in rep.items()}, "n=16;",
          {s: round(r["walk"][4], 3) for s, r in rep.items()}, "along decoding's 4-node rounds", flush=True)
