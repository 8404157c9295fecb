# orc/columns: the column stage (every stream of every stripe decoded, values
# and value counts checked) and its tests.

target_sources(colcheck_validator PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/columns.cc
  ${CMAKE_CURRENT_LIST_DIR}/column_readers.cc
)

if(COLCHECK_BUILD_TESTS)
  colcheck_test(orc_columns_test ${CMAKE_CURRENT_LIST_DIR}/columns_test.cc)
endif()

if(COLCHECK_BUILD_TESTS)
  # Over the external corpus and the project's corpus/orc/valid; renders
  # decoded values as orc-contents and compares with expected/*.jsn.gz.
  find_package(ZLIB REQUIRED)
  colcheck_test(orc_values_external_test
    ${CMAKE_CURRENT_LIST_DIR}/orc_values_external_test.cc LIBS ZLIB::ZLIB)
  target_compile_definitions(orc_values_external_test PRIVATE
    COLCHECK_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endif()
