"""colcheck: a strict validator for Parquet and ORC files.

    >>> import colcheck
    >>> result = colcheck.validate("part-0.parquet")
    >>> result.verdict
    'valid'
    >>> for d in result.errors:
    ...     print(d.code, d.offset, d.length, d.field)

`validate` takes a path, bytes, a bytearray, a memoryview, or a binary
file-like object with `read` (an fsspec file included). It returns a
`Result` whose diagnostics carry the stable code and the exact byte span of
each finding; `Result.to_dict()` is the object `colcheck validate --format
json` prints for the file. Findings are never exceptions: only a failure of
the tool itself (a file that cannot be read) raises `ToolError`, and bad
arguments raise `ValueError`. The GIL is released while a file is checked,
so threads validate files in parallel.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
from typing import Any, BinaryIO, Iterable, Mapping, Optional, Sequence, Union

from colcheck._colcheck import ToolError, __version__
from colcheck import _colcheck

__all__ = [
    "Diagnostic", "Result", "ToolError", "codes", "explain", "plan",
    "schema", "validate", "__version__",
]

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, BinaryIO]

_LEVELS = ("footer", "pages", "full")


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    """One finding: a code and the byte span [offset, offset + length)."""

    code: str
    severity: str  # "error", "warning" or "info"
    offset: int
    length: int
    field: str  # Where, in the format's own terms; "" for the whole file.
    message: str
    column: str = ""  # The dotted column path, when one column is concerned.
    known_bug: str = ""  # The known writer bug that explains it, if any.

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class Result:
    """The validation of one file."""

    path: str
    format: str  # "parquet", "orc" or "unknown"
    size: int
    verdict: str  # "valid", "invalid", "encrypted" or "unsupported"
    complete: bool  # False when one of colcheck's own limits cut checking.
    diagnostics: tuple[Diagnostic, ...]
    suppressed: int = 0
    # For a URL or a seekable file object, read by range: {"bytes": ...,
    # "reads": ...}, what was read of it. None for paths and buffers.
    fetched: Optional[Mapping[str, int]] = None
    _json: Mapping[str, Any] = dataclasses.field(
        default_factory=dict, repr=False, compare=False)

    @property
    def valid(self) -> bool:
        """Whether no error was found (encrypted files count as valid)."""
        return self.verdict != "invalid"

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    @property
    def infos(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "info"]

    def to_dict(self) -> dict:
        """The file's object of `colcheck validate --format json`."""
        return json.loads(json.dumps(self._json))

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self._json, **kwargs)

    def to_pandas(self):
        """The diagnostics as a pandas DataFrame, one row each, with the
        file's path, format and verdict on every row."""
        import pandas as pd

        columns = [f.name for f in dataclasses.fields(Diagnostic)]
        frame = pd.DataFrame([d.to_dict() for d in self.diagnostics],
                             columns=columns)
        frame.insert(0, "verdict", self.verdict)
        frame.insert(0, "format", self.format)
        frame.insert(0, "path", self.path)
        return frame.astype({"offset": "uint64", "length": "uint64"})


def _result_of(text: str) -> Result:
    obj = json.loads(text)
    names = {f.name for f in dataclasses.fields(Diagnostic)}
    return Result(
        path=obj["path"],
        format=obj["format"],
        size=obj["size"],
        verdict=obj["verdict"],
        complete=obj.get("complete", True),
        diagnostics=tuple(
            Diagnostic(**{k: v for k, v in d.items() if k in names})
            for d in obj["diagnostics"]),
        suppressed=obj.get("suppressed", 0),
        fetched=obj.get("fetched"),
        _json=obj,
    )


def _open(source: Source, name: Optional[str],
          by_range: bool = False) -> tuple[Any, str]:
    """What the extension takes (a path or a buffer) and the name reports
    show for it."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fsdecode(source)
        return path, name if name is not None else path
    if isinstance(source, (bytes, bytearray, memoryview)):
        view = memoryview(source)
        if not view.c_contiguous:
            raise ValueError("a memoryview source must be C-contiguous")
        # The extension reads the buffer as bytes, whatever its item type.
        return view.cast("B"), name if name is not None else "<bytes>"
    read = getattr(source, "read", None)
    if read is None:
        raise TypeError(
            "source must be a path, bytes, a bytearray, a memoryview or a "
            f"binary file-like object, not {type(source).__name__}")
    if name is None:
        name = os.fsdecode(getattr(source, "path", None)
                           or getattr(source, "name", None) or "<stream>")
    if isinstance(source, io.TextIOBase):
        raise TypeError("the file-like object must be opened in binary mode")
    seekable = getattr(source, "seekable", lambda: False)()
    if seekable and by_range:
        # Read by range: only what the level needs.
        return source, name
    if seekable:
        source.seek(0)
    data = read()
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("the file-like object must be opened in binary mode")
    return data, name


Key = Union[bytes, str]
Keys = Mapping[str, Any]


def _key(value: Key, entry: str) -> bytes:
    """A key as raw bytes: bytes as they are, a str as hex digits. The
    message of a bad key names its entry, never its value."""
    if isinstance(value, str):
        try:
            value = bytes.fromhex(value)
        except ValueError:
            raise ValueError(f"keys: {entry} is not hex digits") from None
    if not isinstance(value, (bytes, bytearray)):
        raise TypeError(f"keys: {entry} must be bytes or a hex str")
    if len(value) not in (16, 24, 32):
        raise ValueError(f"keys: {entry} must be 16, 24 or 32 bytes "
                         "(AES-128, -192 or -256)")
    return bytes(value)


def _keys(keys: Optional[Keys]) -> dict:
    """The decryption keys as the extension takes them."""
    if not keys:
        return {}
    unknown = set(keys) - {"footer_key", "column_keys", "key_ids",
                           "aad_prefix"}
    if unknown:
        raise ValueError(f"keys: unknown entries {sorted(unknown)} "
                         "(footer_key, column_keys, key_ids, aad_prefix)")
    footer = keys.get("footer_key")
    prefix = keys.get("aad_prefix")
    if prefix is not None and not isinstance(prefix, str):
        raise TypeError("keys: aad_prefix must be a str")
    return {
        "footer_key": b"" if footer is None else _key(footer, "footer_key"),
        "column_keys": [(str(path), _key(k, f"column_keys[{path!r}]"))
                        for path, k in (keys.get("column_keys") or {}).items()],
        "key_ids": [(str(i), _key(k, f"key_ids[{i!r}]"))
                    for i, k in (keys.get("key_ids") or {}).items()],
        "aad_prefix": prefix,
    }


def _patterns(value: Union[None, str, Iterable[str]]) -> str:
    """Patterns as the command line takes them, comma-separated."""
    if value is None:
        return ""
    return value if isinstance(value, str) else ",".join(value)


def validate(source: Source, *, level: str = "full", strict: bool = False,
             select: Union[None, str, Iterable[str]] = None,
             ignore: Union[None, str, Iterable[str]] = None,
             severity: Optional[Mapping[str, str]] = None,
             max_diagnostics: int = 10000, threads: int = 1,
             name: Optional[str] = None,
             headers: Union[None, Mapping[str, str], Iterable[str]] = None,
             keys: Optional[Keys] = None) -> Result:
    """Validates one Parquet or ORC file.

    source: a path; an http:// or https:// URL, read with Range requests
        (only the tail at level "footer"); bytes, a bytearray or a
        memoryview; or a binary file object, read by range when it is
        seekable (an fsspec file, which reaches S3, GCS or HDFS) and whole
        otherwise.

    level: "footer" (the metadata only), "pages" (also every page header)
        or "full" (also bodies, levels, values, statistics, indexes and
        bloom filters).
    strict: every warning is an error.
    select, ignore: code patterns (a code, a group such as "stats.*", or
        "all"), as a list or a comma-separated string; `select` keeps only
        those, `ignore` drops them.
    severity: {pattern: "error" | "warning" | "info"} overrides.
    threads: threads for the column chunks of one Parquet file (0: one per
        processor); the result is the same for any count.
    name: the path shown in the result (default: the path, or "<bytes>").
    headers: HTTP request headers for a URL, as {name: value} or
        ["Name: value", ...] (an Authorization header, say).
    keys: the keys of an encrypted Parquet file (Parquet Modular
        Encryption), checked then as deeply as a plaintext one:
        {"footer_key": K, "column_keys": {"a.b": K}, "key_ids": {"kc1": K},
        "aad_prefix": "..."}, each K raw bytes or a hex str of 16, 24 or
        32 bytes. No result or message holds a key.
    """
    if level not in _LEVELS:
        raise ValueError(f"level must be one of {', '.join(_LEVELS)}, "
                         f"not {level!r}")
    if max_diagnostics < 0 or threads < 0:
        raise ValueError("max_diagnostics and threads must not be negative")
    file, shown = _open(source, name, by_range=True)
    text = _colcheck.validate(
        file, shown, _LEVELS.index(level), max_diagnostics, threads,
        None if select is None else _patterns(select), _patterns(ignore),
        ",".join(f"{k}={v}" for k, v in (severity or {}).items()), strict,
        _header_lines(headers), _keys(keys))
    return _result_of(text)


def _header_lines(headers) -> list:
    if headers is None:
        return []
    if isinstance(headers, Mapping):
        return [f"{k}: {v}" for k, v in headers.items()]
    return list(headers)


def explain(source: Source, *, footer: bool = False,
            max_diagnostics: int = 10000,
            name: Optional[str] = None, keys: Optional[Keys] = None) -> dict:
    """The layout of the file, every region from the magic to the footer,
    as `colcheck explain --format json` prints it; with footer=True also
    every Thrift (or protobuf) field of the footer with its byte span.
    keys: as validate's; an encrypted file's regions are then laid out."""
    file, shown = _open(source, name)
    return json.loads(_colcheck.explain(file, shown, footer, max_diagnostics,
                                        _keys(keys)))


def schema(source: Source, *, max_diagnostics: int = 10000,
           name: Optional[str] = None, keys: Optional[Keys] = None) -> dict:
    """The schema tree, as `colcheck schema --format json` prints it
    (keys: as validate's, for a file whose footer is encrypted)."""
    file, shown = _open(source, name)
    return json.loads(_colcheck.schema(file, shown, max_diagnostics,
                                       _keys(keys)))


def plan(source: Source, *, data: bool = False, max_diagnostics: int = 10000,
         name: Optional[str] = None, keys: Optional[Keys] = None) -> dict:
    """How each column reads, with the hazards readers meet, as `colcheck
    plan --format json` prints it; with data=True the values each hazard
    affects are counted (keys: as validate's)."""
    file, shown = _open(source, name)
    return json.loads(_colcheck.plan(file, shown, data, max_diagnostics,
                                     _keys(keys)))


def codes() -> list[dict]:
    """The registry: every code with its default severity, the spec
    sentence it rests on and a summary."""
    return json.loads(_colcheck.codes())["codes"]
