"""The `features` of a case (conformance/README.md, "Features"): what a
reader must support to read it, derived from what the file holds."""

VOCABULARY_PREFIXES = ("physical:", "logical:", "encoding:", "codec:")
PHYSICAL = ("BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE",
            "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY")
LOGICAL = ("STRING", "ENUM", "JSON", "BSON", "UUID", "FLOAT16", "DATE",
           "TIME", "TIMESTAMP", "DECIMAL", "INTEGER", "INTERVAL", "UNKNOWN",
           "LIST", "MAP", "VARIANT", "GEOMETRY")
LOGICAL_PARAMS = ("TIMESTAMP:NANOS", "TIME:NANOS", "TIME:MILLIS",
                  "INTEGER:UNSIGNED", "DECIMAL:INT32", "DECIMAL:INT64",
                  "DECIMAL:FIXED_LEN_BYTE_ARRAY", "DECIMAL:BYTE_ARRAY")
ENCODINGS = ("PLAIN", "PLAIN_DICTIONARY", "RLE_DICTIONARY", "RLE",
             "BIT_PACKED", "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY",
             "DELTA_BYTE_ARRAY", "BYTE_STREAM_SPLIT")
CODECS = ("SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW")

VOCABULARY = frozenset(
    ["format:parquet", "format:orc", "page:v2", "page:empty",
     "nesting:struct", "nesting:list", "nesting:map",
     "nesting:list-two-level", "nesting:list-legacy",
     "nesting:repeated-field", "orc:DECIMAL64", "orc:TIMESTAMP_INSTANT",
     "orc:UNION", "orc:RLEv1"] +
    [f"physical:{p}" for p in PHYSICAL] +
    [f"logical:{p}" for p in LOGICAL + LOGICAL_PARAMS] +
    [f"encoding:{e}" for e in ENCODINGS] +
    [f"codec:{c}" for c in CODECS])

_CONVERTED = {0: "STRING", 1: "MAP", 2: "MAP", 3: "LIST", 4: "ENUM",
              5: "DECIMAL", 6: "DATE", 7: "TIME", 8: "TIME", 9: "TIMESTAMP",
              10: "TIMESTAMP", 19: "JSON", 20: "BSON", 21: "INTERVAL"}
_REQUIRED, _OPTIONAL, _REPEATED = 0, 1, 2
_PHYSICAL_NAMES = dict(enumerate(PHYSICAL))


def _order(features):
    """Features in a stable order: the README's table order, then name."""
    rank = {"format": 0, "physical": 1, "logical": 2, "encoding": 3,
            "codec": 4, "page": 5, "nesting": 6, "orc": 7}
    return sorted(set(features), key=lambda f: (rank[f.split(":")[0]], f))


def _logical(element, t):
    """Logical features of one schema element."""
    out = []
    lt = element.logicalType
    physical = _PHYSICAL_NAMES.get(element.type)
    if lt is not None:
        for name in LOGICAL + ("VECTOR", "GEOGRAPHY"):
            member = getattr(lt, name, None)
            if member is None:
                continue
            if name in LOGICAL:
                out.append(f"logical:{name}")
            if name in ("TIME", "TIMESTAMP"):
                unit = member.unit
                if unit.NANOS is not None:
                    out.append(f"logical:{name}:NANOS")
                elif unit.MILLIS is not None and name == "TIME":
                    out.append("logical:TIME:MILLIS")
            if name == "INTEGER" and not member.isSigned:
                out.append("logical:INTEGER:UNSIGNED")
            if name == "DECIMAL" and physical:
                out.append(f"logical:DECIMAL:{physical}")
        return out
    c = element.converted_type
    if c is None:
        return out
    if c in _CONVERTED:
        out.append(f"logical:{_CONVERTED[c]}")
    if c == 7:
        out.append("logical:TIME:MILLIS")
    if 11 <= c <= 18:
        out.append("logical:INTEGER")
        if c <= 14:
            out.append("logical:INTEGER:UNSIGNED")
    if c == 5 and physical:
        out.append(f"logical:DECIMAL:{physical}")
    return out


def _annotation(element):
    lt = element.logicalType
    if lt is not None and lt.LIST is not None:
        return "LIST"
    if lt is not None and lt.MAP is not None:
        return "MAP"
    return {3: "LIST", 1: "MAP", 2: "MAP"}.get(element.converted_type)


def schema_features(schema, t):
    """Features of a flattened schema (a list of SchemaElements)."""
    out = []
    pos = 1

    def visit(parent_annotation, parent_name):
        nonlocal pos
        element = schema[pos]
        pos += 1
        children = []
        for _ in range(element.num_children or 0):
            children.append(pos)
            visit(_annotation(element), element.name)
        is_group = element.type is None
        if not is_group:
            out.append(f"physical:{_PHYSICAL_NAMES[element.type]}")
        out.extend(_logical(element, t))
        annotation = _annotation(element)
        repeated = element.repetition_type == _REPEATED
        if annotation == "LIST":
            out.append("nesting:list")
            if children:
                out.extend(_list_shape(schema, element, children[0]))
        elif annotation == "MAP" and parent_annotation != "MAP":
            out.append("nesting:map")
        if repeated and parent_annotation not in ("LIST", "MAP"):
            out.append("nesting:repeated-field")
            if is_group:
                out.append("nesting:struct")
        elif is_group and annotation is None and parent_annotation is None:
            out.append("nesting:struct")
        elif (is_group and annotation is None and
              parent_annotation == "LIST" and
              _two_level_element(schema, element, parent_name)):
            out.append("nesting:struct")

    for _ in range(schema[0].num_children or 0):
        visit(None, schema[0].name)
    return out


def _child_indices(schema, index):
    """Schema indices of the children of element `index`."""
    out, pos = [], index + 1
    for _ in range(schema[index].num_children or 0):
        out.append(pos)
        pos = _skip(schema, pos)
    return out


def _skip(schema, pos):
    n = schema[pos].num_children or 0
    pos += 1
    for _ in range(n):
        pos = _skip(schema, pos)
    return pos


def _two_level_element(schema, repeated, list_name):
    """Whether the repeated group under a LIST is itself the element
    (LogicalTypes.md, Lists, backward-compatibility rules 1-4)."""
    index = schema.index(repeated)
    kids = _child_indices(schema, index)
    if repeated.type is not None or len(kids) != 1:
        return True
    if schema[kids[0]].repetition_type == _REPEATED:
        return True
    return repeated.name in ("array", list_name + "_tuple")


def _list_shape(schema, element, repeated_index):
    repeated = schema[repeated_index]
    if repeated.repetition_type != _REPEATED:
        return []
    if repeated.type is not None:
        return ["nesting:list-two-level"]
    kids = _child_indices(schema, repeated_index)
    if len(kids) != 1 or schema[kids[0]].repetition_type == _REPEATED:
        return ["nesting:list-two-level"]
    if repeated.name in ("array", element.name + "_tuple"):
        return ["nesting:list-legacy"]
    if repeated.name != "list" or schema[kids[0]].name != "element":
        return ["nesting:list-legacy"]
    return []


def model_features(model, t):
    """Features of a writer FileModel: schema, encodings, codecs, pages."""
    out = ["format:parquet"] + schema_features(model.schema, t)
    enc = t.Encoding._VALUES_TO_NAMES
    codec = t.CompressionCodec._VALUES_TO_NAMES
    for rg in model.row_groups:
        for chunk in rg.chunks:
            if chunk.meta.codec:
                out.append(f"codec:{codec.get(chunk.meta.codec, 'X')}")
            for page in chunk.pages:
                h = page.header
                if h.dictionary_page_header is not None:
                    out.append(f"encoding:{enc.get(h.dictionary_page_header.encoding)}")
                sub = h.data_page_header or h.data_page_header_v2
                if sub is None:
                    continue
                if sub.encoding in enc:
                    out.append(f"encoding:{enc[sub.encoding]}")
                if h.data_page_header_v2 is not None:
                    out.append("page:v2")
                if sub.num_values == 0:
                    out.append("page:empty")
                dph = h.data_page_header
                if dph is not None and 4 in (dph.definition_level_encoding,
                                             dph.repetition_level_encoding):
                    out.append("encoding:BIT_PACKED")
    return _order(f for f in out if f in VOCABULARY)


def orc_features(spec):
    """Features of an orc writer OrcSpec."""
    out = ["format:orc"]
    codec = spec.compression
    if codec in ("SNAPPY", "LZO", "LZ4", "ZSTD"):
        out.append(f"codec:{codec}")

    def visit(t):
        if t.kind == "TIMESTAMP_INSTANT":
            out.append("orc:TIMESTAMP_INSTANT")
        if t.kind == "UNION":
            out.append("orc:UNION")
        if (t.rle_version or spec.rle_version) == 1:
            out.append("orc:RLEv1")
        for c in t.children:
            visit(c)
    visit(spec.schema)
    return _order(out)
