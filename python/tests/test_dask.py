"""colcheck.dask on a real cluster: a distributed.LocalCluster with two
worker processes validates the real-world corpus (or corpus/ when it is
absent) through file:// paths and through http:// URLs from a private
nginx. Every file's verdict and findings must equal the command line's
JSON, file for file; a missing file is a row of its own and the run
finishes.
"""

import json
import os
import pathlib
import subprocess
import sys

import pytest

import colcheck
import colcheck.dask

distributed = pytest.importorskip("distributed")

SOURCE = pathlib.Path(os.environ.get("COLCHECK_SOURCE_DIR", "."))
CLI = os.environ.get("COLCHECK_CLI", "colcheck")
FIELDS = ("code", "severity", "offset", "length", "field", "column",
          "message", "known_bug")


@pytest.fixture(scope="module")
def corpus():
    real_world = pathlib.Path(os.environ.get("COLCHECK_REAL_WORLD_CORPUS", ""))
    if real_world.is_dir() and str(real_world) not in ("", "."):
        return real_world.resolve()
    print("test_dask: COLCHECK_REAL_WORLD_CORPUS not found; using corpus/",
          file=sys.stderr)
    return (SOURCE / "corpus").resolve()


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                  processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        yield client


def cli_reports(files):
    """The command line's JSON entry of each file, by path."""
    listing = "\n".join(map(str, files)) + "\n"
    result = subprocess.run([CLI, "validate", "--format", "json", "-j", "2",
                             "--files-from", "-"], input=listing.encode(),
                            capture_output=True, check=False)
    assert result.returncode in (0, 1), result.stderr.decode()
    return {f["path"]: f for f in json.loads(result.stdout)["files"]}


def expect_equal(frame, expected, name_of):
    files = frame[frame.kind == "file"]
    assert sorted(map(name_of, files.path)) == sorted(expected)
    for path, group in frame.groupby("path"):
        want = expected[name_of(path)]
        head = group[group.kind == "file"].iloc[0]
        assert head["verdict"] == want["verdict"], path
        assert head["format"] == want["format"], path
        assert head["size"] == want["size"], path
        got = [tuple("" if pd_isna(v) else v for v in row)
               for row in group[group.kind == "diagnostic"][list(FIELDS)]
               .itertuples(index=False)]
        assert got == [tuple(d.get(f, "") for f in FIELDS)
                       for d in want["diagnostics"]], path


def pd_isna(value):
    import pandas as pd
    return value is None or (not isinstance(value, str) and pd.isna(value))


def test_file_urls_equal_the_cli(client, corpus):
    frame = colcheck.dask.validate(["file://" + str(corpus)], client=client,
                                   partition_size=64)
    files = colcheck.dask.list_files(["file://" + str(corpus)])
    assert frame.npartitions == -(-len(files) // 64)
    result = frame.compute()
    expected = cli_reports([f[len("file://"):] for f in files])
    expect_equal(result, expected, lambda p: p[len("file://"):])
    verdicts = result[result.kind == "file"].verdict.value_counts()
    print(f"test_dask: {len(files)} files: {dict(verdicts)}", file=sys.stderr)


def test_http_urls_equal_the_cli(client, corpus):
    sys.path.insert(0, str(SOURCE / "tests" / "http"))
    import nginx
    if not nginx.available():
        pytest.skip("nginx not installed")
    files = [f[len("file://"):] for f in
             colcheck.dask.list_files(["file://" + str(corpus)])]
    with nginx.Nginx(corpus) as server:
        urls = {server.url(pathlib.Path(f).relative_to(corpus)): f
                for f in files}
        frame = colcheck.dask.validate(list(urls), client=client,
                                       level="full", partition_size=100)
        result = frame.compute()
    expect_equal(result, cli_reports(files), lambda u: urls[u])
    fetched = result[result.kind == "file"].bytes_fetched
    assert (fetched > 0).all()


def test_missing_files_are_rows_and_the_run_finishes(client, corpus):
    some = colcheck.dask.list_files([str(corpus)])[:3]
    frame = colcheck.dask.validate(
        some + [str(corpus / "no-such-file.parquet")], client=client,
        partition_size=2).compute()
    files = frame[frame.kind == "file"]
    assert len(files) == 4
    missing = files[files.path.str.endswith("no-such-file.parquet")].iloc[0]
    assert missing.verdict == "error"
    assert "No such file or directory" in missing.error


def test_the_current_client_is_the_default(corpus):
    # The module's client is the current one: no client= needed.
    some = colcheck.dask.list_files([str(corpus)])[:5]
    frame = colcheck.dask.validate(some, level="footer").compute()
    assert sorted(frame[frame.kind == "file"].path) == sorted(some)


class DieOn(distributed.WorkerPlugin):
    """Makes a worker's process exit when a batch holds `path`."""

    def __init__(self, path):
        self.path = path

    def setup(self, worker):
        import colcheck.dask as module
        original = module.validate_batch
        path = self.path

        def validate_batch(paths, options, storage_options):
            if path in paths:
                os._exit(1)
            return original(paths, options, storage_options)

        module.validate_batch = validate_batch


def test_a_batch_that_kills_its_worker_becomes_error_rows(corpus):
    import dask
    files = colcheck.dask.list_files([str(corpus)])[:4]
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                     processes=True, dashboard_address=None,
                                     silence_logs=50) as cluster, \
            distributed.Client(cluster) as client:
        client.register_worker_plugin(DieOn(files[3]))
        frame = colcheck.dask.validate(files, client=client,
                                       partition_size=2).compute()
    rows = frame[frame.kind == "file"].set_index("path")
    assert sorted(rows.index) == sorted(files)
    for path in files[:2]:
        assert rows.loc[path, "verdict"] != "error", path
    for path in files[2:]:
        assert rows.loc[path, "verdict"] == "error", path
        assert "the batch failed on the cluster" in rows.loc[path, "error"]
