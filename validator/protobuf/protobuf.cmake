# protobuf/: the protobuf wire reader, and the ORC metadata decoders built on
target_sources(colcheck_validator PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/wire_reader.cc)

if(COLCHECK_BUILD_TESTS)
  colcheck_test(protobuf_wire_reader_test
    ${CMAKE_CURRENT_LIST_DIR}/wire_reader_test.cc)
endif()
