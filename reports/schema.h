// `colcheck schema`: the schema tree of an inspected file, as text in the
// message notation parquet-mr prints (MessageType.toString) or as JSON.
//
// Text, one field per line, two spaces of indent per level; each leaf ends
// with a comment giving its column index and maximum levels:
//
//   message schema {
//     required int32 quantity (INTEGER(8,true)) = 3;  # column 0, def 0, rep 0
//     optional group shipping {
//       optional binary city (STRING);  # column 1, def 2, rep 0
//     }
//   }
//
// As in parquet-mr, repetitions and physical types are lower case
// (fixed_len_byte_array(16)), the annotation in parentheses is the
// LogicalType as LogicalTypeAnnotation.toString writes it (STRING,
// INTEGER(8,true), DECIMAL(10,2), TIME(MILLIS,true), TIMESTAMP(NANOS,false),
// ...) or, without one, the ConvertedType's name (UTF8, MAP_KEY_VALUE,
// DECIMAL(9,2), INTERVAL), and a field id follows as ` = ID`. A name that is
// empty or holds whitespace, control characters, bytes that are not UTF-8 or
// any of ;{}()=" and \ is written in double quotes, with " and \ escaped
// and control characters and stray bytes as \xNN, so a hostile name can
// neither drive the terminal nor fake a line. When Schema::ok is false, a
// final line `# broken schema: ...` says that only what rebuilt is shown.
//
// JSON, one object (keys in this order, new keys only ever appended):
//
//   {"tool":"colcheck","version":"0.1.0","path":"a.parquet",
//    "format":"parquet","verdict":"valid","schema_ok":true,"schema":NODE}
//
//   NODE := {"name":"quantity","repetition":"REQUIRED"|null,
//            "physical":"INT32"|null,"type_length":16|null,
//            "logical":LOGICAL|null,"converted":"UTF8"|null,
//            "scale":2|null,"precision":10|null,"field_id":3|null,
//            "annotation":"INTEGER(8,true)"|null,"column":0|null,
//            "max_definition_level":0,"max_repetition_level":0,
//            "path":"shipping.city","children":[NODE,...]}
//   LOGICAL := {"type":"DECIMAL","precision":10,"scale":2}
//            | {"type":"INTEGER","bit_width":8,"signed":true}
//            | {"type":"TIME"|"TIMESTAMP","unit":"MILLIS",
//               "adjusted_to_utc":true}
//            | {"type":"STRING"} (every other LogicalType)
//
// Enum values are the IDL's names (parquet.thrift), or the number when the
// enum lacks it. Groups have "physical":null and "column":null; leaves have
// "children":[]. "schema" is null when not even the root was decoded.
//
// The tree is walked with an explicit stack, so its depth costs no native
// stack; a field reached twice (a cycle in hand-made input) is skipped.

#ifndef COLCHECK_REPORTS_SCHEMA_H_
#define COLCHECK_REPORTS_SCHEMA_H_

#include <string>
#include <string_view>

#include "colcheck/inspect.h"
#include "reports/json_writer.h"

namespace colcheck {

// The text rendering of `schema`, ending with a newline.
std::string RenderSchemaText(const Schema& schema);

// The JSON document for `inspection` of the file at `path`, ending with a
// newline.
std::string RenderSchemaJson(std::string_view path,
                             const Inspection& inspection);

// The annotation parquet-mr shows for `field`: its LogicalType, else its
// ConvertedType (with precision and scale for DECIMAL), else "". Shared
// with `colcheck plan`.
std::string SchemaAnnotation(const SchemaField& field);

// The physical type as parquet-mr writes it: "int32",
// "fixed_len_byte_array(16)", "" for groups, "type(9)" for an unknown
// value.
std::string SchemaPhysicalName(const SchemaField& field);

// ---- ORC (reports/orc_schema.cc) ----------------------------------------
//
// Text: the type tree of Schema::orc_types, one type per line, two spaces
// of indent per level, each line `[label: ]type  # column ID` with the
// type in Hive's notation as orc-metadata prints it (bigint, decimal(10,2),
// char(8), array, map, struct, uniontype, timestamp with local time zone).
// The label is the struct field's name (quoted as SchemaFieldName quotes),
// or element / key / value / tag N under a list, map or union. Attributes
// follow the column as `, attributes: key=value, ...`:
//
//   struct  # column 0
//     id: bigint  # column 1
//     tags: array  # column 2
//       element: string  # column 3
//
// When Schema::ok is false the types are listed flat, in id order, with
// their subtypes, and a final `# broken type tree: ...` line.
//
// JSON (RenderSchemaJson for an ORC inspection): the document start, then
// "schema_ok", "schema":null and
//
//   "types":[{"id":0,"kind":"STRUCT"|19|null,"name":"a","parent":0|null,
//             "children":[1,2],"maximum_length":8|null,
//             "precision":10|null,"scale":2|null,
//             "attributes":[{"key":"k","value":"v"}],"path":"a",
//             "offset":120,"length":14},...]

// The text rendering of an ORC file's types, ending with a newline.
std::string RenderOrcSchemaText(const Schema& schema);

// The type as the text rendering names it: "bigint", "decimal(10,2)",
// "kind(42)" for an unknown kind.
std::string OrcTypeName(const OrcType& type);

// Writes the members `"schema":null,"types":[...]` of an ORC schema's
// document.
void WriteOrcSchemaJson(const Schema& schema, JsonWriter* json);

// `name` as the text rendering writes it: bare when safe, else quoted and
// escaped (see above).
std::string SchemaFieldName(std::string_view name);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_SCHEMA_H_
