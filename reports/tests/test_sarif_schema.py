"""`colcheck validate --format sarif` against the SARIF 2.1.0 schema.

Runs colcheck over corpus/valid and corpus/invalid, validates the log against
sarif_excerpt.schema.json (the objects colcheck emits, as the OASIS schema
defines them), checks that every index in it points where its id says, and
that it reports exactly what `--format json` reports for the same inputs.

  /usr/bin/python3 reports/tests/test_sarif_schema.py \
      --colcheck build/cli/colcheck --source .
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.parse

try:
    import jsonschema
except ImportError:  # scripts/install-deps.sh installs python3-jsonschema.
    jsonschema = None

HERE = pathlib.Path(__file__).resolve().parent
ARGS = None

# RFC 3986 URI-reference, character by character: what may appear unescaped,
# and '%' only before two hex digits. The format checker of jsonschema needs
# python3-rfc3987 for this, so it is checked here as well.
URI_REFERENCE = re.compile(r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#]|%[0-9A-Fa-f]{2})*")


def run_colcheck(fmt, paths, cwd):
    return subprocess.run(
        [ARGS.colcheck, "validate", "--format", fmt, *paths],
        cwd=cwd, capture_output=True, check=False)


def sarif_or_skip(test, paths, cwd):
    """The SARIF log of `paths`, skipping while the CLI lacks the format."""
    proc = run_colcheck("sarif", paths, cwd)
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode == 2 and "sarif" in stderr:
        test.skipTest("colcheck validate does not write SARIF yet: " + stderr)
    test.assertIn(proc.returncode, (0, 1), stderr)
    for byte in proc.stdout:
        test.assertLess(byte, 0x80, "SARIF output is not pure ASCII")
    return json.loads(proc.stdout)


def uri_to_path(uri):
    """The file system path that an artifact URI names, as bytes."""
    if uri.startswith("file://"):
        uri = uri[len("file://"):]
    return urllib.parse.unquote_to_bytes(uri)


class SarifLogTest(unittest.TestCase):
    """Checks that hold for any log colcheck writes."""

    def check_log(self, log):
        self.check_schema(log)
        run = log["runs"][0]
        rules = run["tool"]["driver"]["rules"]
        artifacts = run["artifacts"]
        for result in run["results"]:
            self.assertEqual(rules[result["ruleIndex"]]["id"], result["ruleId"])
            location = result["locations"][0]["physicalLocation"]
            artifact_location = location["artifactLocation"]
            artifact = artifacts[artifact_location["index"]]
            self.assertEqual(artifact["location"]["uri"],
                             artifact_location["uri"])
        for artifact in artifacts:
            uri = artifact["location"]["uri"]
            self.assertTrue(URI_REFERENCE.fullmatch(uri), uri)

    def check_schema(self, log):
        schema = json.loads(
            (HERE / "sarif_excerpt.schema.json").read_text(encoding="utf-8"))
        if jsonschema is not None:
            validator = jsonschema.Draft7Validator(
                schema, format_checker=jsonschema.FormatChecker())
            errors = [f"{list(e.absolute_path)}: {e.message[:300]}"
                      for e in validator.iter_errors(log)]
        else:
            errors = []
            walk(schema, schema, log, "$", errors)
        self.assertEqual(errors[:10], [])


TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: (isinstance(v, (int, float))
                         and not isinstance(v, bool)),
}


def walk(root, schema, value, where, errors):
    """A validator for the keywords sarif_excerpt.schema.json uses, for
    machines without python3-jsonschema."""
    if "$ref" in schema:
        schema = root["definitions"][schema["$ref"].rsplit("/", 1)[1]]
    if "type" in schema and not TYPES[schema["type"]](value):
        errors.append(f"{where}: not {schema['type']}")
        return
    if "const" in schema and value != schema["const"]:
        errors.append(f"{where}: not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r} not in {schema['enum']}")
    if "minimum" in schema and value < schema["minimum"]:
        errors.append(f"{where}: below {schema['minimum']}")
    if schema.get("format") == "uri-reference" and not URI_REFERENCE.fullmatch(
            value):
        errors.append(f"{where}: not a URI reference")
    if "anyOf" in schema and not any(
            all(k in value for k in option["required"])
            for option in schema["anyOf"]):
        errors.append(f"{where}: none of {schema['anyOf']}")
    for key in schema.get("required", []):
        if key not in value:
            errors.append(f"{where}: missing {key}")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                walk(root, properties[key], item, f"{where}.{key}", errors)
            elif schema.get("additionalProperties") is False:
                errors.append(f"{where}: unexpected {key}")
    if isinstance(value, list):
        if schema.get("uniqueItems") and len(
                {json.dumps(v, sort_keys=True) for v in value}) != len(value):
            errors.append(f"{where}: items not unique")
        for index, item in enumerate(value):
            walk(root, schema.get("items", {}), item, f"{where}[{index}]",
                 errors)


class CorpusTest(SarifLogTest):
    """The project corpus, through both machine-readable formats."""

    @classmethod
    def setUpClass(cls):
        cls.paths = ["corpus/valid", "corpus/invalid"]

    def test_corpus_log_is_valid_sarif(self):
        self.check_log(sarif_or_skip(self, self.paths, ARGS.source))

    def test_results_match_the_json_report(self):
        log = sarif_or_skip(self, self.paths, ARGS.source)
        proc = run_colcheck("json", self.paths, ARGS.source)
        self.assertIn(proc.returncode, (0, 1), proc.stderr)
        files = json.loads(proc.stdout)["files"]
        run = log["runs"][0]
        diagnostics = [d for f in files for d in f["diagnostics"]]
        self.assertGreater(len(diagnostics), 0)
        self.assertEqual(len(run["results"]), len(diagnostics))
        self.assertEqual(len(run["artifacts"]), len(files))
        for artifact, file in zip(run["artifacts"], files):
            self.assertEqual(uri_to_path(artifact["location"]["uri"]),
                             file["path"].encode())
            self.assertEqual(artifact["length"], file["size"])
            self.assertEqual(artifact["properties"]["verdict"], file["verdict"])
        levels = {"error": "error", "warning": "warning", "info": "note"}
        results = iter(run["results"])
        for index, file in enumerate(files):
            for diagnostic in file["diagnostics"]:
                result = next(results)
                location = result["locations"][0]["physicalLocation"]
                self.assertEqual(location["artifactLocation"]["index"], index)
                self.assertEqual(result["ruleId"], diagnostic["code"])
                self.assertEqual(result["level"], levels[diagnostic["severity"]])
                self.assertEqual(location["region"]["byteOffset"],
                                 diagnostic["offset"])
                self.assertEqual(location["region"]["byteLength"],
                                 diagnostic["length"])
                self.assertEqual(
                    result.get("properties", {}).get("field", ""),
                    diagnostic["field"])
                logical = result["locations"][0].get("logicalLocations", [])
                self.assertEqual(
                    [l["fullyQualifiedName"] for l in logical],
                    [diagnostic["column"]] if diagnostic["column"] else [])

    def test_every_code_is_a_rule(self):
        log = sarif_or_skip(self, self.paths, ARGS.source)
        proc = subprocess.run([ARGS.colcheck, "codes", "--format", "json"],
                              capture_output=True, check=True)
        codes = [c["code"] for c in json.loads(proc.stdout)["codes"]]
        rules = log["runs"][0]["tool"]["driver"]["rules"]
        self.assertEqual([r["id"] for r in rules], codes)


class PathEncodingTest(SarifLogTest):
    """File names that need percent-encoding, relative and absolute."""

    NAME = "a b%#?[\u00e9]:x.parquet"

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="colcheck-sarif-")
        self.addCleanup(shutil.rmtree, self.dir)
        source = next(pathlib.Path(ARGS.source, "corpus/invalid").rglob(
            "*.parquet"))
        shutil.copy(source, os.path.join(self.dir, self.NAME))

    def test_relative_path_is_a_relative_reference(self):
        log = sarif_or_skip(self, [self.NAME], self.dir)
        self.check_log(log)
        uri = log["runs"][0]["artifacts"][0]["location"]["uri"]
        self.assertNotIn(" ", uri)
        self.assertIsNone(re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", uri),
                          "a relative path must not read as a scheme")
        self.assertEqual(uri_to_path(uri), self.NAME.encode())

    def test_absolute_path_is_a_file_uri(self):
        path = os.path.join(self.dir, self.NAME)
        log = sarif_or_skip(self, [path], self.dir)
        self.check_log(log)
        uri = log["runs"][0]["artifacts"][0]["location"]["uri"]
        self.assertTrue(uri.startswith("file:///"), uri)
        self.assertEqual(uri_to_path(uri), path.encode())


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True,
                        help="the repository root, which holds corpus/")
    ARGS, rest = parser.parse_known_args()
    ARGS.colcheck = os.path.abspath(ARGS.colcheck)
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
