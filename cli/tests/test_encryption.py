#!/usr/bin/python3
"""Parquet Modular Encryption with keys, on parquet-testing's encrypted files.

Every encrypted file of parquet-testing's data/ and data/aes256/ is checked
with the keys its README documents: no error, a valid verdict, and the rows
`cat` prints equal to those the writer's own test generates (Arrow's
read-configurations test: the formulas below) and to the same file written
by the other writer (parquet-mr's aes256 files hold the same rows as
Arrow's). The external key material file is reported as not checked. A
wrong key, a missing key and a missing AAD prefix are findings, never
crashes, and no key ever appears in any output of any command, in hex
(either case), base64 or raw.
"""

import argparse
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest

ARGS = None

# README.md of parquet-testing/data, "Encrypted Files": the keys are the
# ASCII digits listed there.
FOOTER_128 = b"0123456789012345"
COLUMN_128 = {"kc1": b"1234567890123450", "kc2": b"1234567890123451"}
FOOTER_256 = b"01234567890123456789012345678901"
COLUMN_256 = {f"kc{i}": b"123456789012345678901234567890" + b"1%d" % (i + 1)
              for i in range(1, 9)}

ARROW_FILES = [
    "encrypt_columns_and_footer.parquet.encrypted",
    "encrypt_columns_and_footer_aad.parquet.encrypted",
    "encrypt_columns_and_footer_ctr.parquet.encrypted",
    "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted",
    "encrypt_columns_plaintext_footer.parquet.encrypted",
    "uniform_encryption.parquet.encrypted",
]
AES256_FILES = [
    "encrypt_columns_and_footer.parquet.encrypted",
    "encrypt_columns_and_footer_ctr.parquet.encrypted",
    "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted",
    "encrypt_columns_plaintext_footer.parquet.encrypted",
    "uniform_encryption.parquet.encrypted",
]
BLOOM_FILE = "encrypt_columns_and_footer_bloom_filter.parquet.encrypted"
EXTERNAL_FILE = "external_key_material_java.parquet.encrypted"


def data_dir():
    return os.path.join(ARGS.external, "parquet-testing", "data")


def run(*args, cwd=None):
    return subprocess.run([ARGS.colcheck, *args], cwd=cwd,
                          capture_output=True, check=False, timeout=120)


def key_flags(footer, columns, prefix="tester"):
    flags = ["--footer-key", footer.hex(), "--aad-prefix", prefix]
    for key_id, key in columns.items():
        flags += ["--key-id", f"{key_id}={key.hex()}"]
    return flags


def keys_yaml(footer, columns, prefix="tester"):
    lines = [f"footer_key: {footer.hex()}", "key_ids:"]
    lines += [f"  {key_id}: {key.hex()}" for key_id, key in columns.items()]
    lines.append(f"aad_prefix: {prefix}")
    return "\n".join(lines) + "\n"


def report(path, *flags):
    result = run("validate", "--format", "json", *flags, path)
    return result, json.loads(result.stdout)["files"][0]


def rows(path, *flags):
    result = run("cat", "--format", "jsonl", *flags, path)
    if result.returncode != 0:
        raise AssertionError(f"cat {path}: exit {result.returncode}: "
                             f"{result.stderr.decode()}")
    return [json.loads(line) for line in result.stdout.splitlines()]


def as_float32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def expected_row(i):
    """Row i as Arrow's encryption tests write it
    (cpp/src/parquet/encryption/test_encryption_util.cc, and parquet-mr's
    interop writer for data/aes256)."""
    millis = i
    return {
        "boolean_field": i % 2 == 0,
        "int32_field": "00:00:%02d.%03dZ" % (millis // 1000, millis % 1000),
        "int64_field": [2 * i * 10**12, (2 * i + 1) * 10**12],
        "int96_field": base64.b64encode(
            struct.pack("<3i", i, i + 1, i + 2)).decode(),
        "float_field": as_float32(i * as_float32(1.1)),
        "double_field": i * 1.1111111,
        "ba_field": (base64.b64encode(b"parquet%03d" % i).decode()
                     if i % 2 == 0 else None),
        "flba_field": base64.b64encode(bytes([i & 0xFF]) * 10).decode(),
    }


class ExternalCorpus(unittest.TestCase):
    def setUp(self):
        if not os.path.isdir(data_dir()):
            self.skipTest(f"{data_dir()} is absent (COLCHECK_EXTERNAL_CORPUS)")

    def check_valid(self, path, flags):
        result, doc = report(path, *flags)
        self.assertEqual(result.returncode, 0, result.stderr.decode())
        self.assertEqual(doc["verdict"], "valid")
        errors = [d for d in doc["diagnostics"] if d["severity"] == "error"]
        self.assertEqual(errors, [])
        # Only parquet-mr's padded modules warn.
        for d in doc["diagnostics"]:
            if d["severity"] == "warning":
                self.assertEqual(d["code"], "encryption.module-padding")

    def check_rows(self, got):
        self.assertGreater(len(got), 0)
        for i, row in enumerate(got):
            want = expected_row(i)
            row["float_field"] = as_float32(row["float_field"])
            self.assertEqual(row, want, f"row {i}")

    def test_arrow_files_are_valid_and_read_as_written(self):
        flags = key_flags(FOOTER_128, COLUMN_128)
        twin = None
        for name in ARROW_FILES:
            with self.subTest(file=name):
                path = os.path.join(data_dir(), name)
                self.check_valid(path, flags)
                got = rows(path, *flags)
                self.check_rows(got)
                twin = twin or got
                self.assertEqual(got, twin)

    def test_aes256_files_match_the_arrow_files(self):
        flags = key_flags(FOOTER_256, COLUMN_256)
        arrow = rows(os.path.join(data_dir(), ARROW_FILES[0]),
                     *key_flags(FOOTER_128, COLUMN_128))
        for name in AES256_FILES:
            with self.subTest(file=name):
                path = os.path.join(data_dir(), "aes256", name)
                self.check_valid(path, flags)
                self.assertEqual(rows(path, *flags), arrow)

    def test_bloom_filter_file_is_checked_in_full(self):
        path = os.path.join(data_dir(), BLOOM_FILE)
        flags = key_flags(FOOTER_128, COLUMN_128)
        self.check_valid(path, flags)
        doc = json.loads(run("explain", "--format", "json", *flags,
                             path).stdout)
        kinds = {r["kind"] for r in doc["regions"]}
        self.assertTrue({"bloom-filter", "column-index", "offset-index",
                         "data-page-v2"} <= kinds, kinds)
        self.assertEqual(len(rows(path, *flags)), 2000)

    def test_keys_file_gives_the_same_report_as_flags(self):
        path = os.path.join(data_dir(), ARROW_FILES[1])
        with tempfile.TemporaryDirectory() as tmp:
            keys = os.path.join(tmp, "keys.yaml")
            with open(keys, "w") as f:
                f.write(keys_yaml(FOOTER_128, COLUMN_128))
            _, by_file = report(path, "--keys", keys)
        _, by_flags = report(path, *key_flags(FOOTER_128, COLUMN_128))
        self.assertEqual(by_file, by_flags)

    def test_external_key_material_is_not_checked(self):
        path = os.path.join(data_dir(), EXTERNAL_FILE)
        result, doc = report(path, *key_flags(FOOTER_128, COLUMN_128))
        self.assertEqual(result.returncode, 0)
        self.assertEqual(doc["verdict"], "encrypted")
        self.assertEqual([d["code"] for d in doc["diagnostics"]],
                         ["encryption.external-key-material"])

    def test_without_keys_nothing_changes(self):
        path = os.path.join(data_dir(), ARROW_FILES[0])
        result, doc = report(path)
        self.assertEqual(result.returncode, 0)
        self.assertEqual(doc["verdict"], "encrypted")
        self.assertEqual([d["code"] for d in doc["diagnostics"]],
                         ["encryption.encrypted-footer"])

    def test_wrong_column_key_names_the_column_and_key_id(self):
        path = os.path.join(data_dir(), ARROW_FILES[0])
        wrong = dict(COLUMN_128, kc1=b"ffffffffffffffff")
        result, doc = report(path, *key_flags(FOOTER_128, wrong))
        self.assertEqual(result.returncode, 1)
        errors = [d for d in doc["diagnostics"] if d["severity"] == "error"]
        self.assertEqual([d["code"] for d in errors],
                         ["encryption.tag-mismatch"])
        self.assertEqual(errors[0]["column"], "double_field")
        self.assertIn('"kc1"', errors[0]["message"])

    def test_missing_column_key_leaves_the_column_unchecked(self):
        path = os.path.join(data_dir(), ARROW_FILES[0])
        only = {"kc2": COLUMN_128["kc2"]}
        result, doc = report(path, *key_flags(FOOTER_128, only))
        self.assertEqual(result.returncode, 0)
        self.assertEqual(doc["verdict"], "encrypted")
        missing = [d for d in doc["diagnostics"]
                   if d["code"] == "encryption.key-missing"]
        self.assertEqual(len(missing), 1)
        self.assertEqual(missing[0]["column"], "double_field")

    def test_missing_aad_prefix_is_reported(self):
        path = os.path.join(
            data_dir(),
            "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted")
        flags = ["--footer-key", FOOTER_128.hex()]
        result, doc = report(path, *flags)
        self.assertEqual(result.returncode, 0)
        self.assertEqual([d["code"] for d in doc["diagnostics"]],
                         ["encryption.aad-prefix-missing"])
        # A wrong prefix fails the footer's tag.
        result, doc = report(path, *flags, "--aad-prefix", "other")
        self.assertEqual([d["code"] for d in doc["diagnostics"]],
                         ["encryption.tag-mismatch"])


class UsageWithoutKeys(unittest.TestCase):
    def test_dictionary_says_the_footer_is_encrypted(self):
        corpus = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "..", "..", "corpus", "valid")
        path = os.path.join(corpus, "encrypted_gcm.parquet")
        result = run("dictionary", path, "label")
        self.assertEqual(result.returncode, 2)
        self.assertIn("the footer is encrypted", result.stderr.decode())
        result = run("dictionary", "--keys",
                     os.path.join(corpus, "encrypted_gcm.keys.yaml"), path,
                     "label")
        self.assertEqual(result.returncode, 0, result.stderr.decode())


class KeysNeverShown(unittest.TestCase):
    """No output of any command holds a key, however it was given."""

    def setUp(self):
        if not os.path.isdir(data_dir()):
            self.skipTest(f"{data_dir()} is absent (COLCHECK_EXTERNAL_CORPUS)")

    def forms(self):
        keys = [FOOTER_128, *COLUMN_128.values()]
        out = []
        for key in keys:
            out += [key.hex(), key.hex().upper(),
                    base64.b64encode(key).decode(), key.decode()]
        return out

    def assert_clean(self, what, text):
        for form in self.forms():
            self.assertNotIn(form, text, f"{what} shows a key")

    def test_every_command_and_format(self):
        path = os.path.join(data_dir(), BLOOM_FILE)
        wrong = dict(COLUMN_128, kc1=b"ffffffffffffffff")
        with tempfile.TemporaryDirectory() as tmp:
            keys = os.path.join(tmp, "keys.yaml")
            with open(keys, "w") as f:
                f.write(keys_yaml(FOOTER_128, COLUMN_128))
            runs = []
            for given in (key_flags(FOOTER_128, COLUMN_128), ["--keys", keys],
                          key_flags(FOOTER_128, wrong)):
                for fmt in ("text", "json", "jsonl", "sarif"):
                    runs.append(["validate", "--format", fmt, *given, path])
                runs.append(["validate", "--context", *given, path])
                runs.append(["explain", "--format", "json", "--footer",
                             *given, path])
                runs.append(["explain", *given, path])
                runs.append(["meta", "--format", "json", *given, path])
                runs.append(["meta", *given, path])
                runs.append(["schema", "--format", "json", *given, path])
                runs.append(["pages", "--format", "json", *given, path])
                runs.append(["sizes", *given, path])
                runs.append(["plan", "--format", "json", *given, path])
                runs.append(["cat", "--format", "csv", *given, path])
                runs.append(["dictionary", *given, path, "name"])
                runs.append(["report", "-o", os.path.join(tmp, "r.html"),
                             *given, path])
                runs.append(["triage", "-o", os.path.join(tmp, "t"), *given,
                             path])
            for args in runs:
                result = run(*args, cwd=tmp)
                self.assertIn(result.returncode, (0, 1), (args, result.stderr))
                self.assert_clean(args, result.stdout.decode(errors="replace"))
                self.assert_clean(args, result.stderr.decode(errors="replace"))
            for name in ("r.html", "t/triage.md", "t/triage.json"):
                with open(os.path.join(tmp, name), errors="replace") as f:
                    self.assert_clean(name, f.read())

    def test_bad_keys_are_refused_without_echo(self):
        bad = "0123456789abcdef0123456789abcdeX"
        result = run("validate", "--footer-key", bad, "x.parquet")
        self.assertEqual(result.returncode, 2)
        self.assertNotIn(bad, result.stderr.decode())
        with tempfile.TemporaryDirectory() as tmp:
            keys = os.path.join(tmp, "keys.yaml")
            with open(keys, "w") as f:
                f.write(f"key_ids:\n  kc1: {bad}\n")
            result = run("validate", "--keys", keys, "x.parquet")
            self.assertEqual(result.returncode, 2)
            self.assertIn("key_ids.kc1", result.stderr.decode())
            self.assertNotIn(bad, result.stderr.decode())


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--external", default=os.environ.get(
        "COLCHECK_EXTERNAL_CORPUS", "/work/shared/corpus-external"))
    ARGS, rest = parser.parse_known_args()
    ARGS.colcheck = os.path.abspath(ARGS.colcheck)
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
