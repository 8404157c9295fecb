"""colcheck_gen: generators of Parquet and ORC files for colcheck's tests.

Each format has a subpackage: parquet/ writes valid files from a small
description (writer.py), breaks them one rule at a time with the expected
diagnostic and byte span (mutations.py on fixed bases, generic.py on any
file) and builds the committed corpus (make_corpus.py); orc/ does the same
for ORC (writer.py, mutations.py, corpus.py, make_corpus.py). common/ holds
what both share: the one registry of breakages (breakage.py), the
diagnostic codes (codes.py), the repository's paths and the varint
helpers. Thrift classes are generated from colcheck's own IDL,
validator/parquet/parquet.thrift, by `thrift --gen py` at run time
(parquet/thrift_gen.py); generated code is never committed.

Style guide habits 10 and 11: generators return (bytes, expected), valid
strategies are deterministic, and the corpus records its provenance.
"""

__version__ = "0.1.0"

try:
    import thrift  # noqa: F401
except ImportError as _e:  # pragma: no cover - depends on the interpreter
    import sys as _sys
    raise ImportError(
        f"colcheck_gen needs the 'thrift' module, which {_sys.executable} "
        "lacks; on Debian install python3-thrift and run with "
        "/usr/bin/python3") from _e
