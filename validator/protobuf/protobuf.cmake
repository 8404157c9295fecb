# protobuf/: the protobuf wire reader, and the ORC metadata decoders built on
# it (orc/metadata_decoder.cc).
target_sources(colcheck_validator PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/wire_reader.cc
  ${CMAKE_CURRENT_LIST_DIR}/../orc/metadata_decoder.cc)

if(COLCHECK_BUILD_TESTS)
  colcheck_test(protobuf_wire_reader_test
    ${CMAKE_CURRENT_LIST_DIR}/wire_reader_test.cc)
  colcheck_test(orc_metadata_decoder_test
    ${CMAKE_CURRENT_LIST_DIR}/../orc/metadata_decoder_test.cc)
endif()
