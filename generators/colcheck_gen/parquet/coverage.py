"""Small valid files that together cover what the writer can write.

Every physical type with every encoding it allows, under every codec, in
data pages V1 and V2 (the matrix_* files); LIST and MAP in their modern
and legacy shapes, nested; every logical type on every physical type it
allows; INT96; dictionary fallback; DELTA_BINARY_PACKED at the edges of
its arithmetic; floats with NaN, signed zeros and infinities; integer
extremes; empty strings. Each strategy takes a `random.Random` and returns
a writer.FileSpec; COVERAGE maps a corpus name to (strategy, seed), as
specs.VALID does, and specs.VALID includes it.
"""

import functools

from colcheck_gen.parquet.writer import (CODECS, ENCODINGS_BY_PHYSICAL,
                                         OPTIONAL, REPEATED, REQUIRED, Bson,
                                         Date, Decimal, Enum, FileSpec,
                                         Float16, Group, Integer, Interval,
                                         Json, Leaf, ListOf, MapOf, PageStyle,
                                         String, Time, Timestamp, Unknown,
                                         Uuid)

_WORDS = [b"", b"a", b"ab", b"abc", b"abd", b"b", b"zeta", b"zebra",
          "λάμδα".encode(), b"\x00\xff"]
_NANOS_PER_DAY = 86400 * 10 ** 9


def _maybe(rng, value, null_rate=0.25):
    return None if rng.random() < null_rate else value


def _matrix_value(rng, physical):
    """A value of `physical` from a small pool (so dictionaries repeat
    entries) that reaches the type's extremes."""
    pools = {
        "BOOLEAN": [True, False],
        "INT32": [0, 1, -1, 7, 2 ** 31 - 1, -2 ** 31, 1000],
        "INT64": [0, 1, -1, 2 ** 63 - 1, -2 ** 63, 10 ** 12],
        "INT96": [0, -1, _NANOS_PER_DAY, 1_700_000_000 * 10 ** 9,
                  -86_400 * 10 ** 9 * 365 * 100],
        "FLOAT": [0.0, -0.0, 1.5, -2.25, 3.4028234663852886e38,
                  float("inf"), float("nan")],
        "DOUBLE": [0.0, -0.0, 1.5, -2.25, 1.7976931348623157e308,
                   float("-inf"), float("nan"), 5e-324],
        "BYTE_ARRAY": _WORDS,
        "FIXED_LEN_BYTE_ARRAY": [b"abcd", b"abce", b"\x00\x00\x00\x00",
                                 b"\xff\xff\xff\xff", b"zzzz"],
    }
    return rng.choice(pools[physical])


def _matrix(rng, codec, version):
    """One OPTIONAL leaf per (physical type, encoding it allows), under
    `codec` in data pages of `version`: 2 pages of 4 rows each, page
    statistics and (V2) CRCs. BOOLEAN dictionaries are left to
    boolean_dictionary (see there)."""
    schema, styles = [], {}
    for physical, encodings in ENCODINGS_BY_PHYSICAL.items():
        for name in encodings:
            if physical == "BOOLEAN" and name in ("DICTIONARY",
                                                  "PLAIN_DICTIONARY"):
                continue
            leaf = f"{physical.lower()}_{name.lower()}"
            length = 4 if physical == "FIXED_LEN_BYTE_ARRAY" else None
            schema.append(Leaf(leaf, physical, OPTIONAL, type_length=length))
            styles[leaf] = PageStyle(version=version, encoding=name,
                                     codec=codec, crc=version == 2,
                                     statistics=True, page_rows=4)
    rows = [{leaf.name: _maybe(rng, _matrix_value(rng, leaf.physical))
             for leaf in schema} for _ in range(8)]
    return FileSpec(schema, rows, column_pages=styles)


def boolean_dictionary(rng):
    """BOOLEAN in RLE_DICTIONARY (V1 and V2) and PLAIN_DICTIONARY (V1)
    pages of 4 rows, with nulls and page statistics. Valid (Encodings.md:
    dictionary encoding applies to every type) though no major writer
    dictionary-encodes booleans."""
    schema = [Leaf("rle_dict_v1", "BOOLEAN", OPTIONAL),
              Leaf("rle_dict_v2", "BOOLEAN", OPTIONAL),
              Leaf("plain_dict_v1", "BOOLEAN", OPTIONAL)]
    styles = {
        "rle_dict_v1": PageStyle(encoding="DICTIONARY", statistics=True,
                                 page_rows=4, page_index=True),
        "rle_dict_v2": PageStyle(version=2, encoding="DICTIONARY",
                                 statistics=True, page_rows=4),
        "plain_dict_v1": PageStyle(encoding="PLAIN_DICTIONARY",
                                   statistics=True, page_rows=4)}
    rows = [{leaf.name: _maybe(rng, rng.random() < 0.5) for leaf in schema}
            for _ in range(10)]
    return FileSpec(schema, rows, column_pages=styles)


def delta_edges(rng):
    """DELTA_BINARY_PACKED where its arithmetic is hardest: INT32 and
    INT64 extremes whose deltas wrap, constant runs (bit width 0), several
    blocks with a partial last miniblock (150 values), a block of 256 in
    8 miniblocks and one of 128 in one miniblock; DELTA_LENGTH_BYTE_ARRAY
    and DELTA_BYTE_ARRAY over empty values, shared prefixes and
    FIXED_LEN_BYTE_ARRAY; V1 pages of 50 rows and one V2 chunk."""
    n = 150
    i32 = [(2 ** 31 - 1) if i % 3 else -2 ** 31 for i in range(n)]
    i64 = [rng.choice([2 ** 63 - 1, -2 ** 63, 0, -1]) for _ in range(n)]
    steady = [5] * 40 + list(range(-50, 60))
    words = [rng.choice(_WORDS) + rng.choice(_WORDS) for _ in range(n)]
    fixed = [rng.choice([b"pre", b"prf", b"\xff\xff\xff"]) for _ in range(n)]
    rows = [{"i32": i32[i], "i64": i64[i], "steady": steady[i],
             "wide_block": i32[i] // 7, "one_mini": i64[i] >> 5,
             "len": _maybe(rng, words[i]), "inc": words[i],
             "inc_fixed": fixed[i], "i64_v2": _maybe(rng, i64[i])}
            for i in range(n)]
    schema = [Leaf("i32", "INT32"), Leaf("i64", "INT64"),
              Leaf("steady", "INT32"), Leaf("wide_block", "INT32"),
              Leaf("one_mini", "INT64"),
              Leaf("len", "BYTE_ARRAY", OPTIONAL),
              Leaf("inc", "BYTE_ARRAY"),
              Leaf("inc_fixed", "FIXED_LEN_BYTE_ARRAY", type_length=3),
              Leaf("i64_v2", "INT64", OPTIONAL)]
    dbp = PageStyle(encoding="DELTA_BINARY_PACKED", statistics=True,
                    page_rows=50)
    styles = {
        "i32": dbp, "i64": dbp, "steady": dbp,
        "wide_block": PageStyle(encoding="DELTA_BINARY_PACKED",
                                delta_block_size=256, delta_miniblocks=8),
        "one_mini": PageStyle(encoding="DELTA_BINARY_PACKED",
                              delta_block_size=128, delta_miniblocks=1),
        "len": PageStyle(encoding="DELTA_LENGTH_BYTE_ARRAY", page_rows=50,
                         statistics=True),
        "inc": PageStyle(encoding="DELTA_BYTE_ARRAY", page_rows=50,
                         page_index=True),
        "inc_fixed": PageStyle(encoding="DELTA_BYTE_ARRAY", page_rows=50),
        "i64_v2": PageStyle(version=2, encoding="DELTA_BINARY_PACKED",
                            codec="ZSTD", page_rows=64, statistics=True),
    }
    return FileSpec(schema, rows, column_pages=styles)


def float_specials(rng):
    """FLOAT, DOUBLE and FLOAT16 with NaN, -0.0, +0.0, infinities, the
    largest finite values and subnormals, in PLAIN, BYTE_STREAM_SPLIT and
    dictionary pages of 3 rows: nan_count, bounds without NaN, a zero min
    written -0.0 and a zero max +0.0, a page of only NaN (no ColumnIndex
    for that chunk), a chunk of only NaN (no min/max) and a chunk of only
    zeros; 2 row groups of 6 rows."""
    nan, inf = float("nan"), float("inf")
    mixed = [nan, -0.0, 1.5, nan, nan, nan, 0.0, -inf, 2.0, nan, 0.0, -0.0]
    doubles = [1.7976931348623157e308, nan, 5e-324, -0.0, inf, -1e-300,
               nan, nan, -2.5, 0.0, 1.0, None]
    halves = [65504.0, -65504.0, 6e-08, nan, -0.0, None, 0.0, inf, 1.0,
              nan, -2.0, 0.5]
    rows = [{"f_plain": mixed[i], "f_bss": mixed[11 - i],
             "d_dict": doubles[i], "d_bss": doubles[11 - i],
             "half": halves[i], "half_dict": halves[11 - i],
             "all_nan": nan if i % 4 else None,
             "zeros": [-0.0, 0.0][i % 2]} for i in range(12)]
    schema = [Leaf("f_plain", "FLOAT"), Leaf("f_bss", "FLOAT"),
              Leaf("d_dict", "DOUBLE", OPTIONAL),
              Leaf("d_bss", "DOUBLE", OPTIONAL),
              Leaf("half", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
                   logical=Float16(), type_length=2),
              Leaf("half_dict", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
                   logical=Float16(), type_length=2),
              Leaf("all_nan", "DOUBLE", OPTIONAL),
              Leaf("zeros", "FLOAT")]
    indexed = functools.partial(PageStyle, statistics=True, page_rows=3,
                                page_index=True)
    styles = {
        "f_bss": indexed(encoding="BYTE_STREAM_SPLIT"),
        "d_dict": indexed(encoding="DICTIONARY", version=2),
        "d_bss": indexed(encoding="BYTE_STREAM_SPLIT", codec="SNAPPY"),
        "half_dict": indexed(encoding="DICTIONARY"),
        "half": indexed(encoding="BYTE_STREAM_SPLIT", version=2),
        "zeros": indexed(encoding="BYTE_STREAM_SPLIT"),
    }
    return FileSpec(schema, rows, row_group_sizes=[6, 6],
                    pages=indexed(), column_pages=styles)


def integer_extremes(rng):
    """Signed and unsigned INTEGER of 8, 16, 32 and 64 bits at both ends
    of their ranges (unsigned values above the signed maximum are stored
    as negative two's complement and ordered unsigned), with page
    statistics and page index, PLAIN and DELTA_BINARY_PACKED."""
    kinds = [(bits, signed) for bits in (8, 16, 32, 64)
             for signed in (True, False)]
    schema, styles, columns = [], {}, {}
    for bits, signed in kinds:
        name = f"{'i' if signed else 'u'}{bits}"
        physical = "INT64" if bits == 64 else "INT32"
        schema.append(Leaf(name, physical, OPTIONAL,
                           logical=Integer(bits, signed)))
        lo, hi = ((-2 ** (bits - 1), 2 ** (bits - 1) - 1) if signed
                  else (0, 2 ** bits - 1))
        pool = [lo, hi, 0, 1, hi // 2, hi // 2 + 1, lo + 1, hi - 1]
        columns[name] = [rng.choice(pool) for _ in range(10)]
        styles[name] = PageStyle(
            encoding="DELTA_BINARY_PACKED" if bits >= 32 else "PLAIN",
            statistics=True, page_rows=4, page_index=True,
            version=1 if signed else 2)
    rows = [{name: _maybe(rng, values[i], 0.1)
             for name, values in columns.items()} for i in range(10)]
    return FileSpec(schema, rows, column_pages=styles)


def _logical_leaves():
    """(Leaf, value function of rng) for every logical type on every
    physical type it allows."""
    def pick(*values):
        return lambda rng: rng.choice(values)
    day_ms = 86_400_000
    leaves = [
        (Leaf("string", "BYTE_ARRAY", OPTIONAL, logical=String()),
         pick("", "a", "ü", "日本", "zz")),
        (Leaf("enum", "BYTE_ARRAY", OPTIONAL, logical=Enum()),
         pick("RED", "GREEN", "BLUE")),
        (Leaf("json", "BYTE_ARRAY", OPTIONAL, logical=Json()),
         pick('{"a": 1}', "[]", "null", '"x"', "3.5")),
        (Leaf("bson", "BYTE_ARRAY", OPTIONAL, logical=Bson()),
         # Empty documents: int32 length 5 and the terminating 0.
         pick(b"\x05\x00\x00\x00\x00",
              b"\x0c\x00\x00\x00\x10a\x00\x01\x00\x00\x00\x00")),
        (Leaf("uuid", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, logical=Uuid(),
              type_length=16),
         pick(bytes(16), b"\xff" * 16, bytes(range(16)))),
        (Leaf("float16", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, logical=Float16(),
              type_length=2),
         pick(0.5, -0.0, 65504.0, -1.0, float("nan"))),
        (Leaf("interval", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
              logical=Interval(), type_length=12),
         pick((0, 0, 0), (1, 2, 3), (2 ** 32 - 1, 0, 86_399_999))),
        (Leaf("date", "INT32", OPTIONAL, logical=Date()),
         pick(0, -719162, 2932896, 19000)),
        (Leaf("time_ms", "INT32", OPTIONAL, logical=Time("MILLIS")),
         pick(0, day_ms - 1, 12345)),
        (Leaf("time_ms_local", "INT32", OPTIONAL,
              logical=Time("MILLIS", utc=False)), pick(0, 1, day_ms - 1)),
        (Leaf("time_us", "INT64", OPTIONAL, logical=Time("MICROS")),
         pick(0, day_ms * 1000 - 1)),
        (Leaf("time_ns", "INT64", OPTIONAL, logical=Time("NANOS")),
         pick(0, day_ms * 10 ** 6 - 1)),
        (Leaf("time_ns_local", "INT64", OPTIONAL,
              logical=Time("NANOS", utc=False)), pick(5, 10 ** 12)),
    ]
    for unit in ("MILLIS", "MICROS", "NANOS"):
        for utc in (True, False):
            name = f"ts_{unit.lower()}_{'utc' if utc else 'local'}"
            leaves.append((Leaf(name, "INT64", OPTIONAL,
                                logical=Timestamp(unit, utc)),
                           pick(0, -1, 2 ** 62, -2 ** 62, 1_700_000_000)))
    for bits in (8, 16, 32, 64):
        for signed in (True, False):
            physical = "INT64" if bits == 64 else "INT32"
            hi = 2 ** (bits - 1) - 1 if signed else 2 ** bits - 1
            lo = -hi - 1 if signed else 0
            leaves.append((Leaf(f"{'int' if signed else 'uint'}{bits}",
                                physical, OPTIONAL,
                                logical=Integer(bits, signed)),
                           pick(lo, hi, 0)))
    decimals = [("dec_int32", "INT32", 9, 2, None),
                ("dec_int64", "INT64", 18, 4, None),
                ("dec_flba5", "FIXED_LEN_BYTE_ARRAY", 11, 3, 5),
                ("dec_flba16", "FIXED_LEN_BYTE_ARRAY", 38, 10, 16),
                ("dec_binary", "BYTE_ARRAY", 40, 5, None)]
    for name, physical, precision, scale, length in decimals:
        top = 10 ** precision - 1
        leaves.append((Leaf(name, physical, OPTIONAL,
                            logical=Decimal(precision, scale),
                            type_length=length),
                       pick(top, -top, 0, 1, -1)))
    for physical, length in (("BOOLEAN", None), ("INT32", None),
                             ("INT96", None), ("DOUBLE", None),
                             ("BYTE_ARRAY", None),
                             ("FIXED_LEN_BYTE_ARRAY", 3)):
        leaves.append((Leaf(f"unknown_{physical.lower()}", physical,
                            OPTIONAL, logical=Unknown(), type_length=length),
                       lambda rng: None))
    leaves.append((Leaf("int96", "INT96", OPTIONAL),
                   pick(0, -1, 1_700_000_000 * 10 ** 9 + 123,
                        -2 ** 62, 2 ** 62)))
    return leaves


def logical_types_all(rng):
    """Every logical type on every physical type it allows, with nulls:
    STRING, ENUM, JSON, BSON, UUID, FLOAT16, INTERVAL (ConvertedType only;
    no min/max, no ColumnIndex), DATE, TIME and TIMESTAMP in every unit
    and both UTC flags, INTEGER 8..64 signed and unsigned, DECIMAL on
    INT32, INT64, FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY, UNKNOWN (only
    nulls) on six physical types, and INT96 (no min/max); chunk and page
    statistics and page index; 6 rows in 2 pages."""
    leaves = _logical_leaves()
    schema = [leaf for leaf, _ in leaves]
    rows = [{leaf.name: _maybe(rng, value(rng), 0.2)
             for leaf, value in leaves} for _ in range(6)]
    style = PageStyle(statistics=True, page_rows=3, page_index=True)
    return FileSpec(schema, rows, pages=style)


def _list_rows(rng, count, make):
    return [_maybe(rng, [make() for _ in range(rng.randrange(4))], 0.2)
            for _ in range(count)]


def lists(rng):
    """LIST in every shape: three-level with nullable and required
    elements, two-level with a repeated primitive and with a repeated
    group of two fields, the `array` and `<name>_tuple` groups of one
    field, a list of structs, a three-level list of three-level lists and
    a two-level list of two-level lists; rows hold null, empty and
    non-empty lists; V1 and V2 pages of 3 rows."""
    def word():
        return rng.choice(["x", "yy", "", "zzz"])

    def small():
        return rng.randrange(-5, 100)

    point = Group("element", [Leaf("x", "INT32"),
                              Leaf("y", "DOUBLE", OPTIONAL)], OPTIONAL)
    schema = [
        ListOf("nullable", Leaf("element", "INT32", OPTIONAL)),
        ListOf("required", Leaf("element", "BYTE_ARRAY", logical=String()),
               REQUIRED),
        ListOf("two_level", Leaf("item", "INT64"), shape="two-level"),
        ListOf("two_level_group", Group("pair", [
            Leaf("k", "INT32"), Leaf("v", "BYTE_ARRAY", OPTIONAL,
                                     logical=String())]),
               shape="two-level"),
        ListOf("array_shape", Group("element", [Leaf("n", "INT32")]),
               shape="array"),
        ListOf("tuple_shape", Group("element", [
            Leaf("s", "BYTE_ARRAY", OPTIONAL, logical=String())]),
               shape="tuple"),
        ListOf("structs", point),
        ListOf("nested", ListOf("element", Leaf("element", "INT32",
                                                OPTIONAL))),
        ListOf("old_nested", ListOf("array", Leaf("array", "INT32"),
                                    REQUIRED, shape="two-level"),
               shape="two-level"),
    ]
    makers = {
        "nullable": lambda: _maybe(rng, small()),
        "required": word,
        "two_level": lambda: rng.choice([0, -1, 2 ** 40]),
        "two_level_group": lambda: {"k": small(),
                                    "v": _maybe(rng, word())},
        "array_shape": lambda: {"n": small()},
        "tuple_shape": lambda: {"s": _maybe(rng, word())},
        "structs": lambda: _maybe(rng, {"x": small(),
                                        "y": _maybe(rng, rng.random())}),
        "nested": lambda: _maybe(rng, [_maybe(rng, small())
                                       for _ in range(rng.randrange(3))]),
        "old_nested": lambda: [small() for _ in range(rng.randrange(3))],
    }
    count = 9
    columns = {name: _list_rows(rng, count, make)
               for name, make in makers.items()}
    columns["required"] = [v or [] for v in columns["required"]]
    rows = [{name: values[i] for name, values in columns.items()}
            for i in range(count)]
    v2 = PageStyle(version=2, codec="SNAPPY", statistics=True, page_rows=3,
                   page_index=True)
    v1 = PageStyle(statistics=True, page_rows=3, page_index=True)
    styles = {"nested.list.element.list.element": v2,
              "structs.list.element.x": v2,
              "two_level.item": v2}
    return FileSpec(schema, rows, pages=v1, column_pages=styles)


def maps(rng):
    """MAP in the modern shape, the legacy MAP > map (MAP_KEY_VALUE) shape
    and MAP_KEY_VALUE in place of MAP; a map of lists, of structs and of
    maps; required and nullable values; null and empty maps; dictionary
    keys in V2 pages."""
    def key():
        return rng.choice(["a", "b", "c", "d", ""])

    def entries(value):
        keys = rng.sample(["a", "b", "c", "d", ""], rng.randrange(4))
        return [(k, value()) for k in keys]

    text = functools.partial(Leaf, "key", "BYTE_ARRAY", logical=String())
    schema = [
        MapOf("modern", text(), Leaf("value", "INT32", OPTIONAL)),
        MapOf("legacy", text(), Leaf("value", "DOUBLE"), shape="legacy"),
        MapOf("key_value_only", Leaf("key", "INT64"),
              Leaf("value", "BYTE_ARRAY", OPTIONAL, logical=String()),
              REQUIRED, shape="map-key-value"),
        MapOf("of_lists", text(),
              ListOf("value", Leaf("element", "INT32", OPTIONAL))),
        MapOf("of_structs", text(),
              Group("value", [Leaf("a", "INT32"),
                              Leaf("b", "BOOLEAN", OPTIONAL)], OPTIONAL)),
        MapOf("of_maps", text(), MapOf("value", Leaf("key", "INT32"),
                                       Leaf("value", "INT32"))),
    ]
    makers = {
        "modern": lambda: entries(lambda: _maybe(rng, rng.randrange(9))),
        "legacy": lambda: entries(lambda: rng.choice([-0.0, 0.5, 1e9])),
        "key_value_only": lambda: [(k, _maybe(rng, key()))
                                   for k in rng.sample(range(50),
                                                       rng.randrange(4))],
        "of_lists": lambda: entries(lambda: _maybe(rng, [
            _maybe(rng, rng.randrange(5)) for _ in range(rng.randrange(3))])),
        "of_structs": lambda: entries(lambda: _maybe(rng, {
            "a": rng.randrange(5), "b": _maybe(rng, rng.random() < 0.5)})),
        "of_maps": lambda: entries(lambda: [
            (k, rng.randrange(5)) for k in rng.sample(range(9),
                                                     rng.randrange(3))]),
    }
    rows = []
    for _ in range(8):
        row = {name: _maybe(rng, make(), 0.2) for name, make in
               makers.items()}
        row["key_value_only"] = row["key_value_only"] or []
        rows.append(row)
    style = PageStyle(statistics=True, page_rows=3, page_index=True)
    styles = {"modern.key_value.key": PageStyle(
        version=2, encoding="DICTIONARY", codec="GZIP", page_rows=3,
        statistics=True, page_index=True)}
    return FileSpec(schema, rows, pages=style, column_pages=styles)


def dictionary_fallback(rng):
    """Dictionaries that fill up: RLE_DICTIONARY data pages V1 and V2 and
    PLAIN_DICTIONARY V1, at most 4 entries, pages of 3 rows; once a page
    would need a fifth entry it and the rest of the chunk are PLAIN
    (ColumnMetaData.encodings and encoding_stats list both); with nulls,
    page statistics, page index and bloom filter."""
    schema = [Leaf("ints", "INT64", OPTIONAL),
              Leaf("words", "BYTE_ARRAY", OPTIONAL, logical=String()),
              Leaf("reals", "DOUBLE"),
              Leaf("fixed", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, type_length=2),
              Leaf("stamps", "INT96", OPTIONAL)]
    fallback = functools.partial(PageStyle, encoding="DICTIONARY",
                                 statistics=True, page_rows=3,
                                 page_index=True, bloom_filter=True,
                                 dictionary_fallback=4)
    styles = {"ints": fallback(),
              "words": fallback(version=2, codec="ZSTD"),
              "reals": fallback(encoding="PLAIN_DICTIONARY"),
              "fixed": fallback(version=2, encoding="DICTIONARY"),
              "stamps": fallback(encoding="PLAIN_DICTIONARY")}
    rows = [{"ints": _maybe(rng, i // 2),
             "words": _maybe(rng, f"w{i % 7}"),
             "reals": float(i % 6) - 2.5,
             "fixed": _maybe(rng, bytes([i % 8, 1])),
             "stamps": _maybe(rng, (i % 5) * _NANOS_PER_DAY)}
            for i in range(15)]
    return FileSpec(schema, rows, column_pages=styles)


def empty_values(rng):
    """Empty strings and byte arrays in every BYTE_ARRAY encoding, a
    column of only empty strings (min = max = empty), and REPEATED fields
    that are empty in every row."""
    schema = [Leaf(f"s_{name.lower()}", "BYTE_ARRAY", OPTIONAL,
                   logical=String())
              for name in ENCODINGS_BY_PHYSICAL["BYTE_ARRAY"]]
    styles = {leaf.name: PageStyle(encoding=name, statistics=True,
                                   page_rows=2, page_index=True)
              for leaf, name in zip(schema,
                                    ENCODINGS_BY_PHYSICAL["BYTE_ARRAY"])}
    schema += [Leaf("only_empty", "BYTE_ARRAY", logical=String()),
               Leaf("never", "INT32", REPEATED)]
    rows = [dict({leaf.name: _maybe(rng, rng.choice(["", "", "a", "ab"]))
                  for leaf in schema[:-2]}, only_empty="", never=[])
            for _ in range(7)]
    return FileSpec(schema, rows, column_pages=styles)


def empty_row_group(rng):
    """One row group of no rows: each chunk is one empty data page (V1
    and V2; levels, dictionary and DELTA sections of no values) and gets
    no page index, which could name no row; bit-packed level style."""
    schema = [Leaf("plain", "INT32", OPTIONAL),
              Leaf("delta", "INT64", OPTIONAL),
              ListOf("words", Leaf("element", "BYTE_ARRAY", OPTIONAL,
                                   logical=String()))]
    styles = {
        "plain": PageStyle(page_index=True, statistics=True),
        "delta": PageStyle(version=2, encoding="DELTA_BINARY_PACKED",
                           codec="SNAPPY", page_index=True),
        "words.list.element": PageStyle(version=2, encoding="DICTIONARY",
                                        bloom_filter=True)}
    return FileSpec(schema, [], row_group_sizes=[0], level_style="bitpacked",
                    column_pages=styles)


COVERAGE = {
    f"matrix_{codec.lower()}_v{version}": (
        functools.partial(_matrix, codec=codec, version=version),
        100 + 2 * i + version)
    for i, codec in enumerate(CODECS) for version in (1, 2)}
COVERAGE.update({
    "boolean_dictionary": (boolean_dictionary, 130),
    "delta_edges": (delta_edges, 131),
    "float_specials": (float_specials, 132),
    "integer_extremes": (integer_extremes, 133),
    "logical_types_all": (logical_types_all, 134),
    "lists": (lists, 135),
    "maps": (maps, 136),
    "dictionary_fallback": (dictionary_fallback, 137),
    "empty_values": (empty_values, 138),
    "empty_row_group": (empty_row_group, 139),
})
