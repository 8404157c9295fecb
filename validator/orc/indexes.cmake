# Statistics, row indexes, bloom filters and column encryption's structure
# (orc-rules.md ST2-ST5, RI1-RI5, BF1-BF4, EN1-EN4).
target_sources(colcheck_validator PRIVATE
  orc/indexes.cc
  orc/statistics.cc
  orc/row_index.cc
  orc/bloom_filter.cc
  orc/encryption.cc
  orc/value_checker.cc)

if(COLCHECK_BUILD_TESTS)
  colcheck_test(orc_indexes_test orc/statistics_test.cc orc/row_index_test.cc
                orc/bloom_filter_test.cc orc/encryption_test.cc
                orc/value_checker_test.cc orc/indexes_external_test.cc)
endif()
if(COLCHECK_BUILD_TESTS)
  target_compile_definitions(orc_indexes_test PRIVATE
    COLCHECK_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endif()
