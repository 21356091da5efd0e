__version__ = "0.1.0"


def __getattr__(name):
    "Lazy `caddtree.generate` (importing the decoding engine loads torch and transformers)."
    if name == "generate":
        from .decode import generate
        return generate
    raise AttributeError(f"module 'caddtree' has no attribute {name!r}")
