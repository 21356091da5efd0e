"""Where a bf16 tree pass's rows part from a one-row step, on the default target with packed bf16 weights.

    python results/cpu-avx512/bf16-rows/rows.py   # writes rows.json beside this file (about two minutes)

For each packed linear layer of the first decoder layer and the head: the largest difference of row 0's output between
a one-row call and calls of 2-32 rows. For the whole model, after a prefill of two prompts: the largest difference of
the first row's logits between a one-row step and passes of k rows (the step's token then k - 1 others, causal), under
three attention paths: as shipped (`grouped_sdpa`), with every pass through the grouped path in chunks of at most 8
query rows, and with the attention computed in fp32.
"""
import json
from pathlib import Path
import torch
import torch.nn.functional as F
from transformers import AttentionInterface, DynamicCache
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from caddtree.profile import hardware
from caddtree.target import GROUPED_SDPA, grouped_sdpa, load_target

def chunked(module, query, key, value, attention_mask, dropout=0.0, scaling=None, is_causal=None, **kw):
    "The grouped path for every pass with a mask or one row, its query rows in chunks of at most 8."
    g, (b, h, q, d), m = getattr(module, "num_key_value_groups", 1), query.shape, attention_mask
    if m is None and q > 1:  # the prefill
        return sdpa_attention_forward(module, query, key, value, m, dropout=dropout, scaling=scaling, is_causal=is_causal, **kw)
    qs, outs = query.reshape(b, h // g, g, q, d), []
    for s in range(0, q, 8):
        e = min(q, s + 8); c = e - s
        mk = None if m is None else m[:, :, None, s:e].expand(m.shape[0], 1, g, c, m.shape[-1]).reshape(m.shape[0], 1, g * c, m.shape[-1])
        o = F.scaled_dot_product_attention(qs[:, :, :, s:e].reshape(b, h // g, g * c, d), key, value, attn_mask=mk, scale=scaling)
        outs.append(o.reshape(b, h // g, g, c, -1))
    return torch.cat(outs, 3).reshape(b, h, q, value.shape[-1]).transpose(1, 2).contiguous(), None

def fp32(module, query, key, value, attention_mask, **kw):
    "The shipped path with queries, keys and values in fp32."
    m = attention_mask if attention_mask is None or attention_mask.dtype == torch.bool else attention_mask.float()
    out, w = grouped_sdpa(module, query.float(), key.float(), value.float(), m, **kw)
    return out.to(query.dtype), w

PROMPTS = ["Write a Python function that returns the nth Fibonacci number, with a docstring. Explain it.",
           "What is the capital of France? Answer in one sentence, then list three museums there and why. " * 8]
KS = (1, 2, 3, 5, 8, 11, 16, 24, 33, 64)

torch.manual_seed(0)
t = load_target(dtype="bf16", fast=True); m = t.model
out = dict(hardware=hardware(), torch=torch.__version__, linear={}, model={})
with torch.inference_mode():
    for name, mod in m.named_modules():
        if type(mod).__name__ != "PackedLinear" or not (name.startswith("model.layers.0.") or name == "lm_head"): continue
        width = m.config.intermediate_size if name.endswith("down_proj") else m.config.hidden_size
        x = (torch.randn(32, width) * 0.5).to(t.dtype); one = mod(x[:1]).float()[0]
        out["linear"][name] = {k: float((mod(x[:k]).float()[0] - one).abs().max()) for k in (2, 4, 8, 12, 15, 16, 17, 32)}
    for path, fn in (("shipped", grouped_sdpa), ("chunks of 8", chunked), ("fp32 attention", fp32)):
        AttentionInterface.register(GROUPED_SDPA, fn)
        for text in PROMPTS:
            ids = torch.tensor([t.tokenizer.encode(text)])
            cache = DynamicCache(config=m.config); m(ids[:, :-1], cache=cache)
            gen = torch.Generator().manual_seed(1); res = {}
            for k in KS:
                inp = torch.cat([ids[:, -1:], torch.randint(0, m.config.vocab_size, (1, k - 1), generator=gen)], 1)
                res[k] = m(inp, cache=cache).logits[0, 0].float(); cache.crop(-k)
            out["model"].setdefault(path, {})[f"context {ids.shape[1]}"] = {k: float((v - res[1]).abs().max()) for k, v in res.items()}
            print(path, ids.shape[1], out["model"][path][f"context {ids.shape[1]}"], flush=True)
    AttentionInterface.register(GROUPED_SDPA, grouped_sdpa)
(Path(__file__).parent / "rows.json").write_text(json.dumps(out, indent=1))
print("linear layers, largest difference at any row count:", max(max(v.values()) for v in out["linear"].values()))
