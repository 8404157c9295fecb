#!/usr/bin/python3
"""Writes colcheck's invalid ORC corpus and the ORC fuzz seeds.

    export PYTHONPATH=generators
    /usr/bin/python3 -m colcheck_gen.orc.make_corpus
    /usr/bin/python3 -m colcheck_gen.orc.make_corpus --check

* corpus/orc/invalid/<code>/<name>.orc and <name>.expected.json: one file
  per operator of orc_mutations.py (those of PENDING_CODES left out),
  applied to its base; the sidecar holds the code and the exact spans
  colcheck must report ({"code", "offset", "length"}, as corpus/invalid,
  with an "also" list of the code's other spans when the one fault breaks
  the rule in several places: the stripe's statistics and the file's).
* corpus/seeds/orc_tail_fuzzer/<stem>.bin: the PostScript of each
  corpus/orc/valid/<stem>.orc (fuzz/orc_tail_fuzzer.cc reads a raw
  PostScript);
* corpus/seeds/orc_footer_fuzzer/<stem>.bin: its Footer, decompressed
  (fuzz/orc_footer_fuzzer.cc reads an uncompressed Footer message).

These directories are rewritten whole. --check regenerates into a
temporary directory and fails unless every file is byte-identical and no
file is missing or extra.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

from colcheck_gen.common import tree
from colcheck_gen.common.paths import REPO
from colcheck_gen.orc import compress as orc_compress
from colcheck_gen.orc import mutations as orc_mutations
from colcheck_gen.orc import proto as orc_proto

CORPUS = os.path.join(REPO, "corpus")
# Relative to the corpus root: what this script owns.
OUTPUTS = (os.path.join("orc", "invalid"),
           os.path.join("seeds", "orc_tail_fuzzer"),
           os.path.join("seeds", "orc_footer_fuzzer"))


def write_invalid(out):
    bases = {}
    for op in orc_mutations.active():
        if op.base not in bases:
            bases[op.base] = orc_mutations.build_base(op.base)
        result = op.apply(bases[op.base])
        if result is None:
            raise SystemExit(f"{op.code}/{op.name} does not apply to its "
                             f"base {op.base}")
        data, exp = result
        d = os.path.join(out, op.code)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, op.name + ".orc"), "wb") as f:
            f.write(data)
        with open(os.path.join(d, op.name + ".expected.json"), "w") as f:
            json.dump(exp, f, indent=2)
            f.write("\n")


def tail_parts(data):
    """(PostScript bytes, uncompressed Footer bytes) of a valid file."""
    pb = orc_proto.load()
    ps_len = data[-1]
    ps_bytes = data[-1 - ps_len:-1]
    ps = pb.PostScript.FromString(ps_bytes)
    end = len(data) - 1 - ps_len
    footer = data[end - ps.footer_length:end]
    codec = orc_compress.CODECS[ps.compression]
    bs = ps.compression_block_size or 256 * 1024
    return ps_bytes, orc_compress.unframe(footer, codec, bs)


def write_seeds(corpus, out_tail, out_footer):
    valid = os.path.join(corpus, "orc", "valid")
    os.makedirs(out_tail, exist_ok=True)
    os.makedirs(out_footer, exist_ok=True)
    for name in sorted(os.listdir(valid)):
        if not name.endswith(".orc"):
            continue
        with open(os.path.join(valid, name), "rb") as f:
            ps, footer = tail_parts(f.read())
        stem = name[:-len(".orc")]
        with open(os.path.join(out_tail, stem + ".bin"), "wb") as f:
            f.write(ps)
        with open(os.path.join(out_footer, stem + ".bin"), "wb") as f:
            f.write(footer)


def write_all(corpus, out):
    """Writes OUTPUTS under `out`, the seeds from `corpus`'s valid files."""
    for rel in OUTPUTS:
        path = os.path.join(out, rel)
        if os.path.isdir(path):
            shutil.rmtree(path)
    write_invalid(os.path.join(out, OUTPUTS[0]))
    write_seeds(corpus, os.path.join(out, OUTPUTS[1]),
                os.path.join(out, OUTPUTS[2]))


def check(corpus):
    """Files under OUTPUTS that differ from a fresh generation."""
    with tempfile.TemporaryDirectory() as tmp:
        write_all(corpus, tmp)
        return tree.differences(tmp, corpus, OUTPUTS)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=CORPUS)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    if args.check:
        return tree.report(
            check(args.corpus), "colcheck_gen.orc.make_corpus",
            f"{len(orc_mutations.active())} invalid ORC files and the ORC "
            "fuzz seeds byte-identical")
    write_all(args.corpus, args.corpus)
    return 0


if __name__ == "__main__":
    sys.exit(main())
