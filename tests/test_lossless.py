"""Lossless decoding on the REAL default target (SmolLM2-135M-Instruct, fp32): every tree policy must produce
token-for-token the output of plain greedy decoding, for chat, code and math prompts, 128 new tokens each.

The reference is `plain_greedy` (caddtree.testing), a greedy loop written directly on the transformers model (one
token per forward, its own KV cache), independent of the engine's verification, masks and cache compaction. Stop tokens are disabled
on both sides so that every prompt yields the full 128 tokens."""
import pytest
import torch
from caddtree.target import encode_prompt, load_target
from caddtree.testing import OracleDrafter, plain_greedy
from caddtree.decode import SpecDecoder
from caddtree.drafter import default_drafter
from caddtree.objective import AffineCost
from caddtree.tree import Chain, CostAware, FixedBudget

NEW = 128
PROMPTS = {
    "chat": "Explain why the sky is blue, then give three tips for photographing sunsets.",
    "code": "Write a Python function `is_prime(n)` with a docstring and tests, then explain how it works.",
    "math": "A train travels 180 km in 2.5 hours and then 120 km in 1.5 hours. What is its average speed? Explain step by step.",
}
POLICIES = {
    "chain": Chain(),
    "ddtree4": FixedBudget(4),
    "ddtree32": FixedBudget(32),
    "caddtree": CostAware(AffineCost(draft=0.017, base=0.04, per_node=0.0015, per_ctx=2e-6)),
}

@pytest.fixture(scope="module")
def target():
    return load_target(dtype=torch.float32)

@pytest.fixture(scope="module")
def drafter(target):
    return default_drafter(target)

@pytest.fixture(scope="module")
def references(target):
    return {k: plain_greedy(target, encode_prompt(target, p), NEW) for k, p in PROMPTS.items()}

def test_reference_matches_transformers_generate(target, references):
    ids = encode_prompt(target, PROMPTS["chat"])
    hf = target.model.generate(ids, max_new_tokens=NEW, do_sample=False)[0, ids.shape[1]:].tolist()
    assert references["chat"][:len(hf)] == hf  # generate stops at the end-of-turn token; the prefix must agree

@pytest.mark.parametrize("policy", POLICIES, ids=list(POLICIES))
@pytest.mark.parametrize("kind", PROMPTS, ids=list(PROMPTS))
def test_lossless_default_drafter(target, drafter, references, kind, policy):
    g = SpecDecoder(target, drafter, POLICIES[policy]).generate(PROMPTS[kind], max_new_tokens=NEW, stop_tokens=())
    assert g.ids == references[kind]

@pytest.mark.parametrize("policy", POLICIES, ids=list(POLICIES))
@pytest.mark.parametrize("kind", PROMPTS, ids=list(PROMPTS))
def test_lossless_with_deep_acceptance(target, references, kind, policy):
    "An oracle drafter (knows the reference, hides it among random candidates) forces multi-token acceptances."
    g = SpecDecoder(target, OracleDrafter(target, references[kind], block_size=16, seed=1), POLICIES[policy]).generate(
        PROMPTS[kind], max_new_tokens=NEW, stop_tokens=())
    assert g.ids == references[kind]
    assert g.mean_accept > 1.5 and g.rounds.tokens.max() >= 4

class Alternate:
    "Test chooser: speculative and plain rounds in turn (the drafter catches up on what plain rounds committed)."
    k = 0
    def choose(self, batch): self.k += 1; return self.k % 2 == 1
    def observe(self, *a): pass

@pytest.mark.parametrize("policy", ["plain", "ddtree4", "joint", "joint-alternating"])
def test_lossless_batched(target, drafter, references, policy):
    """Three requests decoded together, at most two at a time (the third joins when one leaves), one target pass per
    round for all: each request's tokens equal its own plain decoding's."""
    from caddtree.batch import BatchDecoder
    from caddtree.joint import BatchAffineCost, JointCostAware
    from caddtree.tree import Autoregressive
    pol = dict(plain=Autoregressive(), ddtree4=FixedBudget(4),
               joint=JointCostAware(BatchAffineCost(draft=0.004, base=0.018, per_node=0.0004, per_ctx=1e-6,
                                                    draft_per_request=0.004, knee=16, per_row_past_knee=0.002)))[policy.split("-")[0]]
    chooser = Alternate() if policy.endswith("alternating") else None
    outs = BatchDecoder(target, drafter, pol, max_batch=2, chooser=chooser).run(list(PROMPTS.values()), NEW, stop_tokens=())
    assert outs == [references[k] for k in PROMPTS]
