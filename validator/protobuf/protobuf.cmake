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

# The differential test against libprotobuf: C++ generated from the
# project's .proto at build time. libprotobuf links to this test only,
# never to the library.
if(COLCHECK_BUILD_TESTS)
  find_package(Protobuf QUIET)
  if(Protobuf_FOUND AND Protobuf_PROTOC_EXECUTABLE)
    set(_colcheck_pb_dir ${CMAKE_CURRENT_BINARY_DIR}/orc_proto)
    set(_colcheck_pb_proto ${CMAKE_CURRENT_LIST_DIR}/../orc/orc_metadata.proto)
    add_custom_command(
      OUTPUT ${_colcheck_pb_dir}/orc_metadata.pb.cc
             ${_colcheck_pb_dir}/orc_metadata.pb.h
      COMMAND ${CMAKE_COMMAND} -E make_directory ${_colcheck_pb_dir}
      COMMAND ${Protobuf_PROTOC_EXECUTABLE}
              --proto_path=${CMAKE_CURRENT_LIST_DIR}/../orc
              --cpp_out=${_colcheck_pb_dir} ${_colcheck_pb_proto}
      DEPENDS ${_colcheck_pb_proto}
      COMMENT "protoc: orc_metadata.proto"
      VERBATIM)
    colcheck_test(orc_metadata_diff_test
      ${CMAKE_CURRENT_LIST_DIR}/../orc/metadata_diff_test.cc
      ${_colcheck_pb_dir}/orc_metadata.pb.cc
      LIBS protobuf::libprotobuf)
    target_include_directories(orc_metadata_diff_test PRIVATE
      ${_colcheck_pb_dir})
    target_compile_definitions(orc_metadata_diff_test PRIVATE
      COLCHECK_DEFAULT_EXTERNAL_CORPUS="${COLCHECK_EXTERNAL_CORPUS}")
  else()
    message(STATUS "libprotobuf or protoc not found: "
                   "orc_metadata_diff_test is not built")
  endif()
endif()
