"""The colcheck Python package against the command line.

The package renders through the same reports/ code as `colcheck validate
--format json`, so every result must equal the CLI's JSON for the same file,
and every kind of source (path, bytes, bytearray, memoryview, file objects,
fsspec files) must give the same findings. Run by ctest (python_package)
with PYTHONPATH at the built package, COLCHECK_CLI at the built command and
COLCHECK_SOURCE_DIR at the repository.
"""

import io
import json
import os
import pathlib
import subprocess

import pytest

import colcheck

SOURCE = pathlib.Path(os.environ.get("COLCHECK_SOURCE_DIR", "."))
CLI = os.environ.get("COLCHECK_CLI", "colcheck")
CORPUS = SOURCE / "corpus"


def cli_json(*args):
    result = subprocess.run([CLI, *args], capture_output=True, check=False)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def corpus_files():
    files = sorted(CORPUS.glob("valid/*.parquet"))
    files += sorted(CORPUS.glob("invalid/*/*.parquet"))
    files += sorted(CORPUS.glob("orc/valid/*.orc"))
    files += sorted(CORPUS.glob("orc/invalid/*/*.orc"))
    if not files:
        pytest.skip(f"no corpus under {CORPUS}")
    return [str(f) for f in files]


@pytest.fixture(scope="module")
def invalid_file():
    files = sorted(CORPUS.glob("invalid/bloom.false-negative/*.parquet"))
    if not files:
        pytest.skip("corpus/invalid missing")
    return str(files[0])


def test_every_corpus_file_equals_the_cli_json():
    files = corpus_files()
    expected = cli_json("validate", "--format", "json", "--threads", "1",
                        *files)["files"]
    assert [f["path"] for f in expected] == files
    for path, want in zip(files, expected):
        result = colcheck.validate(path)
        assert result.to_dict() == want, path
        assert result.path == path
        assert result.verdict == want["verdict"]
        assert [(d.code, d.offset, d.length) for d in result.diagnostics] == [
            (d["code"], d["offset"], d["length"]) for d in want["diagnostics"]]


def test_every_kind_of_source_gives_the_same_findings(invalid_file, tmp_path):
    by_path = colcheck.validate(invalid_file).to_dict()
    data = pathlib.Path(invalid_file).read_bytes()
    sources = {
        "bytes": data,
        "bytearray": bytearray(data),
        "memoryview": memoryview(data),
        "BytesIO": io.BytesIO(data),
        "PathLike": pathlib.Path(invalid_file),
    }
    for kind, source in sources.items():
        got = colcheck.validate(source, name=invalid_file).to_dict()
        # A seekable file object is read by range, and says what it read.
        fetched = got.pop("fetched", None)
        assert (fetched is not None) == (kind == "BytesIO"), kind
        assert got == by_path, kind
    with open(invalid_file, "rb") as f:
        f.read(10)  # A file object is read from its start.
        got = colcheck.validate(f).to_dict()
    assert got.pop("fetched")["bytes"] == len(data)
    assert got == by_path
    assert colcheck.validate(data).path == "<bytes>"
    # Any item type is read as its bytes; a strided view is refused.
    padded = bytearray(data) + bytes(-len(data) % 8)
    words = memoryview(padded).cast("Q")
    assert colcheck.validate(words).size == len(padded)
    with pytest.raises(ValueError):
        colcheck.validate(memoryview(data)[::2])


def test_fsspec_files(invalid_file):
    fsspec = pytest.importorskip("fsspec")
    by_path = colcheck.validate(invalid_file).to_dict()
    with fsspec.open("file://" + os.path.abspath(invalid_file), "rb") as f:
        got = colcheck.validate(f, name=invalid_file)
    assert got.fetched is not None
    assert {k: v for k, v in got.to_dict().items() if k != "fetched"} == \
        by_path
    memory = fsspec.filesystem("memory")
    memory.pipe("/lake/part-0.parquet", pathlib.Path(invalid_file).read_bytes())
    with memory.open("/lake/part-0.parquet", "rb") as f:
        got = colcheck.validate(f)
    assert got.path == "/lake/part-0.parquet"
    assert got.diagnostics == colcheck.validate(invalid_file).diagnostics


def test_options_match_the_cli_flags(invalid_file):
    cases = [
        ([], {}),
        (["--level", "footer"], {"level": "footer"}),
        (["--level", "pages"], {"level": "pages"}),
        (["--strict"], {"strict": True}),
        (["--ignore", "bloom"], {"ignore": ["bloom"]}),
        (["--ignore", "bloom.*,stats"], {"ignore": "bloom.*,stats"}),
        (["--select", "bloom.false-negative"],
         {"select": ["bloom.false-negative"]}),
        (["--severity", "bloom=warning"], {"severity": {"bloom": "warning"}}),
        (["--max-diagnostics", "1"], {"max_diagnostics": 1}),
    ]
    for flags, kwargs in cases:
        want = cli_json("validate", "--format", "json", *flags,
                        invalid_file)["files"][0]
        got = colcheck.validate(invalid_file, **kwargs)
        assert got.to_dict() == want, flags


def test_the_same_findings_on_any_thread_count(invalid_file):
    one = colcheck.validate(invalid_file, threads=1)
    assert colcheck.validate(invalid_file, threads=0) == one
    assert colcheck.validate(invalid_file, threads=3) == one


def test_tool_errors_and_bad_arguments(invalid_file, tmp_path):
    with pytest.raises(colcheck.ToolError) as missing:
        colcheck.validate(str(tmp_path / "missing.parquet"))
    assert isinstance(missing.value, OSError)
    assert "missing.parquet" in str(missing.value)
    with pytest.raises(colcheck.ToolError):
        colcheck.validate(str(tmp_path))  # A directory.
    with pytest.raises(ValueError):
        colcheck.validate(invalid_file, level="deep")
    with pytest.raises(ValueError):
        colcheck.validate(invalid_file, ignore=["no.such-code"])
    with pytest.raises(ValueError):
        colcheck.validate(invalid_file, severity={"bloom": "fatal"})
    with pytest.raises(ValueError):
        colcheck.validate(invalid_file, threads=-1)
    with pytest.raises(TypeError):
        colcheck.validate(42)
    text = tmp_path / "text.txt"
    text.write_text("PAR1")
    with open(text, "r") as f, pytest.raises(TypeError):
        colcheck.validate(f)


def test_findings_are_results_not_exceptions():
    result = colcheck.validate(b"not a columnar file")
    assert result.verdict == "invalid"
    assert not result.valid
    assert result.format == "unknown"
    assert result.errors and all(d.severity == "error" for d in result.errors)
    empty = colcheck.validate(b"")
    assert empty.verdict == "invalid"


def test_conversions(invalid_file):
    result = colcheck.validate(invalid_file)
    assert json.loads(result.to_json()) == result.to_dict()
    assert [d.to_dict()["code"] for d in result.diagnostics] == [
        d["code"] for d in result.to_dict()["diagnostics"]]
    pandas = pytest.importorskip("pandas")
    frame = result.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert len(frame) == len(result.diagnostics)
    assert list(frame.columns) == [
        "path", "format", "verdict", "code", "severity", "offset", "length",
        "field", "message", "column", "known_bug"]
    assert list(frame["offset"]) == [d.offset for d in result.diagnostics]
    assert str(frame["offset"].dtype) == "uint64"
    assert len(colcheck.validate(CORPUS / "valid" / "all_nulls.parquet")
               .to_pandas()) == 0


def test_inspection_views_equal_the_cli(invalid_file):
    assert colcheck.explain(invalid_file) == cli_json(
        "explain", "--format", "json", invalid_file)
    assert colcheck.explain(invalid_file, footer=True) == cli_json(
        "explain", "--format", "json", "--footer", invalid_file)
    assert colcheck.schema(invalid_file) == cli_json(
        "schema", "--format", "json", invalid_file)
    assert colcheck.plan(invalid_file) == cli_json(
        "plan", "--format", "json", invalid_file)
    assert colcheck.plan(invalid_file, data=True) == cli_json(
        "plan", "--format", "json", "--data", invalid_file)
    data = pathlib.Path(invalid_file).read_bytes()
    assert colcheck.plan(data, data=True, name=invalid_file) == \
        colcheck.plan(invalid_file, data=True)
    orc = sorted(CORPUS.glob("orc/valid/*.orc"))
    if orc:
        assert colcheck.schema(orc[0]) == cli_json(
            "schema", "--format", "json", str(orc[0]))


def test_codes_are_the_registry():
    assert colcheck.codes() == cli_json("codes", "--format", "json")["codes"]
    names = {c["code"] for c in colcheck.codes()}
    assert "bloom.false-negative" in names


class CountingFile(io.BytesIO):
    """A file object that records the bytes each read() returns."""

    def __init__(self, data):
        super().__init__(data)
        self.read_sizes = []

    def read(self, n=-1):
        data = super().read(n)
        self.read_sizes.append(len(data))
        return data


def large_external_file():
    root = pathlib.Path(os.environ.get("COLCHECK_EXTERNAL_CORPUS", ""))
    files = sorted(p for p in root.rglob("*.parquet") if p.is_file()) \
        if root.is_dir() else []
    if not files:
        pytest.skip(f"no Parquet file under {root} (COLCHECK_EXTERNAL_CORPUS)")
    return max(files, key=lambda p: p.stat().st_size)


def test_a_seekable_file_object_is_read_by_range():
    path = large_external_file()
    data = path.read_bytes()
    for level in ("footer", "pages", "full"):
        f = CountingFile(data)
        got = colcheck.validate(f, level=level, name=str(path))
        want = colcheck.validate(str(path), level=level).to_dict()
        assert {k: v for k, v in got.to_dict().items()
                if k != "fetched"} == want, level
        assert got.fetched["bytes"] == sum(f.read_sizes), level
        assert got.fetched["reads"] == len(f.read_sizes), level
        if level == "footer":
            assert got.fetched["bytes"] * 4 < len(data), got.fetched


def test_a_failing_file_object_is_a_tool_error(invalid_file):
    class Broken(io.BytesIO):
        def read(self, n=-1):
            raise OSError("the bucket went away")

    with pytest.raises(colcheck.ToolError, match="the bucket went away"):
        colcheck.validate(Broken(pathlib.Path(invalid_file).read_bytes()))


def test_urls_are_read_by_range(invalid_file):
    import sys
    sys.path.insert(0, str(SOURCE / "tests" / "http"))
    import nginx
    if not nginx.available():
        pytest.skip("nginx not installed")
    path = pathlib.Path(invalid_file).resolve()
    with nginx.Nginx(path.parent) as server:
        url = server.url(path.name)
        got = colcheck.validate(url, headers={"X-Colcheck-Test": "1"})
        with pytest.raises(colcheck.ToolError, match="HTTP 404"):
            colcheck.validate(server.url("missing.parquet"))
    want = colcheck.validate(str(path)).to_dict()
    got_dict = got.to_dict()
    assert got_dict.pop("fetched") == got.fetched
    assert got_dict.pop("path") == url
    want.pop("path")
    assert got_dict == want
    assert got.fetched["bytes"] == path.stat().st_size


def test_the_gil_is_released_while_validating():
    # A thread stamps the time as fast as it can while validate runs. With
    # the GIL held through the C++ call, its stamps would stop for the whole
    # call; released, they go on. One call in five with no gap longer than
    # half the call is enough (a loaded machine may pause the thread).
    import threading
    import time
    data = large_external_file().read_bytes()
    stamps = []
    stop = threading.Event()

    def stamp():
        while not stop.is_set():
            stamps.append(time.perf_counter())

    thread = threading.Thread(target=stamp)
    thread.start()
    calls = []
    try:
        for _ in range(5):
            time.sleep(0.01)
            start = time.perf_counter()
            colcheck.validate(data)
            calls.append((start, time.perf_counter()))
    finally:
        stop.set()
        thread.join()

    def largest_gap(start, end):
        inside = [start] + [s for s in stamps if start < s < end] + [end]
        return max(b - a for a, b in zip(inside, inside[1:]))

    assert any(largest_gap(s, e) < (e - s) / 2 for s, e in calls), [
        (round(e - s, 4), round(largest_gap(s, e), 4)) for s, e in calls]


# parquet-testing's encrypted files, with the keys its README documents.
FOOTER_KEY = b"0123456789012345"
COLUMN_KEYS = {"kc1": b"1234567890123450", "kc2": b"1234567890123451"}


def encrypted_external_file():
    root = pathlib.Path(os.environ.get("COLCHECK_EXTERNAL_CORPUS", ""))
    path = (root / "parquet-testing" / "data" /
            "encrypt_columns_and_footer_aad.parquet.encrypted")
    if not path.is_file():
        pytest.skip(f"{path} is absent (COLCHECK_EXTERNAL_CORPUS)")
    return str(path)


def test_keys_decrypt_as_the_cli_does():
    path = encrypted_external_file()
    keys = {"footer_key": FOOTER_KEY, "key_ids": COLUMN_KEYS}
    flags = ["--footer-key", FOOTER_KEY.hex()]
    for key_id, key in COLUMN_KEYS.items():
        flags += ["--key-id", f"{key_id}={key.hex()}"]
    result = colcheck.validate(path, keys=keys)
    assert result.verdict == "valid"
    assert result.to_dict() == cli_json("validate", "--format", "json",
                                        *flags, path)["files"][0]
    # Hex strings are keys too, and without keys the file stays encrypted.
    hex_keys = {"footer_key": FOOTER_KEY.hex(),
                "key_ids": {k: v.hex() for k, v in COLUMN_KEYS.items()}}
    assert colcheck.validate(path, keys=hex_keys).to_dict() == \
        result.to_dict()
    assert colcheck.validate(path).verdict == "encrypted"
    assert colcheck.explain(path, keys=keys) == cli_json(
        "explain", "--format", "json", *flags, path)
    assert colcheck.schema(path, keys=keys)["schema"]
    for key in (FOOTER_KEY, *COLUMN_KEYS.values()):
        for form in (key.hex(), key.hex().upper(), key.decode()):
            assert form not in result.to_json()


def test_bad_keys_raise_without_the_key():
    path = encrypted_external_file()
    with pytest.raises(ValueError) as e:
        colcheck.validate(path, keys={"footer_key": "00112233zz"})
    assert "00112233zz" not in str(e.value)
    with pytest.raises(ValueError, match="16, 24 or 32"):
        colcheck.validate(path, keys={"key_ids": {"kc1": b"short"}})
    with pytest.raises(ValueError, match="unknown"):
        colcheck.validate(path, keys={"footer": FOOTER_KEY})
