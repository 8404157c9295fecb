# orc/compression: the chunk framing of compressed ORC regions, over the
# shared codecs of codec/.
target_sources(colcheck_validator PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/compression.cc)

if(COLCHECK_BUILD_TESTS)
  colcheck_test(orc_compression_test
    ${CMAKE_CURRENT_LIST_DIR}/compression_test.cc
    LIBS ColcheckCodecs::test_libs)
endif()
