"""y_ ORC cases: each column type, the compression kinds, RLE versions
and dictionary encodings, nesting and stripes, with expected rows."""

import random

from colcheck_gen.conformance import canonical, features
from colcheck_gen.conformance.cases import Case, case_id
from colcheck_gen.orc import writer as ow
from colcheck_gen.orc.writer import (Decimal, List, Map, OrcSpec, Struct, T,
                                     Union)

S_TYPES = ('ORC specification, Type information: "ORC files are completely '
           'self-describing ... boolean, tinyint, smallint, int, bigint, '
           'float, double, string, char, varchar, binary, decimal, date, '
           'timestamp, timestamp with local time zone, struct, list, map, '
           'union"')
S_COMPRESSION = ('ORC specification, Compression: "If the ORC file writer '
                 'selects a generic compression codec (zlib, snappy, lzo, '
                 'lz4, zstd), every part of the ORC file except for the '
                 'Postscript is compressed with that codec."')
S_RLE = ('ORC specification, Run Length Encoding: "Integer run length '
         'encoding version 2 ... four sub-encodings: SHORT_REPEAT, DIRECT, '
         'PATCHED_BASE, DELTA"')
S_RLE1 = ('ORC specification, Run Length Encoding: "In Hive 0.11 ORC files '
          'used Run Length Encoding version 1 (RLEv1)"')
S_DICT = ('ORC specification, Column Encodings, String: "DICTIONARY_V2 ... '
          'DATA: unsigned integer RLE v2 (dictionary ids), '
          'DICTIONARY_DATA, LENGTH"')
S_STRIPES = ('ORC specification, Stripes: "The body of ORC files consists '
             'of a series of stripes."')
S_TIMESTAMP = ('ORC specification, Column Encodings, Timestamp: "seconds '
               'since 1 January 2015 ... in the writer\'s time zone" '
               '(TIMESTAMP: wall clock; TIMESTAMP_INSTANT: UTC)')


def _case(rule, variant, spec, what, spec_text):
    orc = ow.write(spec)
    schema_desc = ", ".join(f"{n}: {_type_text(t)}" for n, t in
                            zip(spec.schema.field_names,
                                spec.schema.children))
    return Case(case_id("y", rule, variant), "orc", orc.data, rule,
                spec_text, f"{what}: struct<{schema_desc}>",
                features.orc_features(spec),
                rows=canonical.orc_rows(spec.schema, spec.rows))


def _type_text(t):
    k = t.kind.lower()
    if t.kind == "DECIMAL":
        return f"decimal({t.precision},{t.scale})"
    if t.kind in ("CHAR", "VARCHAR"):
        return f"{k}({t.max_length})"
    if t.kind == "STRUCT":
        return "struct<" + ",".join(f"{n}:{_type_text(c)}" for n, c in
                                    zip(t.field_names, t.children)) + ">"
    if t.children:
        return f"{k}<" + ",".join(_type_text(c) for c in t.children) + ">"
    return k


_TYPE_VALUES = [
    ("boolean", T("BOOLEAN"), [True, False, None, True]),
    ("byte", T("BYTE"), [-128, 127, 0, None]),
    ("short", T("SHORT"), [-32768, 32767, None, 7]),
    ("int", T("INT"), [-2 ** 31, 2 ** 31 - 1, 0, None]),
    ("long", T("LONG"), [-2 ** 63, 2 ** 63 - 1, None, 123456789012]),
    ("float", T("FLOAT"), [0.5, -2.25, 0.1, float("inf"), -0.0, None]),
    ("double", T("DOUBLE"), [0.1, -1e300, float("-inf"), -0.0, None, 5e-324]),
    ("string", T("STRING"), ["", "alpha", "caf\u00e9", None,
                             "\U0001F600"]),
    ("char", T("CHAR", max_length=4), ["ab  ", "wxyz", None, "    "]),
    ("varchar", T("VARCHAR", max_length=5), ["", "abc", None, "hello"]),
    ("binary", T("BINARY"), [b"", b"\x00\xff", None, b"abc"]),
    ("decimal", Decimal(12, 2), [0, 1, -1, 10 ** 12 - 1, None, -123456]),
    ("decimal", Decimal(38, 10), [10 ** 38 - 1, -(10 ** 38 - 1), 0, None]),
    ("date", T("DATE"), [0, -1, 19723, None, -719162, 2932896]),
    ("timestamp", T("TIMESTAMP"),
     [(0, 0), (1_700_000_000, 123_456_789), None, (-86_400 * 365, 1000),
      (1_420_070_400, 999_999_999)]),
    ("timestamp-instant", T("TIMESTAMP_INSTANT"),
     [(0, 0), (1_700_000_000, 123_456_789), None, (1_420_070_400, 1)]),
]


def types():
    out = []
    seen = {}
    for name, t, values in _TYPE_VALUES:
        seen[name] = seen.get(name, 0) + 1
        variant = None if seen[name] == 1 else f"p{t.precision}"
        spec = OrcSpec(Struct([("v", t)]), [{"v": v} for v in values])
        out.append(_case(f"orc-type.{name}", variant, spec,
                         f"{name} values, extremes and a null", S_TYPES))
    spec = OrcSpec(Struct([("v", T("TIMESTAMP"))]),
                   [{"v": v} for v in [(0, 0), (1_615_690_800, 0),
                                       (1_636_248_600, 500),
                                       (-2_000_000_000, 7), None]],
                   writer_timezone="America/Los_Angeles")
    out.append(_case("orc-type.timestamp", "writer-zone", spec,
                     "TIMESTAMP (wall clock) written in "
                     "America/Los_Angeles, read back as the same wall clock",
                     S_TIMESTAMP))
    return out


def _flat_schema():
    return Struct([("flag", T("BOOLEAN")), ("id", T("INT")),
                   ("big", T("LONG")), ("ratio", T("FLOAT")),
                   ("score", T("DOUBLE")), ("name", T("STRING")),
                   ("blob", T("BINARY")), ("price", Decimal(10, 2)),
                   ("day", T("DATE")), ("at", T("TIMESTAMP"))])


def _flat_rows(rng, n):
    def maybe(v):
        return None if rng.random() < 0.15 else v
    return [{"flag": maybe(i % 3 == 0), "id": maybe(i * 7 - 50),
             "big": maybe(rng.randrange(-2 ** 62, 2 ** 62)),
             "ratio": maybe(rng.choice([0.5, -2.25, 1024.0])),
             "score": maybe(round(rng.uniform(-1e6, 1e6), 4)),
             "name": maybe(rng.choice(["a", "bb", "", "caf\u00e9"])),
             "blob": maybe(bytes([i % 256, 7])),
             "price": maybe(rng.randrange(-10 ** 10 + 1, 10 ** 10)),
             "day": maybe(18000 + i),
             "at": maybe((1_600_000_000 + i * 3600, i * 1000))}
            for i in range(n)]


def codecs(rng):
    out = []
    for codec in ("NONE", "ZLIB", "SNAPPY", "LZO", "LZ4", "ZSTD"):
        spec = OrcSpec(_flat_schema(), _flat_rows(rng, 40), compression=codec,
                       block_size=256, stripe_rows=[25, 15],
                       row_index_stride=10)
        out.append(_case(f"orc-codec.{codec.lower()}", None, spec,
                         f"{codec}, 256-byte compression blocks, 2 stripes, "
                         "a row index", S_COMPRESSION))
    return out


def encodings(rng):
    out = []
    words = ["alpha", "beta", "", "gamma"]
    spec = OrcSpec(Struct([("s", T("STRING", dictionary=True)),
                           ("c", T("CHAR", max_length=2, dictionary=True)),
                           ("v", T("VARCHAR", max_length=5,
                                   dictionary=True))]),
                   [{"s": rng.choice(words), "c": rng.choice(["a ", "bb"]),
                     "v": None if i % 5 == 0 else rng.choice(words)}
                    for i in range(30)], compression="ZLIB",
                   stripe_rows=[20, 10])
    out.append(_case("orc-encoding.dictionary-v2", None, spec,
                     "DICTIONARY_V2 string columns", S_DICT))
    spec = OrcSpec(_flat_schema(), _flat_rows(rng, 30), rle_version=1,
                   compression="ZLIB")
    out.append(_case("orc-encoding.rle-v1", None, spec,
                     "every integer stream in RLEv1", S_RLE1))
    spec = OrcSpec(Struct([("s", T("STRING", dictionary=True)),
                           ("n", T("LONG"))]),
                   [{"s": rng.choice(words), "n": i * 3}
                    for i in range(20)], rle_version=1)
    out.append(_case("orc-encoding.rle-v1", "dictionary", spec,
                     "DICTIONARY (v1) strings", S_RLE1))
    values = ([7] * 5 + [9] * 40 + list(range(100, 160, 3)) +
              [rng.randrange(1 << 20, 1 << 21) for _ in range(30)] +
              [rng.randrange(100) if k % 25 else 1 << 40 for k in range(60)])
    spec = OrcSpec(Struct([("v", T("LONG")), ("u", T("INT"))]),
                   [{"v": v, "u": abs(v) % 1000} for v in values])
    out.append(_case("orc-encoding.rle-v2", "mixed", spec,
                     "data the Java writer codes as SHORT_REPEAT, DIRECT, "
                     "PATCHED_BASE and DELTA runs", S_RLE))
    for force in ("SHORT_REPEAT", "DIRECT", "PATCHED_BASE", "DELTA"):
        if force == "SHORT_REPEAT":
            vals = [5, 5, 5, -3, -3, -3, 1 << 40, 1 << 40, 1 << 40]
        elif force == "DELTA":
            vals = [10 + 7 * k for k in range(40)]
        else:
            vals = [rng.randrange(-300, 300) for _ in range(40)]
        try:
            spec = OrcSpec(Struct([("v", T("LONG"))]),
                           [{"v": v} for v in vals], rle_force=force)
            out.append(_case("orc-encoding.rle-v2",
                             force.lower().replace("_", "-"), spec,
                             f"every run {force}", S_RLE))
        except (ValueError, AssertionError):
            continue
    return out


def nesting():
    out = []
    point = Struct([("x", T("DOUBLE")), ("y", T("DOUBLE"))])
    spec = OrcSpec(Struct([("id", T("INT")), ("p", point),
                           ("m", Struct([("inner", point),
                                         ("s", T("STRING"))]))]),
                   [{"id": 0, "p": None, "m": None},
                    {"id": 1, "p": {"x": 1.5, "y": None},
                     "m": {"inner": None, "s": "a"}},
                    {"id": 2, "p": {"x": -0.5, "y": 2.0},
                     "m": {"inner": {"x": 0.0, "y": 1.0}, "s": None}}])
    out.append(_case("orc-nesting.struct", None, spec,
                     "nested structs, null at each level", S_TYPES))
    spec = OrcSpec(Struct([("l", List(T("INT"))),
                           ("ll", List(List(T("STRING"))))]),
                   [{"l": None, "ll": [["a"], [], None]},
                    {"l": [], "ll": None},
                    {"l": [1, None, 3], "ll": [[None, "b"]]}])
    out.append(_case("orc-nesting.list", None, spec,
                     "lists and lists of lists, null and empty", S_TYPES))
    spec = OrcSpec(Struct([("m", Map(T("STRING"), T("LONG"))),
                           ("mm", Map(T("INT"), List(T("DOUBLE"))))]),
                   [{"m": [("a", 1), ("b", None)], "mm": None},
                    {"m": None, "mm": [(1, [0.5]), (2, None)]},
                    {"m": [], "mm": []}])
    out.append(_case("orc-nesting.map", None, spec,
                     "maps, with null values and list values", S_TYPES))
    spec = OrcSpec(Struct([("u", Union([T("INT"), T("STRING"), point]))]),
                   [{"u": (0, 5)}, {"u": (1, "x")}, {"u": None},
                    {"u": (2, {"x": 1.0, "y": None})}, {"u": (1, None)}])
    out.append(_case("orc-nesting.union", None, spec,
                     "a union of int, string and struct, read as "
                     "{\"tag\", \"value\"}", S_TYPES))
    return out


def stripes(rng):
    out = []
    spec = OrcSpec(Struct([("id", T("LONG", bloom=True)),
                           ("s", T("STRING", bloom=True))]),
                   [{"id": i, "s": None if i % 6 == 0 else f"s{i % 5}"}
                    for i in range(45)], compression="ZLIB", block_size=512,
                   stripe_rows=[20, 20, 5], row_index_stride=6)
    out.append(_case("orc-stripe.multiple", None, spec,
                     "3 stripes, a row index every 6 rows, bloom filters",
                     S_STRIPES))
    spec = OrcSpec(_flat_schema(), [], compression="ZLIB")
    out.append(_case("orc-stripe.none", None, spec, "no stripes, no rows",
                     S_STRIPES))
    spec = OrcSpec(Struct([("always", T("INT")), ("never", T("STRING")),
                           ("first_only", T("BOOLEAN"))]),
                   [{"always": None, "never": f"v{i}",
                     "first_only": None if i < 10 else i % 2 == 0}
                    for i in range(30)], stripe_rows=[10, 20])
    out.append(_case("orc-stripe.nulls", None, spec,
                     "an all-null column, a column null only in the first "
                     "stripe", S_STRIPES))
    return out


def cases(seed):
    rng = random.Random(seed + 2)
    return types() + codecs(rng) + encodings(rng) + nesting() + stripes(rng)
