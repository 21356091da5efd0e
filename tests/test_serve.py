"""The server on the REAL default target: many concurrent OpenAI clients, every answer its prompt's plain decoding."""
import time
from concurrent.futures import ThreadPoolExecutor
import httpx
import openai
import torch
from caddtree.batch import BatchDecoder
from caddtree.decode import SpecDecoder
from caddtree.drafter import default_drafter
from caddtree.joint import BatchAffineCost, JointCostAware
from caddtree.serve import Engine, make_app, running
from caddtree.target import load_target

PROMPTS = ["Explain why the sky is blue.", "Write a Python function that reverses a string.",
           "What is 17 times 23? Explain step by step.", "Give three tips for a job interview."]

def test_concurrent_clients_get_plain_decoding():
    target = load_target(dtype=torch.float32)
    drafter = default_drafter(target)
    plain = SpecDecoder(target)
    refs = {p: plain.generate(p, max_new_tokens=32) for p in PROMPTS}
    joint = JointCostAware(BatchAffineCost(draft=0.004, base=0.018, per_node=0.0004, per_ctx=1e-6, draft_per_request=0.004,
                                           knee=16, per_row_past_knee=0.002))
    engine = Engine(BatchDecoder(target, drafter, joint, max_batch=8), max_queue=16)
    with running(make_app(engine)) as url:
        client = openai.OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0, timeout=300)
        def ask(k):
            p = PROMPTS[k % len(PROMPTS)]
            r = client.chat.completions.create(model=engine.name, messages=[{"role": "user", "content": p}],
                                               max_tokens=32, temperature=0)
            return p, r.choices[0].message.content, r.usage.completion_tokens, r.choices[0].finish_reason
        t0 = time.perf_counter()
        with ThreadPoolExecutor(16) as ex: got = list(ex.map(ask, range(32)))  # 16 clients, two requests each
        secs = time.perf_counter() - t0
        metrics = httpx.get(url + "/metrics").text
    assert len(got) == 32
    for p, text, n, finish in got:
        g = refs[p]
        assert (text, n) == (g.text, len(g.ids)), (p, text, g.text)
        assert finish == ("length" if len(g.ids) == 32 else "stop")
    assert "caddtree_tokens_per_round_bucket" in metrics and 'caddtree_rounds_total{mode="speculative"}' in metrics
    print(f"32 chat requests from 16 clients on {engine.name}: all identical to plain decoding, {secs:.1f} s")
