"""The documentation without Quarto: nbdev's own notebook processing, then nbconvert, math from a local KaTeX, relative
links between pages; and README.md generated from nbs/index.ipynb the same way.

    python tools/docs.py site [--out _site]   # the offline site (needs KaTeX: `npm install katex`, done by `make docs-offline`)
    python tools/docs.py readme               # write README.md from nbs/index.ipynb
    python tools/docs.py readme --check       # fail if README.md differs from what index.ipynb gives
    python tools/docs.py execute [NB ...]     # run notebooks and keep their outputs (cells flagged slow or gpu are skipped)
"""
from __future__ import annotations
import argparse, html, json, re, shutil, sys
from pathlib import Path
import nbformat
from nbconvert import HTMLExporter, MarkdownExporter
from nbconvert.preprocessors import TagRemovePreprocessor
from nbdev.config import get_config
from nbdev.process import NBProcessor
from nbdev.processors import FilterDefaults
from execnb.nbio import read_nb

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT / "nbs"

def page_name(nb: Path) -> str:
    "The page a notebook becomes, as nbdev names it: '01_tree.ipynb' -> 'tree.html', 'index.ipynb' -> 'index.html'."
    return re.sub(r"^\d+[a-z]?_", "", nb.stem) + ".html"

def notebooks() -> list[Path]:
    "The documented notebooks in reading order: index first."
    nbs = sorted(p for p in NBS.glob("*.ipynb") if not p.name.startswith("_"))
    return sorted(nbs, key=lambda p: (p.stem != "index", p.name))

def process(nb: Path) -> nbformat.NotebookNode:
    "nbdev's documentation processing of one notebook (show_doc for exported symbols, links, hidden cells dropped)."
    import os
    os.environ["IN_TEST"] = "1"  # what nbdev sets while processing: notebooks can tell
    cwd = os.getcwd(); os.chdir(nb.parent)
    try:
        d = read_nb(nb)
        _show_only(d)
        NBProcessor(nb=d, procs=FilterDefaults().procs()).process()
    finally: os.chdir(cwd); del os.environ["IN_TEST"]
    keys = ("cell_type", "source", "outputs", "metadata", "execution_count", "attachments")
    cells = [{k: c[k] for k in keys if k in c} for c in d.cells]
    for i, c in enumerate(cells):
        c.setdefault("metadata", {}); c["id"] = f"{nb.stem}-{i}"
        if c["cell_type"] == "code": c.setdefault("outputs", []); c.setdefault("execution_count", None)
    # through JSON, so that nbformat joins multi-line strings (sources, outputs) as nbconvert expects
    return nbformat.reads(json.dumps(dict(cells=cells, metadata=dict(d.metadata), nbformat=4, nbformat_minor=5)), as_version=4)

DIRECTIVE = re.compile(r"^#\|\s*([\w-]+):?\s*(.*)$")

def _show_only(d) -> None:
    "Cells flagged with a test flag (slow, gpu, ...) are shown, never run: nbdev runs every cell that imports something."
    flags = set(str(get_config(path=ROOT).get("tst_flags", "")).split())
    for c in d.cells:
        first = c.source.split("\n", 1)[0]
        if c.cell_type == "code" and first.startswith("#|") and set(first[2:].split()) & flags:
            c.source = "#| eval: false\n" + c.source

def _frontmatter(cell) -> dict | None:
    "The fields of a raw YAML front-matter cell (what nbdev makes of a notebook's '# Title' and '> description')."
    if cell.cell_type != "raw" or not cell.source.startswith("---"): return None
    import yaml
    return yaml.safe_load(cell.source.strip().strip("-")) or {}

def _settle(text: str) -> str:
    "A stream as a terminal leaves it: progress bars redraw their line with carriage returns; keep the last drawing."
    return "\n".join(l.rstrip("\r").split("\r")[-1] for l in text.split("\n"))

def _prepare(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    "Directives to what nbconvert understands: front matter as a title, hidden inputs tagged, directive lines dropped."
    cells = []
    for c in nb.cells:
        if (fm := _frontmatter(c)) is not None:
            if fm.get("title"):
                text = f"# {fm['title']}" + (f"\n\n> {fm['description']}" if fm.get("description") else "")
                cells.append(nbformat.v4.new_markdown_cell(text))
            continue
        if c.cell_type == "code":
            lines = c.source.split("\n")
            dirs = {m.group(1): m.group(2).strip() for l in lines if (m := DIRECTIVE.match(l))}
            c.source = "\n".join(l for l in lines if not DIRECTIVE.match(l)).strip("\n")
            tags = set(c.metadata.get("tags", []))
            if dirs.get("echo") == "false" or not c.source: tags.add("remove_input")
            if dirs.get("output") == "false": tags.add("remove_output")
            c.metadata["tags"] = sorted(tags)
            for o in c.get("outputs", []):
                if o.get("output_type") == "stream": o["text"] = _settle(o["text"])
            if not c.source and not c.get("outputs"): continue
        cells.append(c)
    nb.cells = cells
    nb.metadata["language_info"] = dict(name="python")  # code fences and highlighting know the language
    return _show_docs(nb)

def _classes() -> set:
    "Names of the classes the package exports (show_doc writes every signature as a `def`)."
    import importlib, inspect
    from caddtree._modidx import d
    out = set()
    for mod, syms in d["syms"].items():
        m = importlib.import_module(mod)
        out |= {k.split(".")[-1] for k in syms if "." not in k[len(mod) + 1:] and inspect.isclass(getattr(m, k.split(".")[-1], None))}
    return out

def _show_docs(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    "show_doc output for plain Markdown: no Quarto attribute spans, no source links to a host that is not there, classes as classes."
    classes = _classes()
    for c in nb.cells:
        for o in c.get("outputs", []):
            if "text/markdown" not in o.get("data", {}): continue
            md = re.sub(r"\[source\]\([^)]*\)(\{[^}]*\})?\n*", "", o["data"]["text/markdown"])
            md = re.sub(r"(\]\([^)]*\))\{[^}]*\}", r"\1", md)
            md = re.sub(r"^def (\w+)\(", lambda m: ("class " if m.group(1) in classes else "def ") + m.group(1) + "(", md, flags=re.M)
            o["data"]["text/markdown"] = md
    return nb

def _links(text: str, host: str) -> str:
    "Links to the published site and to notebooks made relative: 'https://host/base/tree.html#x' and '01_tree.ipynb' -> 'tree.html'."
    text = re.sub(re.escape(host.rstrip("/")) + r"/", "", text)
    return re.sub(r'(href=")(?!https?:)([^"#]*?)(\d+[a-z]?_)?([\w-]+)\.ipynb', lambda m: f'{m.group(1)}{m.group(2)}{m.group(4)}.html', text)

TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} - caddtree</title>
<link rel="stylesheet" href="katex/katex.min.css">
<style>{nbcss}</style>
<style>
body {{ margin: 0; font-family: system-ui, sans-serif; }}
nav {{ position: fixed; top: 0; left: 0; bottom: 0; width: 15rem; overflow-y: auto; padding: 1rem; background: #f6f7f9; border-right: 1px solid #ddd; font-size: 0.9rem; }}
nav a {{ display: block; padding: 0.2rem 0; color: #234; text-decoration: none; }} nav a.here {{ font-weight: bold; }}
main {{ margin-left: 17rem; max-width: 62rem; padding: 1rem 2rem; }}
main h1 {{ margin-top: 0.5rem; }} main blockquote {{ color: #555; border-left: 3px solid #ccc; margin-left: 0; padding-left: 1rem; }}
.highlight pre, .output_text pre, .output_stream pre {{ font-size: 0.82rem; padding: 0.5rem; overflow-x: auto; }}
.highlight {{ background: #f6f7f9; border-radius: 4px; }} .input_area {{ margin: 0.6rem 0; }}
.output_text pre, .output_stream pre {{ background: #fff; border-left: 3px solid #cfd8dc; }}
.output_png img {{ max-width: 100%; }} table {{ border-collapse: collapse; font-size: 0.9rem; }}
th, td {{ border: 1px solid #ddd; padding: 0.25rem 0.5rem; }} code {{ background: #f1f3f5; padding: 0 0.2rem; border-radius: 3px; }}
.prompt {{ display: none; }} a.anchor-link {{ text-decoration: none; opacity: 0.25; font-size: 0.7em; margin-left: 0.3em; }}
</style></head>
<body><nav><strong><a href="index.html">caddtree</a></strong>{nav}</nav>
<main>{body}</main>
<script src="katex/katex.min.js"></script><script src="katex/contrib/auto-render.min.js"></script>
<script>renderMathInElement(document.querySelector("main"), {{delimiters: [{{left: "$$", right: "$$", display: true}},
  {{left: "$", right: "$", display: false}}], throwOnError: false}});</script>
</body></html>
"""

def _exporter(cls, **kw):
    "An nbconvert exporter that drops the inputs and outputs `_prepare` tagged for removal."
    ex = cls(exclude_input_prompt=True, exclude_output_prompt=True, **kw)
    ex.register_preprocessor(TagRemovePreprocessor(remove_input_tags={"remove_input"}, remove_cell_tags={"remove_cell"},
                                                   remove_all_outputs_tags={"remove_output"}, enabled=True), enabled=True)
    return ex

def _body(nb: nbformat.NotebookNode) -> tuple[str, str]:
    "The page body (nbconvert's HTML of the cells, without its own page chrome) and the notebook's CSS."
    full, _ = _exporter(HTMLExporter, template_name="basic").from_notebook_node(nb)
    body = re.search(r"<body[^>]*>(.*)</body>", full, re.S).group(1) if "<body" in full else full
    # nbdev links symbols to lower-case anchors ('tree.html#costaware.__call__'): give every heading that anchor too
    body = re.sub(r'<h([1-6]) id="([^"]+)"', lambda m: (f'<a id="{m.group(2).lower()}"></a>' if m.group(2).lower() != m.group(2) else "")
                  + m.group(0), body)
    body = re.sub(r"<script[^>]*mathjax[^>]*>.*?</script>", "", body, flags=re.S | re.I)
    from pygments.formatters import HtmlFormatter
    return body, HtmlFormatter(style="default").get_style_defs(".highlight")

def _title(nb: nbformat.NotebookNode, fallback: str) -> str:
    for c in nb.cells:
        if c.cell_type == "markdown" and (m := re.search(r"^#\s+(.+)$", c.source, re.M)): return m.group(1).strip()
    return fallback

def build_site(out: Path, katex: Path) -> Path:
    "Process and render every notebook into `out` as a static site with local KaTeX."
    if not (katex / "katex.min.js").is_file():
        raise SystemExit(f"KaTeX not found in {katex}: run `npm install --prefix build/npm katex` (what `make docs-offline` does)")
    cfg = get_config(path=ROOT)
    host = f"{cfg.doc_host}{cfg.doc_baseurl}".rstrip("/")
    out = Path(out)
    if out.exists(): shutil.rmtree(out)
    shutil.copytree(katex, out / "katex", ignore=shutil.ignore_patterns("*.mjs", "*.ts"))
    pages = []
    for nb_path in notebooks():
        nb = _prepare(process(nb_path))
        pages.append((nb_path, page_name(nb_path), _title(nb, nb_path.stem), nb))
    nav = "".join(f'<a href="{p}" data-page="{p}">{html.escape(t)}</a>' for _, p, t, _ in pages)
    for nb_path, page, title, nb in pages:
        body, css = _body(nb)
        here = nav.replace(f'data-page="{page}"', f'data-page="{page}" class="here"')
        (out / page).write_text(_links(TEMPLATE.format(title=html.escape(title), nbcss=css, nav=here, body=body), host))
        print(f"{nb_path.name} -> {page}", file=sys.stderr)
    _unlink_missing(out)
    return out

def _unlink_missing(site: Path) -> None:
    "Links to an anchor no page has (nbdev links private names, which get no documentation) become plain text."
    ids = {p.name: set(re.findall(r'\bid="([^"]+)"', p.read_text())) for p in site.glob("*.html")}
    link = re.compile(r'<a href="([\w.-]+\.html)#([^"]+)">(.*?)</a>', re.S)
    for p in site.glob("*.html"):
        text = link.sub(lambda m: m.group(0) if m.group(2) in ids.get(m.group(1), ()) else m.group(3), p.read_text())
        p.write_text(text)

README_FILES = "README_files"

def readme() -> tuple[str, dict]:
    "README.md as nbs/index.ipynb gives it (nbdev's processing, then nbconvert's Markdown), and its images by file name."
    nb = _prepare(process(NBS / "index.ipynb"))
    md, res = _exporter(MarkdownExporter).from_notebook_node(
        nb, resources=dict(output_files_dir=README_FILES, unique_key="readme"))
    cfg = get_config(path=ROOT)
    host = f"{cfg.doc_host}{cfg.doc_baseurl}".rstrip("/")
    pages = {page_name(p): f"nbs/{p.name}" for p in notebooks()}  # a page of the site is a notebook in the repository
    md = re.sub(re.escape(host) + r"/([\w.-]+\.html)", lambda m: pages.get(m.group(1), m.group(0)), md)
    md = re.sub(r"\]\((?!https?:|nbs/)([\w-]+\.ipynb)", r"](nbs/\1", md)
    return re.sub(r"\n{3,}", "\n\n", md).strip() + "\n", res.get("outputs", {})

def execute(nbs, skip=("slow", "gpu")) -> None:
    """Run each notebook top to bottom in a fresh kernel and keep the outputs (cells flagged with `skip` are not run).
    What a cell writes to stderr (progress bars, loading messages, warnings) is not kept: a committed notebook shows what
    its code computed, quietly."""
    import os, time
    from execnb.shell import CaptureShell
    from nbdev.clean import clean_nb
    for nb_path in nbs:
        nb_path = Path(nb_path).resolve()
        d = json.loads(nb_path.read_text())
        cwd = os.getcwd(); os.chdir(nb_path.parent); t0 = time.time()
        try:
            sh = CaptureShell(nb_path)
            for c in d["cells"]:
                if c["cell_type"] != "code": continue
                src = "".join(c["source"])
                first = src.split("\n")[0]
                c["outputs"] = []
                if "nbdev_export" in src or (first.startswith("#|") and set(first[2:].split()) & set(skip)): continue
                c["outputs"] = [dict(o) for o in (sh.run(src) or [])
                                if not (o.get("output_type") == "stream" and o.get("name") == "stderr")]
                if sh.exc: raise RuntimeError(f"{nb_path.name}: a cell failed:\n{src}") from sh.exc
        finally: os.chdir(cwd)
        clean_nb(d)
        nb_path.write_text(json.dumps(d, indent=1, ensure_ascii=False) + "\n")
        print(f"{nb_path.name}: {time.time() - t0:.0f} s", file=sys.stderr)

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["site", "readme", "execute"])
    ap.add_argument("notebooks", nargs="*", help="execute: the notebooks (default: all)")
    ap.add_argument("--out", default=str(ROOT / "_site"), help="site folder (site)")
    ap.add_argument("--katex", default=str(ROOT / "build" / "npm" / "node_modules" / "katex" / "dist"), help="KaTeX's dist folder (site)")
    ap.add_argument("--check", action="store_true", help="readme: fail if README.md differs instead of writing it")
    a = ap.parse_args(argv)
    if a.what == "site": print(build_site(Path(a.out), Path(a.katex)))
    elif a.what == "execute": execute(a.notebooks or notebooks())
    else:
        text, images = readme()
        if a.check:
            stale = [] if (ROOT / "README.md").read_text() == text else ["README.md"]
            stale += [n for n, b in images.items() if not (ROOT / n).is_file() or (ROOT / n).read_bytes() != b]
            if stale: raise SystemExit(f"{stale} differ from what nbs/index.ipynb gives: run `make readme`")
        else:
            shutil.rmtree(ROOT / README_FILES, ignore_errors=True)
            for n, b in images.items(): (ROOT / n).parent.mkdir(parents=True, exist_ok=True); (ROOT / n).write_bytes(b)
            (ROOT / "README.md").write_text(text)

if __name__ == "__main__": main()
