"""The default profile of the shipped pair, taken again: twice at the default 3 repeats a cell and twice at 7, one after
the other in one process. Writes profiles.json beside this file: each profile's measured medians and convex fit (ms),
its drafter pass, the hardware. Usage: python results/cpu-avx512/profile-noise/profiles.py (about 2.5 minutes here)."""
import datetime, json, sys, time
from pathlib import Path
from caddtree.target import load_target
from caddtree.drafter import default_drafter
from caddtree.profile import drafter_id, hardware, profile_cost

out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("profiles.json")
target = load_target(); drafter = default_drafter(target)
rows = []
for repeats in (3, 3, 7, 7):
    t0 = time.perf_counter()
    c = profile_cost(target, drafter, repeats=repeats, progress=False)
    rows.append(dict(repeats=repeats, seconds=round(time.perf_counter() - t0, 1), nodes=[int(n) for n in c.nodes],
                     contexts=[int(l) for l in c.contexts], draft_ms=1e3 * c.draft,
                     measured_ms=(1e3 * c.measured).tolist(), fitted_ms=(1e3 * c.table).tolist()))
    print(f"repeats {repeats}: {rows[-1]['seconds']} s", flush=True)
out.write_text(json.dumps(dict(drafter=drafter_id(drafter), hardware=hardware(), dtype=str(target.dtype), fast=target.fast,
                               date=datetime.date.today().isoformat(), profiles=rows), indent=1))
print(f"wrote {out}")
