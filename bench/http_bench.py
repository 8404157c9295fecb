"""Footer-level validation over HTTP, against downloading the files whole.

Serves --count names (symbolic links to one file, --file) from a private
nginx on a loopback port (tests/http/nginx.py) and times

  colcheck validate --level footer -j J --files-from LIST

reporting files/s and the bytes fetched per file (from the JSON report and
from nginx's access log), then times downloading --sample of the files
whole with libcurl's command line, for the same files per second.

  /usr/bin/python3 bench/http_bench.py --colcheck build/cli/colcheck \
      --file build-bench/bench-data/duckdb_zstd_256mb.parquet
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "http"))
import nginx  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--file", required=True)
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 8, 32])
    parser.add_argument("--sample", type=int, default=5)
    args = parser.parse_args()
    source = pathlib.Path(args.file).resolve()
    size = source.stat().st_size
    with tempfile.TemporaryDirectory(prefix="colcheck-http-bench-") as tmp:
        root = pathlib.Path(tmp) / "lake"
        root.mkdir()
        suffix = source.suffix
        for i in range(args.count):
            (root / f"part-{i:05d}{suffix}").symlink_to(source)
        with nginx.Nginx(root) as server:
            urls = [server.url(f"part-{i:05d}{suffix}")
                    for i in range(args.count)]
            listing = pathlib.Path(tmp) / "urls.txt"
            listing.write_text("\n".join(urls) + "\n")
            print(f"{args.count:,} URLs of {source.name} ({size:,} bytes) "
                  f"from nginx on 127.0.0.1")
            for jobs in args.jobs:
                server.clear_log()
                start = time.monotonic()
                result = subprocess.run(
                    [args.colcheck, "validate", "--level", "footer",
                     "--format", "jsonl", "-j", str(jobs), "--files-from",
                     str(listing)], capture_output=True)
                elapsed = time.monotonic() - start
                if result.returncode not in (0, 1):
                    sys.exit(result.stderr.decode())
                files = [json.loads(line) for line in
                         result.stdout.decode().splitlines()
                         if line.startswith('{"path"')]
                fetched = sum(f["fetched"]["bytes"] for f in files)
                reads = sum(f["fetched"]["reads"] for f in files)
                log = server.access_log()
                sent = sum(e.bytes_sent for e in log)
                print(f"  colcheck -j {jobs:>2}: {elapsed:6.2f} s, "
                      f"{len(files) / elapsed:8.0f} files/s, "
                      f"{fetched / len(files):,.0f} bytes "
                      f"({100 * fetched / len(files) / size:.3f}% of the "
                      f"file) in {reads / len(files):.1f} requests per file; "
                      f"nginx sent {sent / len(files):,.0f} bytes per file")
            sample = urls[:args.sample]
            start = time.monotonic()
            for url in sample:
                subprocess.run(["curl", "-sS", "-o", os.devnull, url],
                               check=True)
            elapsed = time.monotonic() - start
            print(f"  downloading whole (curl, one at a time, {len(sample)} "
                  f"files): {len(sample) / elapsed:.2f} files/s, "
                  f"{size:,} bytes per file")


if __name__ == "__main__":
    main()
