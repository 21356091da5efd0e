"""The server scaled out on Ray Serve: a local Ray instance, two replicas of the tiny target, the OpenAI client."""
import os, socket
from concurrent.futures import ThreadPoolExecutor
import httpx, pytest, torch

ray = pytest.importorskip("ray", reason="Ray is the optional 'ray' extra: pip install 'caddtree[ray]' (make test installs it)")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # Ray's own pydantic usage

def free_port() -> int:
    with socket.socket() as s: s.bind(("127.0.0.1", 0)); return s.getsockname()[1]

def test_two_replicas():
    import openai
    from ray import serve
    from caddtree.serve import ray_app
    from caddtree.testing import tiny_target
    tt = tiny_target(tokenizer=True)  # what each replica builds: the same seed, the same weights
    tok = tt.tokenizer
    texts = ["The cat", "Once upon", "def f(x):", "1, 2, 3,", "Hello", "Q: why?", "import os", "Dear Sir"]
    refs = {p: tok.decode(tt.model.generate(torch.tensor([tok(p)["input_ids"]]), max_new_tokens=16, do_sample=False)
                          [0, len(tok(p)["input_ids"]):].tolist()) for p in texts}
    port = free_port()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no usage report (and no network) from a test
    ray.init(num_cpus=4, include_dashboard=False, log_to_driver=False)
    try:
        serve.start(http_options=dict(host="127.0.0.1", port=port))
        serve.run(ray_app(num_replicas=2, num_cpus=1, target="tiny", policy="ddtree-4", max_batch=4, max_queue=8),
                  name="caddtree", route_prefix="/")
        url = f"http://127.0.0.1:{port}"
        client = openai.OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0, timeout=120)
        test_model = client.models.list().data[0].id
        assert test_model == tt.name
        def ask(k):
            p = texts[k % len(texts)]
            r = client.completions.create(model=test_model, prompt=p, max_tokens=16, temperature=0)
            return p, r.choices[0].text
        with ThreadPoolExecutor(16) as ex: got = list(ex.map(ask, range(32)))
        assert len(got) == 32 and all(text == refs[p] for p, text in got)   # none lost, each its plain decoding
        pids = {httpx.get(url + "/health", timeout=30).json()["pid"] for _ in range(40)}
        assert len(pids) == 2, pids                                           # both replicas answer
        status = serve.status().applications["caddtree"].deployments["caddtree"]
        assert status.replica_states.get("RUNNING") == 2, status
    finally:
        serve.shutdown(); ray.shutdown()
