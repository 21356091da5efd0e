#!/usr/bin/env bash
# Code prompts as drafter data: two arms continued from run 22's drafter (shipped when they ran) at the campaign's recipe (reach
# weighting, lr 2e-4), identical but for their data: greedy ShareGPT shards 153-154 (the control: 512 new chat prompts)
# or shards 0-1 of responses to code prompts (512 function stubs, `caddtree_distill --code --prompts 512`). A third
# arm, mix, trains on both kinds at once: the control's chat shards 153-154 with code shards 0-3 (1,024 stubs); a fourth,
# mix-lr1e-4, is mix at half the learning rate. A fifth, wide-lr1e-4, widens mix-lr1e-4's window to chat shards 153-156
# (the last greedy ShareGPT shards) with code shards 0-6 (1,792 stubs) and runs 1,000 steps; then soup.py interpolates
# run 22's drafter's weights toward it (weights 0 to 1; soup-wide-<a>.json).
# Each arm's model card (with the replay: 32 held-out prompts a set, 256 tokens) is copied here as <arm>.json, its
# training log as <arm>-log.jsonl. Resumable: an arm with its <arm>.json here is skipped; a stopped arm resumes.
# Run it in the project's environment: `PATH=.venv/bin:$PATH bash results/cpu-avx2/drafter-code/probe.sh`.
set -euo pipefail
cd "$(dirname "$0")/../../.."
OUT=results/cpu-avx2/drafter-code
D=data/selfdistill/SmolLM2-135M-Instruct
RUNS=${RUNS:-${CADDTREE_CACHE:-$HOME/.cache/caddtree}/runs/drafter-code}
BIN=$(dirname "$(command -v python)")
python -c "import json; from caddtree.profile import hardware; print(json.dumps(hardware() | {'note': 'the machine of the last run of probe.sh; arms already here were skipped and may have run on another machine of this kind'}, indent=1))" > $OUT/meta.json
for arm in sharegpt code mix mix-lr1e-4 wide-lr1e-4; do
  [ -f $OUT/$arm.json ] && continue
  lr=2e-4 steps=300
  case $arm in
    sharegpt) data=(--data $D --shards 153-154) ;;
    code) data=(--data $D-code --shards 0-1) ;;
    mix) data=(--data $D --shards 153-154 --code 0-3) ;;
    mix-lr1e-4) data=(--data $D --shards 153-154 --code 0-3); lr=1e-4 ;;
    wide-lr1e-4) data=(--data $D --shards 153-156 --code 0-6); lr=1e-4 steps=1000 ;;
  esac
  "$BIN/caddtree_train" "${data[@]}" --heldout $D-heldout --start results/archive/drafter-run22 --steps $steps --lr $lr --weighting reach \
    --replay_root data/replay --out "$RUNS/$arm" --export "$RUNS/$arm/drafter"
  cp "$RUNS/$arm/drafter/training.json" $OUT/$arm.json
  cp "$RUNS/$arm/log.jsonl" $OUT/$arm-log.jsonl
done
python $OUT/soup.py results/archive/drafter-run22 "$RUNS/wide-lr1e-4/drafter" $OUT/soup-wide 0 0.25 0.4 0.5 0.6 0.75 1
