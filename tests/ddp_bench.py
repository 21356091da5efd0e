"""The benchmark on the tiny target, as tests/test_bench_ddp.py runs it: `python tests/ddp_bench.py OUT` in one process,
or `torchrun --standalone --nproc_per_node=K tests/ddp_bench.py OUT` data-parallel (gloo on the CPU)."""
import os, sys
import torch
import torch.distributed as dist
from caddtree.testing import tiny_target, OracleDrafter
from caddtree.cost import FittedCost
from caddtree.bench import bench_policies, run_benchmark

def main(out):
    torch.set_num_threads(1)
    tt = tiny_target(seed=3, device="cpu")
    prompt = [5, 17, 33, 2]
    ref = tt.model.generate(torch.tensor([prompt]), max_new_tokens=30, do_sample=False)[0, len(prompt):].tolist()
    cost = FittedCost(draft=1e-3, nodes=[0, 1, 2, 4, 8], contexts=[4, 64], table=[[5e-3, 6e-3, 6.1e-3, 6.3e-3, 7e-3]] * 2,
                      measured=[[5e-3, 6e-3, 6.2e-3, 6.2e-3, 7e-3]] * 2, zero_apart=True)
    sets = {"a": [prompt, [9, 8, 7], [3, 1, 4, 1, 5]], "b": [[1, 2, 3, 4, 5], [7, 7, 7]]}
    run_benchmark(tt, OracleDrafter(tt, ref), sets, bench_policies(cost, grid=(2, 4)), out, max_new_tokens=12,
                  ablation_prompts=1, progress=False)

if __name__ == "__main__":
    distributed = int(os.environ.get("WORLD_SIZE", "1")) > 1
    if distributed: dist.init_process_group("gloo")
    main(sys.argv[1])
    if distributed: dist.destroy_process_group()
