#!/usr/bin/python3
"""`colcheck report`: the command's contract, and the page in a real browser.

ReportCommandTest runs the command: exit statuses, an empty stdout, a page
that replaces its target in one rename and is never left half written.

ReportBrowserTest loads the pages of valid and invalid corpus files, Parquet
and ORC, in headless Chromium, which runs the page's script before dumping
the DOM, and checks what the script and the renderer built against
`colcheck validate --format json`, `explain --format json` and `schema
--format json`: one row and one byte-map marker per diagnostic, with the
same code and span, in one group per code; one byte-map lane per row group
or stripe; the schema (ORC: text of one type per line) and the column table
(ORC: one row per column id); the summary's column count. Through the
DevTools protocol (Devtools below) it also clicks: a lane opens a zoomed
map, the filters hide rows, a #diag-N link reveals its row below the sticky
bars. It saves screenshots as artifacts (their paths are printed).

Files of the external corpus (COLCHECK_EXTERNAL_CORPUS, else
../shared/corpus-external beside the repository) and a large file
(COLCHECK_REPORT_LARGE_FILE, say 250 MB) are optional: without them those
tests skip with a message.

Chromium is required: without it the browser tests fail, unless
COLCHECK_SKIP_BROWSER=1, which skips them with a message.

  report_browser_test.py --colcheck build/cli/colcheck --corpus corpus \
      --artifacts build/reports/artifacts
"""

import argparse
import base64
import collections
import fcntl
import html.parser
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

ARGS = None
VALID = "valid/nested_struct.parquet"
# Six diagnostics of four codes.
INVALID = "invalid/encoding.unknown/data_page_encoding_99.parquet"
# 40 000 pages: the byte map is summarised and the layout table capped.
MANY_PAGES = "parquet-testing/data/overflow_i16_page_cnt.parquet"
# Two stripes; lists, maps, a union and nested structs.
VALID_ORC = "orc/valid/nested.orc"
# One stripe; three diagnostics of three codes.
INVALID_ORC = ("orc/invalid/orc-rle.patch-width/"
               "patched_base_gap_plus_patch_72.orc")
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


def explain_json(path):
    return json.loads(run_colcheck("explain", "--format", "json", path).stdout)


def containers_of(explain):
    """The row groups (Parquet) or stripes (ORC) of `explain`."""
    return explain["stripes"] if explain["format"] == "orc" else \
        explain["row_groups"]


def large_file():
    """COLCHECK_REPORT_LARGE_FILE, or None when it is unset or absent."""
    path = os.environ.get("COLCHECK_REPORT_LARGE_FILE")
    return path if path and os.path.isfile(path) else None


def many_findings_copy(source, directory):
    """A copy of MANY_PAGES (40 000 one-value pages) with every 20th page
    header damaged three ways: an unknown encoding, an unknown page type, a
    wrong uncompressed size; 8 000 diagnostics of eight codes."""
    with open(source, "rb") as f:
        data = bytearray(f.read())
    for i in range(40000):
        header = 4 + 18 * i
        # type 0, sizes 1 and 1, then the DataPageHeader.
        if data[header:header + 7] != bytes.fromhex("15 00 15 02 15 02 2c"):
            return None
        if i % 20 == 0:
            data[header + 10] = 0x7e  # encoding 63
        elif i % 20 == 5:
            data[header + 1] = 0x7e  # page type 63
        elif i % 20 == 10:
            data[header + 3] = 0x04  # uncompressed_page_size 2
    path = os.path.join(directory, "many_findings.parquet")
    with open(path, "wb") as f:
        f.write(data)
    return path


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


class Devtools:
    """Chromium driven over the DevTools protocol on a pipe (its fds 3 and
    4, --remote-debugging-pipe): for what --dump-dom cannot do, such as
    clicks, the scroll position and screenshots of a scrolled page (headless
    --screenshot draws those blank)."""

    def __init__(self, chromium, profile, width, height):
        commands_read, self.commands = os.pipe()
        self.events, events_write = os.pipe()

        def child():
            # Out of the way of 3 and 4 first: either may be one of them.
            a = fcntl.fcntl(commands_read, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(events_write, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--disable-extensions",
             "--disable-dev-shm-usage", "--remote-debugging-pipe",
             "--hide-scrollbars", f"--user-data-dir={profile}",
             f"--window-size={width},{height}", "about:blank"],
            preexec_fn=child, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(events_write)
        self.width = width
        self.height = height
        self.buffer = b""
        self.last_id = 0
        self.received = []
        self.session = None

    def close(self):
        try:
            if self.process.poll() is None:
                self.send("Browser.close", session=None)
        except (OSError, EOFError, TimeoutError, AssertionError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self.commands, self.events):
            try:
                os.close(fd)
            except OSError:
                pass

    def _message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("chromium did not answer")
            ready, _, _ = select.select([self.events], [], [], left)
            if ready:
                chunk = os.read(self.events, 1 << 20)
                if not chunk:
                    raise EOFError("chromium closed its pipe")
                self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method, params=None, session="page"):
        self.last_id += 1
        message = {"id": self.last_id, "method": method,
                   "params": params or {}}
        if session == "page":
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + BROWSER_TIMEOUT
        while True:
            answer = self._message(deadline)
            if answer.get("id") == self.last_id:
                if "error" in answer:
                    raise AssertionError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.received.append(answer)

    def wait_for(self, method):
        deadline = time.monotonic() + BROWSER_TIMEOUT
        while True:
            for i, event in enumerate(self.received):
                if event.get("method") == method:
                    return self.received.pop(i)
            self.received.append(self._message(deadline))

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"},
                           session=None)["targetId"]
        self.session = self.send("Target.attachToTarget",
                                 {"targetId": target, "flatten": True},
                                 session=None)["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": self.height,
                   "deviceScaleFactor": 1, "mobile": False})
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def eval(self, expression):
        """The value of a JavaScript expression in the page."""
        result = self.send("Runtime.evaluate",
                           {"expression": expression, "returnByValue": True,
                            "awaitPromise": True})
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def go_to(self, fragment):
        """Sets location.hash and waits for the page's hashchange handler."""
        self.eval("new Promise(function (done) {"
                  " window.addEventListener('hashchange', function () {"
                  " setTimeout(done, 0); }, {once: true});"
                  " location.hash = %s; })" % json.dumps(fragment))

    def exceptions(self):
        """The page's uncaught exceptions so far."""
        return [e for e in self.received
                if e.get("method") == "Runtime.exceptionThrown"]

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))


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

    def render(self, name, expected_rc, source=None):
        page = os.path.join(self.dir, os.path.basename(name) + ".html")
        result = run_colcheck("report", "-o", page,
                              source or corpus_file(name))
        self.assertEqual(result.returncode, expected_rc, result.stderr)
        return page

    def dom_of(self, page, fragment=""):
        dom_text, _ = self.browse(page, "--dump-dom", fragment=fragment)
        dom = DomCollector()
        dom.feed(dom_text)
        return dom_text, dom

    def devtools(self, page, fragment="", width=1280, height=900):
        """The page open in a Chromium driven by Devtools; closed at the
        test's end, when the page must have thrown no exception."""
        profile = tempfile.mkdtemp(prefix="profile-", dir=self.dir)
        browser = Devtools(self.chromium, profile, width, height)
        self.addCleanup(browser.close)
        browser.open("file://" + os.path.abspath(page) + fragment)
        self.addCleanup(lambda: self.assertEqual(browser.exceptions(), []))
        self.assertEqual(browser.eval("document.body.dataset.rendered"), "yes")
        return browser

    def save_png(self, artifact, write):
        shot = os.path.join(ARGS.artifacts, artifact)
        if os.path.exists(shot):
            os.remove(shot)
        write(shot)
        with open(shot, "rb") as f:
            png = f.read()
        self.assertEqual(png[:8], PNG_MAGIC)
        self.assertGreater(len(png), 8 * 1024)
        print(f"\nscreenshot: {shot}", flush=True)

    def check_diagnostics(self, dom, diagnostics):
        """One row per diagnostic, in one group per code."""
        rows = sorted(dom.with_class("diag", "tr"),
                      key=lambda r: int(r.attrs["data-index"]))
        self.assertEqual(len(rows), len(diagnostics))
        for i, (row, diagnostic) in enumerate(zip(rows, diagnostics)):
            self.assertEqual(row.attrs["id"], f"diag-{i}")
            self.assertEqual(row.attrs["data-code"], diagnostic["code"])
            self.assertEqual(int(row.attrs["data-offset"]),
                             diagnostic["offset"])
            self.assertEqual(int(row.attrs["data-length"]),
                             diagnostic["length"])
            self.assertNotIn("filtered", row.classes)
        self.assertEqual(len(dom.with_class("marker")), len(diagnostics))
        self.assertEqual(len(dom.with_class("excerpt")), len(diagnostics))
        counts = collections.Counter(d["code"] for d in diagnostics)
        groups = dom.with_class("diag-group", "tbody")
        self.assertEqual(len(groups), len(counts))
        self.assertEqual({g.attrs["data-code"]: int(g.attrs["data-count"])
                          for g in groups}, dict(counts))
        if diagnostics:
            options = [e for e in dom.elements if e.tag == "option"]
            self.assertEqual(len(options), len(counts) + 1)
            self.assertEqual(len(dom.with_class("sev-filter", "input")), 3)
            self.assertTrue(dom.by_id("diag-search"))

    def check_lanes(self, dom, explain):
        """One lane per row group (stripe), then one for the tail when bytes
        follow the last."""
        containers = containers_of(explain)
        lanes = dom.with_class("lane", "div")
        kinds = [lane.attrs["data-lane-kind"] for lane in lanes]
        self.assertEqual(kinds.count("container"), len(containers))
        ends = [c["offset"] + c["length"] for c in containers]
        self.assertEqual(kinds.count("tail"),
                         1 if max(ends, default=0) < explain["size"] else 0)
        self.assertEqual([lane.attrs["id"] for lane in lanes],
                         [f"lane-{i}" for i in range(len(lanes))])
        if "tail" in kinds:
            self.assertEqual(kinds[-1], "tail")
        self.assertGreater(len(dom.with_class("lseg")), 0)

    def check_page(self, name, expected_rc, artifact):
        page = self.render(name, expected_rc)
        expected = validate_json(corpus_file(name))
        explain = explain_json(corpus_file(name))
        dom_text, dom = self.dom_of(page)

        # The script ran to its end.
        body = [e for e in dom.elements if e.tag == "body"]
        self.assertEqual(body[0].attrs.get("data-rendered"), "yes")
        summary = dom.by_id("summary")[0]
        self.assertEqual(summary.attrs["data-verdict"], expected["verdict"])

        diagnostics = expected["diagnostics"]
        self.check_diagnostics(dom, diagnostics)

        segments = dom.with_class("seg")
        self.assertGreater(len(segments), 0)
        self.assertTrue(all(s.attrs.get("data-kind") for s in segments))
        self.check_lanes(dom, explain)
        self.assertGreater(len(dom.with_class("region", "tr")), 0)

        columns = dom.with_class("column", "tr")
        summary_columns = int(dom.by_id("summary-columns")[0]
                              .attrs["data-columns"])
        self.assertGreater(summary_columns, 0)
        self.assertEqual(len(columns), summary_columns)
        if explain["format"] == "orc":
            self.check_orc_schema(name, dom_text, dom, summary_columns)
        else:
            fields = dom.with_class("field")
            leaves = [f for f in fields if "data-column" in f.attrs]
            self.assertGreater(len(fields), 1)
            self.assertEqual(len(leaves), len(columns))

        # Nothing, however long, makes the page scroll sideways.
        browser = self.devtools(page)
        self.assertLessEqual(
            browser.eval("document.documentElement.scrollWidth"),
            browser.eval("document.documentElement.clientWidth"))

        self.save_png(artifact, lambda shot: self.browse(
            page, f"--screenshot={shot}", "--window-size=1280,1600"))
        return diagnostics

    def check_orc_schema(self, name, dom_text, dom, summary_columns):
        """The type tree is text of one type per line, and there are as
        many column ids as `colcheck schema` gives types."""
        pre = re.search(r'<pre id="schema" class="mono">(.*?)</pre>',
                        dom_text, re.S)
        self.assertIsNotNone(pre)
        lines = pre.group(1).rstrip("\n").split("\n")
        self.assertNotIn("\\x0a", pre.group(1))
        self.assertGreater(len(lines), 1)
        self.assertTrue(all("# column " in line for line in lines), lines)
        self.assertEqual(lines[0], "struct  # column 0")
        schema = json.loads(run_colcheck("schema", "--format", "json",
                                         corpus_file(name)).stdout)
        self.assertEqual(len(lines), len(schema["types"]))
        self.assertEqual(summary_columns, len(schema["types"]))
        table = dom.by_id("columns")[0]
        self.assertIn("orc", table.classes)
        headings = re.search(r'<table id="columns" class="orc"><thead>(.*?)'
                             r'</thead>', dom_text, re.S).group(1)
        for heading in ("column id", "path", "type", "streams",
                        "index bytes", "data bytes", "encodings"):
            self.assertIn(f">{heading}</th>", headings)
        self.assertNotIn(">physical</th>", headings)

    def test_valid_page(self):
        diagnostics = self.check_page(VALID, 0, "report-valid.png")
        self.assertFalse(any(d["severity"] == "error" for d in diagnostics))

    def test_invalid_page(self):
        diagnostics = self.check_page(INVALID, 1, "report-invalid.png")
        self.assertGreaterEqual(len(diagnostics), 2)

    def test_valid_orc_page(self):
        self.check_page(VALID_ORC, 0, "report-orc-valid.png")

    def test_invalid_orc_page(self):
        diagnostics = self.check_page(INVALID_ORC, 1, "report-orc-invalid.png")
        self.assertGreaterEqual(len({d["code"] for d in diagnostics}), 2)

    def check_zoom(self, name, artifact):
        """A click on a lane opens its bytes with its bands (chunks, stripe
        areas), a click on a band opens that, and "back" returns."""
        source = corpus_file(name)
        page = os.path.join(self.dir, os.path.basename(name) + ".zoom.html")
        run_colcheck("report", "-o", page, source)
        explain = explain_json(source)
        first = containers_of(explain)[0]
        browser = self.devtools(page, height=1000)
        self.assertTrue(browser.eval("document.getElementById('map-zoom')"
                                     ".hidden"))
        browser.eval("document.getElementById('lane-0').click()")
        zoom = browser.eval(
            "(function () { var z = document.getElementById('map-zoom');"
            " return {hidden: z.hidden, lane: z.dataset.lane,"
            " begin: Number(z.dataset.begin), end: Number(z.dataset.end),"
            " lanesHidden: document.getElementById('map-lanes').hidden,"
            " segments: z.querySelectorAll('.zseg').length,"
            " bands: z.querySelectorAll('.band').length,"
            " listed: z.querySelectorAll('#zoom-table tr.zrow').length}; })()")
        self.assertFalse(zoom["hidden"])
        self.assertTrue(zoom["lanesHidden"])
        self.assertEqual(zoom["lane"], "0")
        self.assertEqual((zoom["begin"], zoom["end"]),
                         (first["offset"], first["offset"] + first["length"]))
        self.assertGreater(zoom["segments"], 0)
        self.assertEqual(zoom["listed"], min(zoom["segments"], 500))
        if explain["format"] == "orc":
            # Its index streams, data streams and footer, when not empty.
            self.assertEqual(zoom["bands"], len(
                [k for k in ("index_length", "data_length", "footer_length")
                 if first[k] > 0]))
        else:
            self.assertEqual(zoom["bands"], len(
                [c for c in explain["chunks"] if c["row_group"] == 0]))
        self.save_png(artifact, browser.screenshot)
        # A band: its bytes alone.
        band = browser.eval(
            "(function () {"
            " var b = document.querySelector('#zoom-band .band');"
            " var d = JSON.parse(document.getElementById('map-data')"
            ".textContent).bands[Number(b.dataset.band)]; b.click();"
            " var z = document.getElementById('map-zoom');"
            " return [d[0], d[0] + d[1], Number(z.dataset.begin),"
            " Number(z.dataset.end)]; })()")
        self.assertEqual(band[:2], band[2:])
        browser.eval("document.getElementById('zoom-back').click()")
        self.assertTrue(browser.eval("document.getElementById('map-zoom')"
                                     ".hidden"))
        self.assertFalse(browser.eval("document.getElementById('map-lanes')"
                                      ".hidden"))

    def test_lane_opens_a_row_group(self):
        self.check_zoom(INVALID, "report-zoom.png")

    def test_lane_opens_a_stripe(self):
        self.check_zoom(VALID_ORC, "report-orc-zoom.png")

    def test_many_pages_are_summarised(self):
        source = external_file(MANY_PAGES)
        if source is None:
            self.skipTest(f"external corpus absent: {MANY_PAGES}")
        page = os.path.join(self.dir, "many_pages.html")
        result = run_colcheck("report", "-o", page, source)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertLess(os.path.getsize(page), 8 << 20)
        dom_text, dom = self.dom_of(page, fragment="#lane-0")
        segments = dom.with_class("seg")
        self.assertGreater(len(segments), 100)
        self.assertLessEqual(len(segments), 2000)
        self.assertEqual(len(dom.with_class("region", "tr")), 5000)
        self.assertTrue(dom.with_class("cap-note"))
        self.check_lanes(dom, explain_json(source))
        # #lane-0 opened the one row group: its 40 000 pages, summarised.
        zoom = dom.by_id("map-zoom")[0]
        self.assertNotIn("hidden", zoom.attrs)
        self.assertEqual(zoom.attrs["data-lane"], "0")
        zoomed = dom.with_class("zseg")
        self.assertGreater(len(zoomed), 100)
        self.assertLessEqual(len(zoomed), 2000)

    def test_many_diagnostics(self):
        """8 000 diagnostics of eight codes: a share of each is listed, every
        code has its group and count, and the filters stay quick."""
        source = external_file(MANY_PAGES)
        if source is None:
            self.skipTest(f"external corpus absent: {MANY_PAGES}")
        source = many_findings_copy(source, self.dir)
        if source is None:
            self.skipTest(f"{MANY_PAGES} is not the file this test knows")
        page = self.render("many_findings.parquet", 1, source=source)
        self.assertLess(os.path.getsize(page), 8 << 20)
        diagnostics = validate_json(source)["diagnostics"]
        self.assertGreater(len(diagnostics), 2000)
        counts = collections.Counter(d["code"] for d in diagnostics)
        _, dom = self.dom_of(page)
        rows = dom.with_class("diag", "tr")
        self.assertEqual(len(rows), 2000)
        groups = dom.with_class("diag-group", "tbody")
        self.assertEqual({g.attrs["data-code"]: int(g.attrs["data-count"])
                          for g in groups}, dict(counts))
        listed = collections.Counter(r.attrs["data-code"] for r in rows)
        for g in groups:
            code = g.attrs["data-code"]
            self.assertEqual(int(g.attrs["data-rows"]), listed[code])
            # An equal share at least, or all it has.
            self.assertGreaterEqual(listed[code], min(
                counts[code], 2000 // len(counts)))
            self.assertEqual(g.attrs["data-open"], "no")

        # The last listed row of the largest code: folded at first.
        code = counts.most_common(1)[0][0]
        last = max(int(r.attrs["data-index"]) for r in rows
                   if r.attrs["data-code"] == code)
        browser = self.devtools(page, fragment=f"#diag-{last}")
        self.check_landed(browser, last)
        visible = ("document.querySelectorAll('#diagnostics tr.diag')"
                   ".length - document.querySelectorAll("
                   "'#diagnostics tr.diag.filtered').length")
        timed = ("(function () { var t = performance.now(); %s;"
                 " return performance.now() - t; })()")
        elapsed = browser.eval(timed % (
            "var s = document.getElementById('code-filter');"
            f" s.value = '{code}'; s.dispatchEvent(new Event('change'))"))
        self.assertLess(elapsed, 1000)
        self.assertEqual(browser.eval(visible), listed[code])
        browser.eval("document.getElementById('diagnostics-section')"
                     ".scrollIntoView()")
        self.save_png("report-many-diagnostics.png", browser.screenshot)
        browser.eval("document.getElementById('diag-reset').click()")
        self.assertEqual(browser.eval(visible), 2000)
        browser.eval("var b = document.querySelector("
                     "'input.sev-filter[value=error]'); b.click()")
        self.assertEqual(browser.eval(visible), len(
            [r for r in rows if r.attrs["data-severity"] != "error"]))
        # A diagnostic the page does not list says so.
        unlisted = next(i for i in range(len(diagnostics))
                        if not dom.by_id(f"diag-{i}"))
        browser.go_to(f"#diag-{unlisted}")
        self.assertIn("is not listed", browser.eval(
            "document.getElementById('map-details').textContent"))

    def test_large_file(self):
        source = large_file()
        if source is None:
            self.skipTest("no large file: set COLCHECK_REPORT_LARGE_FILE")
        page = os.path.join(self.dir, "large.html")
        started = time.monotonic()
        result = run_colcheck("report", "-o", page, source)
        self.assertIn(result.returncode, (0, 1), result.stderr)
        print(f"\nreport of {os.path.getsize(source)} bytes: "
              f"{time.monotonic() - started:.1f} s, page "
              f"{os.path.getsize(page)} bytes", flush=True)
        self.assertLess(os.path.getsize(page), 8 << 20)
        _, dom = self.dom_of(page)
        self.check_lanes(dom, explain_json(source))
        browser = self.devtools(page, height=1000)
        self.save_png("report-large.png", browser.screenshot)
        browser.eval("document.getElementById('lane-0').click()")
        self.assertGreater(browser.eval(
            "document.querySelectorAll('#zoom-map .zseg').length"), 0)
        browser.eval("document.getElementById('map-zoom').scrollIntoView()")
        self.save_png("report-large-zoom.png", browser.screenshot)

    def check_landed(self, browser, index):
        """Diagnostic `index` is selected, its row shown (its group open, no
        filter hiding it) and in view below the sticky bars."""
        state = browser.eval(
            "(function () { var r = document.getElementById('diag-%d');"
            " var g = r.closest('tbody');"
            " return {open: g.dataset.open, filtered:"
            " r.classList.contains('filtered'), selected:"
            " r.classList.contains('selected'), top:"
            " r.getBoundingClientRect().top, height: window.innerHeight,"
            " landed: Number(document.body.dataset.landed), covered:"
            " Number(document.body.dataset.covered)}; })()" % index)
        self.assertEqual(state["open"], "yes")
        self.assertFalse(state["filtered"])
        self.assertTrue(state["selected"])
        self.assertGreaterEqual(state["landed"], state["covered"])
        self.assertGreaterEqual(state["top"], state["covered"])
        self.assertLess(state["top"], state["height"] - 20)

    def test_link_to_a_diagnostic_selects_it(self):
        page = self.render(INVALID, 1)
        diagnostics = validate_json(corpus_file(INVALID))["diagnostics"]
        last = len(diagnostics) - 1
        dom_text, dom = self.dom_of(page, fragment=f"#diag-{last}")
        selected = dom.with_class("selected")
        self.assertEqual(sorted(e.tag for e in selected), ["div", "tr"])
        row = [e for e in selected if e.tag == "tr"][0]
        marker = [e for e in selected if e.tag == "div"][0]
        self.assertEqual(row.attrs["id"], f"diag-{last}")
        self.assertIn("marker", marker.classes)
        self.assertEqual(marker.attrs["data-index"], str(last))
        # The details panel names the code and links to the bytes.
        details = re.search(r'id="map-details">(.*?)</div>\s*<noscript',
                            dom_text, re.S).group(1)
        self.assertIn(row.attrs["data-code"], details)
        self.assertIn(f'href="#hex-{last}"', details)
        # Landed below the sticky bars.
        body = [e for e in dom.elements if e.tag == "body"][0]
        self.assertGreaterEqual(int(body.attrs["data-landed"]),
                                int(body.attrs["data-covered"]))

        # Folded and filtered out, the row still shows when linked to.
        browser = self.devtools(page)
        target = diagnostics[0]
        browser.eval("document.getElementById('groups-close').click();"
                     "document.querySelector('input.sev-filter[value=%s]')"
                     ".click()" % target["severity"])
        self.assertTrue(browser.eval(
            "document.getElementById('diag-0').classList.contains"
            "('filtered')"))
        browser.go_to("#diag-0")
        self.check_landed(browser, 0)
        self.save_png("report-deep-link.png", browser.screenshot)

        # The search box: rows whose text holds the words, once typing
        # pauses.
        word = "matrix"
        expected = [i for i, d in enumerate(diagnostics) if word in " ".join(
            (d["code"], d["field"], d["column"], d["message"])).lower()]
        self.assertGreater(len(expected), 0)
        shown = browser.eval(
            "new Promise(function (done) {"
            " var s = document.getElementById('diag-search');"
            " s.value = '%s'; s.dispatchEvent(new Event('input'));"
            " setTimeout(function () { done(Array.prototype.map.call("
            " document.querySelectorAll("
            "'#diagnostics tr.diag:not(.filtered)'),"
            " function (r) { return Number(r.dataset.index); })); }, 500); })"
            % word)
        self.assertEqual(sorted(shown), expected)


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
