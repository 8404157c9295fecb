"""Valid file descriptions, deterministic from a seed.

Each strategy takes a `random.Random` and returns a writer.FileSpec. The
corpus (make_corpus.py) and the mutations' base file come from here, so a
seed always gives the same bytes.
"""

import random

from colcheck_gen.parquet.writer import (OPTIONAL, REPEATED, REQUIRED, Date,
                                         Decimal, FileSpec, Group, Integer,
                                         Leaf, PageStyle, String, Time,
                                         Timestamp)

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
        if node.repetition == REPEATED:
            return [one(node) for _ in range(rng.randrange(4))]
        value = one(node)
        if node.repetition == OPTIONAL:
            return _maybe(rng, value, null_rate)
        return value

    def one(node):
        if isinstance(node, Group):
            return {c.name: make(c) for c in node.children}
        return _value(rng, node)
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
    """The file every footer mutation starts from: one leaf per kind of
    rule the mutations break, two row groups. Mutations address leaves by
    name."""
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


def v2_gzip_crc(rng):
    """Every physical type but INT96, OPTIONAL, and a REPEATED INT32:
    DATA_PAGE_V2 pages of 4 rows, GZIP, PageHeader.crc, page statistics;
    14 rows in row groups of 9 and 5."""
    schema = _all_physical(OPTIONAL) + [Leaf("list", "INT32", REPEATED)]
    style = PageStyle(version=2, codec="GZIP", crc=True, statistics=True,
                      page_rows=4)
    return FileSpec(schema, random_rows(rng, schema, 14, null_rate=0.3),
                    row_group_sizes=[9, 5], pages=style)


def dictionary_pages(rng):
    """GZIP dictionary pages and RLE_DICTIONARY data pages V1 of 3 rows
    for every physical type but BOOLEAN (PLAIN, uncompressed) and INT96,
    values drawn from small sets, nested in an OPTIONAL group; a column
    index, offset index and bloom filter for every leaf; 10 rows, one row
    group."""
    leaves = [l for l in _all_physical(OPTIONAL) if l.physical != "BOOLEAN"]
    schema = [Leaf("b", "BOOLEAN", OPTIONAL), Group("g", leaves, OPTIONAL)]
    pools = {leaf.name: [_value(rng, leaf) for _ in range(3)]
             for leaf in leaves}
    rows = []
    for _ in range(10):
        group = {name: _maybe(rng, rng.choice(pool), 0.2)
                 for name, pool in pools.items()}
        rows.append({"b": _maybe(rng, rng.random() < 0.5, 0.2),
                     "g": _maybe(rng, group, 0.1)})
    plain = PageStyle(page_rows=3, page_index=True, bloom_filter=True)
    dictionary = PageStyle(encoding="DICTIONARY", codec="GZIP", page_rows=3,
                           page_index=True, bloom_filter=True)
    return FileSpec(schema, rows, pages=dictionary,
                    column_pages={"b": plain})


# Columns of page_base: (leaf, page style, 12 values).
_PAGE_V1 = PageStyle(page_rows=4)
_PAGE_BASE = [
    (Leaf("id", "INT64"),
     PageStyle(page_rows=4, crc=True, statistics=True, page_index=True,
               bloom_filter=True),
     [100 + 10 * i for i in range(12)]),
    (Leaf("label", "BYTE_ARRAY", OPTIONAL, logical=String()),
     PageStyle(encoding="DICTIONARY", page_rows=4, crc=True, page_index=True,
               bloom_filter=True),
     ["red", "green", "blue", None, "red", "blue", "green", None, "amber",
      "red", "teal", "blue"]),
    (Leaf("qty", "INT32", OPTIONAL, logical=Integer(16)),
     PageStyle(page_rows=4, statistics=True, page_index=True),
     [5, None, 17, 230, None, -40, 12, 0, 99, None, 3, 7]),
    (Leaf("price", "INT64", logical=Decimal(12, 2)), _PAGE_V1,
     [1999, 250, 100000, 7, 4550, 120, 99999, 1, 300, 2500, 875, 60]),
    (Leaf("at", "INT32", OPTIONAL, logical=Time("MILLIS")), _PAGE_V1,
     [0, 3600000, None, 43200000, 86399999, 1000, None, 5, 60000, 7200000,
      100, 86000000]),
    (Leaf("word", "BYTE_ARRAY", logical=String()), _PAGE_V1,
     ["apple", "kiwi", "mango", "banana", "cherry", "lemon", "olive",
      "peach", "grape", "fig", "date", "zucchini"]),
    (Leaf("ratio", "FLOAT"), PageStyle(encoding="BYTE_STREAM_SPLIT",
                                       page_rows=4),
     [0.5, 1.25, -2.0, 3.75, 0.0, 10.5, -0.25, 6.0, 7.5, 8.0, -9.5, 1.0]),
    (Leaf("score", "DOUBLE", OPTIONAL),
     PageStyle(version=2, codec="GZIP", crc=True, statistics=True,
               page_rows=4),
     [1.5, None, 2.25, 3.0, -4.5, 5.0, None, 6.75, 7.0, None, 8.5, 9.0]),
    (Leaf("note", "BYTE_ARRAY", OPTIONAL, logical=String()),
     PageStyle(version=2, encoding="DICTIONARY", codec="GZIP", page_rows=4),
     ["on", "off", None, "on", "off", "off", "on", None, "on", "on", "off",
      "on"]),
    (Leaf("tags", "INT32", REPEATED), PageStyle(version=2, page_rows=4),
     [[1, 2], [], [3], [4, 5, 6], [7], [8, 9], [], [10], [11, 12], [13],
      [14], []]),
    (Group("geo", [Leaf("alt", "INT32", OPTIONAL)], OPTIONAL), _PAGE_V1,
     [{"alt": 10}, None, {"alt": None}, {"alt": 250}, {"alt": 30}, None,
      {"alt": -5}, {"alt": None}, {"alt": 1200}, {"alt": 15}, None,
      {"alt": 0}]),
    (Leaf("empty", "INT32", OPTIONAL), _PAGE_V1, [None] * 12),
    (Leaf("flag", "BOOLEAN", OPTIONAL), PageStyle(codec="GZIP", page_rows=4),
     [True, False, None, True, True, None, False, False, True, None, True,
      False]),
    # The 3-level LIST shape, unannotated, under a REPEATED group: a LIST
    # annotation on `matrix` is then wrong only in its repetition.
    (Group("matrix", [Group("list", [Leaf("element", "INT32")], REPEATED)],
           REPEATED), _PAGE_V1,
     [[{"list": [{"element": v} for v in row]} for row in rows]
      for rows in ([[1, 2], [3]], [], [[4]], [[], [5, 6]], [[7]], [[8, 9]],
                   [], [[10], [11]], [[12]], [[13, 14, 15]], [[]], [[16]])]),
    (Leaf("cost", "BYTE_ARRAY", logical=Decimal(6, 2)), _PAGE_V1,
     [12345, -250, 0, 99999, 1, -1, 500000, 42, 7, -999999, 3000, 100]),
    (Leaf("hash", "FIXED_LEN_BYTE_ARRAY", type_length=4), _PAGE_V1,
     [bytes([i, i * 37 % 256, 0xA0 + i, 0x5C]) for i in range(12)]),
    (Leaf("temp", "DOUBLE", OPTIONAL), PageStyle(page_rows=4,
                                                 page_index=True),
     [20.5, None, 21.0, 19.75, 18.0, 22.5, None, 23.0, 17.25, 16.5, None,
      15.0]),
]


def page_base(rng):
    """The file every page mutation starts from: one leaf per kind of page
    rule, 12 rows in data pages of 4 rows. `id`: PLAIN V1, CRC, page
    statistics, page index, bloom filter; `label`: dictionary V1, CRC,
    page index, bloom filter; `qty`: INT(16) with nulls, page statistics
    and index; `price` DECIMAL(12,2), `at` TIME(MILLIS), `word` STRING:
    PLAIN V1; `ratio`: BYTE_STREAM_SPLIT; `score`: V2 GZIP CRC with page
    statistics; `note`: dictionary V2 GZIP; `tags`: REPEATED INT32 in V2
    pages; `geo.alt`: definition levels up to 2; `empty`: only nulls;
    `flag`: BOOLEAN in GZIP V1 pages; `matrix`: an unannotated REPEATED
    group of the 3-level list shape; `cost`: BYTE_ARRAY DECIMAL(6,2),
    `hash`: FIXED_LEN_BYTE_ARRAY(4): PLAIN V1; `temp`: DOUBLE with a page
    index."""
    schema = [leaf for leaf, _, _ in _PAGE_BASE]
    rows = [{leaf.name: values[i] for leaf, _, values in _PAGE_BASE}
            for i in range(12)]
    styles = {}

    def style_leaves(node, prefix, style):
        path = prefix + node.name
        if isinstance(node, Group):
            for child in node.children:
                style_leaves(child, path + ".", style)
        else:
            styles[path] = style
    for node, style, _ in _PAGE_BASE:
        style_leaves(node, "", style)
    return FileSpec(schema, rows, column_pages=styles)


# name -> (strategy, seed). The corpus writes valid/<name>.parquet.
VALID = {
    "flat_required": (flat_required, 1),
    "flat_optional": (flat_optional, 2),
    "nested_struct": (nested_struct, 3),
    "logical_types": (logical_types, 4),
    "all_nulls": (all_nulls, 5),
    "no_row_groups": (no_row_groups, 6),
    "mutation_base": (mutation_base, 7),
    "v2_gzip_crc": (v2_gzip_crc, 8),
    "dictionary_pages": (dictionary_pages, 9),
    "page_base": (page_base, 10),
}


def build(name):
    strategy, seed = VALID[name]
    return strategy(random.Random(seed))


# The coverage files (coverage.py imports only the writer, so no cycle).
from colcheck_gen.parquet.coverage import COVERAGE  # noqa: E402
VALID.update(COVERAGE)
