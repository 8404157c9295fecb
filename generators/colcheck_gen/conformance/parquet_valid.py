"""y_ and i_ Parquet cases: every physical type with the logical types
that annotate it, every encoding, codec, page version, nesting shape,
null placement and float special the writer makes."""

import lzo

from colcheck_gen.conformance.cases import (annotate, parquet_case,
                                            recompress)
from colcheck_gen.parquet import encoding
from colcheck_gen.parquet.writer import (OPTIONAL, REPEATED, REQUIRED, Bson,
                                         Date, Decimal, Enum, Float16, Group,
                                         Integer, Interval, Json, Leaf,
                                         MapOf, PageStyle, String,
                                         Time, Timestamp, Unknown, Uuid)

NAN, INF = float("nan"), float("inf")

# Spec sentences, quoted briefly.
S_PHYSICAL = ('README.md, Types: "The types supported by the file format are '
              'intended to be as minimal as possible ... BOOLEAN, INT32, '
              'INT64, INT96, FLOAT, DOUBLE, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY"')
S_INT96 = ('README.md, Types: "INT96: 96 bit signed ints" (deprecated; '
           'parquet.thrift: "used for legacy timestamps": nanoseconds of the '
           'day, then the Julian day)')
S_STRING = ('LogicalTypes.md, STRING: "STRING may only be used to annotate '
            'the BYTE_ARRAY primitive type and indicates that the byte array '
            'should be interpreted as a UTF-8 encoded character string."')
S_ENUM = ('LogicalTypes.md, ENUM: "ENUM annotates the BYTE_ARRAY primitive '
          'type and indicates that the value was converted from an '
          'enumerated type in another data model"')
S_JSON = ('LogicalTypes.md, JSON: "JSON is used for an embedded JSON '
          'document. It must annotate a BYTE_ARRAY primitive type."')
S_BSON = ('LogicalTypes.md, BSON: "BSON is used for an embedded BSON '
          'document. It must annotate a BYTE_ARRAY primitive type."')
S_UUID = ('LogicalTypes.md, UUID: "The UUID annotation must annotate a '
          'FIXED_LEN_BYTE_ARRAY of length 16."')
S_FLOAT16 = ('LogicalTypes.md, FLOAT16: "The FLOAT16 annotation represents '
             'half-precision floating-point numbers in the 2-byte IEEE '
             'little-endian format."')
S_DATE = ('LogicalTypes.md, DATE: "DATE is used to for a logical date type, '
          'without a time of day. It must annotate an INT32 that stores the '
          'number of days from the Unix epoch, 1 January 1970."')
S_TIME = ('LogicalTypes.md, TIME: "TIME is used for a logical time type '
          'without a date with millisecond or microsecond precision. The '
          'type has two type parameters: UTC adjustment (true or false) and '
          'unit (MILLIS or MICROS, NANOS)."')
S_TIMESTAMP = ('LogicalTypes.md, TIMESTAMP: "In data annotated with the '
               'TIMESTAMP logical type, each value is a single int64 number '
               'that can be decoded into year, month, day, hour, minute, '
               'second and subsecond fields"')
S_DECIMAL = ('LogicalTypes.md, DECIMAL: "DECIMAL can be used to annotate the '
             'following types: int32 ... int64 ... fixed_len_byte_array ... '
             'binary"')
S_DECIMAL_LOW = ('LogicalTypes.md, DECIMAL: "int64: for 1 <= precision <= '
                 '18; precision < 10 will produce a warning"')
S_INTEGER = ('LogicalTypes.md, INT: "INT annotation can be used to specify '
             'the maximum number of bits in the stored value. The annotation '
             'has two parameter: bit width and sign."')
S_INTERVAL = ('LogicalTypes.md, INTERVAL: "INTERVAL is used for an interval '
              'of time. It must annotate a fixed_len_byte_array of length 12 '
              '... three little-endian unsigned integers"')
S_UNKNOWN = ('LogicalTypes.md, UNKNOWN: "The UNKNOWN type can be used to '
             'annotate a column that is always null."')
S_CONVERTED = ('LogicalTypes.md, Compatibility: "To support backward '
               'compatibility with old files, readers should interpret '
               'LogicalTypes in the same way as ConvertedType"')
S_FLOAT_ORDER = ('parquet.thrift, ColumnOrder: "NaNs should not be written '
                 'to min or max statistics fields ... If the computed min '
                 'value is zero (whether negative or positive), -0.0 should '
                 'be written into the min statistics field"')
S_PLAIN = ('Encodings.md, Plain: "Supported Types: all. This is the plain '
           'encoding that must be supported for types."')
S_DICT = ('Encodings.md, Dictionary Encoding (PLAIN_DICTIONARY = 2 and '
          'RLE_DICTIONARY = 8): "The dictionary encoding builds a dictionary '
          'of values encountered in a given column. The dictionary will be '
          'stored in a dictionary page per column chunk."')
S_DICT_FALLBACK = ('Encodings.md, Dictionary Encoding: "If the dictionary '
                   'grows too big, whether in size or number of distinct '
                   'values, the encoding will fall back to the plain '
                   'encoding."')
S_PLAIN_DICT = ('Encodings.md, Dictionary Encoding: "PLAIN_DICTIONARY: For '
                'Data Page v1 ... This encoding is deprecated"')
S_RLE = ('Encodings.md, Run Length Encoding / Bit-Packing Hybrid (RLE = 3): '
         '"This encoding uses a combination of bit-packing and run length '
         'encoding ... Supported Types: ... BOOLEAN"')
S_BIT_PACKED = ('Encodings.md, Bit-packed (Deprecated) (BIT_PACKED = 4): '
                '"This is a bit-packed only encoding, which is deprecated and '
                'will be replaced by the RLE/bit-packing hybrid encoding."')
S_DBP = ('Encodings.md, Delta Encoding (DELTA_BINARY_PACKED = 5): '
         '"Supported Types: INT32, INT64"')
S_DLBA = ('Encodings.md, Delta-length byte array (DELTA_LENGTH_BYTE_ARRAY = '
          '6): "Supported Types: BYTE_ARRAY"')
S_DBA = ('Encodings.md, Delta Strings (DELTA_BYTE_ARRAY = 7): "Supported '
         'Types: BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY"')
S_BSS = ('Encodings.md, Byte Stream Split (BYTE_STREAM_SPLIT = 9): '
         '"Supported Types: FLOAT, DOUBLE, INT32, INT64, '
         'FIXED_LEN_BYTE_ARRAY"')
S_CODEC = {
    "SNAPPY": 'Compression.md, SNAPPY: "A codec based on the Snappy '
              'compression format."',
    "GZIP": 'Compression.md, GZIP: "A codec based on the GZIP format ... '
            'defined in RFC 1952."',
    "BROTLI": 'Compression.md, BROTLI: "A codec based on the Brotli format '
              'defined in RFC 7932."',
    "LZ4": 'Compression.md, LZ4: "A deprecated codec loosely based on the '
           'LZ4 compression algorithm, but with an additional undocumented '
           'framing scheme." (the Hadoop framing parquet-mr writes)',
    "LZ4_RAW": 'Compression.md, LZ4_RAW: "A codec based on the LZ4 block '
               'format."',
    "ZSTD": 'Compression.md, ZSTD: "A codec based on the Zstandard format '
            'defined in RFC 8478."',
    "LZO": 'Compression.md, LZO: "A codec based on or interoperable with the '
           'LZO compression library." (the Hadoop framing parquet-mr writes '
           'through hadoop-lzo)',
}
S_V2 = ('README.md, Data Pages: DataPageHeaderV2 (parquet.thrift: "New page '
        'format allowing reading levels without decompressing the data '
        'Repetition and definition levels are uncompressed")')
S_V2_COMPRESSED = ('parquet.thrift, DataPageHeaderV2.is_compressed: "Whether '
                   'the values are compressed. Which means the section of '
                   'the page between definition_levels_byte_length + '
                   'repetition_levels_byte_length + 1 and '
                   'compressed_page_size (included) is compressed with the '
                   'compression_codec. If missing it is considered '
                   'compressed"')
S_PAGES = ('README.md, File format: "Column chunks are composed of pages '
           'written back to back."')
S_EMPTY_PAGE = ('parquet.thrift, DataPageHeader.num_values: "Number of '
                'values, including NULLs, in this data page." (0 is a count '
                'like any other)')
S_CRC = ('parquet.thrift, PageHeader.crc: "The 32-bit CRC checksum for the '
         'page, to be be calculated as follows: ... Checksum of the page '
         'data" (readers may verify it)')
S_PAGE_INDEX = ('PageIndex.md: "In Parquet 2.5 (parquet-format 2.5.0) we '
                'introduced a page index: ColumnIndex and OffsetIndex"')
S_BLOOM = ('BloomFilter.md: "a Split Block Bloom Filter (SBBF) ... is used '
           'for checking whether a value is in the column chunk"')
S_ROW_GROUPS = ('README.md, Glossary: "Row group: A logical horizontal '
                'partitioning of the data into rows."')
S_NO_ROWS = ('parquet.thrift, FileMetaData.row_groups: "Row groups in this '
             'file" (a list, which may be empty)')
S_NESTED = ('README.md, Nested Encoding: "To encode nested columns, Parquet '
            'uses the Dremel encoding with definition and repetition '
            'levels."')
S_LEVELS = ('Encodings.md, RLE: "The bit-packing ... and run length '
            'encoding ... [levels] are always encoded as RLE/bit-packed '
            'hybrid"')
S_LIST = ('LogicalTypes.md, Lists: "LIST is used to annotate types that '
          'should be interpreted as lists. LIST must always annotate a '
          '3-level structure"')
S_LIST_COMPAT = ('LogicalTypes.md, Lists, Backward-compatibility rules: '
                 '"the type of elements in LIST-annotated structures should '
                 'always be determined by the following rules"')
S_REPEATED = ('LogicalTypes.md, Nested Types: "A repeated field that is '
              'neither contained by a LIST- or MAP-annotated group nor '
              'annotated by LIST or MAP should be interpreted as a required '
              'list of required elements where the element type is the type '
              'of the field."')
S_MAP = ('LogicalTypes.md, Maps: "MAP is used to annotate types that should '
         'be interpreted as a map from keys to values. MAP must annotate a '
         '3-level structure"')
S_MAP_COMPAT = ('LogicalTypes.md, Maps, Backward-compatibility rules: '
                '"these names may not be used in existing data and should '
                'not be enforced as errors when reading"')
S_MAP_KEY_VALUE = ('LogicalTypes.md, Maps: "a group annotated with '
                   'MAP_KEY_VALUE that is not contained by a MAP-annotated '
                   'group should be handled as a MAP-annotated group."')
S_STRUCT = ('README.md, Nested Encoding: "optional and repeated fields '
            '... definition levels specify how many optional fields in the '
            'path for the column are defined"')


def _opt(values):
    return [{"v": v} for v in values]


def _leaf_case(rule, variant, leaf, values, spec_text, what="", **kw):
    return parquet_case("y", rule, variant, [leaf], _opt(values),
                        spec_text=spec_text, what=what, **kw)


def types():
    out = []
    add = out.append
    add(_leaf_case("type.boolean", None, Leaf("v", "BOOLEAN", OPTIONAL),
                   [True, False, None, True, False, False], S_PHYSICAL))
    add(_leaf_case("type.int32", None, Leaf("v", "INT32", OPTIONAL),
                   [0, 1, -1, 2 ** 31 - 1, -2 ** 31, None], S_PHYSICAL))
    add(_leaf_case("type.int64", None, Leaf("v", "INT64", OPTIONAL),
                   [0, -1, 2 ** 63 - 1, -2 ** 63, 123456789012, None],
                   S_PHYSICAL))
    add(_leaf_case("type.int96", None, Leaf("v", "INT96", OPTIONAL),
                   [0, 1, -1, 1_700_000_000_123_456_789,
                    -86_400_000_000_001, None], S_INT96,
                   "INT96 timestamps (nanoseconds of the day, Julian day) "
                   "before and after the epoch"))
    add(_leaf_case("type.float", None, Leaf("v", "FLOAT", OPTIONAL),
                   [0.5, -1.25, 3.4028234663852886e38,
                    1.401298464324817e-45, 0.1, 16777216.0, None],
                   S_PHYSICAL, "FLOAT extremes, a subnormal, 0.1 (printed "
                   "as the shortest float32 text)"))
    add(_leaf_case("type.double", None, Leaf("v", "DOUBLE", OPTIONAL),
                   [0.1, -2.5, 1.7976931348623157e308, 5e-324, 1e16,
                    100000.0, None], S_PHYSICAL))
    add(_leaf_case("type.byte-array", None, Leaf("v", "BYTE_ARRAY", OPTIONAL),
                   [b"", b"\x00\xff", b"abc", None, bytes(range(10))],
                   S_PHYSICAL, "unannotated bytes, empty and not UTF-8"))
    add(_leaf_case("type.fixed-len-byte-array", None,
                   Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, type_length=4),
                   [b"\x00\x01\x02\x03", b"\xff\xfe\xfd\xfc", None, b"abcd"],
                   S_PHYSICAL))
    add(_leaf_case("type.byte-array-string", None,
                   Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=String()),
                   ["", "alpha", "caf\u00e9", "\u65e5\u672c\u8a9e",
                    "\U0001F600 emoji", 'quote " back\\slash\nnl\ttab\x01',
                    None], S_STRING))
    add(_leaf_case("type.byte-array-enum", None,
                   Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=Enum()),
                   ["RED", "GREEN", None, "BLUE", "RED"], S_ENUM))
    add(_leaf_case("type.byte-array-json", None,
                   Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=Json()),
                   ['{"a":1}', "[1,2,3]", None, '"s"', "null"], S_JSON))
    add(_leaf_case("type.byte-array-bson", None,
                   Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=Bson()),
                   [b"\x0c\x00\x00\x00\x10a\x00\x01\x00\x00\x00\x00",
                    b"\x05\x00\x00\x00\x00", None], S_BSON,
                   "BSON documents (read as bytes)"))
    add(_leaf_case("type.fixed-len-byte-array-uuid", None,
                   Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
                        logical=Uuid(), type_length=16),
                   [bytes.fromhex("123e4567e89b12d3a456426614174000"),
                    bytes(16), b"\xff" * 16, None], S_UUID))
    add(_leaf_case("type.fixed-len-byte-array-float16", None,
                   Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
                        logical=Float16(), type_length=2),
                   [1.0, -2.5, 65504.0, 2.0 ** -24, 0.1, None], S_FLOAT16,
                   "FLOAT16: the largest, the smallest subnormal, 0.1 rounded "
                   "to half precision"))
    add(_leaf_case("type.int32-date", None,
                   Leaf("v", "INT32", OPTIONAL, logical=Date()),
                   [0, -1, 19723, 2932896, -719162, None], S_DATE,
                   "dates from 0001-01-01 to 9999-12-31"))
    times = {"MILLIS": ("INT32", [0, 1, 43_200_000, 86_399_999, None]),
             "MICROS": ("INT64", [0, 1, 45_296_789_012, 86_399_999_999,
                                  None]),
             "NANOS": ("INT64", [0, 1, 45_296_789_012_345,
                                 86_399_999_999_999, None])}
    for unit, (phys, values) in times.items():
        for utc in (True, False):
            add(_leaf_case(f"type.{phys.lower()}-time-{unit.lower()}",
                           "utc" if utc else "local",
                           Leaf("v", phys, OPTIONAL, logical=Time(unit, utc)),
                           values, S_TIME))
    stamps = {"MILLIS": [0, 1, -1, 1_704_067_200_123, 253_402_300_799_999,
                         None],
              "MICROS": [0, 1, -1, 1_704_067_200_123_456,
                         -62_135_596_800_000_000, None],
              "NANOS": [0, 1, -1, 1_704_067_200_123_456_789, 2 ** 63 - 1,
                        None]}
    for unit, values in stamps.items():
        for utc in (True, False):
            add(_leaf_case(f"type.int64-timestamp-{unit.lower()}",
                           "utc" if utc else "local",
                           Leaf("v", "INT64", OPTIONAL,
                                logical=Timestamp(unit, utc)),
                           values, S_TIMESTAMP))
    decimals = [
        ("int32", None, Leaf("v", "INT32", OPTIONAL, logical=Decimal(9, 2)),
         [0, 1, -1, 999_999_999, -999_999_999, 12345, None]),
        ("int32", "scale-0", Leaf("v", "INT32", OPTIONAL,
                                  logical=Decimal(5, 0)),
         [0, 99999, -99999, None]),
        ("int64", None, Leaf("v", "INT64", OPTIONAL, logical=Decimal(18, 4)),
         [0, 1, -1, 10 ** 18 - 1, -(10 ** 18 - 1), None]),
        ("fixed-len-byte-array", None,
         Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
              logical=Decimal(38, 10), type_length=16),
         [0, 1, -1, 10 ** 38 - 1, -(10 ** 38 - 1), None]),
        ("fixed-len-byte-array", "5-bytes",
         Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, logical=Decimal(11, 3),
              type_length=5),
         [0, 10 ** 11 - 1, -(10 ** 11 - 1), 5, None]),
        ("byte-array", None,
         Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=Decimal(20, 5)),
         [0, 1, -1, 10 ** 20 - 1, -12345, 128, -129, None]),
    ]
    for phys, variant, leaf, values in decimals:
        add(_leaf_case(f"type.{phys}-decimal", variant, leaf, values,
                       S_DECIMAL))
    add(_leaf_case("type.int64-decimal", "low-precision",
                   Leaf("v", "INT64", OPTIONAL, logical=Decimal(9, 2)),
                   [0, 123_456_789, -5, None], S_DECIMAL_LOW,
                   "DECIMAL(9,2) on INT64: allowed, with a warning"))
    ints = [("INT32", 8, True, [-128, 127, 0, None]),
            ("INT32", 8, False, [0, 255, 128, None]),
            ("INT32", 16, True, [-32768, 32767, 0, None]),
            ("INT32", 16, False, [0, 65535, 40000, None]),
            ("INT32", 32, True, [-2 ** 31, 2 ** 31 - 1, 0, None]),
            ("INT32", 32, False, [0, 2 ** 32 - 1, 2 ** 31, None]),
            ("INT64", 64, True, [-2 ** 63, 2 ** 63 - 1, 0, None]),
            ("INT64", 64, False, [0, 2 ** 64 - 1, 2 ** 63, None])]
    for phys, bits, signed, values in ints:
        add(_leaf_case(f"type.{phys.lower()}-integer",
                       f"{'int' if signed else 'uint'}{bits}",
                       Leaf("v", phys, OPTIONAL,
                            logical=Integer(bits, signed)),
                       values, S_INTEGER,
                       "unsigned values above the signed range" if not signed
                       else ""))
    add(_leaf_case("type.fixed-len-byte-array-interval", None,
                   Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
                        logical=Interval(), type_length=12),
                   [(1, 2, 3), (0, 0, 0), (12, 30, 86_400_000), None],
                   S_INTERVAL, "INTERVAL (months, days, millis), read as "
                   "its 12 bytes (base64)"))
    out.append(parquet_case(
        "y", "type.int32-unknown", None,
        [Leaf("id", "INT32"), Leaf("v", "INT32", OPTIONAL,
                                   logical=Unknown())],
        [{"id": i, "v": None} for i in range(3)], spec_text=S_UNKNOWN))
    # ConvertedType alone, as files from before LogicalType have it.
    legacy = [("string", Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=String()),
               ["a", "\u00e9", None]),
              ("date", Leaf("v", "INT32", OPTIONAL, logical=Date()),
               [0, 19723, None]),
              ("timestamp-millis", Leaf("v", "INT64", OPTIONAL,
                                        logical=Timestamp("MILLIS")),
               [0, 1_704_067_200_123, None]),
              ("timestamp-micros", Leaf("v", "INT64", OPTIONAL,
                                        logical=Timestamp("MICROS")),
               [0, 1_704_067_200_123_456, None]),
              ("time-millis", Leaf("v", "INT32", OPTIONAL,
                                   logical=Time("MILLIS")),
               [0, 43_200_000, None]),
              ("time-micros", Leaf("v", "INT64", OPTIONAL,
                                   logical=Time("MICROS")),
               [0, 45_296_789_012, None]),
              ("decimal", Leaf("v", "INT32", OPTIONAL, logical=Decimal(9, 2)),
               [12345, -1, None]),
              ("uint-16", Leaf("v", "INT32", OPTIONAL,
                               logical=Integer(16, False)),
               [0, 65535, None]),
              ("enum", Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=Enum()),
               ["X", None])]

    def drop_logical(model, t):
        for e in model.schema:
            e.logicalType = None
    for variant, leaf, values in legacy:
        add(_leaf_case("type.converted-only", variant, leaf, values,
                       S_CONVERTED, "ConvertedType only, no LogicalType "
                       "(as older writers wrote)", edit=drop_logical))
    return out


def floats():
    out = []
    stats = PageStyle(statistics=True, page_index=True, page_rows=2)
    cases = [
        ("float.nan", "float", "FLOAT", [1.5, NAN, -2.0, NAN, None, 0.25]),
        ("float.nan", "double", "DOUBLE", [1.5, NAN, -2.0, NAN, None, 0.25]),
        ("float.nan", "all-nan", "DOUBLE", [NAN, NAN, None, NAN]),
        ("float.signed-zero", "float", "FLOAT", [-0.0, 0.0, -0.0, 1.0, None,
                                                 0.0]),
        ("float.signed-zero", "double", "DOUBLE", [-0.0, 0.0, None, -0.0,
                                                   -1.0, 0.0]),
        ("float.infinity", "float", "FLOAT", [INF, -INF, 1.0, None]),
        ("float.infinity", "double", "DOUBLE", [INF, -INF, 1.0, None]),
    ]
    for rule, variant, phys, values in cases:
        out.append(_leaf_case(rule, variant, Leaf("v", phys, OPTIONAL),
                              values, S_FLOAT_ORDER,
                              "with chunk and page statistics and a page "
                              "index (NaN left out of min/max, zero bounds "
                              "-0.0 and +0.0)", pages=stats))
    out.append(_leaf_case("float.nan", "float16",
                          Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
                               logical=Float16(), type_length=2),
                          [NAN, -0.0, 0.0, INF, -INF, None, 1.5],
                          S_FLOAT_ORDER, "FLOAT16 NaN, zeros and "
                          "infinities, with statistics", pages=stats))
    out.append(_leaf_case("float.signed-zero", "dictionary",
                          Leaf("v", "DOUBLE", OPTIONAL),
                          [-0.0, 0.0, -0.0, 0.0, NAN, None],
                          S_FLOAT_ORDER, "-0.0 and +0.0 as distinct "
                          "dictionary entries",
                          pages=PageStyle(encoding="DICTIONARY",
                                          statistics=True)))
    out.append(_leaf_case("float.nan", "byte-stream-split",
                          Leaf("v", "DOUBLE", OPTIONAL),
                          [NAN, -0.0, INF, -INF, 2.5, None],
                          S_FLOAT_ORDER, "specials in BYTE_STREAM_SPLIT",
                          pages=PageStyle(encoding="BYTE_STREAM_SPLIT")))
    return out


def _pool_rows(rng, leaf, pool, n, null_rate=0.2):
    rows = []
    for _ in range(n):
        v = None if (leaf.repetition == OPTIONAL and
                     rng.random() < null_rate) else rng.choice(pool)
        rows.append({"v": v})
    return rows


def encodings(rng):
    out = []
    pools = [
        ("boolean", Leaf("v", "BOOLEAN", OPTIONAL), [True, False]),
        ("int32", Leaf("v", "INT32", OPTIONAL), [7, -3, 2 ** 31 - 1, 0]),
        ("int64", Leaf("v", "INT64", OPTIONAL), [7, -3, 2 ** 63 - 1, 0]),
        ("int96", Leaf("v", "INT96", OPTIONAL),
         [0, 1_700_000_000_000_000_000]),
        ("float", Leaf("v", "FLOAT", OPTIONAL), [0.5, -1.5, 3.25]),
        ("double", Leaf("v", "DOUBLE", OPTIONAL), [0.1, -1e300, 2.0]),
        ("byte-array", Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=String()),
         ["red", "green", "", "blue\u00e9"]),
        ("fixed-len-byte-array",
         Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, type_length=3),
         [b"abc", b"\x00\x00\x00", b"xyz"]),
    ]
    for name, leaf, pool in pools:
        out.append(parquet_case(
            "y", "encoding.rle-dictionary", name, [leaf],
            _pool_rows(rng, leaf, pool, 20), spec_text=S_DICT,
            what="a PLAIN dictionary page, RLE_DICTIONARY data pages of 7 "
                 "rows",
            pages=PageStyle(encoding="DICTIONARY", page_rows=7)))
    for name, leaf, pool in (pools[1], pools[6]):
        out.append(parquet_case(
            "y", "encoding.plain-dictionary", name, [leaf],
            _pool_rows(rng, leaf, pool, 15), spec_text=S_PLAIN_DICT,
            what="the deprecated PLAIN_DICTIONARY on the dictionary and "
                 "data pages (V1)",
            pages=PageStyle(encoding="PLAIN_DICTIONARY", page_rows=5)))
    leaf = Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=String())
    out.append(parquet_case(
        "y", "encoding.rle-dictionary", "fallback-to-plain", [leaf],
        [{"v": None if i % 7 == 3 else f"w{i % 9}"} for i in range(24)],
        spec_text=S_DICT_FALLBACK,
        what="dictionary pages up to 4 entries, then PLAIN data pages in "
             "the same chunk",
        pages=PageStyle(encoding="DICTIONARY", page_rows=5,
                        dictionary_fallback=4)))
    bools = [{"v": None if i % 5 == 4 else (i % 3 == 0 or i > 30)}
             for i in range(40)]
    for version in (1, 2):
        out.append(parquet_case(
            "y", "encoding.rle", f"boolean-v{version}",
            [Leaf("v", "BOOLEAN", OPTIONAL)], bools, spec_text=S_RLE,
            what="BOOLEAN values in the RLE/bit-packed hybrid",
            pages=PageStyle(encoding="RLE", version=version)))
    # DELTA_BINARY_PACKED
    r32 = [rng.randint(-2 ** 31, 2 ** 31 - 1) for _ in range(150)]
    r64 = [rng.randint(-2 ** 63, 2 ** 63 - 1) for _ in range(150)]
    ext32 = [-2 ** 31, 2 ** 31 - 1] * 20 + [0, -1, 1]
    ext64 = [-2 ** 63, 2 ** 63 - 1] * 20 + [0, -1, 1]
    mono = [1000 + 3 * i for i in range(300)]
    dbp = [("int32", "INT32", r32, PageStyle(encoding="DELTA_BINARY_PACKED"),
            "150 random INT32 values: two blocks of 128"),
           ("int64", "INT64", r64, PageStyle(encoding="DELTA_BINARY_PACKED"),
            "150 random INT64 values"),
           ("int32-extremes", "INT32", ext32,
            PageStyle(encoding="DELTA_BINARY_PACKED"),
            "deltas between INT32 min and max wrap around"),
           ("int64-extremes", "INT64", ext64,
            PageStyle(encoding="DELTA_BINARY_PACKED"),
            "deltas between INT64 min and max wrap around"),
           ("block-256", "INT64", mono,
            PageStyle(encoding="DELTA_BINARY_PACKED", delta_block_size=256,
                      delta_miniblocks=8),
            "blocks of 256 values in 8 miniblocks, constant deltas"),
           ("single-value", "INT32", [42],
            PageStyle(encoding="DELTA_BINARY_PACKED"), "one value: a header "
            "and no block")]
    for variant, phys, values, style, what in dbp:
        out.append(parquet_case(
            "y", "encoding.delta-binary-packed", variant,
            [Leaf("v", phys)], [{"v": v} for v in values],
            spec_text=S_DBP, what=what, pages=style))
    out.append(parquet_case(
        "y", "encoding.delta-binary-packed", "nullable-v2",
        [Leaf("v", "INT32", OPTIONAL)],
        [{"v": None if i % 4 == 1 else i * i - 50} for i in range(60)],
        spec_text=S_DBP, what="nulls, DATA_PAGE_V2, pages of 25 rows",
        pages=PageStyle(encoding="DELTA_BINARY_PACKED", version=2,
                        page_rows=25)))
    words = ["", "a", "apple", "applesauce", "application", "banana",
             "band", "bandana", "caf\u00e9", "caf\u00e9s"]
    out.append(parquet_case(
        "y", "encoding.delta-length-byte-array", None,
        [Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=String())],
        [{"v": None if i % 6 == 5 else words[i % len(words)] * (i % 3)}
         for i in range(40)], spec_text=S_DLBA,
        pages=PageStyle(encoding="DELTA_LENGTH_BYTE_ARRAY")))
    out.append(parquet_case(
        "y", "encoding.delta-length-byte-array", "binary-v2",
        [Leaf("v", "BYTE_ARRAY")],
        [{"v": bytes(range(i % 7)) * (i % 4)} for i in range(30)],
        spec_text=S_DLBA, what="DATA_PAGE_V2",
        pages=PageStyle(encoding="DELTA_LENGTH_BYTE_ARRAY", version=2)))
    out.append(parquet_case(
        "y", "encoding.delta-byte-array", "byte-array",
        [Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=String())],
        [{"v": None if i % 7 == 6 else w} for i, w in
         enumerate(sorted(words * 3))], spec_text=S_DBA,
        what="sorted words sharing prefixes",
        pages=PageStyle(encoding="DELTA_BYTE_ARRAY")))
    out.append(parquet_case(
        "y", "encoding.delta-byte-array", "fixed-len-byte-array",
        [Leaf("v", "FIXED_LEN_BYTE_ARRAY", type_length=6)],
        [{"v": b"prefix"[:i % 6] + b"\x00" * (6 - i % 6)} for i in range(20)],
        spec_text=S_DBA, pages=PageStyle(encoding="DELTA_BYTE_ARRAY")))
    out.append(parquet_case(
        "y", "encoding.delta-byte-array", "string-v2",
        [Leaf("v", "BYTE_ARRAY", logical=String())],
        [{"v": f"key-{i // 4:03d}-{i % 4}"} for i in range(40)],
        spec_text=S_DBA, what="DATA_PAGE_V2, pages of 16 rows",
        pages=PageStyle(encoding="DELTA_BYTE_ARRAY", version=2,
                        page_rows=16)))
    bss = [("float", Leaf("v", "FLOAT", OPTIONAL),
            [0.5, -1.25, None, 3.4028234663852886e38, 1e-45, 0.1]),
           ("double", Leaf("v", "DOUBLE", OPTIONAL),
            [0.1, None, -2.5, 1e300, 5e-324, 7.0]),
           ("int32", Leaf("v", "INT32", OPTIONAL),
            [1, -1, None, 2 ** 31 - 1, -2 ** 31, 65536]),
           ("int64", Leaf("v", "INT64", OPTIONAL),
            [1, -1, None, 2 ** 63 - 1, -2 ** 63, 2 ** 40]),
           ("fixed-len-byte-array",
            Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, type_length=3),
            [b"abc", None, b"\x00\x01\x02", b"xyz"]),
           ("float16", Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
                            logical=Float16(), type_length=2),
            [1.0, -0.5, None, 65504.0]),
           ("decimal", Leaf("v", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
                            logical=Decimal(9, 2), type_length=4),
            [12345, -1, None, 999_999_999])]
    for variant, leaf, values in bss:
        out.append(_leaf_case("encoding.byte-stream-split", variant, leaf,
                              values, S_BSS,
                              pages=PageStyle(encoding="BYTE_STREAM_SPLIT")))
    # Levels.
    nested = [Group("g", [Leaf("x", "INT32", OPTIONAL)], OPTIONAL)]
    nrows = [{"g": None if i % 4 == 0 else
              {"x": None if i % 3 == 0 else i}} for i in range(20)]
    out.append(parquet_case(
        "y", "levels.bit-packed-runs", None, nested, nrows,
        spec_text=S_LEVELS, what="definition levels as one bit-packed run "
        "of the hybrid encoding", level_style="bitpacked"))

    def bit_packed(model, t):
        from colcheck_gen.parquet import writer as pw
        for chunk in model.row_groups[0].chunks:
            for page in chunk.pages:
                dph = page.header.data_page_header
                if dph is None:
                    continue
                page.defs = encoding.bit_packed_deprecated(
                    page.def_levels, page.level_widths[1])
                dph.definition_level_encoding = t.Encoding.BIT_PACKED
                pw.finish_page(page, t)
    out.append(parquet_case(
        "y", "levels.bit-packed-deprecated", None, nested, nrows,
        spec_text=S_BIT_PACKED, what="definition levels in the deprecated "
        "BIT_PACKED encoding", edit=bit_packed))
    return out


def _codec_rows(n=30):
    return [{"id": i, "name": None if i % 5 == 2 else f"row {i}",
             "score": None if i % 7 == 3 else i / 4} for i in range(n)]


_CODEC_SCHEMA = [Leaf("id", "INT64"),
                 Leaf("name", "BYTE_ARRAY", OPTIONAL, logical=String()),
                 Leaf("score", "DOUBLE", OPTIONAL)]


def codecs():
    out = []
    for codec in ("SNAPPY", "GZIP", "BROTLI", "LZ4", "LZ4_RAW", "ZSTD",
                  "LZO"):
        for version in (1, 2):
            kw = {}
            if codec == "LZO":
                style = PageStyle(version=version, page_rows=10)
                kw["edit"] = recompress(
                    "LZO", lambda raw: lzo.compress(raw, 1, False))
            else:
                style = PageStyle(codec=codec, version=version, page_rows=10)
            out.append(parquet_case(
                "y", f"codec.{codec.lower().replace('_', '-')}",
                f"v{version}", _CODEC_SCHEMA, _codec_rows(),
                spec_text=S_CODEC[codec],
                what=f"{codec}, data pages V{version} of 10 rows",
                pages=style, **kw))
    # One dictionary chunk per codec family, to cover dictionary pages.
    out.append(parquet_case(
        "y", "codec.zstd", "dictionary", _CODEC_SCHEMA[1:2],
        [{"name": f"k{i % 4}"} for i in range(30)],
        spec_text=S_CODEC["ZSTD"], what="a ZSTD dictionary page",
        pages=PageStyle(codec="ZSTD", encoding="DICTIONARY")))
    return out


def _lz4_raw_in_lz4(model, t):
    for rg in model.row_groups:
        for chunk in rg.chunks:
            chunk.meta.codec = t.CompressionCodec.LZ4


def implementation_defined():
    out = []
    out.append(parquet_case(
        "i", "codec.lz4", "raw-block", _CODEC_SCHEMA, _codec_rows(20),
        spec_text='Compression.md, LZ4: "it is advised to use LZ4_RAW ... '
                  'readers ... may fall back" (the deprecated LZ4 codec\'s '
                  'framing is undocumented, so a bare block is read by some '
                  'readers and refused by others)',
        what="LZ4 codec with pages that are one raw LZ4 block, without the "
             "Hadoop framing",
        pages=PageStyle(codec="LZ4_RAW"), edit=_lz4_raw_in_lz4))
    out.append(parquet_case(
        "i", "codec.lzo", "bare-stream", _CODEC_SCHEMA, _codec_rows(20),
        spec_text='Compression.md, LZO: "A codec based on or interoperable '
                  'with the LZO compression library." (no framing is '
                  'specified; parquet-mr frames it as Hadoop does, '
                  'fastparquet writes a bare LZO1X stream)',
        what="LZO pages as one bare LZO1X stream",
        edit=recompress("LZO", lambda raw: lzo.compress(raw, 1, False),
                        framing="raw")))
    # A LogicalType union member no version defines: the Thrift union is
    # forward compatible, so a reader may fall back to the physical type.
    out.append(_unknown_logical())
    # MAP with an optional key (Presto/Trino write it; LT requires it).
    schema = [Group("m", [Group("key_value",
                                [Leaf("key", "BYTE_ARRAY", OPTIONAL,
                                      logical=String()),
                                 Leaf("value", "INT32", OPTIONAL)],
                                REPEATED)], OPTIONAL)]
    rows = [{"m": {"key_value": [{"key": "a", "value": 1},
                                 {"key": "b", "value": None}]}},
            {"m": None}, {"m": {"key_value": []}}]
    out.append(parquet_case(
        "i", "map.optional-key", None, schema, rows,
        spec_text='LogicalTypes.md, Maps: "The key field encodes the map\'s '
                  'key type. This field must have repetition required" '
                  '(some writers make it optional; readers differ on '
                  'accepting it)',
        what="a MAP whose key is optional (no key is null)",
        edit=annotate("m", "MAP"),
        expect_schema=[MapOf("m", Leaf("key", "BYTE_ARRAY", REQUIRED,
                                       logical=String()),
                             Leaf("value", "INT32", OPTIONAL))],
        expect_rows=[{"m": [("a", 1), ("b", None)]}, {"m": None},
                     {"m": []}]))
    # A MAP without a value field: a set of keys.
    schema = [Group("m", [Group("key_value",
                                [Leaf("key", "INT32")], REPEATED)],
                    OPTIONAL)]
    rows = [{"m": {"key_value": [{"key": 1}, {"key": 2}]}}, {"m": None}]
    out.append(parquet_case(
        "i", "map.key-only", None, schema, rows,
        spec_text='LogicalTypes.md, Maps: "The value field ... can be '
                  'required, optional, or omitted ... In case of not '
                  'present, it can be represented as a map with all null '
                  'values or as a set of keys."',
        what="a MAP whose key_value group has no value field",
        edit=annotate("m", "MAP"), with_rows=False))
    return out


def _unknown_logical():
    from colcheck_gen.conformance import cases as C
    from colcheck_gen.parquet import mutations
    schema = [Leaf("id", "INT32"),
              Leaf("v", "BYTE_ARRAY", OPTIONAL, logical=String())]
    rows = [{"id": 1, "v": "a"}, {"id": 2, "v": None}, {"id": 3, "v": "xyz"}]
    case = parquet_case(
        "i", "logical.unknown-member", None, schema, rows,
        spec_text='parquet.thrift, LogicalType: a union; Thrift skips '
                  'fields it does not know, so a reader may read the column '
                  'as its physical type or refuse the unknown annotation',
        what="a LogicalType union holding only member 30, which no version "
             "defines (no ConvertedType)",
        edit=lambda model, t: setattr(model.schema[2], "converted_type",
                                      None))
    pq, _ = C.build(C.pw.FileSpec(schema, rows),
                    lambda model, t: setattr(model.schema[2],
                                             "converted_type", None))
    span = pq.spans["schema[2].logicalType"].value
    # Member 1 (STRING, an empty struct) becomes member 30: a long-form
    # struct field header (delta 0: type 12, then zigzag 30), an empty
    # struct, and the union's stop.
    data, _ = mutations._splice(pq, span, bytes([0x0C, 60, 0x00, 0x00]))
    case.data = data
    case.features = [f for f in case.features if f != "logical:STRING"]
    case.rows = C.canonical.parquet_rows(
        [Leaf("id", "INT32"), Leaf("v", "BYTE_ARRAY", OPTIONAL)],
        [{"id": 1, "v": b"a"}, {"id": 2, "v": None}, {"id": 3, "v": b"xyz"}])
    return case
