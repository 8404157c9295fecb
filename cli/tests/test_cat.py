#!/usr/bin/python3
"""`colcheck cat FILE` on both formats.

The rows against what other readers wrote down: parquet-testing's four
files with an *_expect.csv twin (every row and column) and every ORC file
of the external corpus with an expected/<stem>.jsn.gz twin (ORC Java's
JSON dump; big files up to ORC_HEAD rows). Those dumps write some values
their own way, so both sides are normalized before comparing (see
`orc_equal`):

  floats      equal as doubles, or as floats, or as the dump prints them
              (orc-contents: %.7g for FLOAT, %.14g for DOUBLE); NaN and
              the infinities are strings in colcheck
  decimals    colcheck's string of digits against the dump's JSON number,
              compared as decimal.Decimal (the dump is parsed with
              parse_float=Decimal, so no digit is lost)
  binary      colcheck's base64 against the dump's list of byte values
  timestamps  "2015-01-01 00:00:00.1" against ISO 8601
              "2015-01-01T00:00:00.100000000" (a "Z" dropped): both as
              date, time of day and the fraction without trailing zeros
  a root that is not a struct: the dump writes the bare value, colcheck a
              row of one field

Then each option (--head, --columns top-level and nested, --row-group and
--stripe, every --format, -q), a damaged copy of a corpus file (exit 1,
the rows before the fault exactly, stderr says where reading stopped),
usage errors (exit 2: an unknown column, a group past the end) and
goldens of the JSON Lines and JSON outputs of small corpus files with
nested types. Rewrite the goldens after a deliberate change with
--update.

The external corpus is COLCHECK_EXTERNAL_CORPUS (default
../shared/corpus-external beside the repository); its tests skip when it
is absent.
"""

import argparse
import base64
import csv
import decimal
import gzip
import io
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

ARGS = None
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
NESTED = "corpus/valid/nested_struct.parquet"  # 3 row groups, structs.
LISTS = "corpus/valid/lists.parquet"
MAPS = "corpus/valid/maps.parquet"
TWO_GROUPS = "corpus/valid/flat_optional.parquet"
# Gzip pages with CRCs in 2 row groups: a damaged page cannot go unseen.
DAMAGEABLE = "corpus/valid/v2_gzip_crc.parquet"
ORC = "corpus/orc/valid/nested.orc"
ORC_STRIPES = "corpus/orc/valid/stripes_index_bloom.orc"
DELTA_FILES = ("delta_binary_packed", "delta_byte_array",
               "delta_encoding_optional_column",
               "delta_encoding_required_column")
# Rows compared per ORC file: the big dumps (up to 212000 rows) would take
# minutes in Python; every file is still validated in full.
ORC_HEAD = 3000
DIAGNOSTIC_LINE = re.compile(
    r"^.+:\d+(\+\d+)?: (error|warning|info)\[[a-z-]+\.[a-z0-9-]+\]: ")


def run(*args):
    return subprocess.run([ARGS.colcheck, *args], cwd=ARGS.source,
                          capture_output=True, check=False, timeout=120)


def cat(*args, status=0):
    """stdout of `cat ARGS`, after checking its exit status."""
    result = run("cat", *args)
    if result.returncode != status:
        raise AssertionError(f"cat {args}: exit {result.returncode}: "
                             f"{result.stderr.decode()}")
    return result.stdout


def jsonl(*args, status=0):
    return [json.loads(line) for line in
            cat(*args, status=status).decode().splitlines()]


def csv_rows(data):
    return list(csv.reader(io.StringIO(data.decode(), newline="")))


def external(*parts):
    path = os.path.join(ARGS.external, *parts)
    if not os.path.exists(path):
        raise unittest.SkipTest(
            f"{path} is absent: set COLCHECK_EXTERNAL_CORPUS to the external "
            "corpus")
    return path


def explain(path):
    return json.loads(run("explain", "--format", "json", path).stdout)


# ---- ORC dumps --------------------------------------------------------------

TIMESTAMP = re.compile(
    r"^(-?\d{4,}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d+))?Z?$")
SPECIAL_FLOATS = {"NaN": math.nan, "Infinity": math.inf,
                  "-Infinity": -math.inf}


def as_float32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def timestamp_key(text):
    match = TIMESTAMP.match(text)
    if not match:
        return None
    return match.group(1), match.group(2), (match.group(3) or "").rstrip("0")


def numbers_equal(expected, got):
    if isinstance(got, str):
        if got in SPECIAL_FLOATS:
            e = float(expected)
            return (math.isnan(e) and got == "NaN") or e == SPECIAL_FLOATS[got]
        # A decimal: its digits against the dump's number.
        try:
            return decimal.Decimal(got) == decimal.Decimal(expected)
        except decimal.InvalidOperation:
            return False
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        return False
    if isinstance(expected, int) and isinstance(got, int):
        return expected == got
    e = float(expected)
    g = float(got)
    # orc-contents prints a FLOAT with %.7g and a DOUBLE with %.14g.
    return (e == g or as_float32(e) == as_float32(g) or
            float("%.7g" % as_float32(g)) == e or float("%.14g" % g) == e)


def orc_equal(expected, got):
    """Whether a value of an ORC dump and colcheck's agree (module doc)."""
    if expected is None or got is None:
        return expected is None and got is None
    if isinstance(expected, bool) or isinstance(got, bool):
        return expected is got
    if isinstance(expected, (int, decimal.Decimal)):
        return numbers_equal(expected, got)
    if isinstance(expected, str):
        if not isinstance(got, str):
            return False
        if got == expected:
            return True
        e, g = timestamp_key(expected), timestamp_key(got)
        return e is not None and e == g
    if isinstance(expected, list):
        if isinstance(got, str):  # Binary.
            try:
                return base64.b64decode(got, validate=True) == bytes(expected)
            except (ValueError, TypeError):
                return False
        return (isinstance(got, list) and len(got) == len(expected) and
                all(orc_equal(e, g) for e, g in zip(expected, got)))
    if isinstance(expected, dict):
        return (isinstance(got, dict) and list(got) == list(expected) and
                all(orc_equal(expected[k], got[k]) for k in expected))
    return False


def first_difference(expected, got, where=""):
    """A path to the first place where orc_equal fails, for messages."""
    if isinstance(expected, dict) and isinstance(got, dict):
        if list(expected) != list(got):
            return f"{where}: keys {list(expected)} != {list(got)}"
        for key in expected:
            if not orc_equal(expected[key], got[key]):
                return first_difference(expected[key], got[key],
                                        f"{where}.{key}")
    if (isinstance(expected, list) and isinstance(got, list) and
            len(expected) == len(got)):
        for i, (e, g) in enumerate(zip(expected, got)):
            if not orc_equal(e, g):
                return first_difference(e, g, f"{where}[{i}]")
    return f"{where}: expected {expected!r}, got {got!r}"


def read_dump(path, limit):
    rows = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            if len(rows) == limit:
                break
            rows.append(json.loads(line, parse_float=decimal.Decimal))
    return rows


class ExpectedCsvTest(unittest.TestCase):
    """parquet-testing's files against their *_expect.csv."""

    def check(self, name):
        data = external("parquet-testing", "data")
        expected = csv_rows(open(os.path.join(data, name + "_expect.csv"),
                                 "rb").read())
        got = csv_rows(cat("--format", "csv",
                           os.path.join(data, name + ".parquet")))
        # The expect files write some names with a space before them, and
        # the files with a colon after them: " c_customer_id" is
        # "c_customer_id:".
        def names(header):
            return [h.strip().rstrip(":") for h in header]
        self.assertEqual(names(got[0]), names(expected[0]))
        self.assertEqual(len(got), len(expected))
        for i, (g, e) in enumerate(zip(got[1:], expected[1:])):
            self.assertEqual(g, e, f"{name} row {i}")

    def test_delta_binary_packed(self):
        self.check("delta_binary_packed")

    def test_delta_byte_array(self):
        self.check("delta_byte_array")

    def test_delta_encoding_optional_column(self):
        self.check("delta_encoding_optional_column")

    def test_delta_encoding_required_column(self):
        self.check("delta_encoding_required_column")


class ExpectedOrcTest(unittest.TestCase):
    """Every ORC file with a dump of ORC Java's against that dump."""

    def test_every_orc_file_with_a_dump(self):
        directory = external("orc")
        stems = sorted(name[:-len(".jsn.gz")] for name in
                       os.listdir(os.path.join(directory, "expected"))
                       if name.endswith(".jsn.gz"))
        checked = 0
        for stem in stems:
            path = os.path.join(directory, stem + ".orc")
            if not os.path.exists(path):
                continue
            with self.subTest(file=stem):
                expected = read_dump(os.path.join(directory, "expected",
                                                  stem + ".jsn.gz"), ORC_HEAD)
                got = jsonl("--head", str(ORC_HEAD), path)
                self.assertEqual(len(got), len(expected))
                for i, (e, g) in enumerate(zip(expected, got)):
                    if not isinstance(e, dict) and len(g) == 1:
                        g = next(iter(g.values()))
                    if not orc_equal(e, g):
                        self.fail(f"{stem} row {i}: "
                                  f"{first_difference(e, g)}")
                checked += 1
        self.assertGreaterEqual(checked, 20)

    def test_normalization(self):
        d = decimal.Decimal
        self.assertTrue(orc_equal(d("0.7762409"), 0.7762409))
        self.assertTrue(orc_equal(d("3.1415"), 3.1415))
        self.assertFalse(orc_equal(d("3.1415"), 3.1416))
        self.assertTrue(orc_equal(d("-5643.234000000000000000"),
                                  "-5643.234000000000000000"))
        self.assertTrue(orc_equal(1, 1.0))
        self.assertFalse(orc_equal(1, True))
        self.assertTrue(orc_equal([0, 1, 255], "AAH/"))
        self.assertTrue(orc_equal("2000-03-12 15:00:00.0",
                                  "2000-03-12T15:00:00.000000000"))
        self.assertTrue(orc_equal("2003-01-01 00:00:00.000000222",
                                  "2003-01-01T00:00:00.000000222Z"))
        self.assertFalse(orc_equal("2000-03-12 15:00:00.1",
                                   "2000-03-12T15:00:00.010"))
        self.assertTrue(orc_equal({"a": [None]}, {"a": [None]}))
        self.assertFalse(orc_equal({"a": 1, "b": 2}, {"b": 2, "a": 1}))


class FormatsTest(unittest.TestCase):
    """JSON Lines, CSV and the JSON document hold the same rows."""

    def check(self, path):
        lines = cat(path).decode().splitlines()
        # Numbers as the text written, which CSV shows unquoted.
        raw = [json.loads(line, parse_int=str, parse_float=str)
               for line in lines]
        table = csv_rows(cat("--format", "csv", path))
        self.assertEqual(len(table), len(raw) + 1)
        for row, record in zip(raw, table[1:]):
            self.assertEqual(list(row), table[0])
            for value, field in zip(row.values(), record):
                if value is None:
                    self.assertEqual(field, "")
                elif isinstance(value, bool):
                    self.assertEqual(field, "true" if value else "false")
                elif isinstance(value, (dict, list)):
                    self.assertEqual(json.loads(field, parse_int=str,
                                                parse_float=str), value)
                else:
                    self.assertEqual(field, value)

        doc = json.loads(cat("--format", "json", path))
        self.assertEqual(list(doc), ["tool", "version", "file", "format",
                                     "fields", "rows", "rows_read",
                                     "total_rows", "complete", "stop"])
        self.assertEqual(doc["file"], path)
        self.assertEqual(doc["format"],
                         "orc" if path.endswith(".orc") else "parquet")
        self.assertEqual(doc["rows"], [json.loads(line) for line in lines])
        self.assertEqual(doc["fields"], table[0])
        self.assertEqual(doc["rows_read"], len(lines))
        self.assertEqual(doc["total_rows"], len(lines))
        self.assertIs(doc["complete"], True)
        self.assertIsNone(doc["stop"])

    def test_parquet(self):
        for path in (NESTED, LISTS, MAPS, "corpus/valid/float_specials.parquet",
                     "corpus/valid/logical_types_all.parquet",
                     "corpus/valid/empty_values.parquet"):
            with self.subTest(path=path):
                self.check(path)

    def test_orc(self):
        for path in (ORC, ORC_STRIPES, "corpus/orc/valid/timestamps.orc"):
            with self.subTest(path=path):
                self.check(path)

    def test_csv_quotes_empty_strings_not_nulls(self):
        text = cat("--format", "csv", "corpus/valid/empty_values.parquet")
        lines = text.decode().split("\r\n")
        self.assertEqual(lines[-1], "")
        self.assertIn('"",', lines[1])
        self.assertRegex(lines[1], r",,|,$")
        for line in lines[:-1]:
            self.assertNotIn("\n", line)


class HeadTest(unittest.TestCase):
    def test_head_is_a_prefix_and_no_stop(self):
        rows = jsonl(NESTED)
        self.assertGreater(len(rows), 3)
        for n in (0, 1, 3, len(rows), len(rows) + 10):
            with self.subTest(head=n):
                result = run("cat", "--head", str(n), NESTED)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertEqual(result.stderr, b"")
                got = [json.loads(line) for line in
                       result.stdout.decode().splitlines()]
                self.assertEqual(got, rows[:n])
        doc = json.loads(cat("--format", "json", "--head", "2", NESTED))
        self.assertEqual((doc["rows_read"], doc["total_rows"]),
                         (2, len(rows)))
        self.assertIs(doc["complete"], True)
        self.assertEqual(csv_rows(cat("--format", "csv", "--head", "0",
                                      NESTED)),
                         [doc["fields"]])

    def test_orc_head(self):
        rows = jsonl(ORC_STRIPES)
        self.assertEqual(jsonl("--head", "5", ORC_STRIPES), rows[:5])


class ColumnsTest(unittest.TestCase):
    def test_top_level_fields_keep_schema_order(self):
        rows = jsonl(NESTED)
        got = jsonl("--columns", "meta,id", NESTED)
        self.assertEqual(got, [{"id": r["id"], "meta": r["meta"]}
                               for r in rows])
        self.assertEqual(jsonl("--columns", "id", "--columns", "meta",
                               NESTED), got)
        table = csv_rows(cat("--format", "csv", "--columns", "id", NESTED))
        self.assertEqual(table, [["id"]] + [[str(r["id"])] for r in rows])

    def test_nested_path_keeps_its_parents(self):
        rows = jsonl(NESTED)
        got = jsonl("--columns", "point.x,meta.origin.port", NESTED)

        def keep(row):
            point = row["point"]
            origin = row["meta"]["origin"] if row["meta"] else None
            return {"point": None if point is None else {"x": point["x"]},
                    "meta": None if row["meta"] is None else {
                        "origin": None if origin is None else
                        {"port": origin["port"]}}}
        self.assertEqual(got, [keep(r) for r in rows])

    def test_orc_nested_path(self):
        # meta is a STRUCT (choice, the first object, is a UNION, whose
        # "tag" and "value" are no fields of the schema).
        rows = jsonl(ORC)
        field = "meta"
        child = next(iter(rows[0][field]))
        got = jsonl("--columns", f"{field}.{child}", ORC)
        self.assertEqual(
            got, [{field: None if r[field] is None else
                   {child: r[field][child]}} for r in rows])

    def test_unknown_column_is_a_usage_error(self):
        for path in (NESTED, ORC):
            with self.subTest(path=path):
                result = run("cat", "--columns", "id,nope.x", path)
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stdout, b"")
                self.assertIn(b'no field "nope.x"', result.stderr)


class GroupTest(unittest.TestCase):
    def test_row_group_is_its_rows(self):
        rows = jsonl(TWO_GROUPS)
        groups = [g["num_rows"] for g in explain(TWO_GROUPS)["row_groups"]]
        self.assertEqual(len(groups), 2)
        self.assertEqual(jsonl("--row-group", "0", TWO_GROUPS),
                         rows[:groups[0]])
        self.assertEqual(jsonl("--row-group", "1", TWO_GROUPS),
                         rows[groups[0]:])
        # --stripe is the same option.
        self.assertEqual(jsonl("--stripe", "1", TWO_GROUPS),
                         rows[groups[0]:])
        doc = json.loads(cat("--format", "json", "--row-group=1",
                             TWO_GROUPS))
        self.assertEqual(doc["rows_read"], groups[1])
        self.assertIs(doc["complete"], True)

    def test_stripe_is_its_rows(self):
        rows = jsonl(ORC_STRIPES)
        stripes = [s["num_rows"] for s in json.loads(
            run("meta", "--format", "json", ORC_STRIPES).stdout)["stripes"]]
        self.assertGreater(len(stripes), 1)
        start = 0
        for i, n in enumerate(stripes):
            with self.subTest(stripe=i):
                self.assertEqual(jsonl("--stripe", str(i), ORC_STRIPES),
                                 rows[start:start + n])
                start += n
        self.assertEqual(jsonl("--row-group", "1", "--head", "2",
                               ORC_STRIPES), rows[stripes[0]:stripes[0] + 2])

    def test_group_past_the_end_is_a_usage_error(self):
        for path, option in ((TWO_GROUPS, "--row-group"),
                             (ORC_STRIPES, "--stripe")):
            with self.subTest(path=path):
                result = run("cat", option, "99", path)
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stdout, b"")
                self.assertIn(b"colcheck: " + path.encode() + b": ",
                              result.stderr)


class DamagedTest(unittest.TestCase):
    """A page of row group 1 overwritten: the rows of row group 0, exit 1."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.tmp)

    def damaged(self):
        layout = explain(DAMAGEABLE)
        page = next(r for r in layout["regions"]
                    if r["row_group"] == 1 and r["column"] == 1 and
                    r["kind"].startswith("data-page"))
        body = page["offset"] + page["page"]["header_length"]
        end = page["offset"] + page["length"]
        path = os.path.join(self.tmp, "damaged.parquet")
        shutil.copy(os.path.join(ARGS.source, DAMAGEABLE), path)
        with open(path, "r+b") as f:
            f.seek(body)
            f.write(b"\xff" * (end - body))
        return path, page, layout["row_groups"][0]["num_rows"]

    def test_rows_before_the_fault(self):
        path, page, first_group = self.damaged()
        rows = jsonl(DAMAGEABLE)
        result = run("cat", path)
        self.assertEqual(result.returncode, 1)
        got = [json.loads(line) for line in
               result.stdout.decode().splitlines()]
        self.assertEqual(got, rows[:first_group])
        lines = result.stderr.decode().splitlines()
        self.assertEqual(
            lines[0][:lines[0].index("): ") + 1],
            f"colcheck: {path}: read {first_group} rows; stopped in row "
            f"group 1 at column \"i32\" (bytes {page['offset']}.."
            f"{page['offset'] + page['length']})")
        # The cause, then the digest of the file's diagnostics.
        self.assertRegex(lines[0], r"\((page|compression)\.[a-z-]+: ")
        self.assertTrue(all(DIAGNOSTIC_LINE.match(l) for l in lines[1:]))
        self.assertGreater(len(lines), 1)

        quiet = run("cat", "-q", path)
        self.assertEqual((quiet.returncode, quiet.stdout, quiet.stderr),
                         (1, result.stdout, b""))

    def test_json_says_where_it_stopped(self):
        path, page, first_group = self.damaged()
        result = run("cat", "--format", "json", "-q", path)
        self.assertEqual(result.returncode, 1)
        doc = json.loads(result.stdout)
        self.assertEqual(doc["rows_read"], first_group)
        self.assertEqual(len(doc["rows"]), first_group)
        self.assertIs(doc["complete"], False)
        stop = doc["stop"]
        self.assertEqual((stop["group"], stop["column"], stop["offset"],
                          stop["length"]),
                         (1, "i32", page["offset"], page["length"]))
        self.assertTrue(stop["reason"])
        cause = stop["cause"]
        self.assertEqual(list(cause)[:6], ["code", "severity", "offset",
                                           "length", "field", "message"])
        self.assertEqual(cause["severity"], "error")
        self.assertRegex(cause["code"], r"^[a-z-]+\.[a-z0-9-]+$")
        self.assertGreaterEqual(cause["offset"], page["offset"])
        # CSV: the same rows.
        table = csv_rows(cat("--format", "csv", "-q", path, status=1))
        self.assertEqual(len(table), first_group + 1)

    def test_rows_asked_for_before_the_fault_are_complete(self):
        # --head and --row-group 0 end before the damaged page: every row
        # asked for is read, so no stop and exit 0, though the digest
        # still tells that the file is invalid.
        path, _, first_group = self.damaged()
        rows = jsonl(DAMAGEABLE)
        for args, want in ((("--head", "2"), rows[:2]),
                           (("--row-group", "0"), rows[:first_group])):
            with self.subTest(args=args):
                result = run("cat", *args, path)
                self.assertEqual(result.returncode, 0, result.stderr)
                got = [json.loads(line) for line in
                       result.stdout.decode().splitlines()]
                self.assertEqual(got, want)
                lines = result.stderr.decode().splitlines()
                self.assertGreater(len(lines), 0)
                self.assertTrue(all(DIAGNOSTIC_LINE.match(l) for l in lines))

    def test_not_columnar(self):
        path = os.path.join(self.tmp, "junk.bin")
        with open(path, "wb") as f:
            f.write(b"not a columnar file at all")
        result = run("cat", path)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, b"")
        self.assertIn(b"read 0 rows; stopped", result.stderr)
        doc = json.loads(cat("--format", "json", "-q", path, status=1))
        self.assertEqual((doc["format"], doc["fields"], doc["rows"]),
                         ("unknown", [], []))


class UsageTest(unittest.TestCase):
    def usage(self, *args, message):
        result = run("cat", *args)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(result.stdout, b"")
        self.assertIn(message.encode(), result.stderr)

    def test_usage_errors(self):
        self.usage(NESTED, "--format", "text",
                   message="unknown format 'text' for cat")
        self.usage(NESTED, "--head", "x", message="non-negative integer")
        self.usage(NESTED, "--head", "99999999999999999999",
                   message="--head: 99999999999999999999 is too large "
                           "(at most 18446744073709551615)")
        self.usage(NESTED, "--columns", "a,,b", message="--columns needs")
        self.usage(message="cat needs exactly one FILE")
        self.usage("corpus/valid/does-not-exist.parquet",
                   message="does-not-exist.parquet")

    def test_help_lists_its_options(self):
        text = run("cat", "--help").stdout.decode()
        for option in ("--format", "--head", "--columns", "--row-group",
                       "--stripe", "-q"):
            self.assertIn(option, text)
        self.assertNotIn("--level", text)


class GoldenTest(unittest.TestCase):
    def golden(self, name, args):
        result = run("cat", *args)
        self.assertEqual(result.returncode, 0, result.stderr)
        # The JSON document names the version, which is not the golden's
        # business.
        version = run("--version").stdout.decode().split()[-1]
        out = result.stdout.decode().replace(
            f'"version":"{version}"', '"version":"VERSION"', 1)
        path = os.path.join(GOLDEN, name)
        if ARGS.update:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(out)
        with open(path, encoding="utf-8", newline="") as f:
            self.assertEqual(out, f.read())

    def test_lists_jsonl(self):
        self.golden("cat_lists.jsonl", [LISTS])

    def test_lists_json(self):
        self.golden("cat_lists.json", ["--format", "json", LISTS])

    def test_maps_jsonl(self):
        self.golden("cat_maps.jsonl", [MAPS])

    def test_orc_jsonl(self):
        self.golden("cat_nested_orc.jsonl", [ORC])

    def test_orc_json(self):
        self.golden("cat_nested_orc.json", ["--format", "json", ORC])


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--external", default=None)
    parser.add_argument("--update", action="store_true")
    ARGS, rest = parser.parse_known_args()
    ARGS.colcheck = os.path.abspath(ARGS.colcheck)
    ARGS.source = os.path.abspath(ARGS.source)
    if not ARGS.external:
        ARGS.external = os.environ.get("COLCHECK_EXTERNAL_CORPUS") or \
            os.path.join(ARGS.source, "..", "shared", "corpus-external")
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
