"""A private nginx (Debian's) serving a directory on a loopback port.

Tests and benchmarks start it and stop it themselves:

    with Nginx(root) as server:
        url = server.url("a/b.parquet")
        ...
        for entry in server.access_log():   # what was asked and sent
            entry.path, entry.range, entry.status, entry.bytes_sent

`ranges=False` serves without Range support (`max_ranges 0`): every GET
gets 200 and the whole file, as some servers do.
"""

import dataclasses
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

CONFIG = """
daemon off;
master_process off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 256; }}
http {{
  log_format ranges '$uri\\t$http_range\\t$status\\t$body_bytes_sent';
  access_log {tmp}/access.log ranges;
  client_body_temp_path {tmp}/body;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  types {{ }}
  default_type application/octet-stream;
  keepalive_requests 100000;
  server {{
    listen 127.0.0.1:{port};
    root {root};
    {max_ranges}
  }}
}}
"""


@dataclasses.dataclass
class LogEntry:
    path: str        # The file asked for, from the root.
    range: str       # The Range header ("" when none).
    status: int
    bytes_sent: int  # Body bytes.


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def available():
    return os.path.exists(NGINX)


class Nginx:
    def __init__(self, root, ranges=True):
        self.root = pathlib.Path(root).resolve()
        self.ranges = ranges
        self.port = None
        self._tmp = None
        self._process = None

    def __enter__(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="colcheck-nginx-")
        tmp = self._tmp.name
        self.port = free_port()
        config = pathlib.Path(tmp) / "nginx.conf"
        config.write_text(CONFIG.format(
            tmp=tmp, port=self.port, root=self.root,
            max_ranges="" if self.ranges else "max_ranges 0;"))
        self._process = subprocess.Popen(
            [NGINX, "-p", tmp, "-c", str(config), "-e", f"{tmp}/error.log"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return self
            except OSError:
                if self._process.poll() is not None or \
                        time.monotonic() > deadline:
                    error = self._process.stderr.read().decode(errors="replace")
                    self.__exit__(None, None, None)
                    raise RuntimeError(f"nginx did not start: {error}")
                time.sleep(0.05)

    def __exit__(self, *exc):
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process.stderr.close()
            self._process = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def url(self, relative):
        quoted = urllib.parse.quote(str(relative))
        return f"http://127.0.0.1:{self.port}/{quoted}"

    def access_log(self):
        """Every request so far (nginx writes each as it completes)."""
        log = pathlib.Path(self._tmp.name) / "access.log"
        if not log.exists():
            return []
        entries = []
        for line in log.read_text().splitlines():
            path, range_, status, sent = line.split("\t")
            entries.append(LogEntry(
                urllib.parse.unquote(path.lstrip("/")),
                "" if range_ == "-" else range_, int(status), int(sent)))
        return entries

    def clear_log(self):
        log = pathlib.Path(self._tmp.name) / "access.log"
        if log.exists():
            log.write_text("")
