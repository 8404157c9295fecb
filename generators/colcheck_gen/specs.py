"""Valid file descriptions, deterministic from a seed.

Each strategy takes a `random.Random` and returns a writer.FileSpec. The
corpus (make_corpus.py) and the mutations' base file come from here, so a
seed always gives the same bytes.
"""

import random

from colcheck_gen.writer import (OPTIONAL, REQUIRED, Date, Decimal, FileSpec,
                                 Group, Integer, Leaf, String, Timestamp)

_WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta",
          "theta", "iota", "kappa", "λάμδα", "μυ", "日本", ""]


def _maybe(rng, value, null_rate):
    return None if rng.random() < null_rate else value


def _int(rng, bits):
    return rng.randint(-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)


def _value(rng, leaf):
    """A random value for `leaf`, as the writer takes it."""
    logical = leaf.logical
    if isinstance(logical, Decimal):
        bound = 10 ** logical.precision - 1
        return rng.randint(-bound, bound)
    if isinstance(logical, String):
        return rng.choice(_WORDS)
    if isinstance(logical, Date):
        return rng.randint(-20000, 40000)
    if isinstance(logical, Timestamp):
        return rng.randint(0, 2 ** 50)
    if isinstance(logical, Integer):
        if logical.signed:
            return _int(rng, logical.bits)
        return rng.randint(0, 2 ** logical.bits - 1)
    physical = leaf.physical
    if physical == "BOOLEAN":
        return rng.random() < 0.5
    if physical == "INT32":
        return _int(rng, 32)
    if physical == "INT64":
        return _int(rng, 64)
    if physical in ("FLOAT", "DOUBLE"):
        return round(rng.uniform(-1e6, 1e6), 3)
    if physical == "BYTE_ARRAY":
        return bytes(rng.randrange(256) for _ in range(rng.randrange(9)))
    if physical == "FIXED_LEN_BYTE_ARRAY":
        return bytes(rng.randrange(256) for _ in range(leaf.type_length))
    raise ValueError(physical)


def random_rows(rng, schema, count, null_rate=0.25):
    """`count` rows for `schema`; OPTIONAL fields are null at `null_rate`."""
    def make(node):
        if isinstance(node, Group):
            value = {c.name: make(c) for c in node.children}
        else:
            value = _value(rng, node)
        if node.repetition == OPTIONAL:
            return _maybe(rng, value, null_rate)
        return value
    return [{n.name: make(n) for n in schema} for _ in range(count)]


def _all_physical(repetition):
    return [
        Leaf("b", "BOOLEAN", repetition),
        Leaf("i32", "INT32", repetition),
        Leaf("i64", "INT64", repetition),
        Leaf("f32", "FLOAT", repetition),
        Leaf("f64", "DOUBLE", repetition),
        Leaf("bin", "BYTE_ARRAY", repetition),
        Leaf("str", "BYTE_ARRAY", repetition, logical=String()),
        Leaf("fixed", "FIXED_LEN_BYTE_ARRAY", repetition, type_length=5),
    ]


def flat_required(rng):
    """Every physical type but INT96, REQUIRED, no logical types but
    STRING: no definition levels; 10 rows, one row group."""
    schema = _all_physical(REQUIRED)
    return FileSpec(schema, random_rows(rng, schema, 10))


def flat_optional(rng):
    """Every physical type but INT96, OPTIONAL with ~30% nulls: RLE
    definition levels, null counts; 12 rows in row groups of 5 and 7."""
    schema = _all_physical(OPTIONAL)
    return FileSpec(schema, random_rows(rng, schema, 12, null_rate=0.3),
                    row_group_sizes=[5, 7])


def nested_struct(rng):
    """Nested structs (an OPTIONAL group, a REQUIRED group holding an
    OPTIONAL group), definition levels up to 2 written as bit-packed runs,
    INT(16); 9 rows in 3 row groups."""
    schema = [
        Leaf("id", "INT64"),
        Group("point", [Leaf("x", "DOUBLE"), Leaf("y", "DOUBLE"),
                        Leaf("tag", "BYTE_ARRAY", OPTIONAL,
                             logical=String())], OPTIONAL),
        Group("meta", [
            Leaf("version", "INT32"),
            Group("origin", [Leaf("host", "BYTE_ARRAY", logical=String()),
                             Leaf("port", "INT32", OPTIONAL,
                                  logical=Integer(16))], OPTIONAL),
        ]),
    ]
    return FileSpec(schema, random_rows(rng, schema, 9, null_rate=0.3),
                    row_group_sizes=[3, 3, 3], level_style="bitpacked")


def logical_types(rng):
    """STRING, DATE, TIMESTAMP (MILLIS, MICROS, NANOS, local), DECIMAL on
    INT32, INT64 and FIXED_LEN_BYTE_ARRAY(16 and 2), INTEGER 8/16u/64:
    logical and converted types and their statistics orders; 2 row groups."""
    schema = [
        Leaf("s", "BYTE_ARRAY", OPTIONAL, logical=String()),
        Leaf("d", "INT32", OPTIONAL, logical=Date()),
        Leaf("ts_ms", "INT64", OPTIONAL, logical=Timestamp("MILLIS")),
        Leaf("ts_us", "INT64", logical=Timestamp("MICROS")),
        Leaf("ts_ns", "INT64", OPTIONAL, logical=Timestamp("NANOS")),
        Leaf("ts_local", "INT64", OPTIONAL,
             logical=Timestamp("MICROS", utc=False)),
        Leaf("dec32", "INT32", OPTIONAL, logical=Decimal(9, 2)),
        Leaf("dec64", "INT64", logical=Decimal(18, 4)),
        Leaf("dec_flba", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
             logical=Decimal(38, 10), type_length=16),
        Leaf("dec_flba_small", "FIXED_LEN_BYTE_ARRAY",
             logical=Decimal(4, 1), type_length=2),
        Leaf("i8", "INT32", logical=Integer(8)),
        Leaf("u16", "INT32", OPTIONAL, logical=Integer(16, signed=False)),
        Leaf("i64", "INT64", logical=Integer(64)),
    ]
    return FileSpec(schema, random_rows(rng, schema, 8),
                    row_group_sizes=[4, 4])


def all_nulls(rng):
    """OPTIONAL columns holding only nulls: statistics with null_count
    and no min/max."""
    schema = [Leaf("id", "INT32"),
              Leaf("nothing", "DOUBLE", OPTIONAL),
              Leaf("never", "BYTE_ARRAY", OPTIONAL, logical=String())]
    rows = [{"id": i, "nothing": None, "never": None} for i in range(6)]
    return FileSpec(schema, rows)


def no_row_groups(rng):
    """A schema and no row groups (0 rows)."""
    schema = [Leaf("id", "INT64"), Leaf("s", "BYTE_ARRAY", OPTIONAL,
                                        logical=String())]
    return FileSpec(schema, [], row_group_sizes=[])


def mutation_base(rng):
    """The file every mutation starts from: one leaf per kind of rule the
    mutations break, two row groups. Mutations address leaves by name."""
    schema = [
        Leaf("id", "INT64"),
        Leaf("flag", "BOOLEAN", OPTIONAL),
        Leaf("count", "INT32", OPTIONAL),
        Leaf("small", "INT32", logical=Integer(16)),
        Leaf("ratio", "FLOAT", OPTIONAL),
        Leaf("score", "DOUBLE"),
        Leaf("name", "BYTE_ARRAY", OPTIONAL, logical=String()),
        Leaf("raw", "FIXED_LEN_BYTE_ARRAY", type_length=4),
        Leaf("price", "INT32", OPTIONAL, logical=Decimal(9, 2)),
        Leaf("amount", "INT64", logical=Decimal(18, 4)),
        Leaf("big", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
             logical=Decimal(38, 6), type_length=16),
        Leaf("day", "INT32", OPTIONAL, logical=Date()),
        Leaf("ts", "INT64", OPTIONAL, logical=Timestamp("MICROS")),
        Group("location", [Leaf("lat", "DOUBLE"), Leaf("lon", "DOUBLE"),
                           Leaf("label", "BYTE_ARRAY", OPTIONAL,
                                logical=String())], OPTIONAL),
    ]
    rows = random_rows(rng, schema, 6, null_rate=0.2)
    # Distinct non-null counts so swapping min and max is always a fault.
    for i, row in enumerate(rows):
        row["id"] = 1000 + i * 7
        row["count"] = None if i == 2 else 300 - i * 50
    return FileSpec(schema, rows, row_group_sizes=[3, 3])


# name -> (strategy, seed). The corpus writes valid/<name>.parquet.
VALID = {
    "flat_required": (flat_required, 1),
    "flat_optional": (flat_optional, 2),
    "nested_struct": (nested_struct, 3),
    "logical_types": (logical_types, 4),
    "all_nulls": (all_nulls, 5),
    "no_row_groups": (no_row_groups, 6),
    "mutation_base": (mutation_base, 7),
}


def build(name):
    strategy, seed = VALID[name]
    return strategy(random.Random(seed))
