"""The documentation: README.md is what nbs/index.ipynb gives, and the offline site builds and shows what it should in a
real browser (Debian's Chromium driven by Playwright; skipped, with the reason, where Chromium is missing)."""
import shutil, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE, SHOTS = ROOT / "build" / "site", ROOT / "build" / "screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

def test_readme_is_generated_from_index():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "docs.py"), "readme", "--check"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr

def _results():
    "Every committed result file and its last change."
    return {p: p.stat().st_mtime_ns for p in (ROOT / "results").rglob("*") if p.is_file()}

RESULTS_BEFORE = {}

@pytest.fixture(scope="module")
def site():
    RESULTS_BEFORE.update(_results())
    r = subprocess.run(["make", "docs-offline", f"SITE={SITE}"], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return SITE

def test_building_the_site_runs_no_flagged_cell(site):
    "A `#| slow` cell that imports (nbdev runs such cells to document them) is shown, not run: no result is rewritten."
    assert _results() == RESULTS_BEFORE
    assert "profile-repeats-cpu" in (site / "results.html").read_text()  # the cell is still on its page

def test_every_notebook_has_a_page(site):
    pages = {p.name for p in site.glob("*.html")}
    assert {"index.html", "tree.html", "unimodality.html", "cost.html", "decode.html", "bench.html", "results.html"} <= pages, pages
    assert (site / "katex" / "katex.min.js").is_file()

def test_internal_links_resolve(site):
    "Every relative link of every page names a page or file of the site, and its #anchor an id on that page."
    import re
    from urllib.parse import unquote, urlsplit
    ids = {p.name: set(re.findall(r'\bid="([^"]+)"', p.read_text())) for p in site.glob("*.html")}
    broken = []
    for page in site.glob("*.html"):
        for href in re.findall(r'\bhref="([^"]+)"', page.read_text()):
            u = urlsplit(href)
            if u.scheme or href.startswith("//"): continue  # external
            name = u.path or page.name
            if not (site / unquote(name)).exists(): broken.append(f"{page.name}: {href}")
            elif u.fragment and name.endswith(".html") and not {u.fragment, unquote(u.fragment)} & ids.get(name, set()):
                broken.append(f"{page.name}: {href} (no such anchor)")
    assert not broken, broken

@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)")
@pytest.mark.parametrize("page, heading, needs", [
    ("index.html", "caddtree", dict(formula=True, image=True)),
    ("unimodality.html", "Unimodality", dict(formula=True, image=True)),
    ("tree.html", "Draft trees", dict(formula=True, signature="grow")),
])
def test_page_in_a_browser(site, page, heading, needs):
    from playwright.sync_api import sync_playwright
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                                                     "--disable-component-update", "--disable-sync", "--no-first-run"])
        pg = browser.new_page(viewport=dict(width=1280, height=900))
        errors = []
        pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto((site / page).as_uri()); pg.wait_for_load_state("load")
        assert heading in pg.locator("h1").first.inner_text()
        if needs.get("formula"): assert pg.locator(".katex").count() > 0, "no rendered formula"
        if needs.get("image"): assert pg.locator("img[src^='data:image/png']").count() > 0, "no plot"
        if needs.get("signature"): assert pg.get_by_text(needs["signature"] + "(").count() + pg.locator(f"text={needs['signature']}").count() > 0
        assert pg.locator(".katex-error").count() == 0, "a formula failed to render"
        pg.screenshot(path=str(SHOTS / page.replace(".html", ".png")), full_page=False)
        browser.close()
    assert not errors, errors
