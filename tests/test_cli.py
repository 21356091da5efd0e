"""The console entry points, end to end, as a user runs them."""
import subprocess, sys
from pathlib import Path

BIN = Path(sys.executable).parent

def run(*args, timeout=1200):
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, timeout=timeout)

def test_demo_end_to_end():
    "The README's main command: decodes with CaDDTree on the real default target, lossless, with figures."
    r = run("caddtree_demo", "--max_new_tokens", "48", "--repeats", "1")
    assert r.returncode == 0, r.stderr[-3000:]
    out = r.stdout
    assert "identical to plain greedy decoding: True" in out, out
    for key in ("tokens/s", "speedup x", "tokens per round:", "budget per round: mean", "recalibrated online: BudgetCost("):
        assert key in out, (key, out)

def test_bad_argument_is_refused(tmp_path):
    r = run("caddtree_distill", "--prompts", "100000", "--out", str(tmp_path / "shards"))
    assert r.returncode != 0 and "ShareGPT prompts in all" in r.stderr
    assert not (tmp_path / "shards").exists()  # refused before any work
    r = run("caddtree_distill", "--code", "--prompts", "100000", "--out", str(tmp_path / "shards"))
    assert r.returncode != 0 and "code prompts; ask for 1 to" in r.stderr
    assert not (tmp_path / "shards-code").exists()
    r = run("caddtree_distill", "--code", "--resample", "0-3", "--out", str(tmp_path / "shards"))
    assert r.returncode != 0 and "pass one of them" in r.stderr

def test_serve_end_to_end():
    "caddtree_serve as a user starts it: answers the OpenAI client, stops on SIGINT."
    import signal, socket, time
    import httpx, openai
    with socket.socket() as s: s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
    proc = subprocess.Popen([str(BIN / "caddtree_serve"), "--target", "tiny", "--policy", "ddtree-4", "--port", str(port),
                             "--max_batch", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url, t0 = f"http://127.0.0.1:{port}", time.monotonic()
        while True:
            assert proc.poll() is None, proc.communicate()[1][-3000:]
            try:
                if httpx.get(url + "/health").status_code == 200: break
            except httpx.TransportError: pass
            assert time.monotonic() - t0 < 300, "the server did not come up"
            time.sleep(0.5)
        client = openai.OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0)
        name = client.models.list().data[0].id
        r = client.completions.create(model=name, prompt="The cat", max_tokens=8, temperature=0)
        assert r.usage.completion_tokens == 8 and r.choices[0].finish_reason == "length"
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert "serving 'tiny-llama" in out, out
