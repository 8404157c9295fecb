"""Reads generated files back with independent readers and compares.

A file the writer made from a FileSpec must read back, in another
project's reader, to the values of spec.rows. peers/read_values.mjs runs
DuckDB (@duckdb/node-api) or hyparquet and prints each row in a typed JSON
form (see its header); this module knows what each reader makes of each
Parquet type and compares value by value:

    with Readers(["duckdb", "hyparquet"]) as readers:
        for reader, mismatches, skipped in readers.compare(spec, path):
            ...

Readers convert, and some conversions lose information by design; the
comparison allows exactly those, per reader, and nothing else:

* DuckDB reads TIMESTAMP(NANOS) adjusted to UTC as microseconds rounded
  toward zero, INT96 as microseconds rounded down, TIME in every unit as
  microseconds rounded toward zero, and DECIMAL wider than 38 digits as
  DOUBLE.
* hyparquet reads every DECIMAL as a JS number (unscaled / 10^scale),
  leaves TIME and ENUM as stored, and gives maps as JS objects.

What a reader cannot read at all (a codec, a type, a legacy shape) is
listed in _file_limit, _leaf_limit and _node_limit with the reason; those
columns are left out for that reader, and compare() says which and why.
"""

import json
import math
import os
import shutil
import struct
import subprocess

from colcheck_gen.common.paths import REPO
from colcheck_gen.parquet import writer

PEERS = os.path.join(REPO, "peers")
READ_VALUES = os.path.join(PEERS, "read_values.mjs")
READERS = ("duckdb", "hyparquet")
_UNIT_NANOS = {"s": 10**9, "ms": 10**6, "us": 10**3, "ns": 1,
               "MILLIS": 10**6, "MICROS": 10**3, "NANOS": 1}


class ReadersUnavailable(RuntimeError):
    """node or the npm packages of peers/ are missing."""


def check_available():
    """Raises ReadersUnavailable unless node and peers/node_modules exist."""
    if shutil.which("node") is None:
        raise ReadersUnavailable("node is not on PATH (scripts/install-deps.sh)")
    for package in ("@duckdb/node-api", "hyparquet", "hyparquet-compressors"):
        if not os.path.isdir(os.path.join(PEERS, "node_modules", package)):
            raise ReadersUnavailable(
                f"peers/node_modules/{package} is missing "
                "(scripts/install-peers.sh)")


# ---- what each reader cannot read ------------------------------------------

def _nodes(nodes):
    for node in nodes:
        yield node
        yield from _nodes(writer.child_nodes(node))


def _file_limit(spec, reader):
    """Why `reader` cannot open files of `spec` at all, or None. DuckDB
    converts the whole schema before it reads any column."""
    if reader != "duckdb":
        return None
    for node in _nodes(spec.schema):
        if isinstance(node, writer.Leaf) and isinstance(node.logical,
                                                        writer.Bson):
            return "DuckDB 1.5 has no BSON type (converted type 20)"
        if isinstance(node, writer.MapOf) and node.shape == "map-key-value":
            return ("DuckDB 1.5 rejects MAP_KEY_VALUE on the outer group "
                    "of a map")
    return None


def _leaf_limit(leaf, style, reader):
    """Why `reader` cannot read the chunks of `leaf` written in `style`, or
    None."""
    if style.codec == "LZ4":
        return {"duckdb": "DuckDB 1.5",
                "hyparquet": "hyparquet-compressors 1.1.2"}[reader] + \
            " does not read Hadoop-framed LZ4"
    if reader == "duckdb":
        if (style.encoding == "BYTE_STREAM_SPLIT" and
                leaf.physical not in ("FLOAT", "DOUBLE")):
            return "DuckDB 1.5 reads BYTE_STREAM_SPLIT only for FLOAT, DOUBLE"
        if (style.encoding == "DELTA_LENGTH_BYTE_ARRAY" and
                isinstance(leaf.logical, (writer.Decimal, writer.Unknown))):
            return ("DuckDB 1.5 reads DELTA_LENGTH_BYTE_ARRAY only into "
                    "strings and blobs")
    elif isinstance(leaf.logical, (writer.Bson, writer.Interval)):
        return f"hyparquet 1.33 throws on {type(leaf.logical).__name__}"
    elif (leaf.physical == "BOOLEAN" and
          style.encoding in ("DICTIONARY", "PLAIN_DICTIONARY")):
        return ("hyparquet 1.33 reads dictionary-encoded BOOLEAN pages as "
                "RLE booleans")
    elif style.codec == "LZ4_RAW":
        return ("hyparquet-compressors 1.1.2 fails on the one-byte LZ4 block "
                "of an empty section")
    return None


def _node_limit(node, reader):
    """Why `reader` reads the shape of `node` as something else, or None."""
    if reader == "duckdb":
        if (isinstance(node, writer.Group) and
                node.repetition == writer.REPEATED and
                len(node.children) == 1):
            # LT: an unannotated repeated field is a list of itself.
            return ("DuckDB 1.5 reads an unannotated repeated group of one "
                    "field as a list of that field")
        if (isinstance(node, writer.ListOf) and
                node.shape in ("array", "tuple") and
                len(node.element.children) == 1):
            # LT backward-compatibility rule 4: the group is the element.
            return ("DuckDB 1.5 reads an array or <name>_tuple group of one "
                    "field as that field")
        return None
    if isinstance(node, writer.MapOf) and node.shape == "map-key-value":
        return "hyparquet 1.33 reads a MAP_KEY_VALUE outer group as a struct"
    if (isinstance(node, writer.ListOf) and node.shape != "three-level" and
            not isinstance(node.element, writer.Leaf)):
        return ("hyparquet 1.33 reads a legacy list of groups as a struct "
                "(it knows three-level lists and two-level lists of "
                "primitives)")
    return None


def _column_limit(spec, node, reader):
    """Why `reader` cannot read the top-level column `node`, or None."""
    for n in _nodes([node]):
        why = _node_limit(n, reader)
        if why:
            return why
    for path, leaf in writer.leaf_paths([node]):
        why = _leaf_limit(leaf, spec.style(path.split(".")), reader)
        if why:
            return why
    return None


def readable_columns(spec, reader):
    """(names of the top-level columns `reader` can read, {name: why not}
    for the others); no names at all when it cannot open the file."""
    why = _file_limit(spec, reader)
    if why:
        return [], {node.name: why for node in spec.schema}
    names, skipped = [], {}
    for node in spec.schema:
        why = _column_limit(spec, node, reader)
        if why:
            skipped[node.name] = why
        else:
            names.append(node.name)
    return names, skipped


# ---- comparison --------------------------------------------------------------

def _bits(x):
    return struct.pack(">d", x).hex()


def _number(actual):
    """The float a typed {"n": bits} holds, or None."""
    if isinstance(actual, dict) and "n" in actual:
        return struct.unpack(">d", bytes.fromhex(actual["n"]))[0]
    return None


def _integer(actual):
    """The exact integer of a typed number or bigint, or None."""
    if isinstance(actual, dict) and "i" in actual:
        return int(actual["i"])
    x = _number(actual)
    if x is not None and math.isfinite(x) and x == int(x):
        return int(x)
    return None


def _truncate(value, factor):
    """value / factor rounded toward zero, as C++ integer division does."""
    q = abs(value) // factor
    return q if value >= 0 else -q


def _in_unit(nanos, unit, floor):
    """`nanos` in the reader's `unit`, rounded down or toward zero."""
    factor = _UNIT_NANOS[unit]
    return nanos // factor if floor else _truncate(nanos, factor)


def _float_matches(expected, actual):
    x = _number(actual)
    if x is None:
        return False
    if math.isnan(expected):
        return math.isnan(x)
    return _bits(float(expected)) == _bits(x)


def _close(a, b):
    return a == b or abs(a - b) <= 4 * math.ulp(max(abs(a), abs(b)))


def _decimal_matches(leaf, value, actual, reader):
    scale = leaf.logical.scale
    if reader == "duckdb" and leaf.logical.precision <= 38:
        return actual == {"dec": str(value), "scale": scale}
    # A double: hyparquet always, DuckDB beyond 38 digits.
    x = _number(actual)
    return x is not None and _close(x, value / 10**scale)


def _timestamp_matches(unit, value, actual, floor=False):
    """value is in `unit` since the epoch; the reader may give a coarser
    unit (DuckDB: microseconds for NANOS adjusted to UTC, rounded toward
    zero, and for INT96, rounded down)."""
    if not isinstance(actual, dict) or "ts" not in actual:
        return False
    nanos = value * _UNIT_NANOS[unit]
    return int(actual["ts"]) == _in_unit(nanos, actual["unit"], floor)


def _time_matches(leaf, value, actual, reader):
    """hyparquet leaves TIME as the stored integer; DuckDB reads every
    unit as microseconds, rounded toward zero."""
    unit = leaf.logical.unit
    if reader == "hyparquet":
        return _integer(actual) == value
    if not isinstance(actual, dict) or "time" not in actual:
        return False
    nanos = value * _UNIT_NANOS[unit]
    return int(actual["time"]) == _in_unit(nanos, actual["unit"], False)


def _text_matches(leaf, value, actual, reader):
    """STRING, JSON and ENUM hold UTF-8 text; hyparquet, told not to guess
    (utf8: false), decodes STRING and JSON but leaves ENUM as bytes."""
    if reader == "hyparquet" and isinstance(leaf.logical, writer.Enum):
        return actual == {"x": value.encode("utf-8").hex()}
    return actual == {"s": value}


def _leaf_matches(leaf, value, actual, reader):
    """Whether `actual` (typed JSON) is what `reader` makes of the Python
    value `value` of `leaf` (the writer's value conventions)."""
    logical = leaf.logical
    if isinstance(logical, writer.Decimal):
        return _decimal_matches(leaf, value, actual, reader)
    if isinstance(logical, writer.Timestamp):
        return _timestamp_matches(logical.unit, value, actual)
    if isinstance(logical, writer.Time):
        return _time_matches(leaf, value, actual, reader)
    if isinstance(logical, writer.Date):
        return actual == {"date": value}
    if isinstance(logical, (writer.String, writer.Enum, writer.Json)):
        return _text_matches(leaf, value, actual, reader)
    if isinstance(logical, writer.Uuid):
        return actual == {"uuid": value.hex()}
    if isinstance(logical, writer.Interval):
        months, days, millis = value
        return actual == {"iv": [months, days, str(millis * 1000)]}
    if isinstance(logical, writer.Float16):
        return _float_matches(value, actual)
    if leaf.physical == "INT96":
        return _timestamp_matches("NANOS", value, actual, floor=True)
    if leaf.physical == "BOOLEAN":
        return actual is value
    if leaf.physical in ("FLOAT", "DOUBLE"):
        return _float_matches(leaf.to_physical(value), actual)
    if leaf.physical in ("BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"):
        return actual == {"x": bytes(value).hex()}
    return _integer(actual) == value


def _compare(node, value, actual, reader, path, out):
    """Appends (path, expected, actual) for every difference under node."""
    if (node.repetition == writer.REPEATED and
            not isinstance(node, (writer.ListOf, writer.MapOf))):
        # A bare repeated field has no null: no values read as [].
        _compare_list(writer.list_element(node), value or [],
                      [] if actual is None else actual, reader, path, out)
    elif value is None or actual is None:
        if value is not actual:
            out.append((path, value, actual))
    elif isinstance(node, writer.Leaf):
        if not _leaf_matches(node, value, actual, reader):
            out.append((path, value, actual))
    elif isinstance(node, writer.ListOf):
        _compare_list(node.element, value, actual, reader, path, out)
    elif isinstance(node, writer.MapOf):
        _compare_map(node, value, actual, reader, path, out)
    else:
        fields = actual.get("struct") if isinstance(actual, dict) else None
        if fields is None or set(fields) != {c.name for c in node.children}:
            out.append((path, value, actual))
            return
        for child in node.children:
            _compare(child, value.get(child.name), fields[child.name],
                     reader, f"{path}.{child.name}", out)


def _compare_list(element, values, actual, reader, path, out):
    if not isinstance(actual, list) or len(actual) != len(values):
        out.append((path, values, actual))
        return
    for i, (v, a) in enumerate(zip(values, actual)):
        _compare(element, v, a, reader, f"{path}[{i}]", out)


def _compare_map(node, pairs, actual, reader, path, out):
    """DuckDB gives the entries in order; hyparquet gives a JS object, so
    its keys are strings and its order is JS property order."""
    if reader == "hyparquet":
        fields = actual.get("struct") if isinstance(actual, dict) else None
        expected = {str(k): v for k, v in pairs}
        if fields is None or set(fields) != set(expected):
            out.append((path, pairs, actual))
            return
        for key, v in expected.items():
            _compare(node.value, v, fields[key], reader, f"{path}[{key!r}]",
                     out)
        return
    entries = actual.get("map") if isinstance(actual, dict) else None
    if entries is None or len(entries) != len(pairs):
        out.append((path, pairs, actual))
        return
    for i, ((k, v), (ak, av)) in enumerate(zip(pairs, entries)):
        _compare(node.key, k, ak, reader, f"{path}[{i}].key", out)
        _compare(node.value, v, av, reader, f"{path}[{i}].value", out)


def compare_rows(spec, rows, reader, columns):
    """Differences between spec.rows and a reader's typed rows of the
    top-level `columns`, as (path, expected, actual)."""
    if len(rows) != len(spec.rows):
        return [("rows", len(spec.rows), len(rows))]
    nodes = [node for node in spec.schema if node.name in columns]
    out = []
    for r, (expected, actual) in enumerate(zip(spec.rows, rows)):
        if set(actual) != set(columns):
            out.append((f"rows[{r}]", sorted(columns), sorted(actual)))
            continue
        for node in nodes:
            _compare(node, expected.get(node.name), actual[node.name], reader,
                     f"rows[{r}].{node.name}", out)
    return out


# ---- the reader processes ------------------------------------------------------

class Readers:
    """One long-running peers/read_values.mjs process per reader."""

    def __init__(self, names=READERS):
        check_available()
        self._procs = {
            name: subprocess.Popen(
                ["node", READ_VALUES, name, "--stdin"], cwd=PEERS,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for name in names}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        for proc in self._procs.values():
            proc.stdin.close()
            proc.wait(timeout=30)
            proc.stdout.close()

    def read(self, name, path, columns=None):
        """{"rows": [...]} or {"error": message} from reader `name`, of the
        top-level `columns` (None: all)."""
        proc = self._procs[name]
        request = {"file": os.path.abspath(path)}
        if columns is not None:
            request["columns"] = list(columns)
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{name} reader exited ({proc.poll()})")
        return json.loads(line)

    def compare(self, spec, path):
        """Yields (reader, problems, skipped) for every reader: problems
        is [] when every column the reader can read came back as
        spec.rows has it, else a list of (where, expected, actual);
        skipped maps the columns it cannot read to the reason."""
        for name in self._procs:
            columns, skipped = readable_columns(spec, name)
            if not columns:
                yield name, [], skipped
                continue
            result = self.read(name, path, columns)
            if "error" in result:
                yield name, [("file", "rows", "error: " + result["error"])], \
                    skipped
            else:
                yield name, compare_rows(spec, result["rows"], name,
                                         columns), skipped
