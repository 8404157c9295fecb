"""Parquet Modular Encryption with known keys (colcheck_gen.parquet.
encryption) against colcheck.

(a) random small files under random encryption configurations validate
    with no error and no warning, and `colcheck cat --keys` prints the rows
    that `colcheck cat` prints for the same spec written in plaintext;
(b) every generic mutation of a random encrypted file is reported with its
    code at exactly its span(s);
(c) no key leaks: validate (text, json, jsonl, sarif, --context),
    explain, schema, meta, sizes, pages (text and json), plan, cat (every
    format), dictionary, and the files report and triage write hold no
    key, raw, as hex (either case) or as base64, with the right keys, a
    wrong footer key, keys given as flags, and a column key mismatch; nor
    do the errors about malformed keys.

Plus the fixed checks: the corpus's VALID files and every registered
mutation on its base, and the module layout against an independent
decryption.

The colcheck checks need $COLCHECK_BIN (ctest sets it; else build/cli/
colcheck is used when it exists, and they are skipped without either).
Hypothesis runs $COLCHECK_ENCRYPTION_EXAMPLES examples per property
(default 10; the file runs in well under a minute) from
$COLCHECK_PROPERTY_SEED (ctest fixes it), else a fresh seed that a
failure prints.
"""

import json
import os
import random
import shutil
import struct
import subprocess
import tempfile
import unittest

from hypothesis import HealthCheck, given, note, seed, settings
from hypothesis import strategies as st

from colcheck_gen.common.paths import REPO
from colcheck_gen.parquet import (encryption, recording, strategies,
                                  thrift_gen, writer)
from colcheck_gen.parquet.encryption import (EncryptionConfig, Place,
                                             write_encrypted)

# $COLCHECK_BIN, else the default build's binary when there is one.
COLCHECK = os.environ.get("COLCHECK_BIN") or next(
    (p for p in [os.path.join(REPO, "build", "cli", "colcheck")]
     if os.access(p, os.X_OK)), None)
EXAMPLES = int(os.environ.get("COLCHECK_ENCRYPTION_EXAMPLES", "10"))
SEED = int(os.environ.get("COLCHECK_PROPERTY_SEED",
                          str(random.SystemRandom().randrange(2**32))))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much])
MAX_ROWS = 12

_PREFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789-_"


@st.composite
def configs(draw, spec):
    """An EncryptionConfig for `spec`: each leaf under the footer key, a
    column key or (rarely) none."""
    paths = [p for p, _ in writer.leaf_paths(spec.schema)]
    column_keys, plaintext = {}, []
    for path in paths:
        choice = draw(st.sampled_from(["footer", "kc1", "kc2", "footer",
                                       "kc1", "none"]))
        if choice == "none":
            plaintext.append(path)
        elif choice != "footer":
            column_keys[path] = choice
    prefix = draw(st.one_of(st.none(), st.text(_PREFIX_ALPHABET, min_size=1,
                                               max_size=12),
                            st.sampled_from(["null", "-", "1e3", "a b",
                                             "x: y", "λ"])))
    return EncryptionConfig(
        algorithm=draw(st.sampled_from(encryption.ALGORITHMS)),
        footer=draw(st.sampled_from(encryption.FOOTERS)),
        column_keys=column_keys, plaintext_columns=tuple(plaintext),
        aad_prefix=prefix, store_aad_prefix=draw(st.booleans()),
        key_length=draw(st.sampled_from(encryption.KEY_LENGTHS)),
        seed=draw(st.integers(0, 2**32 - 1)),
        crc_plaintext=draw(st.booleans()))


@st.composite
def encrypted_specs(draw):
    spec = draw(strategies.file_specs(max_rows=MAX_ROWS))
    return spec, draw(configs(spec))


def _describe(spec, config):
    return f"{strategies.describe(spec)}\n{config}"


def _brief(diagnostics):
    return "\n".join(f"  {d['code']} {d['severity']} {d['offset']}+"
                     f"{d['length']} {d['field']}: {d['message']}"
                     for d in diagnostics)


class _Colcheck:
    """Runs colcheck on files written to a scratch directory."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="colcheck-encryption-")

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, data, keys_yaml=None):
        path = os.path.join(self.dir, f"{name}.parquet")
        with open(path, "wb") as f:
            f.write(data)
        keys = None
        if keys_yaml is not None:
            keys = os.path.join(self.dir, f"{name}.keys.yaml")
            with open(keys, "w") as f:
                f.write(keys_yaml)
        return path, keys

    def run(self, *args):
        r = subprocess.run([COLCHECK, *args], capture_output=True,
                           text=True, check=False)
        if r.returncode not in (0, 1):
            raise AssertionError(f"colcheck {' '.join(args)} exited "
                                 f"{r.returncode}: {r.stderr[:500]}")
        return r

    def validate(self, path, keys=None):
        args = ["validate", "--format", "json"]
        if keys:
            args += ["--keys", keys]
        return json.loads(self.run(*args, path).stdout)["files"][0]

    def cat(self, path, keys=None):
        return self.run("cat", *(["--keys", keys] if keys else []),
                        path).stdout


def _spans(expected):
    return {(expected["offset"], expected["length"])} | {
        (s["offset"], s["length"]) for s in expected.get("also", [])}


class LayoutTest(unittest.TestCase):
    """The written modules decrypt, independently of colcheck."""

    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()

    def test_modules_open_with_their_place(self):
        for name in encryption.VALID:
            with self.subTest(file=name):
                ef = encryption.build_valid(name, self.t)
                keys = ef.keys
                base = 0
                if ef.config.footer == "encrypted":
                    # Column metadata modules lie in the footer's plaintext,
                    # at the offsets of the ciphertext that holds them.
                    footer = ef.modules[Place(encryption.FOOTER)]
                    inner = encryption.open_module(
                        ef.config, ef.config.footer_key_bytes,
                        Place(encryption.FOOTER),
                        ef.data[footer.offset:footer.end])
                    base = footer.offset + 16
                for place, span in ef.modules.items():
                    module = ef.data[span.offset:span.end]
                    if place.type == encryption.COLUMN_META_DATA and base:
                        module = inner[span.offset - base:span.end - base]
                    (length,) = struct.unpack_from("<I", module)
                    self.assertEqual(length + 4, span.length, str(place))
                    key = keys[ef.chunk_keys.get((place.rg, place.col),
                                                 "kf") or "kf"]
                    plain = encryption.open_module(ef.config, key, place,
                                                   module)
                    if place.type == encryption.DATA_PAGE_HEADER:
                        h = recording.deserialize(self.t.PageHeader, plain)
                        body = ef.modules[Place(encryption.DATA_PAGE,
                                                place.rg, place.col,
                                                place.page)]
                        self.assertEqual(h.compressed_page_size, body.length)
                        self.assertEqual(span.end, body.offset)
                    if place.type == encryption.COLUMN_META_DATA:
                        meta = recording.deserialize(self.t.ColumnMetaData,
                                                     plain)
                        self.assertIsNotNone(meta.statistics)

    def test_deterministic(self):
        a = encryption.build_valid("encrypted_gcm", self.t)
        b = encryption.build_valid("encrypted_gcm", self.t)
        self.assertEqual(a.data, b.data)
        self.assertEqual(a.keys_yaml, b.keys_yaml)

    def test_magics_and_footer(self):
        gcm = encryption.build_valid("encrypted_gcm", self.t)
        self.assertEqual(gcm.data[:4], b"PARE")
        self.assertEqual(gcm.data[-4:], b"PARE")
        footer = gcm.modules[Place(encryption.FOOTER)]
        (length,) = struct.unpack_from("<I", gcm.data, len(gcm.data) - 8)
        self.assertEqual(footer.end, len(gcm.data) - 8)
        md = recording.deserialize(self.t.FileMetaData, encryption.open_module(
            gcm.config, gcm.config.footer_key_bytes, Place(encryption.FOOTER),
            gcm.data[footer.offset:footer.end]))
        self.assertIsNone(md.encryption_algorithm)
        self.assertIsNone(md.row_groups[0].columns[2].meta_data)
        plain = encryption.build_valid("encrypted_plaintext_footer", self.t)
        self.assertEqual(plain.data[:4], b"PAR1")
        (length,) = struct.unpack_from("<I", plain.data, len(plain.data) - 8)
        self.assertEqual(plain.signature.end, len(plain.data) - 8)
        self.assertEqual(plain.signature.end - length,
                         plain.footer_spans["version"].header.offset)

    def test_mutations_are_deterministic_and_change_the_file(self):
        bases = {n: encryption.build_valid(n, self.t)
                 for n in encryption.VALID}
        names = [m.name for m in encryption.MUTATIONS]
        self.assertEqual(len(names), len(set(names)))
        for m in encryption.MUTATIONS:
            with self.subTest(mutation=m.name):
                a, b = m.apply(bases[m.base]), m.apply(bases[m.base])
                self.assertIsNotNone(a)
                self.assertEqual(a, b)
                data, keys_yaml, exp = a
                self.assertTrue(data != bases[m.base].data or
                                keys_yaml != bases[m.base].keys_yaml)
                self.assertLessEqual(exp["offset"] + exp["length"],
                                     len(data))


@unittest.skipUnless(COLCHECK, "set COLCHECK_BIN to the colcheck binary")
class ColcheckTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()
        cls.cc = _Colcheck()

    @classmethod
    def tearDownClass(cls):
        cls.cc.close()

    def _run(self, prop):
        try:
            seed(SEED)(prop)()
        except Exception as e:
            raise AssertionError(
                f"{e}\nreproduce with COLCHECK_PROPERTY_SEED={SEED} "
                f"COLCHECK_ENCRYPTION_EXAMPLES={EXAMPLES}") from e

    def _check_valid(self, ef, twin, name):
        path, keys = self.cc.write(name, ef.data, ef.keys_yaml)
        report = self.cc.validate(path, keys)
        plain, _ = self.cc.write(f"{name}_plain", twin.data)
        plain_report = self.cc.validate(plain)
        bad = [d for d in report["diagnostics"]
               if d["severity"] in ("error", "warning") or
               d["code"].startswith("encryption.")]
        self.assertEqual(report["verdict"], plain_report["verdict"],
                         _brief(report["diagnostics"]))
        # The plaintext twin's own warnings (none so far) are the writer's.
        twin_codes = {d["code"] for d in plain_report["diagnostics"]
                      if d["severity"] != "info"}
        self.assertEqual([d for d in bad if d["code"] not in twin_codes], [],
                         f"colcheck reports on a valid encrypted file:\n"
                         f"{_brief(bad)}")
        self.assertEqual(self.cc.cat(path, keys), self.cc.cat(plain),
                         "cat --keys differs from the plaintext twin's cat")

    def _check_mutation(self, m, ef, name):
        result = m.apply(ef)
        if result is None:
            return False
        data, keys_yaml, exp = result
        path, keys = self.cc.write(name, data, keys_yaml)
        report = self.cc.validate(path, keys)
        got = {(d["offset"], d["length"]) for d in report["diagnostics"]
               if d["code"] == m.code}
        self.assertEqual(got, _spans(exp),
                         f"{m.name}: expected {exp}; colcheck says:\n"
                         f"{_brief(report['diagnostics'])}")
        return True

    def test_corpus_valid_files(self):
        for name in encryption.VALID:
            with self.subTest(file=name):
                ef = encryption.build_valid(name, self.t)
                self._check_valid(ef, ef.plaintext(), name)

    def test_corpus_mutations(self):
        bases = {n: encryption.build_valid(n, self.t)
                 for n in encryption.VALID}
        for m in encryption.MUTATIONS:
            with self.subTest(mutation=m.name):
                self.assertTrue(self._check_mutation(m, bases[m.base],
                                                     m.name))

    def test_a_random_files_round_trip(self):
        @SETTINGS
        @given(encrypted_specs())
        def prop(drawn):
            spec, config = drawn
            note(_describe(spec, config))
            ef = write_encrypted(spec, config, self.t)
            self._check_valid(ef, writer.write(spec, self.t), "random")
        self._run(prop)

    def test_b_random_mutations_are_reported_at_their_spans(self):
        applied = {}

        @SETTINGS
        @given(encrypted_specs())
        def prop(drawn):
            spec, config = drawn
            note(_describe(spec, config))
            ef = write_encrypted(spec, config, self.t)
            for m in encryption.MUTATIONS:
                if m.generic:
                    note(f"mutation {m.name}")
                    if self._check_mutation(m, ef, f"random_{m.name}"):
                        applied[m.name] = applied.get(m.name, 0) + 1
        self._run(prop)
        # Each generic mutation found something to break at least once.
        generic = {m.name for m in encryption.MUTATIONS if m.generic}
        self.assertEqual(generic - set(applied), set(), applied)

    def _outputs(self, name, path, keyed, column, every=True):
        """(command, bytes) of every command that takes keys, in each of its
        formats, run on `path` with the options `keyed`: stdout and stderr,
        and the files report and triage write. Not `every`: validate,
        explain and cat only."""
        runs = [["validate", "--format", f] for f in ("text", "json", "jsonl",
                                                      "sarif")]
        runs += [["validate", "--context"]]
        if not every:
            runs += [["explain", "--format", "json"], ["cat"]]
            for args in runs:
                r = subprocess.run([COLCHECK, *args, *keyed, path],
                                   capture_output=True, check=False)
                self.assertIn(r.returncode, (0, 1), (args, r.stderr[:300]))
                yield args, r.stdout + r.stderr
            return
        for command in ("explain", "schema", "meta", "sizes", "pages"):
            runs += [[command, "--format", f] for f in ("text", "json")]
        runs += [["meta", "--raw", "--format", "json"],
                 ["plan", "--format", "json", "--data"]]
        runs += [["cat", "--format", f] for f in ("jsonl", "csv", "json")]
        out_dir = os.path.join(self.cc.dir, f"{name}_out")
        shutil.rmtree(out_dir, ignore_errors=True)
        os.makedirs(out_dir)
        report = os.path.join(out_dir, "report.html")
        runs += [["report", "-o", report], ["triage", "-o", out_dir]]
        for args in runs:
            r = subprocess.run([COLCHECK, *args, *keyed, path],
                               capture_output=True, check=False)
            self.assertIn(r.returncode, (0, 1), (args, r.stderr[:300]))
            yield args, r.stdout + r.stderr
        # Without a footer it can open, dictionary finds no column (2).
        r = subprocess.run([COLCHECK, "dictionary", "--format", "json",
                            *keyed, path, column], capture_output=True,
                           check=False)
        self.assertIn(r.returncode, (0, 1, 2), r.stderr[:300])
        yield ["dictionary"], r.stdout + r.stderr
        for written in sorted(os.listdir(out_dir)):
            with open(os.path.join(out_dir, written), "rb") as f:
                yield [written], f.read()

    def test_c_no_key_in_any_output(self):
        @settings(SETTINGS, max_examples=max(1, EXAMPLES // 3))
        @given(encrypted_specs())
        def prop(drawn):
            spec, config = drawn
            note(_describe(spec, config))
            ef = write_encrypted(spec, config, self.t)
            wrong = bytes(b ^ 0x5A for b in config.footer_key_bytes)
            secrets = set()
            for key in list(ef.keys.values()) + [wrong]:
                secrets.add(key)
                secrets |= {s.encode()
                            for s in encryption.key_renderings(key)}
            flags = ["--footer-key", config.footer_key_bytes.hex()]
            for key_id, key in sorted(ef.keys.items()):
                if key_id != encryption.FOOTER_KEY_ID:
                    flags += ["--key-id", f"{key_id}={key.hex().upper()}"]
            if config.aad_prefix and not config.store_aad_prefix:
                flags += ["--aad-prefix", config.aad_prefix]
            wrong_yaml = ef.keys_yaml.replace(
                config.footer_key_bytes.hex(), wrong.hex())
            mismatch = encryption.MUTATIONS[
                [m.name for m in encryption.MUTATIONS].index(
                    "column_metadata_sealed_with_footer_key")].apply(ef)
            # Every command with the right keys and with a wrong footer
            # key; the reports with keys as flags and on a key mismatch.
            cases = [("secrets", ef.data, ef.keys_yaml, None, True),
                     ("secrets_wrong", ef.data, wrong_yaml, None, True),
                     ("secrets_flags", ef.data, None, flags, False)]
            if mismatch is not None:
                cases.append(("secrets_mismatch", mismatch[0], mismatch[1],
                              None, False))
            column = next(p for p, _ in writer.leaf_paths(spec.schema))
            for name, data, keys_yaml, flags_here, every in cases:
                path, keys = self.cc.write(name, data, keys_yaml)
                keyed = ["--keys", keys] if keys else flags_here
                for args, output in self._outputs(name, path, keyed, column,
                                                  every):
                    leaked = [s for s in secrets if s in output]
                    self.assertEqual(leaked, [], f"{name}: colcheck "
                                     f"{' '.join(args)} prints a key")
        self._run(prop)

    def test_c_malformed_keys_are_not_echoed(self):
        ef = encryption.build_valid("encrypted_gcm", self.t)
        path, _ = self.cc.write("malformed", ef.data)
        hexkey = ef.config.footer_key_bytes.hex()
        yamls = {"short": f"footer_key: {hexkey[:31]}\n",
                 "long": f"footer_key: {hexkey}0\n",
                 "not hex": f"footer_key: {hexkey[:30]}zz\n",
                 "list": f"key_ids:\n  kc1: [{hexkey}]\n",
                 "misspelt": f"footer_kee: {hexkey}\n",
                 "broken": f"footer_key: {hexkey}\n  x: [\n"}
        runs = []
        for name, text in yamls.items():
            _, keys = self.cc.write(f"malformed_{name.replace(' ', '_')}",
                                    b"", text)
            runs.append(["--keys", keys])
        runs += [["--footer-key", hexkey[:31]], ["--footer-key", hexkey + "0"],
                 ["--key-id", f"kc1={hexkey[:30]}zz"],
                 ["--column-key", f"label={hexkey[:-1]}"]]
        for args in runs:
            with self.subTest(args=args[0]):
                r = subprocess.run([COLCHECK, "validate", *args, path],
                                   capture_output=True, text=True,
                                   check=False)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertNotIn(hexkey[:16], r.stdout + r.stderr)
                self.assertNotIn(hexkey[:16].upper(), r.stdout + r.stderr)


if __name__ == "__main__":
    unittest.main()
