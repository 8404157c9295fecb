# orc/rle: sources and tests (target_sources on colcheck_validator).
# The ORC stream value encodings: varints, byte/boolean RLE, integer RLE v1
# and v2, and the other column encodings' value streams.

target_sources(colcheck_validator PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/varint.cc
  ${CMAKE_CURRENT_LIST_DIR}/rle_stream.cc
  ${CMAKE_CURRENT_LIST_DIR}/rle_byte.cc
  ${CMAKE_CURRENT_LIST_DIR}/rle_v1.cc
  ${CMAKE_CURRENT_LIST_DIR}/rle_v2.cc
  ${CMAKE_CURRENT_LIST_DIR}/column_encodings.cc
)

if(COLCHECK_BUILD_TESTS)
  colcheck_test(orc_rle_test
    ${CMAKE_CURRENT_LIST_DIR}/varint_test.cc
    ${CMAKE_CURRENT_LIST_DIR}/rle_byte_test.cc
    ${CMAKE_CURRENT_LIST_DIR}/rle_v1_test.cc
    ${CMAKE_CURRENT_LIST_DIR}/rle_v2_test.cc
    ${CMAKE_CURRENT_LIST_DIR}/column_encodings_test.cc
  )
endif()
