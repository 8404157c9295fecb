"""Validation of a whole lake on Dask.

    >>> from distributed import Client, LocalCluster
    >>> import colcheck.dask
    >>> client = Client(LocalCluster(n_workers=4))   # or Client("tcp://scheduler:8786")
    >>> findings = colcheck.dask.validate(["s3://lake/events/"], level="footer")
    >>> findings[findings.kind == "file"].verdict.value_counts().compute()

`validate` lists the files with fsspec (globs, directories searched for
Parquet and ORC names, single files and http(s) URLs), validates them on
the cluster's workers in batches of `partition_size` files, and returns a
Dask DataFrame with one row per file (kind "file": verdict, format, size,
complete, bytes fetched, or the tool error that stopped it) and one row per
diagnostic (kind "diagnostic": code, severity, offset, length, field,
column, message, known_bug). A file that cannot be read, and a batch whose
worker died, become rows with verdict "error" and the reason in `error`:
the run always finishes.
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Mapping, Optional, Union

import pandas as pd

import colcheck

COLUMNS = {
    "path": "object",
    "kind": "object",  # "file" or "diagnostic"
    "verdict": "object",  # valid, invalid, encrypted, unsupported or error
    "format": "object",
    "size": "Int64",
    "complete": "boolean",
    "bytes_fetched": "Int64",
    "error": "object",
    "code": "object",
    "severity": "object",
    "offset": "Int64",
    "length": "Int64",
    "field": "object",
    "column": "object",
    "message": "object",
    "known_bug": "object",
}

_SUFFIXES = (".parquet", ".parq", ".pq", ".orc")


def _frame(rows: list) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    return frame.astype(COLUMNS)


def _error_row(path: str, message: str) -> dict:
    return {"path": path, "kind": "file", "verdict": "error",
            "error": message}


def _rows_of(path: str, result: colcheck.Result) -> list:
    fetched = result.fetched["bytes"] if result.fetched else None
    rows = [{"path": path, "kind": "file", "verdict": result.verdict,
             "format": result.format, "size": result.size,
             "complete": result.complete, "bytes_fetched": fetched}]
    for d in result.diagnostics:
        rows.append({"path": path, "kind": "diagnostic",
                     "verdict": result.verdict, "format": result.format,
                     "code": d.code, "severity": d.severity,
                     "offset": d.offset, "length": d.length,
                     "field": d.field, "column": d.column,
                     "message": d.message, "known_bug": d.known_bug})
    return rows


def _validate_one(path: str, options: Mapping[str, Any],
                  storage_options: Mapping[str, Any]) -> list:
    import fsspec
    try:
        if _is_url(path):
            result = colcheck.validate(path, **options)
        else:
            fs, local = fsspec.core.url_to_fs(path, **storage_options)
            protocols = fs.protocol if isinstance(fs.protocol, tuple) \
                else (fs.protocol,)
            if "file" in protocols:  # Mapped, as the command line does.
                result = colcheck.validate(local, name=path, **options)
            else:  # Read by range through fsspec.
                with fs.open(local, "rb") as f:
                    result = colcheck.validate(f, name=path, **options)
    except (OSError, ValueError) as e:  # ToolError is an OSError.
        return [_error_row(path, str(e))]
    return _rows_of(path, result)


def _is_url(path: str) -> bool:
    return path.lower().startswith(("http://", "https://"))


def validate_batch(paths: list, options: Mapping[str, Any],
                   storage_options: Mapping[str, Any]) -> pd.DataFrame:
    """Validates `paths` on this process: one batch, one partition."""
    rows = []
    for path in paths:
        rows += _validate_one(path, options, storage_options)
    return _frame(rows)


def list_files(paths_or_globs: Union[str, Iterable[str]],
               storage_options: Optional[Mapping[str, Any]] = None) -> list:
    """The files `paths_or_globs` names, in order: a glob's matches, the
    Parquet and ORC names under a directory, and anything else as given
    (http(s) URLs, single files, missing files, which then fail alone)."""
    import fsspec
    if isinstance(paths_or_globs, (str, os.PathLike)):
        paths_or_globs = [paths_or_globs]
    files = []
    for item in map(os.fspath, paths_or_globs):
        if _is_url(item):
            files.append(item)
            continue
        fs, local = fsspec.core.url_to_fs(item, **(storage_options or {}))
        protocol = item.split("://", 1)[0] + "://" if "://" in item else ""
        if any(c in local for c in "*?["):
            matches = sorted(fs.glob(local))
        elif fs.isdir(local):
            matches = sorted(p for p in fs.find(local)
                             if p.lower().endswith(_SUFFIXES))
        else:
            files.append(item)
            continue
        files += [protocol + m if protocol and "://" not in m else m
                  for m in matches]
    return files


def validate(paths_or_globs: Union[str, Iterable[str]], client=None, *,
             level: str = "full", partition_size: int = 64,
             storage_options: Optional[Mapping[str, Any]] = None,
             **options: Any):
    """Validates every file `paths_or_globs` names on a Dask cluster.

    client: a distributed.Client (default: the current one, if any; else
        Dask's local threads, which the released GIL lets run in parallel).
    level, and any keyword of colcheck.validate (strict, select, ignore,
        severity, max_diagnostics, headers): as there.
    partition_size: files per task and per partition of the result.
    storage_options: for fsspec (credentials of an object store).

    Returns a dask.dataframe.DataFrame of the columns in COLUMNS.
    """
    import dask
    import dask.dataframe as dd
    if partition_size < 1:
        raise ValueError("partition_size must be at least 1")
    storage = dict(storage_options or {})
    files = list_files(paths_or_globs, storage)
    options = {"level": level, **options}
    batches = [files[i:i + partition_size]
               for i in range(0, len(files), partition_size)]
    meta = _frame([])
    if not batches:
        return dd.from_pandas(meta, npartitions=1)
    if client is None:
        try:
            from distributed import default_client
            client = default_client()
        except (ImportError, ValueError):
            client = None
    if client is None:
        parts = [dask.delayed(validate_batch)(b, options, storage)
                 for b in batches]
        return dd.from_delayed(parts, meta=meta, verify_meta=False)
    futures = client.map(validate_batch, batches, options=options,
                         storage_options=storage, pure=False)
    from distributed import wait
    wait(futures)
    parts = []
    for batch, future in zip(batches, futures):
        if future.status == "finished":
            parts.append(future)
        else:
            # The batch's worker died (or the task failed) more often than
            # the scheduler retries: its files are tool errors.
            reason = f"the batch failed on the cluster: {future.exception()!r}"
            parts.append(client.scatter(
                _frame([_error_row(p, reason) for p in batch])))
    return dd.from_delayed(parts, meta=meta, verify_meta=False)
