"""y_ Parquet cases of structure: pages, row groups, structs, LIST and MAP
in the modern and the backward-compatible shapes, nulls at every level."""

from colcheck_gen.conformance.cases import annotate, parquet_case
from colcheck_gen.conformance.parquet_valid import (
    S_BLOOM, S_CRC, S_EMPTY_PAGE, S_LIST, S_LIST_COMPAT, S_MAP, S_MAP_COMPAT,
    S_MAP_KEY_VALUE, S_NESTED, S_NO_ROWS, S_PAGE_INDEX, S_PAGES, S_REPEATED,
    S_ROW_GROUPS, S_STRUCT, S_V2, S_V2_COMPRESSED)
from colcheck_gen.parquet import writer as pw
from colcheck_gen.parquet.writer import (OPTIONAL, REPEATED, REQUIRED, Group,
                                         Leaf, ListOf, MapOf, PageStyle,
                                         String)


def _flat_rows(n):
    return [{"id": i, "name": None if i % 4 == 1 else f"n{i}",
             "x": None if i % 3 == 2 else i * 1.5} for i in range(n)]


_FLAT = [Leaf("id", "INT64"),
         Leaf("name", "BYTE_ARRAY", OPTIONAL, logical=String()),
         Leaf("x", "DOUBLE", OPTIONAL)]

_LIST = [Leaf("id", "INT32"),
         ListOf("l", Leaf("element", "INT32", OPTIONAL))]
_LIST_ROWS = [{"id": 0, "l": None}, {"id": 1, "l": []},
              {"id": 2, "l": [1]}, {"id": 3, "l": [None]},
              {"id": 4, "l": [1, None, 3]}, {"id": 5, "l": [4, 5, 6, 7]},
              {"id": 6, "l": None}, {"id": 7, "l": [8]}]


def _no_row_groups(model, t):
    model.row_groups = []


def pages():
    out = []
    add = out.append
    add(parquet_case("y", "page.v2", "flat", _FLAT, _flat_rows(12),
                     spec_text=S_V2, what="uncompressed DATA_PAGE_V2 pages "
                     "of 5 rows", pages=PageStyle(version=2, page_rows=5)))
    add(parquet_case("y", "page.v2", "list", _LIST, _LIST_ROWS,
                     spec_text=S_V2, what="repetition and definition levels "
                     "in DATA_PAGE_V2 pages of 3 rows",
                     pages=PageStyle(version=2, page_rows=3)))

    def values_uncompressed(model, t):
        for chunk in model.row_groups[0].chunks:
            for page in chunk.pages:
                v2 = page.header.data_page_header_v2
                if v2 is not None:
                    v2.is_compressed = False
                    pw.finish_page(page, t)
    add(parquet_case("y", "page.v2", "is-compressed-false", _FLAT,
                     _flat_rows(12), spec_text=S_V2_COMPRESSED,
                     what="a SNAPPY chunk whose DATA_PAGE_V2 pages say "
                     "is_compressed false and store their values raw",
                     pages=PageStyle(version=2, codec="SNAPPY", page_rows=6),
                     edit=values_uncompressed))
    add(parquet_case("y", "page.multiple", "v1", _FLAT, _flat_rows(20),
                     spec_text=S_PAGES, what="data pages V1 of 3 rows",
                     pages=PageStyle(page_rows=3)))
    add(parquet_case("y", "page.multiple", "mixed-versions", _FLAT,
                     _flat_rows(20), spec_text=S_PAGES,
                     what="column `id` in V1 pages, the others in V2 pages",
                     pages=PageStyle(version=2, page_rows=4),
                     column_pages={"id": PageStyle(page_rows=6)}))
    add(parquet_case("y", "page.crc", None, _FLAT, _flat_rows(10),
                     spec_text=S_CRC, what="every page with its CRC-32, V1 "
                     "GZIP dictionary and data pages",
                     pages=PageStyle(crc=True, codec="GZIP", page_rows=4),
                     column_pages={"name": PageStyle(
                         crc=True, codec="GZIP", encoding="DICTIONARY",
                         page_rows=4)}))
    add(parquet_case("y", "page.statistics", None, _FLAT, _flat_rows(10),
                     spec_text='parquet.thrift, DataPageHeader.statistics: '
                     '"Optional statistics for the data in this page"',
                     what="statistics in every data page header",
                     pages=PageStyle(statistics=True, page_rows=4)))
    add(parquet_case("y", "page-index.present", None, _FLAT, _flat_rows(12),
                     spec_text=S_PAGE_INDEX,
                     what="a ColumnIndex and OffsetIndex per chunk, pages of "
                     "4 rows", pages=PageStyle(page_index=True, page_rows=4)))
    add(parquet_case("y", "page-index.present", "nested", _LIST, _LIST_ROWS,
                     spec_text=S_PAGE_INDEX,
                     what="page index with level histograms of a list, "
                     "pages of 3 rows",
                     pages=PageStyle(page_index=True, page_rows=3)))
    add(parquet_case("y", "bloom-filter.present", None, _FLAT,
                     _flat_rows(12), spec_text=S_BLOOM,
                     what="a split block bloom filter per chunk",
                     pages=PageStyle(bloom_filter=True)))
    add(parquet_case("y", "page.empty", "row-group", _FLAT, _flat_rows(5),
                     spec_text=S_EMPTY_PAGE,
                     what="row groups of 3, 0 and 2 rows: the empty group's "
                     "chunks hold one data page of no values",
                     row_group_sizes=[3, 0, 2]))

    def empty_page(model, t):
        import copy
        for chunk in model.row_groups[0].chunks:
            first = chunk.pages[0]
            page = copy.deepcopy(first)
            dph = page.header.data_page_header
            dph.num_values = 0
            page.values = b""
            page.rep_levels, page.def_levels = [], []
            page.first_row = chunk.pages[1].first_row
            pw.set_levels(page, t)
            chunk.pages.insert(1, page)
    add(parquet_case("y", "page.empty", "inserted", _FLAT, _flat_rows(8),
                     spec_text=S_EMPTY_PAGE,
                     what="a data page of 0 values between the two data "
                     "pages of each chunk", pages=PageStyle(page_rows=4),
                     edit=empty_page))
    add(parquet_case("y", "row-group.multiple", None, _FLAT, _flat_rows(11),
                     spec_text=S_ROW_GROUPS,
                     what="row groups of 4, 1, 5 and 1 rows",
                     row_group_sizes=[4, 1, 5, 1]))
    add(parquet_case("y", "row-group.multiple", "nested", _LIST, _LIST_ROWS,
                     spec_text=S_ROW_GROUPS, what="a list column in row "
                     "groups of 3, 3 and 2 rows", row_group_sizes=[3, 3, 2]))
    add(parquet_case("y", "file.no-rows", None, _FLAT, [],
                     spec_text=S_NO_ROWS, what="a schema and no row groups",
                     edit=_no_row_groups))
    add(parquet_case("y", "nulls.all-null", None, _FLAT[:1] + [
        Leaf("s", "BYTE_ARRAY", OPTIONAL, logical=String()),
        Leaf("d", "DOUBLE", OPTIONAL)],
        [{"id": i, "s": None, "d": None} for i in range(5)],
        spec_text=S_NESTED, what="optional columns holding only nulls, "
        "with statistics (null counts, no bounds)"))
    add(parquet_case("y", "nulls.required", None, [
        Leaf("a", "INT32"), Leaf("b", "BYTE_ARRAY", logical=String()),
        Leaf("c", "BOOLEAN")],
        [{"a": i, "b": str(i), "c": i % 2 == 0} for i in range(5)],
        spec_text=S_NESTED, what="required columns: no definition levels"))
    return out


def structs():
    out = []
    add = out.append
    schema = [Leaf("id", "INT32"),
              Group("a", [Leaf("x", "INT32", OPTIONAL),
                          Group("b", [Leaf("s", "BYTE_ARRAY", OPTIONAL,
                                           logical=String()),
                                      Leaf("n", "INT64")], OPTIONAL)],
                    OPTIONAL)]
    rows = [{"id": 0, "a": None},
            {"id": 1, "a": {"x": None, "b": None}},
            {"id": 2, "a": {"x": 5, "b": {"s": None, "n": 7}}},
            {"id": 3, "a": {"x": 6, "b": {"s": "deep", "n": -1}}},
            {"id": 4, "a": {"x": None, "b": {"s": "", "n": 0}}}]
    add(parquet_case("y", "struct.nested", "nullable", schema, rows,
                     spec_text=S_STRUCT, what="nulls at each of three "
                     "levels"))
    schema = [Group("r", [Leaf("x", "INT32"),
                          Group("inner", [Leaf("y", "DOUBLE")])])]
    rows = [{"r": {"x": i, "inner": {"y": i / 2}}} for i in range(4)]
    add(parquet_case("y", "struct.nested", "required", schema, rows,
                     spec_text=S_STRUCT, what="required groups only"))
    deep = Leaf("v", "INT32", OPTIONAL)
    for depth in range(5, 0, -1):
        deep = Group(f"g{depth}", [deep], OPTIONAL)
    # Null at each depth in turn (g1 ... g5, then v), then a value.
    rows = []
    for null_at in range(1, 8):
        value = {"v": None if null_at == 6 else 42}
        for depth in range(5, 0, -1):
            if depth == null_at:
                value = None
            value = {f"g{depth}": value}
        rows.append(value)
    add(parquet_case("y", "struct.nested", "five-deep", [deep], rows,
                     spec_text=S_STRUCT, what="five optional groups, null at "
                     "each depth in turn"))
    return out


def lists():
    out = []
    add = out.append
    add(parquet_case("y", "list.three-level", "nullable", _LIST, _LIST_ROWS,
                     spec_text=S_LIST, what="null list, empty list, null "
                     "elements"))
    add(parquet_case("y", "list.three-level", "required",
                     [ListOf("l", Leaf("element", "BYTE_ARRAY", REQUIRED,
                                       logical=String()), REQUIRED)],
                     [{"l": []}, {"l": ["a"]}, {"l": ["b", "c", ""]}],
                     spec_text=S_LIST, what="required list of required "
                     "strings"))
    add(parquet_case("y", "list.three-level", "of-struct",
                     [ListOf("l", Group("element",
                                        [Leaf("x", "INT32", OPTIONAL),
                                         Leaf("y", "BYTE_ARRAY",
                                              logical=String())],
                                        OPTIONAL))],
                     [{"l": [{"x": 1, "y": "a"}, None, {"x": None,
                                                        "y": "b"}]},
                      {"l": None}, {"l": []}, {"l": [{"x": 2, "y": ""}]}],
                     spec_text=S_LIST, what="list of nullable structs"))
    add(parquet_case("y", "list.three-level", "nested",
                     [ListOf("l", ListOf("element",
                                         Leaf("element", "INT64", OPTIONAL),
                                         OPTIONAL))],
                     [{"l": [[1, 2], None, [], [None, 3]]}, {"l": None},
                      {"l": []}, {"l": [[4]]}, {"l": [None]}],
                     spec_text=S_LIST, what="list of lists, nulls and empty "
                     "lists at both levels"))
    add(parquet_case("y", "list.three-level", "of-map",
                     [ListOf("l", MapOf("element",
                                        Leaf("key", "BYTE_ARRAY",
                                             logical=String()),
                                        Leaf("value", "INT32", OPTIONAL),
                                        OPTIONAL))],
                     [{"l": [[("a", 1)], None, []]}, {"l": None},
                      {"l": [[("b", None), ("c", 3)]]}],
                     spec_text=S_LIST, what="list of maps"))
    add(parquet_case("y", "list.three-level", "two-columns",
                     [ListOf("l", Group("element",
                                        [Leaf("a", "INT32"),
                                         Leaf("b", "DOUBLE", OPTIONAL)],
                                        REQUIRED)),
                      ListOf("m", Leaf("element", "BOOLEAN", OPTIONAL))],
                     [{"l": [{"a": 1, "b": None}, {"a": 2, "b": 0.5}],
                       "m": [True, None]},
                      {"l": [], "m": None}, {"l": None, "m": [False]}],
                     spec_text=S_LIST, what="two list columns, one of "
                     "structs with two leaves"))
    add(parquet_case("y", "list.three-level", "pages-v2",
                     _LIST, _LIST_ROWS * 3, spec_text=S_LIST,
                     what="a list column over DATA_PAGE_V2 pages of 5 rows "
                     "and two row groups", row_group_sizes=[12, 12],
                     pages=PageStyle(version=2, page_rows=5)))
    # Backward-compatible shapes (LogicalTypes.md rules 1-5).
    add(parquet_case("y", "list.two-level", "primitive",
                     [ListOf("my_list", Leaf("element", "INT32", REQUIRED),
                             shape="two-level")],
                     [{"my_list": [1, 2]}, {"my_list": None},
                      {"my_list": []}, {"my_list": [3]}],
                     spec_text=S_LIST_COMPAT + ', rule 1: "If the repeated '
                     'field is not a group, then its type is the element '
                     'type and elements are required."'))
    add(parquet_case("y", "list.two-level", "struct",
                     [ListOf("my_list", Group("element",
                                              [Leaf("str", "BYTE_ARRAY",
                                                    logical=String()),
                                               Leaf("num", "INT32")],
                                              REQUIRED),
                             shape="two-level")],
                     [{"my_list": [{"str": "a", "num": 1},
                                   {"str": "b", "num": 2}]},
                      {"my_list": None}, {"my_list": []}],
                     spec_text=S_LIST_COMPAT + ', rule 2: "If the repeated '
                     'field is a group with multiple fields, then its type '
                     'is the element type and elements are required."'))
    add(parquet_case("y", "list.two-level", "nested-lists",
                     [ListOf("my_list",
                             ListOf("array", Leaf("array", "INT32", REQUIRED),
                                    REQUIRED, shape="two-level"),
                             shape="two-level")],
                     [{"my_list": [[1, 2], [], [3]]}, {"my_list": None},
                      {"my_list": []}],
                     spec_text=S_LIST_COMPAT + ', rule 3: "If the repeated '
                     'field is a group with one field with repeated '
                     'repetition, then its type is the element type"',
                     what="the LT example: repeated group array (LIST) { "
                     "repeated int32 array; }"))
    add(parquet_case("y", "list.two-level", "repeated-child",
                     [ListOf("my_list",
                             Group("bag", [Leaf("v", "INT32", REPEATED)],
                                   REQUIRED),
                             shape="two-level")],
                     [{"my_list": [{"v": [1, 2]}, {"v": []}]},
                      {"my_list": None}, {"my_list": [{"v": [3]}]}],
                     spec_text=S_LIST_COMPAT + ', rule 3: "If the repeated '
                     'field is a group with one field with repeated '
                     'repetition, then its type is the element type and '
                     'elements are required."',
                     what="rule 3 with a group not named array: each "
                     "element is a struct holding a list"))
    add(parquet_case("y", "list.legacy", "array",
                     [ListOf("my_list", Group("element",
                                              [Leaf("str", "BYTE_ARRAY",
                                                    logical=String())],
                                              REQUIRED),
                             shape="array")],
                     [{"my_list": [{"str": "a"}, {"str": "b"}]},
                      {"my_list": None}, {"my_list": []}],
                     spec_text=S_LIST_COMPAT + ', rule 4: "If the repeated '
                     'field is a group with one field and is named either '
                     'array or uses the LIST-annotated group\'s name with '
                     '_tuple appended then the repeated type is the element '
                     'type"', what="elements are one-field structs"))
    add(parquet_case("y", "list.legacy", "tuple",
                     [ListOf("my_list", Group("element",
                                              [Leaf("str", "BYTE_ARRAY",
                                                    logical=String())],
                                              REQUIRED),
                             shape="tuple")],
                     [{"my_list": [{"str": "a"}]}, {"my_list": None},
                      {"my_list": [{"str": ""}, {"str": "c"}]}],
                     spec_text=S_LIST_COMPAT + ', rule 4 (the _tuple name)',
                     what="elements are one-field structs"))
    schema = [Group("my_list", [Group("element", [
        Leaf("str", "BYTE_ARRAY", OPTIONAL, logical=String())], REPEATED)],
        OPTIONAL)]
    rows = [{"my_list": {"element": [{"str": "a"}, {"str": None}]}},
            {"my_list": None}, {"my_list": {"element": []}}]
    add(parquet_case("y", "list.legacy", "other-names", schema, rows,
                     spec_text=S_LIST_COMPAT + ', rule 5: "Otherwise, the '
                     'repeated field\'s type is the element type with the '
                     'repeated field\'s repetition."',
                     what="the LT example: repeated group element { optional "
                     "binary str (STRING); }, elements are nullable strings",
                     edit=annotate("my_list", "LIST"),
                     expect_schema=[ListOf("my_list", Leaf(
                         "str", "BYTE_ARRAY", OPTIONAL, logical=String()))],
                     expect_rows=[{"my_list": ["a", None]},
                                  {"my_list": None}, {"my_list": []}]))
    add(parquet_case("y", "list.repeated-field", "primitive",
                     [Leaf("id", "INT32"), Leaf("tags", "INT32", REPEATED)],
                     [{"id": 0, "tags": [1, 2]}, {"id": 1, "tags": []},
                      {"id": 2, "tags": [3]}],
                     spec_text=S_REPEATED,
                     what="a bare repeated int32: a required list"))
    add(parquet_case("y", "list.repeated-field", "group",
                     [Group("points", [Leaf("x", "INT32"),
                                       Leaf("y", "INT32", OPTIONAL)],
                            REPEATED)],
                     [{"points": [{"x": 1, "y": None}, {"x": 2, "y": 3}]},
                      {"points": []}, {"points": [{"x": 4, "y": 5}]}],
                     spec_text=S_REPEATED,
                     what="a bare repeated group: a required list of "
                     "structs"))
    return out


def maps():
    out = []
    add = out.append
    key = Leaf("key", "BYTE_ARRAY", REQUIRED, logical=String())
    rows = [{"m": [("a", 1), ("b", None)]}, {"m": None}, {"m": []},
            {"m": [("c", 3)]}]
    add(parquet_case("y", "map.modern", "nullable-values",
                     [MapOf("m", key, Leaf("value", "INT32", OPTIONAL))],
                     rows, spec_text=S_MAP,
                     what="null map, empty map, null values"))
    add(parquet_case("y", "map.modern", "required-values",
                     [MapOf("m", Leaf("key", "INT64"),
                            Leaf("value", "DOUBLE", REQUIRED), REQUIRED)],
                     [{"m": [(1, 0.5), (2, -1.0)]}, {"m": []},
                      {"m": [(-5, 2.25)]}], spec_text=S_MAP,
                     what="required map of int64 to required doubles"))
    add(parquet_case("y", "map.modern", "list-values",
                     [MapOf("m", key, ListOf("value", Leaf(
                         "element", "INT32", OPTIONAL)))],
                     [{"m": [("a", [1, None]), ("b", None), ("c", [])]},
                      {"m": None}],
                     spec_text=S_MAP, what="values that are lists"))
    add(parquet_case("y", "map.modern", "struct-values",
                     [MapOf("m", key, Group("value", [
                         Leaf("x", "INT32"),
                         Leaf("s", "BYTE_ARRAY", OPTIONAL,
                              logical=String())], OPTIONAL))],
                     [{"m": [("a", {"x": 1, "s": None}), ("b", None)]},
                      {"m": []}],
                     spec_text=S_MAP, what="values that are structs"))
    add(parquet_case("y", "map.modern", "map-values",
                     [MapOf("m", key, MapOf("value", Leaf("key", "INT32"),
                                            Leaf("value", "BOOLEAN",
                                                 OPTIONAL)))],
                     [{"m": [("a", [(1, True), (2, None)]), ("b", None)]},
                      {"m": None}],
                     spec_text=S_MAP, what="maps of maps"))
    add(parquet_case("y", "map.legacy", "map-key-value-inner",
                     [MapOf("m", key, Leaf("value", "INT32", OPTIONAL),
                            shape="legacy")], rows,
                     spec_text=S_MAP_COMPAT,
                     what="the repeated group is named map and annotated "
                     "MAP_KEY_VALUE"))
    add(parquet_case("y", "map.legacy", "map-key-value-outer",
                     [MapOf("m", key, Leaf("value", "INT32", OPTIONAL),
                            shape="map-key-value")], rows,
                     spec_text=S_MAP_KEY_VALUE,
                     what="MAP_KEY_VALUE in place of MAP on the outer "
                     "group"))
    schema = [Group("my_map", [Group("map", [
        Leaf("str", "BYTE_ARRAY", logical=String()),
        Leaf("num", "INT32")], REPEATED)], OPTIONAL)]
    add(parquet_case("y", "map.legacy", "other-names", schema,
                     [{"my_map": {"map": [{"str": "a", "num": 1},
                                          {"str": "b", "num": 2}]}},
                      {"my_map": None}, {"my_map": {"map": []}}],
                     spec_text=S_MAP_COMPAT + ' ("key and value can be '
                     'identified by their position in case of misnaming")',
                     what="the LT example: repeated group map { required "
                     "binary str; required int32 num; }",
                     edit=annotate("my_map", "MAP"),
                     expect_schema=[MapOf("my_map", key,
                                          Leaf("value", "INT32"))],
                     expect_rows=[{"my_map": [("a", 1), ("b", 2)]},
                                  {"my_map": None}, {"my_map": []}]))
    add(parquet_case("y", "map.modern", "dictionary-v2",
                     [MapOf("m", key, Leaf("value", "BYTE_ARRAY", OPTIONAL,
                                           logical=String()))],
                     [{"m": [(f"k{i % 3}", None if i % 4 == 0 else
                              f"v{i % 2}") for i in range(j % 4)]}
                      for j in range(12)],
                     spec_text=S_MAP, what="dictionary-encoded keys and "
                     "values in DATA_PAGE_V2 pages of 4 rows",
                     pages=PageStyle(version=2, encoding="DICTIONARY",
                                     page_rows=4)))
    return out
