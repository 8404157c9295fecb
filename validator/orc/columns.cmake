# orc/columns: the column stage (every stream of every stripe decoded, values
# and value counts checked) and its tests.

target_sources(colcheck_validator PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/columns.cc
  ${CMAKE_CURRENT_LIST_DIR}/column_readers.cc
)

if(COLCHECK_BUILD_TESTS)
  colcheck_test(orc_columns_test ${CMAKE_CURRENT_LIST_DIR}/columns_test.cc)
endif()
