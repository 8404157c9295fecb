#!/usr/bin/python3
"""`colcheck meta`, `sizes` and `pages` on both formats.

Golden text outputs for generated corpus files (stable: the generators
write them byte for byte), the JSON documents against `explain --format
json` (row groups, stripes, chunk offsets, byte accounting), typed
statistics against the columns' types, and damaged copies, which must
still print and exit 1, never crash. Rewrite the goldens after a
deliberate change with --update.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

ARGS = None
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
PARQUET = "corpus/valid/dictionary_pages.parquet"
TYPED = "corpus/valid/logical_types_all.parquet"
ORC = "corpus/orc/valid/nested.orc"
DATE = re.compile(r"^-?\d{4,}-\d\d-\d\d$")
TIMESTAMP = re.compile(r"^[-+]?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z?$")


def run(*args):
    return subprocess.run([ARGS.colcheck, *args], cwd=ARGS.source,
                          capture_output=True, check=False, timeout=120)


def run_json(*args):
    result = run(*args, "--format", "json")
    return result.returncode, json.loads(result.stdout)


class GoldenTest(unittest.TestCase):
    def golden(self, name, args):
        result = run(*args)
        self.assertEqual(result.returncode, 0, result.stderr)
        path = os.path.join(GOLDEN, name)
        if ARGS.update:
            with open(path, "wb") as f:
                f.write(result.stdout)
        with open(path, "rb") as f:
            self.assertEqual(result.stdout.decode(), f.read().decode())

    def test_meta_parquet(self):
        self.golden("meta_dictionary_pages.txt", ["meta", PARQUET])

    def test_meta_orc(self):
        self.golden("meta_nested_orc.txt", ["meta", ORC])

    def test_sizes_parquet(self):
        self.golden("sizes_dictionary_pages.txt", ["sizes", PARQUET])

    def test_sizes_orc(self):
        self.golden("sizes_nested_orc.txt", ["sizes", ORC])

    def test_pages_parquet(self):
        self.golden("pages_dictionary_pages.txt", ["pages", PARQUET])

    def test_dictionary_parquet(self):
        self.golden("dictionary_dictionary_pages.txt",
                    ["dictionary", PARQUET, "g.str"])

    def test_pages_orc(self):
        self.golden("pages_nested_orc.txt", ["pages", ORC])


class MetaJsonTest(unittest.TestCase):
    def test_parquet_chunks_match_the_layout(self):
        status, meta = run_json("meta", PARQUET)
        self.assertEqual(status, 0)
        _, explain = run_json("explain", PARQUET)
        self.assertEqual(len(meta["row_groups"]), len(explain["row_groups"]))
        chunks = [c for rg in meta["row_groups"] for c in rg["columns"]]
        self.assertEqual(len(chunks), len(explain["chunks"]))
        for chunk, placed in zip(chunks, explain["chunks"]):
            self.assertEqual(chunk["path"], placed["path"])
            start = chunk["dictionary_page_offset"] or \
                chunk["data_page_offset"]
            self.assertEqual(start, placed["offset"])
            self.assertIn(chunk["codec"], ("UNCOMPRESSED", "SNAPPY", "GZIP",
                                           "ZSTD", "LZ4_RAW", "BROTLI"))

    def test_statistics_are_typed_by_the_column(self):
        status, meta = run_json("meta", TYPED)
        self.assertEqual(status, 0)
        annotations = {c["column"]: c["annotation"] for c in meta["columns"]}
        checked = set()
        for chunk in meta["row_groups"][0]["columns"]:
            stats = chunk["statistics"]
            if stats is None or stats["min"] is None:
                continue
            annotation = annotations[chunk["column"]] or ""
            for value in (stats["min"], stats["max"]):
                if annotation == "DATE":
                    self.assertRegex(value, DATE)
                elif annotation.startswith("TIMESTAMP"):
                    self.assertRegex(value, TIMESTAMP)
                    self.assertEqual(value.endswith("Z"),
                                     annotation.endswith("true)"))
                elif annotation.startswith("DECIMAL"):
                    scale = int(annotation.split(",")[1].rstrip(")"))
                    self.assertIsInstance(value, str)
                    self.assertEqual(len(value.split(".")[1]), scale)
                elif annotation.startswith("INTEGER"):
                    self.assertIsInstance(value, int)
                    if annotation.endswith("false)"):
                        self.assertGreaterEqual(value, 0)
                else:
                    continue
                checked.add(annotation.split("(")[0])
        self.assertEqual(checked, {"DATE", "TIMESTAMP", "DECIMAL", "INTEGER"})

    def test_orc_statistics_per_file_and_stripe(self):
        status, meta = run_json("meta", ORC)
        self.assertEqual(status, 0)
        self.assertEqual(meta["format"], "orc")
        self.assertEqual(meta["orc"]["version"], "0.12")
        types = len(meta["types"])
        self.assertEqual(len(meta["statistics"]), types)
        self.assertEqual(meta["statistics"][0]["number_of_values"],
                         meta["num_rows"])
        _, explain = run_json("explain", ORC)
        self.assertEqual(len(meta["stripes"]), len(explain["stripes"]))
        rows = 0
        for stripe in meta["stripes"]:
            self.assertEqual(len(stripe["statistics"]), types)
            self.assertEqual(len(stripe["encodings"]), types)
            rows += stripe["num_rows"]
            self.assertEqual(stripe["statistics"][0]["number_of_values"],
                             stripe["num_rows"])
        self.assertEqual(rows, meta["num_rows"])
        ids = meta["statistics"][1]
        self.assertIsInstance(ids["min"], int)
        self.assertLessEqual(ids["min"], ids["max"])


class MetaRawTest(unittest.TestCase):
    def test_raw_is_explains_footer_tree(self):
        for path in (PARQUET, ORC):
            raw = run("meta", "--raw", path)
            self.assertEqual(raw.returncode, 0)
            explain = run("explain", "--footer", path)
            tree = explain.stdout[explain.stdout.index(b"footer fields:\n"):]
            self.assertEqual(raw.stdout.split(b"\n", 1)[1], tree, path)
            status, doc = run_json("meta", "--raw", path)
            _, explained = run_json("explain", "--footer", path)
            self.assertEqual(doc["footer"], explained["footer"], path)
            self.assertFalse(doc["footer_capped"])


class SizesJsonTest(unittest.TestCase):
    def check_accounting(self, path):
        status, sizes = run_json("sizes", path)
        self.assertEqual(status, 0, path)
        _, explain = run_json("explain", path)
        overlap = sum(o["length"] for o in explain["overlaps"])
        self.assertEqual(sizes["file_size"], os.path.getsize(
            os.path.join(ARGS.source, path)))
        self.assertEqual(sum(k["bytes"] for k in sizes["kinds"]),
                         sizes["file_size"] + overlap, path)
        by_kind = {k["kind"]: k["bytes"] for k in sizes["kinds"]}
        for kind, key in (("data", "data"), ("dictionaries", "dictionaries"),
                          ("indexes", "indexes"),
                          ("bloom filters", "bloom_filters")):
            self.assertLessEqual(sum(c[key] for c in sizes["columns"]),
                                 by_kind[kind], (path, kind))
        return sizes

    def test_every_valid_corpus_file_adds_up(self):
        for folder in ("corpus/valid", "corpus/orc/valid"):
            for name in sorted(os.listdir(os.path.join(ARGS.source, folder))):
                if name.endswith((".parquet", ".orc")):
                    self.check_accounting(folder + "/" + name)

    def test_dictionary_pages_count_as_dictionaries(self):
        sizes = self.check_accounting(PARQUET)
        self.assertGreater(sum(c["dictionaries"] for c in sizes["columns"]),
                           0)


class PagesJsonTest(unittest.TestCase):
    def test_pages_are_the_layouts_pages(self):
        for path in (PARQUET, TYPED):
            status, pages = run_json("pages", path)
            self.assertEqual(status, 0)
            _, explain = run_json("explain", path)
            placed = [(r["offset"], r["length"]) for r in explain["regions"]
                      if r["kind"].endswith("page") or
                      r["kind"] == "data-page-v2"]
            listed = [(p["offset"], p["length"]) for c in pages["chunks"]
                      for p in c["pages"]]
            self.assertEqual(sorted(listed), sorted(placed))

    def test_a_valid_index_agrees_with_every_page(self):
        status, pages = run_json("pages", PARQUET)
        self.assertEqual(status, 0)
        for chunk in pages["chunks"]:
            self.assertTrue(chunk["column_index"])
            self.assertEqual(chunk["offset_index_pages"], chunk["data_pages"])
            rows = 0
            for page in chunk["pages"]:
                self.assertEqual(page["disagreements"], [])
                if page["type"] == "DICTIONARY_PAGE":
                    self.assertIsNone(page["index"])
                    continue
                self.assertEqual(page["index"]["offset"], page["offset"])
                self.assertEqual(page["index"]["null_count"],
                                 page["num_nulls"])
                self.assertEqual(page["first_row"], rows)
                rows += page["num_rows"]

    def test_each_broken_index_field_is_marked(self):
        cases = {
            "page-index.location-offset": "offset",
            "page-index.location-size": "compressed_page_size",
            "page-index.first-row-index": "first_row_index",
            "page-index.null-counts": "null_count",
            "page-index.null-pages": "null_pages",
        }
        for folder, field in cases.items():
            root = os.path.join(ARGS.source, "corpus/invalid", folder)
            for name in sorted(os.listdir(root)):
                if not name.endswith(".parquet"):
                    continue
                status, pages = run_json("pages", os.path.join(root, name))
                self.assertEqual(status, 1, name)
                marked = {f for c in pages["chunks"] for p in c["pages"]
                          for f in p["disagreements"]}
                self.assertEqual(marked, {field}, name)

    def test_a_missing_location_is_counted(self):
        path = ("corpus/invalid/page-index.location-count/"
                "offset_index_missing_location.parquet")
        status, pages = run_json("pages", path)
        self.assertEqual(status, 1)
        short = [c for c in pages["chunks"]
                 if c["offset_index_pages"] is not None and
                 c["offset_index_pages"] != c["data_pages"]]
        self.assertEqual(len(short), 1)
        text = run("pages", "-q", path)
        self.assertIn(b"!! the offset index lists 2 pages, the chunk has 3 "
                      b"data pages", text.stdout)

    def test_orc_row_index_entries_add_up_to_the_stripe(self):
        path = "corpus/orc/valid/stripes_index_bloom.orc"
        status, pages = run_json("pages", path)
        self.assertEqual(status, 0)
        _, meta = run_json("meta", path)
        stride = meta["orc"]["row_index_stride"]
        self.assertGreater(stride, 0)
        checked = 0
        for stripe, described in zip(pages["stripes"], meta["stripes"]):
            groups = -(-stripe["num_rows"] // stride)
            self.assertTrue(stripe["row_indexes"])
            for index in stripe["row_indexes"]:
                entries = index["entries"]
                self.assertEqual(len(entries), groups)
                self.assertEqual([e["first_row"] for e in entries],
                                 [g * stride for g in range(groups)])
                whole = described["statistics"][index["column"]]
                self.assertEqual(
                    sum(e["statistics"]["number_of_values"]
                        for e in entries),
                    whole["number_of_values"], index["column"])
                checked += 1
        self.assertGreater(checked, 1)

    def test_orc_streams_are_the_layouts_streams(self):
        status, pages = run_json("pages", ORC)
        self.assertEqual(status, 0)
        _, explain = run_json("explain", ORC)
        placed = [(r["offset"], r["length"]) for r in explain["regions"]
                  if r["kind"] in ("index-stream", "data-stream")]
        listed = [(s["offset"], s["length"]) for stripe in pages["stripes"]
                  for s in stripe["streams"]]
        self.assertEqual(sorted(listed), sorted(placed))


class DictionaryTest(unittest.TestCase):
    def test_entries_are_the_dictionary_pages(self):
        _, pages = run_json("pages", PARQUET)
        _, meta = run_json("meta", PARQUET)
        checked = 0
        for chunk, described in zip(pages["chunks"],
                                    meta["row_groups"][0]["columns"]):
            status, doc = run_json("dictionary", PARQUET, chunk["path"])
            self.assertEqual(status, 0)
            self.assertEqual(doc["column_path"], chunk["path"])
            first = chunk["pages"][0]
            if first["type"] != "DICTIONARY_PAGE":
                self.assertEqual(doc["dictionaries"], [], chunk["path"])
                continue
            [d] = doc["dictionaries"]
            self.assertEqual((d["offset"], d["length"]),
                             (first["offset"], first["length"]))
            self.assertEqual(d["entries"], first["num_values"])
            self.assertEqual(len(d["values"]), d["entries"])
            # Every value of the chunk is an entry: so are min and max.
            stats = described["statistics"]
            if stats and stats["min"] is not None:
                self.assertIn(stats["min"], d["values"], chunk["path"])
                self.assertIn(stats["max"], d["values"], chunk["path"])
            checked += 1
        self.assertGreater(checked, 3)

    def test_column_by_index_equals_by_path(self):
        by_path = run("dictionary", PARQUET, "g.i64")
        by_index = run("dictionary", PARQUET, "2")
        self.assertEqual(by_path.returncode, 0)
        self.assertEqual(by_path.stdout, by_index.stdout)

    def test_usage_errors(self):
        self.assertEqual(run("dictionary", PARQUET, "nope").returncode, 2)
        self.assertEqual(run("dictionary", PARQUET).returncode, 2)
        self.assertEqual(run("dictionary", ORC, "nope").returncode, 2)
        self.assertEqual(run("dictionary", PARQUET, "99").returncode, 2)

    def test_orc_dictionaries_are_the_dictionary_streams(self):
        # Each stripe's dictionary is its DICTIONARY_DATA stream, its
        # entries as many as the encoding's dictionary_size, in the
        # strictly increasing byte order E9 asks for, and every value of
        # the column in the stripe (cat) is one of them.
        path = "corpus/orc/valid/dictionary.orc"
        _, pages = run_json("pages", path)
        _, rows = run_json("cat", path, "--columns", "name")
        values = {r["name"] for r in rows["rows"]} - {None}
        status, doc = run_json("dictionary", path, "name")
        self.assertEqual(status, 0)
        self.assertEqual(doc["column"], 1)
        self.assertEqual(len(doc["dictionaries"]), len(pages["stripes"]))
        for d, stripe in zip(doc["dictionaries"], pages["stripes"]):
            [stream] = [s for s in stripe["streams"] if s["column"] == 1
                        and s["kind"] == "DICTIONARY_DATA"]
            self.assertEqual((d["offset"], d["length"]),
                             (stream["offset"], stream["length"]))
            self.assertEqual(d["entries"], d["declared"])
            self.assertEqual(len(d["values"]), d["entries"])
            encoded = [v.encode() for v in d["values"]]
            self.assertEqual(encoded, sorted(set(encoded)))
        self.assertTrue(values)
        self.assertLessEqual(values, {v for d in doc["dictionaries"]
                                      for v in d["values"]})
        # A directly encoded column has none.
        _, direct = run_json("dictionary", path, "direct")
        self.assertEqual(direct["dictionaries"], [])

    def test_orc_golden(self):
        result = run("dictionary", "corpus/orc/valid/dictionary.orc", "2")
        self.assertEqual(result.returncode, 0, result.stderr)
        path = os.path.join(GOLDEN, "dictionary_dictionary_orc.txt")
        if ARGS.update:
            with open(path, "wb") as f:
                f.write(result.stdout)
        with open(path, "rb") as f:
            self.assertEqual(result.stdout.decode(), f.read().decode())


class DecompressedContextTest(unittest.TestCase):
    """validate --context on a fault inside a compressed page."""

    PATH = ("corpus/invalid/value.invalid-utf8/"
            "gzip_dictionary_entry_not_utf8.parquet")

    def test_the_decompressed_bytes_are_shown(self):
        result = run("validate", "--no-config", "--context", self.PATH)
        self.assertEqual(result.returncode, 1)
        lines = result.stdout.decode().splitlines()
        at = lines.index("    compressed in 1385+30 of the file; "
                         "decompressed bytes 10..13:")
        self.assertIn("decompressed bytes 10..13 of the page", lines[at - 1])
        # Bytes 10, 11 and 12 of the dictionary page's decompressed body:
        # the entry "of\xff" whose last byte is not UTF-8.
        self.assertTrue(lines[at + 1].startswith("    00000000  "))
        self.assertIn("6f 66 ff", lines[at + 1])
        caret = lines[at + 2]
        row = lines[at + 1]
        self.assertEqual(caret.index("^^"), row.index("6f 66 ff"))
        # Three bytes under the hex columns, three carets in the ASCII one.
        self.assertEqual(caret[:row.index("|")].count("^^"), 3)
        self.assertEqual(caret[row.index("|"):].strip(), "^^^")

    def test_threads_keep_the_excerpt(self):
        one = run("validate", "--no-config", "--context", self.PATH)
        four = run("validate", "--no-config", "--context", "--threads", "4",
                   self.PATH)
        self.assertEqual(one.stdout, four.stdout)

    def test_json_is_unchanged(self):
        plain = run("validate", "--no-config", "--format", "json", self.PATH)
        self.assertNotIn(b"compressed in", plain.stdout)
        self.assertEqual(json.loads(plain.stdout)["files"][0]["verdict"],
                         "invalid")


class DamagedTest(unittest.TestCase):
    def test_damaged_copies_still_print(self):
        for source in (PARQUET, ORC):
            with open(os.path.join(ARGS.source, source), "rb") as f:
                data = f.read()
            with tempfile.TemporaryDirectory() as tmp:
                for k in range(1, 16):
                    at = len(data) * k // 16
                    path = os.path.join(tmp, "damaged")
                    with open(path, "wb") as f:
                        f.write(data[:at] + bytes([data[at] ^ 0xA5]) +
                                data[at + 1:])
                    for command in ("meta", "sizes", "pages", "dictionary"):
                        for fmt in ("text", "json"):
                            extra = ["1"] if command == "dictionary" else []
                            if command == "dictionary" and source == ORC:
                                continue
                            result = run(command, "--format", fmt, path,
                                         *extra)
                            # The damage may leave no column 1 to read.
                            allowed = (0, 1, 2) if extra else (0, 1)
                            self.assertIn(result.returncode, allowed,
                                          (source, at, command,
                                           result.stderr))
                            if fmt == "json" and result.returncode != 2:
                                json.loads(result.stdout)

    def test_quiet_silences_the_diagnostics(self):
        with open(os.path.join(ARGS.source, PARQUET), "rb") as f:
            data = f.read()
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "cut.parquet")
            with open(path, "wb") as f:
                f.write(data[:len(data) // 2] + data[-8:])
            loud = run("meta", path)
            quiet = run("meta", "-q", path)
        self.assertEqual(loud.returncode, 1)
        self.assertNotEqual(loud.stderr, b"")
        self.assertEqual(quiet.returncode, 1)
        self.assertEqual(quiet.stderr, b"")
        self.assertEqual(quiet.stdout, loud.stdout)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--update", action="store_true")
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
