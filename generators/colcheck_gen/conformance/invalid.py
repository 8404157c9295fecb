"""n_ cases: one per mutation operator (parquet/mutations.py,
orc/mutations.py) whose fault a reader meets when it reads the file, or
whose fault makes a reader that uses the broken structure (statistics,
page index, bloom filter) answer queries wrongly."""

from colcheck_gen.common import breakage
from colcheck_gen.conformance import canonical, features
from colcheck_gen.conformance.cases import Case, case_id, ttypes
from colcheck_gen.orc import mutations as orc_mutations
from colcheck_gen.parquet import mutations, specs, writer as pw

# Parquet operators, by name: silent_misread_risk. Left out: warnings and
# infos (cosmetics a reader may ignore), and faults no reader's answer
# depends on (distinct_count, nan_count, SizeStatistics, level
# histograms, column order kinds, a shared bloom filter, a column index
# reference without its offset index, signed plaintext footers a reader
# without keys reads legitimately).
PARQUET = {
    # file
    "eleven_bytes": False, "leading_magic_par0": False,
    "trailing_magic_par2": False, "footer_length_too_large": False,
    "footer_length_zero": False, "three_bytes_after_metadata": False,
    "leading_magic_pare": False, "no_magic_at_either_end": False,
    "footer_length_minus_one": False, "footer_module_length_plus_one": False,
    # thrift
    "footer_cut_inside_varint": False, "num_rows_11_byte_varint": False,
    "version_exceeds_i32": False, "num_rows_type_14": False,
    "ordinal_as_i32": False, "row_group_without_total_byte_size": False,
    "created_by_twice": False, "field_id_zero": False,
    "column_orders_million": False, "encodings_as_i64": False,
    "created_by_length_huge": False, "column_order_empty": False,
    "unknown_field_nested_65_deep": False, "null_pages_element_3": True,
    # schema
    "root_num_children_minus_one": True, "root_num_children_too_large": False,
    "group_num_children_negative": False, "leaf_without_repetition": False,
    "repetition_seven": False, "flba_type_length_zero": False,
    "leaf_name_empty": False, "group_with_int32": False,
    "group_without_children": False, "schema_list_empty": False,
    "schema_without_root": False, "leaf_type_removed": False,
    "physical_type_8": False,
    "three_field_group_as_list": False, "repeated_group_as_list": False,
    "three_field_group_as_map": False,
    "group_without_metadata_as_variant": False,
    "string_on_int32": False, "utf8_on_int32": False,
    "string_with_enum": False, "uuid_on_flba4": True,
    "int_bit_width_12": False, "precision_zero": True,
    "scale_above_precision": True, "int32_precision_10": False,
    "flba16_precision_39": False, "element_precision_differs": False,
    # metadata
    "num_rows_plus_one": False, "total_byte_size_negative": False,
    "row_group_missing_last_column": False, "int32_chunk_says_int64": True,
    "path_renamed": False, "data_page_offset_past_eof": False,
    "chunk_runs_into_footer": False, "codec_42": False,
    "dictionary_offset_equals_data": False, "chunk_without_meta_data": False,
    "column_orders_one_short": False, "sorting_column_99": False,
    "encoding_stats_page_type_9": False, "data_page_offset_zero": False,
    "column_index_into_footer": False,
    # statistics (a full scan is unaffected; pruning by them is not)
    "min_max_swapped": True, "int32_min_three_bytes": True,
    "null_count_above_num_values": True, "chunk_min_above_data": True,
    "chunk_max_below_data": True, "chunk_null_count_plus_one": True,
    "all_null_chunk_with_bounds": True, "exact_min_not_attained": True,
    # pages
    "compressed_size_past_chunk_end": False,
    "uncompressed_size_negative": False, "data_page_header_missing": False,
    "v2_num_nulls_negative": False, "bytes_after_last_page": False,
    "chunk_num_values_plus_one": False, "data_page_offset_inside_page": False,
    "dictionary_offset_at_index_page": False, "second_dictionary_page": False,
    "dictionary_after_data_page": False, "dictionary_page_removed": False,
    "dictionary_page_rle": False, "v2_definition_length_past_page": False,
    "v2_num_nulls_plus_one": True, "v2_num_rows_plus_one": True,
    "crc_bit_flipped": False, "gzip_values_garbage": False,
    "gzip_uncompressed_size_plus_one": False,
    # levels
    "definition_level_encoding_plain": False,
    "definition_levels_one_short": True, "definition_level_3_of_2": True,
    "chunk_starts_mid_row": True, "row_group_num_rows_plus_one": True,
    # encodings
    "data_page_encoding_99": False, "int64_page_rle": False,
    "plain_int64_cut_short": True, "dictionary_bit_width_33": False,
    "dictionary_index_past_end": True, "bss_extra_byte": False,
    "definition_run_of_zero": False, "definition_run_header_6_bytes": False,
    "definition_length_past_page": False, "delta_block_size_192": False,
    "delta_three_miniblocks": False, "delta_bit_width_65": False,
    "delta_count_plus_one": False, "delta_int32_first_value_2_32": True,
    "delta_length_minus_one": False, "delta_first_prefix_one": True,
    "delta_flba_suffix_short": True,
    # values
    "string_value_not_utf8": False, "decimal_13_digits": False,
    "int16_value_40000": False, "time_millis_one_day": False,
    "gzip_dictionary_entry_not_utf8": False,
    "byte_array_decimal_empty": False,
    # page index and bloom filters (used to skip pages and row groups)
    "offset_index_length_minus_one": False,
    "offset_index_missing_location": False,
    "location_offset_plus_one": False, "location_size_plus_one": False,
    "first_row_index_plus_one": True, "null_counts_one_short": False,
    "null_page_with_values": True, "ascending_claimed_descending": True,
    "page_min_above_values": True, "page_null_count_plus_one": True,
    "bitset_cleared": True, "num_bytes_33": False,
    "bloom_length_minus_one": False, "bitset_runs_into_footer": False,
}

# Faults only a reader that uses them meets: the description says so.
PRUNING_FAMILIES = ("stats.", "page-index.", "bloom.")
PRUNING_NAMES = ("null_pages_element_3", "column_index_into_footer")

# Encodings a mutation writes that its base file does not hold.
EXTRA_FEATURES = {
    "delta_block_size_192": ["encoding:DELTA_BINARY_PACKED"],
    "delta_three_miniblocks": ["encoding:DELTA_BINARY_PACKED"],
    "delta_bit_width_65": ["encoding:DELTA_BINARY_PACKED"],
    "delta_count_plus_one": ["encoding:DELTA_BINARY_PACKED"],
    "delta_int32_first_value_2_32": ["encoding:DELTA_BINARY_PACKED"],
    "delta_length_minus_one": ["encoding:DELTA_LENGTH_BYTE_ARRAY"],
    "delta_first_prefix_one": ["encoding:DELTA_BYTE_ARRAY"],
    "delta_flba_suffix_short": ["encoding:DELTA_BYTE_ARRAY"],
    "three_field_group_as_list": ["logical:LIST", "nesting:list"],
    "repeated_group_as_list": ["logical:LIST", "nesting:list"],
    "three_field_group_as_map": ["logical:MAP", "nesting:map"],
    "group_without_metadata_as_variant": ["logical:VARIANT"],
    "uuid_on_flba4": ["logical:UUID"],
}

_FAMILY_SPEC = {
    "file": 'README.md, File Format: "4-byte length in bytes of file '
            'metadata (little endian); 4-byte magic number "PAR1""',
    "encryption": 'Encryption.md, Encrypted footer mode: "the file footer '
                  'is encrypted ... The file ends with the "PARE" magic"',
    "thrift": 'README.md, Metadata: "All thrift structures are serialized '
              'using the TCompactProtocol."',
    "schema": 'parquet.thrift, FileMetaData.schema: "Parquet schema for '
              'this file. This schema contains metadata for all the '
              'columns. The schema is represented as a tree with a single '
              'root. The nodes of the tree are flattened to a list by doing '
              'a depth-first traversal."',
    "list": 'LogicalTypes.md, Lists: "LIST must always annotate a 3-level '
            'structure ... The outer-most level must be a group annotated '
            'with LIST that contains a single field named list. The '
            'repetition of this level must be either optional or required"',
    "map": 'LogicalTypes.md, Maps: "The outer-most level must be a group '
           'annotated with MAP that contains a single field named '
           'key_value."',
    "variant": 'LogicalTypes.md, VARIANT: "The VARIANT annotation ... must '
               'annotate a group ... The group must contain a field named '
               'metadata"',
    "logical": 'LogicalTypes.md: each annotation lists the physical types it '
               'may annotate (e.g. STRING: "may only be used to annotate '
               'the BYTE_ARRAY primitive type"; UUID: "must annotate a '
               'FIXED_LEN_BYTE_ARRAY of length 16")',
    "converted": 'LogicalTypes.md, Compatibility: ConvertedType annotations '
                 'follow the same physical-type rules as the LogicalTypes '
                 'they stand for',
    "integer": 'LogicalTypes.md, INT: "Bit widths of 8, 16, 32, and 64 are '
               'supported for both signed and unsigned types."',
    "decimal": 'LogicalTypes.md, DECIMAL: "Scale must be zero or a positive '
               'integer less than the precision. Precision is required and '
               'must be a non-zero positive integer. A precision too large '
               'for the underlying type (see below) is an error."',
    "metadata": 'parquet.thrift, FileMetaData / RowGroup / ColumnMetaData: '
                'the counts, offsets, types and paths a reader locates the '
                'data by',
    "stats": 'parquet.thrift, Statistics: "Statistics per row group and per '
             'page. All fields are optional." (when present, min_value / '
             'max_value bound the values, null_count counts the nulls)',
    "page": 'parquet.thrift, PageHeader: "compressed_page_size: Compressed '
            '(and potentially encrypted) page size in bytes, not including '
            'this header"; DataPageHeader(V2) num_values, num_nulls, '
            'num_rows count the page\'s levels',
    "compression": 'Compression.md: "The compression codec of a page is '
                   'given by the ColumnMetaData"; uncompressed_page_size is '
                   'the size the page decompresses to',
    "levels": 'README.md, Nested Encoding / Data Pages: "definition levels '
              '... repetition levels"; a definition level never exceeds the '
              'path\'s maximum and each row starts at repetition level 0',
    "encoding": 'Encodings.md: each encoding\'s layout and "Supported '
                'Types"',
    "value": 'LogicalTypes.md: values must be valid for their annotation '
             '(STRING is UTF-8; DECIMAL holds at most precision digits; INT '
             'fits its bit width; TIME is within a day)',
    "page-index": 'PageIndex.md: "ColumnIndex ... OffsetIndex ... '
                  'page_locations: PageLocations, ordered by increasing '
                  'PageLocation.offset"',
    "bloom": 'BloomFilter.md: "a Split Block Bloom Filter (SBBF) ... never '
             'returns false negatives"',
}

_BASE_CACHE = {}


def _parquet_base(name):
    if name not in _BASE_CACHE:
        spec = specs.build(name)
        pq = pw.write(spec, ttypes())
        _BASE_CACHE[name] = (spec, pq,
                             features.model_features(pq.model, ttypes()))
    return _BASE_CACHE[name]


def parquet_cases():
    out = []
    by_name = {m.name: m for m in mutations.active()}
    missing = set(PARQUET) - set(by_name)
    if missing:
        raise SystemExit(f"mutations gone: {sorted(missing)}")
    for m in mutations.active():
        if m.name not in PARQUET or m.severity != "error":
            continue
        risk = PARQUET[m.name]
        spec, pq, feats = _parquet_base(m.base)
        data, expected = m.apply(pq)
        exp = [{"code": expected["code"], "offset": expected["offset"],
                "length": expected["length"]}]
        for also in expected.get("also", []):
            exp.append({"code": expected["code"], **also})
        desc = m.description
        if m.code.startswith(PRUNING_FAMILIES) or m.name in PRUNING_NAMES:
            desc += (" (A reader that reads every page meets no fault here; "
                     "one that uses these statistics, indexes or filters to "
                     "skip data answers queries wrongly.)")
        rows = (canonical.parquet_rows(spec.schema, spec.rows) if risk
                else None)
        fam = m.code.split(".")[0]
        out.append(Case(
            case_id("n", m.code, m.name.replace("_", "-")), "parquet", data,
            m.code, _FAMILY_SPEC[fam], desc + f" (base: {m.base})",
            features._order(feats + EXTRA_FEATURES.get(m.name, [])),
            rows=rows, expected=exp, silent_misread_risk=risk,
            baseline=_baseline_id("parquet", m.base) if risk else None))
    return out


_BASELINE_SPEC = ("the file the n_ cases marked silent_misread_risk are "
                  "mutated from, valid and whole: a reader that misreads it "
                  "is not misled by their faults")


def _baseline_id(fmt, base):
    prefix = "orc-" if fmt == "orc" else ""
    return case_id("y", "base." + prefix + base.replace("_", "-"))


def baselines():
    """One y_ case per base file of the n_ cases marked
    silent_misread_risk: the unmutated file, with the rows those cases
    expect before their fault."""
    bases = {("parquet", m.base) for m in mutations.active()
             if PARQUET.get(m.name) and m.severity == "error"}
    ops = {b.name: b for b in breakage.of(breakage.ORC)}
    bases |= {("orc", ops[name].base) for name, risk in ORC.items() if risk}
    out = []
    for fmt, base in sorted(bases):
        if fmt == "parquet":
            spec, pq, feats = _parquet_base(base)
            data = pq.data
            rows = canonical.parquet_rows(spec.schema, spec.rows)
        else:
            spec = orc_mutations.BASES[base]()
            data = orc_mutations.build_base(base).data
            rows = canonical.orc_rows(spec.schema, spec.rows)
            feats = features.orc_features(spec)
        cid = _baseline_id(fmt, base)
        out.append(Case(cid, fmt, data, cid[2:], _BASELINE_SPEC,
                        f"the {base} base file of the mutation operators",
                        feats, rows=rows))
    return out


# ORC operators, by name: silent_misread_risk.
ORC = {
    "three_bytes": False, "magic_orz": False, "footer_length_0": False,
    "version_0_13": False, "compression_7": False,
    "ps_footer_length_11_bytes": False, "rows_plus_one": False,
    "last_stripe_past_tail": False, "stripe_footer_length_0": False,
    "one_statistics_short": False, "kind_21": False, "subtype_99": False,
    "one_encoding_short": False, "encoding_kind_4": False,
    "string_without_length": False, "zlib_bad_block_type": False,
    "union_tag_2": False, "direct_run_cut": True, "decimal_10_38": False,
    "float_one_value_short": True, "index_99": True, "int_2_31": True,
    "data_one_byte_long": False, "nanos_10_9": False,
    "max_below_last_value": True,
}

_ORC_SPEC = {
    "orc-tail": 'ORC specification, File Tail: "the file tail consists of '
                'the PostScript, the Footer and the Metadata ... The final '
                'byte of the file contains the serialized length of the '
                'Postscript"',
    "protobuf": 'ORC specification, File Tail: "The PostScript, Footer and '
                'Metadata are serialized with Protocol Buffers"',
    "orc-footer": 'ORC specification, Footer: "The body of the file is '
                  'divided into stripes ... numberOfRows: the total number '
                  'of rows in the file"',
    "orc-type": 'ORC specification, Type information: "The type tree is '
                'flattened in to a list via a pre-order traversal"',
    "orc-stripe": 'ORC specification, Stripes: "The stripe footer contains '
                  'the encoding of each column and the directory of the '
                  'streams including their location"',
    "orc-compression": 'ORC specification, Compression: "each compressed '
                       'chunk is prefixed by a 3 byte header ... compressed '
                       'with the codec"',
    "orc-rle": 'ORC specification, Run Length Encoding: the integer and '
               'byte run layouts (RLEv1, RLEv2 SHORT_REPEAT, DIRECT, '
               'PATCHED_BASE, DELTA)',
    "orc-value": 'ORC specification, Column Encodings: values must fit '
                 'their type; dictionary indexes name entries of the '
                 'dictionary',
    "orc-stats": 'ORC specification, Column Statistics: "minimum and '
                 'maximum values" of the column bound its values',
}


def orc_cases():
    out = []
    ops = {b.name: b for b in breakage.of(breakage.ORC)}
    missing = set(ORC) - set(ops)
    if missing:
        raise SystemExit(f"ORC mutations gone: {sorted(missing)}")
    for name, risk in ORC.items():
        op = ops[name]
        spec = orc_mutations.BASES[op.base]()
        result = orc_mutations.mutate(op)
        data, expected = result
        exp = [{"code": expected["code"], "offset": expected["offset"],
                "length": expected["length"]}]
        for also in expected.get("also", []):
            exp.append({"code": expected["code"], **also})
        desc = op.description + f" (base: {op.base})"
        if op.also:
            desc += f" Also reported, of necessity: {', '.join(op.also)}."
        rows = canonical.orc_rows(spec.schema, spec.rows) if risk else None
        fam = op.code.split(".")[0]
        out.append(Case(
            case_id("n", op.code, name.replace("_", "-")), "orc", data,
            op.code, _ORC_SPEC[fam], desc, features.orc_features(spec),
            rows=rows, expected=exp, silent_misread_risk=risk,
            baseline=_baseline_id("orc", op.base) if risk else None))
    return out
