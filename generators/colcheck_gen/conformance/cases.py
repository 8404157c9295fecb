"""The case record and the helpers that turn a writer description into
one."""

import re
import struct
from dataclasses import dataclass
from typing import Optional

from colcheck_gen.conformance import canonical, features
from colcheck_gen.parquet import thrift_gen, writer as pw

ID_RE = re.compile(r"^[yni]_[a-z0-9.-]+(_[a-z0-9.-]+)?$")

_T = None


def ttypes():
    global _T
    if _T is None:
        _T = thrift_gen.load()
    return _T


@dataclass
class Case:
    id: str
    format: str  # parquet or orc
    data: bytes
    rule: str
    spec: str
    description: str
    features: list
    rows: Optional[list] = None  # Canonical JSON lines.
    expected: Optional[list] = None  # n_: [{"code","offset","length"}]
    silent_misread_risk: Optional[bool] = None
    # n_: the y_ case of the file before its fault. A reader that misreads
    # that file too is not misled by the fault.
    baseline: Optional[str] = None

    @property
    def outcome(self):
        return self.id[0]

    @property
    def extension(self):
        return "orc" if self.format == "orc" else "parquet"

    def manifest_entry(self):
        entry = {"id": self.id, "outcome": self.outcome,
                 "format": self.format,
                 "file": f"cases/{self.id}.{self.extension}"}
        if self.rows is not None:
            entry["rows"] = f"cases/{self.id}.jsonl"
            entry["row_count"] = len(self.rows)
        entry["rule"] = self.rule
        entry["spec"] = self.spec
        entry["features"] = list(self.features)
        entry["description"] = self.description
        if self.expected is not None:
            entry["expected"] = self.expected
        if self.silent_misread_risk is not None:
            entry["silent_misread_risk"] = self.silent_misread_risk
        if self.baseline is not None:
            entry["baseline"] = self.baseline
        return entry


def case_id(outcome, rule, variant=None):
    cid = f"{outcome}_{rule}" + (f"_{variant}" if variant else "")
    if not ID_RE.match(cid):
        raise ValueError(f"bad case id {cid!r}")
    return cid


# ---- schema text, for descriptions ------------------------------------------

_REP = {0: "required", 1: "optional", 2: "repeated"}
_PHYS = {0: "boolean", 1: "int32", 2: "int64", 3: "int96", 4: "float",
         5: "double", 6: "binary", 7: "fixed_len_byte_array"}


def _annotation_text(e, t):
    lt = e.logicalType
    if lt is not None:
        for name in ("STRING", "ENUM", "JSON", "BSON", "UUID", "FLOAT16",
                     "DATE", "LIST", "MAP", "UNKNOWN"):
            if getattr(lt, name) is not None:
                return name
        if lt.DECIMAL is not None:
            return f"DECIMAL({lt.DECIMAL.precision},{lt.DECIMAL.scale})"
        if lt.INTEGER is not None:
            i = lt.INTEGER
            return f"INTEGER({i.bitWidth},{str(i.isSigned).lower()})"
        for name in ("TIME", "TIMESTAMP"):
            m = getattr(lt, name)
            if m is not None:
                unit = ("MILLIS" if m.unit.MILLIS is not None else
                        "MICROS" if m.unit.MICROS is not None else "NANOS")
                return f"{name}({unit},{str(m.isAdjustedToUTC).lower()})"
    if e.converted_type is not None:
        return t.ConvertedType._VALUES_TO_NAMES.get(e.converted_type,
                                                    str(e.converted_type))
    return None


def schema_text(schema, t=None):
    """`optional group a (LIST) { repeated group list { ... } }` for each
    top-level field, joined by "; "."""
    t = t or ttypes()
    pos = 1

    def visit():
        nonlocal pos
        e = schema[pos]
        pos += 1
        ann = _annotation_text(e, t)
        ann = f" ({ann})" if ann else ""
        rep = _REP.get(e.repetition_type, "?")
        if e.type is None:
            kids = [visit() for _ in range(e.num_children or 0)]
            return f"{rep} group {e.name}{ann} {{ " + "; ".join(kids) + " }"
        phys = _PHYS.get(e.type, "?")
        if e.type == 7:
            phys += f"({e.type_length})"
        return f"{rep} {phys} {e.name}{ann}"

    return "; ".join(visit() for _ in range(schema[0].num_children or 0))


# ---- Parquet cases -------------------------------------------------------------

def build(spec, edit=None):
    """(ParquetFile, FileModel) of a FileSpec, after `edit(model, t)`."""
    t = ttypes()
    model = pw.build_model(spec, t)
    if edit:
        edit(model, t)
    return pw.layout(model, t), model


def parquet_case(outcome, rule, variant, schema, rows, *, spec_text,
                 what="", edit=None, expect_schema=None, expect_rows=None,
                 with_rows=True, **spec_kwargs):
    """A y_ or i_ case from a writer schema and rows. `expect_schema` and
    `expect_rows` render the rows when the written shape reads as another
    (a LIST built from plain groups and annotated afterwards)."""
    fs = pw.FileSpec(schema, rows, **spec_kwargs)
    pq, model = build(fs, edit)
    t = ttypes()
    shown = canonical.parquet_rows(expect_schema or schema,
                                   expect_rows if expect_rows is not None
                                   else rows)
    desc = schema_text(model.schema, t)
    if what:
        desc = f"{what}: {desc}"
    return Case(case_id(outcome, rule, variant), "parquet", pq.data, rule,
                spec_text, desc, features.model_features(model, t),
                rows=shown if with_rows else None)


def annotate(name, kind):
    """An edit annotating the schema element `name` LIST, MAP or
    MAP_KEY_VALUE after the writer laid out plain groups (the levels do
    not depend on annotations)."""
    def edit(model, t):
        for e in model.schema:
            if e.name == name:
                if kind == "LIST":
                    e.logicalType = t.LogicalType(LIST=t.ListType())
                elif kind == "MAP":
                    e.logicalType = t.LogicalType(MAP=t.MapType())
                e.converted_type = getattr(t.ConvertedType, kind)
                return
        raise KeyError(name)
    return edit


def then(*edits):
    def edit(model, t):
        for e in edits:
            if e:
                e(model, t)
    return edit


def recompress(codec_name, fn, framing="hadoop"):
    """An edit storing every page of the file with `fn` (bytes -> bytes)
    under codec `codec_name`, for codecs the writer does not produce:
    `framing` "hadoop" wraps the block as parquet-mr's Hadoop codecs do
    (big-endian u32 uncompressed and compressed sizes), "raw" leaves it
    bare."""
    def frame(raw):
        block = fn(raw)
        if framing == "hadoop":
            return struct.pack(">II", len(raw), len(block)) + block
        return block

    def edit(model, t):
        code = getattr(t.CompressionCodec, codec_name)
        for rg in model.row_groups:
            for chunk in rg.chunks:
                chunk.meta.codec = code
                for page in chunk.pages:
                    page.codec = t.CompressionCodec.UNCOMPRESSED
                    pw.finish_page(page, t)
                    h = page.header
                    if h.type == t.PageType.DATA_PAGE_V2:
                        levels = page.rep + page.defs
                        pw.set_body(page, levels + frame(page.values))
                        h.data_page_header_v2.is_compressed = True
                    else:
                        pw.set_body(page, frame(page.rep + page.defs +
                                                page.values))
    return edit
