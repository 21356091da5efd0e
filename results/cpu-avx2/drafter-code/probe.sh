#!/usr/bin/env bash
# Code prompts as drafter data: two arms continued from the shipped drafter (run 22) at the campaign's recipe (reach
# weighting, lr 2e-4), identical but for their data: greedy ShareGPT shards 153-154 (the control: 512 new chat prompts)
# or shards 0-1 of responses to code prompts (512 function stubs, `caddtree_distill --code --prompts 512`).
# Each arm's model card (with the replay: 32 held-out prompts a set, 256 tokens) is copied here as <arm>.json, its
# training log as <arm>-log.jsonl. Resumable: an arm with its <arm>.json here is skipped; a stopped arm resumes.
# Run it in the project's environment: `PATH=.venv/bin:$PATH bash results/cpu-avx2/drafter-code/probe.sh`.
set -euo pipefail
cd "$(dirname "$0")/../../.."
OUT=results/cpu-avx2/drafter-code
D=data/selfdistill/SmolLM2-135M-Instruct
RUNS=${RUNS:-${CADDTREE_CACHE:-$HOME/.cache/caddtree}/runs/drafter-code}
BIN=$(dirname "$(command -v python)")
python -c "import json; from caddtree.profile import hardware; print(json.dumps(hardware() | {'note': 'both arms ran on this machine, one after the other'}, indent=1))" > $OUT/meta.json
for arm in sharegpt code; do
  [ -f $OUT/$arm.json ] && continue
  case $arm in
    sharegpt) data=(--data $D --shards 153-154) ;;
    code) data=(--data $D-code --shards 0-1) ;;
  esac
  "$BIN/caddtree_train" "${data[@]}" --heldout $D-heldout --start shipped --steps 300 --lr 2e-4 --weighting reach \
    --replay_root data/replay --out "$RUNS/$arm" --export "$RUNS/$arm/drafter"
  cp "$RUNS/$arm/drafter/training.json" $OUT/$arm.json
  cp "$RUNS/$arm/log.jsonl" $OUT/$arm-log.jsonl
done
