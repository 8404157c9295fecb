#!/usr/bin/python3
"""Writes colcheck's golden corpus, deterministically.

    export PYTHONPATH=generators
    /usr/bin/python3 -m colcheck_gen.parquet.make_corpus [--out corpus]
    /usr/bin/python3 -m colcheck_gen.parquet.make_corpus --check corpus
    COLCHECK_BLESS=1 /usr/bin/python3 -m colcheck_gen.parquet.make_corpus \\
        --colcheck build/cli/colcheck

Writes, under --out (default: the repository's corpus/):

  valid/<name>.parquet                 specs.VALID, one per strategy + seed,
                                       and encryption.VALID (encrypted files)
  valid/<name>.keys.yaml               the keys of an encrypted file
  invalid/<code>/<name>.parquet        one per active mutation (mutations.py)
                                       and per encryption.MUTATIONS
  invalid/<code>/<name>.expected.json  {"code", "offset", "length"}
  invalid/<code>/<name>.keys.yaml      the keys colcheck is given (encryption)
  seeds/file_fuzzer/*.parquet          whole files for the file fuzzer
  seeds/encrypted_fuzzer/*.parquet     encrypted files under that fuzzer's keys
  seeds/footer_fuzzer/*.bin            FileMetaData bytes for the footer fuzzer
  seeds/thrift_fuzzer/*.bin            selector byte + a PageHeader, ColumnIndex,
                                       OffsetIndex or bloom filter (thrift_fuzzer.cc)
  seeds/page_fuzzer/*.bin              10-byte selector + one data page's body
                                       (page_fuzzer.cc)

valid/, invalid/ and seeds/ are rewritten whole, and README.md with the
table of what each file covers; other files (regressions/, the test
scripts) are left alone.

--check DIR regenerates into a temporary directory and compares it with
DIR: every .parquet and seed must be byte-identical, and every sidecar must
hold the same code and spans as the generator's expectation.

COLCHECK_BLESS=1 (needs --colcheck) writes each sidecar's span from
colcheck's actual diagnostic instead of the generator's expectation: the
diagnostic with the sidecar's code that overlaps the expected span, else
the first with that code. Use it after a deliberate change of the spans
colcheck reports, review the diff, and make the operators expect the new
spans: --check fails while a blessed sidecar and the generator disagree.
"""

import argparse
import filecmp
import functools
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

from colcheck_gen.common import breakage
from colcheck_gen.common.paths import REPO
from colcheck_gen.parquet import (encryption, mutations, specs, thrift_gen,
                                  writer)

# The Parquet corpus. corpus/orc/ and the ORC fuzzers' seeds
# (seeds/orc_*) belong to orc_make_corpus.py and orc_corpus.py.
GENERATED_DIRS = ("valid", "invalid", "seeds/file_fuzzer",
                  "seeds/encrypted_fuzzer",
                  "seeds/footer_fuzzer", "seeds/thrift_fuzzer",
                  "seeds/page_fuzzer")

# Whole-file seeds: small valid files and a few broken ones.
FILE_SEEDS_VALID = ("flat_required", "all_nulls", "no_row_groups",
                    "nested_struct", "page_base")
FILE_SEEDS_MUTATED = ("footer_cut_inside_varint", "root_num_children_minus_one",
                      "num_rows_11_byte_varint", "column_orders_million",
                      "gzip_values_garbage", "dictionary_index_past_end",
                      "chunk_starts_mid_row")


# page_fuzzer seeds: the data pages of files whose chunks cover every
# physical type, encoding, codec and page version, and levels up to 2.
PAGE_SEED_FILES = ("matrix_uncompressed_v1", "matrix_uncompressed_v2",
                   "matrix_snappy_v1", "matrix_gzip_v2", "matrix_brotli_v1",
                   "matrix_zstd_v2", "matrix_lz4_raw_v1", "matrix_lz4_v2",
                   "boolean_dictionary", "delta_edges", "lists",
                   "nested_struct", "float_specials")
# thrift_fuzzer seeds: the page headers, page indexes and bloom filters of
# files that have all of them, in every variant the writer makes.
THRIFT_SEED_FILES = ("page_base", "dictionary_pages", "v2_gzip_crc")
# thrift_fuzzer.cc's selector values.
THRIFT_REGIONS = {"column_index": 1, "offset_index": 2, "bloom_filter": 3}
PAGE_SELECTOR_ENCODINGS = 10  # page_fuzzer.cc takes the encoding modulo 10.
DICTIONARY_ENCODINGS = (2, 8)  # PLAIN_DICTIONARY, RLE_DICTIONARY
HARNESS_DICTIONARY = {0: 2}  # page_fuzzer.cc: entries per physical type.
HARNESS_DICTIONARY_DEFAULT = 8


def _leaves(schema):
    """(element, max definition level, max repetition level, dotted path)
    of each leaf of a flattened schema, in column order."""
    out, pos = [], 1

    def visit(prefix, def_level, rep_level):
        nonlocal pos
        element = schema[pos]
        pos += 1
        if element.repetition_type == 1:  # OPTIONAL
            def_level += 1
        elif element.repetition_type == 2:  # REPEATED
            def_level, rep_level = def_level + 1, rep_level + 1
        path = prefix + [element.name]
        if not element.num_children:
            out.append((element, def_level, rep_level, ".".join(path)))
        for _ in range(element.num_children or 0):
            visit(path, def_level, rep_level)

    for _ in range(schema[0].num_children or 0):
        visit([], 0, 0)
    return out


def _page_selector(leaf, def_level, rep_level, codec, page, header):
    """page_fuzzer.cc's 10-byte selector for `page`, or None when the page
    does not fit in it."""
    v2 = header.data_page_header_v2
    sub = v2 or header.data_page_header
    optional = def_level - rep_level
    rows = (v2.num_rows if v2 else
            sum(1 for r in page.rep_levels if r == 0) if rep_level else
            sub.num_values)
    fits = (rep_level <= 2 and 0 <= optional <= 2 and codec < 8 and
            sub.encoding < PAGE_SELECTOR_ENCODINGS and
            sub.num_values < 256 and rows < 256 and
            header.uncompressed_page_size < 1 << 16 and
            (leaf.type_length or 0) < 256 and
            (not v2 or (v2.num_nulls < 256 and
                        v2.repetition_levels_byte_length < 256 and
                        v2.definition_levels_byte_length < 256)))
    if not fits:
        return None
    shape = leaf.type | optional << 3 | rep_level << 5 | (0x80 if v2 else 0)
    flags = sub.encoding | codec << 4
    if v2 and v2.is_compressed is False:
        flags |= 0x80
    return struct.pack("<8BH", shape, flags, leaf.type_length or 0,
                       sub.num_values, rows, v2.num_nulls if v2 else 0,
                       v2.repetition_levels_byte_length if v2 else 0,
                       v2.definition_levels_byte_length if v2 else 0,
                       header.uncompressed_page_size)


def _dictionary_fits(leaf, codec, chunk):
    """Whether the page_fuzzer harness's dictionary (written only for
    UNCOMPRESSED chunks) has as many entries as the writer's."""
    dictionary = next((p.header.dictionary_page_header for p in chunk.pages
                       if p.header.dictionary_page_header), None)
    entries = HARNESS_DICTIONARY.get(leaf.type, HARNESS_DICTIONARY_DEFAULT)
    return (codec == 0 and dictionary is not None and
            dictionary.num_values <= entries)


def page_fuzzer_seeds(files):
    """{name: bytes}: the first data page of every chunk of
    PAGE_SEED_FILES's first row group that fits page_fuzzer's selector,
    as its selector and the body as stored."""
    seeds = {}
    for name in PAGE_SEED_FILES:
        pq = files[name]
        if not pq.model.row_groups:
            continue
        leaves = _leaves(pq.model.schema)
        for c, chunk in enumerate(pq.model.row_groups[0].chunks):
            leaf, def_level, rep_level, path = leaves[c]
            codec = pq.metadata.row_groups[0].columns[c].meta_data.codec
            for page, where in zip(chunk.pages, pq.pages[(0, c)]):
                header = page.header
                sub = header.data_page_header_v2 or header.data_page_header
                if sub is None:
                    continue
                if (sub.encoding in DICTIONARY_ENCODINGS and
                        not _dictionary_fits(leaf, codec, chunk)):
                    break
                selector = _page_selector(leaf, def_level, rep_level, codec,
                                          page, header)
                if selector is not None:
                    body = pq.data[where.body.offset:where.body.end]
                    seeds[f"{name}_{path}.bin"] = selector + body
                break
    return seeds


def thrift_fuzzer_seeds(files):
    """{name: bytes}: every distinct PageHeader (selector 0) and each page
    index and bloom filter (selectors 1..3) of THRIFT_SEED_FILES's first
    row group, as the writer serialized them."""
    seeds, seen = {}, set()
    for name in THRIFT_SEED_FILES:
        pq = files[name]
        for c in range(len(pq.model.row_groups[0].chunks)):
            for k, where in enumerate(pq.pages[(0, c)]):
                header = pq.data[where.header.offset:where.header.end]
                if header not in seen:
                    seen.add(header)
                    seeds[f"{name}_c{c}_page{k}_header.bin"] = (
                        bytes([0]) + header)
            for region, selector in THRIFT_REGIONS.items():
                if (0, c, region) in pq.regions:
                    span, _ = pq.regions[(0, c, region)]
                    seeds[f"{name}_c{c}_{region}.bin"] = (
                        bytes([selector]) + pq.data[span.offset:span.end])
    return seeds


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def _sidecar(expected):
    ordered = {k: expected[k] for k in ("code", "offset", "length", "also")
               if k in expected}
    return (json.dumps(ordered, indent=2) + "\n").encode()


def generate(out, idl=None):
    """Writes the corpus under `out`. Returns {relative path: expected}
    for the invalid files."""
    t = thrift_gen.load(idl)
    for d in GENERATED_DIRS:
        shutil.rmtree(os.path.join(out, d), ignore_errors=True)
    files = {}
    for name in specs.VALID:
        files[name] = writer.write(specs.build(name), t)
        _write(os.path.join(out, "valid", f"{name}.parquet"),
               files[name].data)

    encrypted = {}
    for name in encryption.VALID:
        encrypted[name] = encryption.build_valid(name, t)
        _write(os.path.join(out, "valid", f"{name}.parquet"),
               encrypted[name].data)
        _write(os.path.join(out, "valid", f"{name}.keys.yaml"),
               encrypted[name].keys_yaml.encode())

    invalid, mutated = {}, {}
    for m in encryption.MUTATIONS:
        data, keys_yaml, expected = m.apply(encrypted[m.base])
        assert expected["code"] == m.code, m.name
        stem = os.path.join(out, "invalid", m.code, m.name)
        _write(stem + ".parquet", data)
        _write(stem + ".expected.json", _sidecar(expected))
        _write(stem + ".keys.yaml", keys_yaml.encode())
        invalid[os.path.join("invalid", m.code, f"{m.name}.parquet")] = \
            expected
    for m in mutations.active():
        data, expected = m.apply(files[m.base])
        assert expected["code"] == m.code, m.name
        rel = os.path.join("invalid", m.code, f"{m.name}.parquet")
        _write(os.path.join(out, rel), data)
        _write(os.path.join(out, rel[:-len(".parquet")] + ".expected.json"),
               _sidecar(expected))
        invalid[rel] = expected
        mutated[m.name] = data

    seeds = os.path.join(out, "seeds")
    for name in FILE_SEEDS_VALID:
        _write(os.path.join(seeds, "file_fuzzer", f"valid_{name}.parquet"),
               files[name].data)
    for name in FILE_SEEDS_MUTATED:
        if name in mutated:
            _write(os.path.join(seeds, "file_fuzzer", f"{name}.parquet"),
                   mutated[name])
    for name in ("flat_required", "nested_struct", "logical_types",
                 "no_row_groups"):
        _write(os.path.join(seeds, "footer_fuzzer", f"{name}.bin"),
               files[name].footer)
    # A footer with a random bit flipped, from a fixed seed.
    rng = random.Random(11)
    footer = bytearray(files["mutation_base"].footer)
    footer[rng.randrange(len(footer))] ^= 1 << rng.randrange(8)
    _write(os.path.join(seeds, "footer_fuzzer", "mutation_base_bitflip.bin"),
           bytes(footer))
    for target, made in (("encrypted_fuzzer", encryption.fuzz_seeds(t)),
                         ("page_fuzzer", page_fuzzer_seeds(files)),
                         ("thrift_fuzzer", thrift_fuzzer_seeds(files))):
        for seed_name, data in made.items():
            _write(os.path.join(seeds, target, seed_name), data)
    _write(os.path.join(out, "README.md"),
           readme(files, invalid, out, encrypted))
    return invalid


_README_HEAD = """\
# corpus/

colcheck's golden suite (style guide habit 11). Everything below valid/,
invalid/ and seeds/, and this README, is written by

    PYTHONPATH=generators /usr/bin/python3 -m colcheck_gen.parquet.make_corpus

from fixed seeds, so the same generator always writes the same bytes; the
`generators_roundtrip` test checks that the committed files are what it
writes now. Do not edit these files by hand: change the generator and run
it again.

| Test | What it checks |
|---|---|
| `corpus_expectations` | `check_corpus.py`: every valid/ file is valid with no error; every invalid/<code>/ file has a sidecar and colcheck reports that code with an overlapping span; every seed replays with exit code 0 or 1 |
| `generators_roundtrip` | `make_corpus.py --check corpus`: a fresh generation is byte-identical (sidecars: the same code and spans) |
| `generators_*` | `generators/tests`, a test per module (`generators_properties_a` to `_c`, one per property): encodings, a spec-following reader over every valid file, and every mutation against colcheck |

Sidecars (`<name>.expected.json`) hold `{"code", "offset", "length"}`: the
diagnostic and the absolute byte span colcheck must report. After a
deliberate change of spans in colcheck, rewrite them from its output with

    COLCHECK_BLESS=1 PYTHONPATH=generators /usr/bin/python3 -m colcheck_gen.parquet.make_corpus \\
        --colcheck build/cli/colcheck

review the diff, and make the operators in `mutations.py` expect the new
spans: `--check` fails while a sidecar and the generator disagree.
`regressions/` (crash and issue reproducers, named after them) is not
generated and is left alone.

Mutations whose code colcheck does not report yet are listed in
`mutations.PENDING_CODES` and are not written here; remove a code from that
set when its rule lands and regenerate.

Encrypted files (Parquet Modular Encryption,
`generators/colcheck_gen/parquet/encryption.py`) have their keys beside
them in `<name>.keys.yaml`, which `check_corpus.py` passes to
`colcheck validate --keys`; the sidecars' spans are what colcheck reports
with those keys.

"""


def _provenance(strategy):
    """(module.function(arguments), its docstring on one line) of a
    strategy, a function or a functools.partial of one."""
    fn, args = strategy, ""
    if isinstance(strategy, functools.partial):
        fn = strategy.func
        args = ", ".join(f"{k}={v!r}" for k, v in strategy.keywords.items())
    module = fn.__module__.rsplit(".", 1)[-1]
    doc = " ".join((fn.__doc__ or "").split())
    return f"{module}.{fn.__name__}({args})", doc


def _expected_span(exp):
    """"offset+length", and those of its "also" list."""
    return ", ".join(f"{s['offset']}+{s['length']}"
                     for s in [exp] + exp.get("also", []))


def readme(files, invalid, out, encrypted):
    lines = [_README_HEAD, "## valid/\n\n",
             "| File | Bytes | Made by | Covers |\n|---|---|---|---|\n"]
    for name, (strategy, seed) in specs.VALID.items():
        maker, doc = _provenance(strategy)
        lines.append(f"| `{name}.parquet` | {len(files[name].data)} | "
                     f"`{maker}`, seed {seed} | {doc} |\n")
    base_doc = " ".join(encryption.encrypted_base.__doc__.split())
    for name, (config, doc) in encryption.VALID.items():
        lines.append(
            f"| `{name}.parquet` (keys: `{name}.keys.yaml`) | "
            f"{len(encrypted[name].data)} | "
            f"`encryption.encrypted_base()`, seed {encryption._BASE_SEED}, "
            f"encrypted with `encryption.VALID[{name!r}]` (key seed "
            f"{config.seed}) | {doc} The data: {base_doc} |\n")
    lines += ["\n## invalid/\n\nEach file is a valid/ file (Base) broken "
              "by one operator of "
              "`generators/colcheck_gen/parquet/mutations.py`: "
              "footer rules start from `mutation_base`, page rules from "
              "`page_base`; or, for the encrypted files (beside their "
              "`.keys.yaml`), of `generators/colcheck_gen/parquet/"
              "encryption.py`, which start from an `encrypted_*` file."
              "\n\n",
              "| File | Base | Expected span | Mutation |\n"
              "|---|---|---|---|\n"]
    names = {m.name: m for m in breakage.of(breakage.PARQUET)}
    for m in encryption.MUTATIONS:
        assert m.name not in names, f"two mutations named {m.name}"
        names[m.name] = m
    for rel in sorted(invalid):
        exp = invalid[rel]
        m = names[os.path.basename(rel)[:-len(".parquet")]]
        lines.append(f"| `{rel}` | `{m.base}` | "
                     f"{_expected_span(exp)} | {m.description} |\n")
    pending = [m for m in breakage.of(breakage.PARQUET)
               if m.code in mutations.PENDING_CODES]
    lines += ["\n## Pending mutations (not written)\n\n",
              "colcheck does not report these codes yet "
              "(`mutations.PENDING_CODES`).\n\n",
              "| Code | Mutation | What it breaks |\n|---|---|---|\n"]
    lines += [f"| `{m.code}` | `{m.name}` | {m.description} |\n"
              for m in pending]
    lines += ["\n## seeds/\n\n| Directory | Files | Made from |\n"
              "|---|---|---|\n"]
    for target, made in (("file_fuzzer", "whole files: `valid_*` are valid/ "
                          "files, the others mutations of the same name"),
                         ("encrypted_fuzzer", "the encrypted valid/ files "
                          "under `fuzz/encrypted_fuzzer.cc`'s fixed keys "
                          "(`encryption.fuzz_seeds`), and two of their "
                          "mutations"),
                         ("footer_fuzzer", "the FileMetaData bytes (no magic, "
                          "no length) of valid/ files, and one with a "
                          "random bit flipped (seed 11)"),
                         ("page_fuzzer", "the 10-byte selector of "
                          "`fuzz/page_fuzzer.cc` and the stored body of the "
                          "first data page of each chunk of the named valid/ "
                          "file (`make_corpus.page_fuzzer_seeds`)"),
                         ("thrift_fuzzer", "a selector byte (0 PageHeader, 1 "
                          "ColumnIndex, 2 OffsetIndex, 3 bloom filter) and "
                          "those bytes of the named valid/ file "
                          "(`make_corpus.thrift_fuzzer_seeds`)")):
        names_here = sorted(os.listdir(os.path.join(out, "seeds", target)))
        lines.append(f"| `seeds/{target}/` | " +
                     ", ".join(f"`{n}`" for n in names_here) +
                     f" | {made} |\n")
    return "".join(lines).encode()


def overlaps(a_off, a_len, b_off, b_len):
    """Half-open spans overlap; an empty span overlaps a span that contains
    its offset (end included)."""
    if a_len == 0 or b_len == 0:
        return (a_off <= b_off <= a_off + a_len or
                b_off <= a_off <= b_off + b_len)
    return max(a_off, b_off) < min(a_off + a_len, b_off + b_len)


def _keys_file(path):
    """The `<stem>.keys.yaml` beside a corpus file, or None."""
    keys = os.path.splitext(path)[0] + ".keys.yaml"
    return keys if os.path.exists(keys) else None


def bless(out, invalid, colcheck):
    """Rewrites each sidecar from colcheck's report. Returns failures."""
    paths = [os.path.join(out, rel) for rel in sorted(invalid)]
    # Files with keys beside them are validated one by one, with them.
    batches = [[p for p in paths if not _keys_file(p)]]
    batches += [["--keys", _keys_file(p), p] for p in paths
                 if _keys_file(p)]
    reports = {}
    for batch in batches:
        result = subprocess.run([colcheck, "validate", "--format", "json"] +
                                batch, capture_output=True, text=True)
        if result.returncode not in (0, 1):
            raise SystemExit(f"colcheck exited {result.returncode}:\n"
                             f"{result.stderr}")
        reports.update({os.path.abspath(f["path"]): f
                        for f in json.loads(result.stdout)["files"]})
    failures = []
    for rel in sorted(invalid):
        exp = invalid[rel]
        report = reports[os.path.abspath(os.path.join(out, rel))]
        hits = [d for d in report["diagnostics"] if d["code"] == exp["code"]]
        if not hits:
            failures.append(f"{rel}: colcheck does not report {exp['code']}")
            continue
        chosen = next((d for d in hits if overlaps(
            exp["offset"], exp["length"], d["offset"], d["length"])), hits[0])
        blessed = {"code": exp["code"], "offset": chosen["offset"],
                   "length": chosen["length"]}
        _write(os.path.join(out, rel[:-len(".parquet")] + ".expected.json"),
               _sidecar(blessed))
    return failures


def _tree(root):
    out = {"README.md"} if os.path.exists(os.path.join(root,
                                                       "README.md")) else set()
    for d in GENERATED_DIRS:
        for base, _, names in os.walk(os.path.join(root, d)):
            out.update(os.path.relpath(os.path.join(base, n), root)
                       for n in names)
    return out


def _spans(sidecar):
    """A sidecar's span and its "also" spans, as (offset,length) pairs."""
    return " ".join(f"({s['offset']},{s['length']})"
                    for s in [sidecar] + sidecar.get("also", []))


def check(committed, idl=None):
    """Regenerates into a temp dir and compares with `committed`."""
    problems = []
    with tempfile.TemporaryDirectory(prefix="colcheck-corpus-") as tmp:
        generate(tmp, idl)
        fresh, old = _tree(tmp), _tree(committed)
        for rel in sorted(fresh - old):
            problems.append(f"missing from the committed corpus: {rel}")
        for rel in sorted(old - fresh):
            problems.append(f"not produced by the generator: {rel}")
        for rel in sorted(fresh & old):
            a, b = os.path.join(tmp, rel), os.path.join(committed, rel)
            if rel.endswith(".expected.json"):
                with open(a) as fa, open(b) as fb:
                    ja, jb = json.load(fa), json.load(fb)
                if ja["code"] != jb["code"]:
                    problems.append(f"{rel}: code {jb['code']} committed, "
                                    f"{ja['code']} generated")
                elif ja != jb:
                    # A blessed span the operator does not expect: one of
                    # them is stale, and the unit tests only ask that the
                    # operator's span overlap colcheck's.
                    problems.append(f"{rel}: committed spans {_spans(jb)}, "
                                    f"generator expects {_spans(ja)}")
            elif not filecmp.cmp(a, b, shallow=False):
                problems.append(f"{rel}: bytes differ from a fresh generation")
    for p in problems:
        print(f"FAIL: {p}")
    total = len(fresh)
    print(f"{total - len(problems)} passed, {len(problems)} failed")
    return not problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(REPO, "corpus"))
    parser.add_argument("--check", metavar="DIR",
                        help="compare a fresh generation with DIR")
    parser.add_argument("--idl", help="Thrift IDL (default: the project's)")
    parser.add_argument("--colcheck", help="colcheck binary, for blessing")
    args = parser.parse_args(argv)
    try:
        if args.check:
            return 0 if check(args.check, args.idl) else 1
        invalid = generate(args.out, args.idl)
        print(f"wrote {len(specs.VALID) + len(encryption.VALID)} valid and "
              f"{len(invalid)} invalid files under {args.out}")
        if os.environ.get("COLCHECK_BLESS") == "1":
            if not args.colcheck:
                parser.error("COLCHECK_BLESS=1 needs --colcheck")
            failures = bless(args.out, invalid, args.colcheck)
            for f in failures:
                print(f"FAIL: {f}")
            print(f"blessed {len(invalid) - len(failures)} sidecars")
            return 1 if failures else 0
    except thrift_gen.ThriftUnavailable as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
