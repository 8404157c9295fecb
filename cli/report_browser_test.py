#!/usr/bin/python3
"""`colcheck report`: the command's contract, and the page in a real browser.

ReportCommandTest runs the command: exit statuses, an empty stdout, a page
that replaces its target in one rename and is never left half written.

ReportBrowserTest loads the pages of a valid and an invalid corpus file in
headless Chromium, which runs the page's script before dumping the DOM, and
checks what the script and the renderer built against `colcheck validate
--format json`: one row and one byte-map marker per diagnostic, with the same
code and span; byte-map segments; the schema tree; the column table. It also
saves screenshots as artifacts (their paths are printed).

Chromium is required: without it the browser tests fail, unless
COLCHECK_SKIP_BROWSER=1, which skips them with a message.

  report_browser_test.py --colcheck build/cli/colcheck --corpus corpus \
      --artifacts build/reports/artifacts
"""

import argparse
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ARGS = None
VALID = "valid/nested_struct.parquet"
# Six diagnostics of four codes.
INVALID = "invalid/encoding.unknown/data_page_encoding_99.parquet"
# 40 000 pages: the byte map is summarised and the layout table capped.
MANY_PAGES = "parquet-testing/data/overflow_i16_page_cnt.parquet"
BROWSER_TIMEOUT = 60
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SKIP_MESSAGE = "browser test skipped: COLCHECK_SKIP_BROWSER=1"


def run_colcheck(*args):
    return subprocess.run([ARGS.colcheck, *args], capture_output=True,
                          timeout=120, check=False)


def corpus_file(name):
    return os.path.join(ARGS.corpus, name)


def external_file(name):
    """A file of the external corpus, or None when it is absent."""
    root = os.environ.get("COLCHECK_EXTERNAL_CORPUS") or os.path.join(
        ARGS.corpus, os.pardir, os.pardir, "shared", "corpus-external")
    path = os.path.join(root, name)
    return path if os.path.isfile(path) else None


def validate_json(path):
    result = run_colcheck("validate", "--format", "json", path)
    return json.loads(result.stdout)["files"][0]


class Element:
    def __init__(self, tag, attrs):
        self.tag = tag
        self.attrs = dict(attrs)
        self.classes = (self.attrs.get("class") or "").split()


class DomCollector(html.parser.HTMLParser):
    """Every start tag of a document, in order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []

    def handle_starttag(self, tag, attrs):
        self.elements.append(Element(tag, attrs))

    def with_class(self, name, tag=None):
        return [e for e in self.elements
                if name in e.classes and (tag is None or e.tag == tag)]

    def by_id(self, element_id):
        return [e for e in self.elements if e.attrs.get("id") == element_id]


class ReportCommandTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="colcheck-report-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.out = os.path.join(self.dir, "report.html")

    def assert_no_temporary_files(self):
        self.assertEqual(sorted(os.listdir(self.dir)),
                         ["report.html"] if os.path.exists(self.out) else [])

    def test_valid_file_exits_0_with_a_page(self):
        result = run_colcheck("report", "-o", self.out, corpus_file(VALID))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, b"")
        self.assertRegex(result.stderr.decode(),
                         r"^colcheck: wrote .*report\.html: .*: valid \(")
        with open(self.out, "rb") as f:
            page = f.read()
        self.assertTrue(page.startswith(b"<!DOCTYPE html>"))
        self.assertTrue(page.isascii())
        self.assert_no_temporary_files()

    def test_invalid_file_exits_1(self):
        result = run_colcheck("report", "-o", self.out, corpus_file(INVALID))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertRegex(result.stderr.decode(), r": invalid \(")
        self.assertTrue(os.path.getsize(self.out) > 0)
        self.assert_no_temporary_files()

    def test_footer_level_shows_chunks_unwalked(self):
        result = run_colcheck("report", "--level", "footer", "-o", self.out,
                              corpus_file(VALID))
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(self.out) as f:
            page = f.read()
        kinds = re.findall(
            r'<tr class="region" id="region-\d+" data-kind="([a-z0-9-]+)"',
            page)
        self.assertIn("chunk-rest", kinds)
        self.assertNotIn("data-page", kinds)

    def test_empty_file_is_a_page_too(self):
        empty = os.path.join(self.dir, "empty.parquet")
        open(empty, "wb").close()
        result = run_colcheck("report", "-o", self.out, empty)
        self.assertEqual(result.returncode, 1, result.stderr)
        with open(self.out) as f:
            self.assertIn("file.too-small", f.read())
        os.remove(empty)

    def test_unreadable_input_keeps_the_old_page(self):
        with open(self.out, "w") as f:
            f.write("old")
        result = run_colcheck("report", "-o", self.out,
                              os.path.join(self.dir, "missing.parquet"))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, b"")
        with open(self.out) as f:
            self.assertEqual(f.read(), "old")
        self.assert_no_temporary_files()

    def test_unwritable_output_exits_2(self):
        out = os.path.join(self.dir, "no-such-dir", "report.html")
        result = run_colcheck("report", "-o", out, corpus_file(VALID))
        self.assertEqual(result.returncode, 2)
        self.assertIn(b"No such file or directory", result.stderr)
        self.assertEqual(os.listdir(self.dir), [])


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class ReportBrowserTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if os.environ.get("COLCHECK_SKIP_BROWSER") == "1":
            raise unittest.SkipTest(SKIP_MESSAGE)
        cls.chromium = find_chromium()
        if cls.chromium is None:
            raise AssertionError(
                "chromium not found: install it (scripts/install-deps.sh) "
                "or set COLCHECK_SKIP_BROWSER=1 to skip the browser test")
        cls.dir = tempfile.mkdtemp(prefix="colcheck-browser-")
        os.makedirs(ARGS.artifacts, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def browse(self, page, *flags, fragment=""):
        """Runs headless Chromium on `page`; returns (stdout, stderr)."""
        profile = tempfile.mkdtemp(prefix="profile-", dir=self.dir)
        command = [self.chromium, "--headless=new", "--no-sandbox",
                   "--disable-gpu", "--no-first-run", "--disable-extensions",
                   "--disable-dev-shm-usage", "--enable-logging=stderr",
                   f"--user-data-dir={profile}", *flags,
                   "file://" + os.path.abspath(page) + fragment]
        result = subprocess.run(command, capture_output=True,
                                timeout=BROWSER_TIMEOUT, check=False)
        self.assertEqual(result.returncode, 0, result.stderr[-2000:])
        stderr = result.stderr.decode(errors="replace")
        # Chromium logs the page's console: an exception in the script
        # shows up here even when the DOM looks plausible.
        self.assertNotIn("Uncaught", stderr)
        return result.stdout.decode(), stderr

    def render(self, name, expected_rc):
        page = os.path.join(self.dir, os.path.basename(name) + ".html")
        result = run_colcheck("report", "-o", page, corpus_file(name))
        self.assertEqual(result.returncode, expected_rc, result.stderr)
        return page

    def check_page(self, name, expected_rc, artifact):
        page = self.render(name, expected_rc)
        expected = validate_json(corpus_file(name))
        dom_text, _ = self.browse(page, "--dump-dom")
        dom = DomCollector()
        dom.feed(dom_text)

        # The script ran to its end.
        body = [e for e in dom.elements if e.tag == "body"]
        self.assertEqual(body[0].attrs.get("data-rendered"), "yes")
        summary = dom.by_id("summary")[0]
        self.assertEqual(summary.attrs["data-verdict"], expected["verdict"])

        diagnostics = expected["diagnostics"]
        rows = dom.with_class("diag", "tr")
        self.assertEqual(len(rows), len(diagnostics))
        for row, diagnostic in zip(rows, diagnostics):
            self.assertEqual(row.attrs["data-code"], diagnostic["code"])
            self.assertEqual(int(row.attrs["data-offset"]),
                             diagnostic["offset"])
            self.assertEqual(int(row.attrs["data-length"]),
                             diagnostic["length"])
        self.assertEqual(len(dom.with_class("marker")), len(diagnostics))
        self.assertEqual(len(dom.with_class("excerpt")), len(diagnostics))

        segments = dom.with_class("seg")
        self.assertGreater(len(segments), 0)
        self.assertTrue(all(s.attrs.get("data-kind") for s in segments))

        fields = dom.with_class("field")
        leaves = [f for f in fields if "data-column" in f.attrs]
        columns = dom.with_class("column", "tr")
        self.assertGreater(len(fields), 1)
        self.assertGreater(len(columns), 0)
        self.assertEqual(len(leaves), len(columns))
        self.assertGreater(len(dom.with_class("region", "tr")), 0)

        shot = os.path.join(ARGS.artifacts, artifact)
        if os.path.exists(shot):
            os.remove(shot)
        self.browse(page, f"--screenshot={shot}", "--window-size=1280,1600")
        with open(shot, "rb") as f:
            png = f.read()
        self.assertEqual(png[:8], PNG_MAGIC)
        self.assertGreater(len(png), 8 * 1024)
        print(f"\nscreenshot: {shot}", flush=True)
        return diagnostics

    def test_valid_page(self):
        diagnostics = self.check_page(VALID, 0, "report-valid.png")
        self.assertFalse(any(d["severity"] == "error" for d in diagnostics))

    def test_invalid_page(self):
        diagnostics = self.check_page(INVALID, 1, "report-invalid.png")
        self.assertGreaterEqual(len(diagnostics), 2)

    def test_many_pages_are_summarised(self):
        source = external_file(MANY_PAGES)
        if source is None:
            self.skipTest(f"external corpus absent: {MANY_PAGES}")
        page = os.path.join(self.dir, "many_pages.html")
        result = run_colcheck("report", "-o", page, source)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertLess(os.path.getsize(page), 8 << 20)
        dom_text, _ = self.browse(page, "--dump-dom")
        dom = DomCollector()
        dom.feed(dom_text)
        segments = dom.with_class("seg")
        self.assertGreater(len(segments), 100)
        self.assertLessEqual(len(segments), 2000)
        self.assertEqual(len(dom.with_class("region", "tr")), 5000)
        self.assertTrue(dom.with_class("cap-note"))

    def test_link_to_a_diagnostic_selects_it(self):
        page = self.render(INVALID, 1)
        last = len(validate_json(corpus_file(INVALID))["diagnostics"]) - 1
        dom_text, _ = self.browse(page, "--dump-dom", fragment=f"#diag-{last}")
        dom = DomCollector()
        dom.feed(dom_text)
        selected = dom.with_class("selected")
        self.assertEqual(sorted(e.tag for e in selected), ["div", "tr"])
        row = [e for e in selected if e.tag == "tr"][0]
        marker = [e for e in selected if e.tag == "div"][0]
        self.assertEqual(row.attrs["id"], f"diag-{last}")
        self.assertIn("marker", marker.classes)
        self.assertEqual(marker.attrs["data-index"], str(last))
        # The details panel names the code and links to the bytes.
        details = re.search(r'id="map-details">(.*?)<noscript', dom_text,
                            re.S).group(1)
        self.assertIn(row.attrs["data-code"], details)
        self.assertIn(f'href="#hex-{last}"', details)


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--artifacts", required=True)
    ARGS, rest = parser.parse_known_args()
    program = unittest.main(argv=[sys.argv[0], "-v", *rest], exit=False)
    result = program.result
    if not result.wasSuccessful():
        sys.exit(1)
    # Printed only when everything else passed: ctest's skip pattern must
    # not hide a failure of the command tests.
    if any(reason == SKIP_MESSAGE for _, reason in result.skipped):
        print(SKIP_MESSAGE)


if __name__ == "__main__":
    main()
