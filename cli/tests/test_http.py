"""`colcheck validate URL`: files read over HTTP with Range requests.

A private nginx from Debian (tests/http/nginx.py) serves corpus/ and, when
present, the external corpus. Over HTTP, every file must get the report its
local path gives, at every level, and a footer-level check must ask for the
file's tail (and its first page) only, as nginx's access log shows. A
server without Range support and a connection cut mid-file must be clear
tool errors (exit status 2), not findings.

  /usr/bin/python3 cli/tests/test_http.py --colcheck build/cli/colcheck \
      --source . [--external ../shared/corpus-external]
"""

import argparse
import http.server
import json
import os
import pathlib
import re
import socketserver
import subprocess
import sys
import threading
import unittest

ARGS = None
LEVELS = ("footer", "pages", "full")
TAIL = 64 << 10  # SourceImage::kTailBytes
PAGE = 4096


def run(*args):
    return subprocess.run([ARGS.colcheck, *args], capture_output=True)


def reports(stdout):
    return json.loads(stdout)["files"]


def columnar_files(root):
    return sorted(p for p in pathlib.Path(root).rglob("*")
                  if p.is_file() and p.suffix in (".parquet", ".orc"))


class HttpTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        sys.path.insert(0, str(pathlib.Path(ARGS.source) / "tests" / "http"))
        import nginx  # noqa: E402 (tests/http/nginx.py)
        cls.nginx = nginx
        if not nginx.available():
            raise unittest.SkipTest("nginx not installed "
                                    "(scripts/install-deps.sh installs it)")
        cls.roots = [pathlib.Path(ARGS.source) / "corpus"]
        if ARGS.external and pathlib.Path(ARGS.external).is_dir():
            cls.roots.append(pathlib.Path(ARGS.external))
        else:
            print(f"test_http: {ARGS.external} not found; serving corpus/ "
                  "only", file=sys.stderr)

    def served_files(self, root):
        files = columnar_files(root)
        self.assertTrue(files, f"no Parquet or ORC files under {root}")
        return files

    def test_every_level_gives_the_local_report(self):
        for root in self.roots:
            files = self.served_files(root)
            with self.nginx.Nginx(root) as server:
                urls = [server.url(f.relative_to(root)) for f in files]
                for level in LEVELS:
                    with self.subTest(root=str(root), level=level):
                        local = run("validate", "--format", "json", "-j", "2",
                                    "--level", level, *map(str, files))
                        remote = run("validate", "--format", "json", "-j", "2",
                                     "--level", level, *urls)
                        self.assertEqual(remote.returncode, local.returncode,
                                         remote.stderr.decode())
                        self.assertEqual(remote.stderr, b"")
                        got = reports(remote.stdout)
                        want = reports(local.stdout)
                        self.assertEqual(len(got), len(want))
                        for g, w, url in zip(got, want, urls):
                            self.assertEqual(g.pop("path"), url)
                            fetched = g.pop("fetched")
                            w.pop("path")
                            self.assertEqual(g, w, url)
                            self.assertGreater(fetched["reads"], 0)
                            if level == "footer":
                                self.assertLessEqual(fetched["bytes"],
                                                     w["size"])

    def test_inspecting_commands_take_urls(self):
        root = self.roots[0]
        files = [f for f in self.served_files(root)
                 if "invalid" in str(f)][:3] + self.served_files(root)[:2]
        with self.nginx.Nginx(root) as server:
            for f in files:
                url = server.url(f.relative_to(root))
                for command in (["explain", "--footer"], ["schema"],
                                ["plan", "--data"]):
                    with self.subTest(file=str(f), command=command[0]):
                        local = run(*command, "--format", "json", str(f))
                        remote = run(*command, "--format", "json",
                                     "--header", "X-Test: 1", url)
                        self.assertEqual(remote.returncode, local.returncode,
                                         remote.stderr.decode())
                        self.assertEqual(
                            remote.stdout.decode().replace(url, "F"),
                            local.stdout.decode().replace(str(f), "F"))
            missing = run("explain", server.url("no/such.parquet"))
        self.assertEqual(missing.returncode, 2)
        self.assertRegex(missing.stderr.decode(), r"HTTP 404")

    def test_footer_level_fetches_only_the_tail(self):
        files = []
        for root in self.roots:
            files += [(root, f) for f in columnar_files(root)]
        root, largest = max(files, key=lambda rf: rf[1].stat().st_size)
        size = largest.stat().st_size
        self.assertGreater(size, TAIL + PAGE, largest)
        with self.nginx.Nginx(root) as server:
            url = server.url(largest.relative_to(root))
            result = run("validate", "--format", "json", "--level", "footer",
                         url)
            self.assertIn(result.returncode, (0, 1), result.stderr.decode())
            log = server.access_log()
        relative = str(largest.relative_to(root))
        self.assertTrue(all(e.path == relative for e in log), log)
        # The suffix the source opens with and the page holding the leading
        # magic; where the footer starts before the suffix, the bytes from
        # there on. Together: the first page and one run to the end.
        self.assertEqual(log[0].range, f"bytes=-{TAIL}")
        self.assertTrue(all(e.status == 206 for e in log), log)
        runs = [(size - TAIL, size - 1)]
        for entry in log[1:]:
            first, last = map(int, entry.range[len("bytes="):].split("-"))
            if (first, last) != (0, PAGE - 1):
                runs.append((first, last))
        runs.sort()
        for (_, last), (first, _) in zip(runs, runs[1:]):
            self.assertLessEqual(first, last + 1, log)  # No hole.
        self.assertEqual(max(last for _, last in runs), size - 1)
        sent = sum(e.bytes_sent for e in log)
        fetched = reports(result.stdout)[0]["fetched"]
        self.assertEqual(fetched["bytes"], sent)
        print(f"test_http: footer level read {sent:,} of {size:,} bytes of "
              f"{largest.name} in {len(log)} requests", file=sys.stderr)

    def test_a_server_without_ranges_is_a_tool_error(self):
        root = self.roots[0]
        first = self.served_files(root)[0]
        with self.nginx.Nginx(root, ranges=False) as server:
            url = server.url(first.relative_to(root))
            result = run("validate", "--format", "json", url)
            log = server.access_log()
        self.assertEqual(result.returncode, 2)
        self.assertEqual(reports(result.stdout), [])
        self.assertIn(url, result.stderr.decode())
        self.assertIn("ignores Range requests", result.stderr.decode())
        self.assertEqual(len(log), 1)  # Not retried.

    def test_a_missing_file_is_a_tool_error(self):
        root = self.roots[0]
        with self.nginx.Nginx(root) as server:
            result = run("validate", server.url("no/such.parquet"))
        self.assertEqual(result.returncode, 2)
        self.assertRegex(result.stderr.decode(), r"HTTP 404")

    def test_a_connection_cut_mid_file_is_a_tool_error(self):
        files = columnar_files(self.roots[0])
        path = max(files, key=lambda f: f.stat().st_size)
        data = path.read_bytes()
        self.assertGreater(len(data), TAIL + PAGE)
        with CuttingServer(data) as server:
            result = run("validate", "--format", "json", "--level", "full",
                         server.url)
        stderr = result.stderr.decode()
        self.assertEqual(result.returncode, 2, stderr)
        self.assertEqual(reports(result.stdout), [])
        self.assertIn(server.url, stderr)
        self.assertIn("gave up after 4 attempts", stderr)
        # The tail, then one range tried four times.
        self.assertEqual(server.requests[0], f"bytes=-{TAIL}")
        self.assertEqual(len(set(server.requests[1:])), 1, server.requests)
        self.assertEqual(len(server.requests), 5, server.requests)


class CuttingServer:
    """Answers a suffix Range in full and cuts every other range short."""

    def __init__(self, data):
        self.data = data
        self.requests = []

    def __enter__(self):
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                range_ = self.headers.get("Range", "")
                outer.requests.append(range_)
                size = len(outer.data)
                m = re.fullmatch(r"bytes=(\d*)-(\d*)", range_)
                first, last = m.groups()
                if first == "":
                    first, last = size - int(last), size - 1
                else:
                    first, last = int(first), int(last)
                body = outer.data[first:last + 1]
                self.send_response(206)
                self.send_header("Content-Range",
                                 f"bytes {first}-{last}/{size}")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if range_.startswith("bytes=-"):
                    self.wfile.write(body)
                else:
                    self.wfile.write(body[:100])
                    self.close_connection = True

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0),
                                                      Handler)
        self.server.daemon_threads = True
        port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{port}/cut.parquet"
        threading.Thread(target=self.server.serve_forever,
                         daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--external", default=os.environ.get(
        "COLCHECK_EXTERNAL_CORPUS", ""))
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
