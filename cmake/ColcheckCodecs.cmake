# The compression libraries behind validator/codec/, simdjson for
# core/utf8.cc's SIMD UTF-8 validation, and OpenSSL's libcrypto for
# parquet/encryption.cc's AES-GCM and AES-CTR, found with pkg-config
# (Debian 12 ships a .pc file for each).
#
#   include(ColcheckCodecs)
#   target_link_libraries(colcheck_validator PRIVATE ColcheckCodecs::libs)
#
# Defines
#   ColcheckCodecs::libs        the decoders: zstd, snappy, libdeflate,
#                               brotlidec, lz4, lzo2, xxhash; simdjson;
#                               and libcrypto
#   ColcheckCodecs::test_libs   the compressors the codec tests need beyond
#                               those (brotlienc); only with tests on
#
# Every target is IMPORTED GLOBAL on purpose: libcolcheck is static by
# default, so its private dependencies travel to consumers, and
# ColcheckInstall.cmake recreates the imported targets it can see from the
# top level in colcheckDependencies.cmake. pkg-config resolves each library
# to a full path, which is what the consumer then links.

include_guard(GLOBAL)

find_package(PkgConfig REQUIRED)

pkg_check_modules(COLCHECK_ZSTD REQUIRED IMPORTED_TARGET GLOBAL libzstd)
pkg_check_modules(COLCHECK_SNAPPY REQUIRED IMPORTED_TARGET GLOBAL snappy)
pkg_check_modules(COLCHECK_DEFLATE REQUIRED IMPORTED_TARGET GLOBAL libdeflate)
pkg_check_modules(COLCHECK_BROTLIDEC REQUIRED IMPORTED_TARGET GLOBAL
                  libbrotlidec)
pkg_check_modules(COLCHECK_LZ4 REQUIRED IMPORTED_TARGET GLOBAL liblz4)
pkg_check_modules(COLCHECK_LZO2 REQUIRED IMPORTED_TARGET GLOBAL lzo2)
pkg_check_modules(COLCHECK_XXHASH REQUIRED IMPORTED_TARGET GLOBAL libxxhash)
pkg_check_modules(COLCHECK_SIMDJSON REQUIRED IMPORTED_TARGET GLOBAL simdjson)
pkg_check_modules(COLCHECK_LIBCRYPTO REQUIRED IMPORTED_TARGET GLOBAL
                  libcrypto>=3)

add_library(ColcheckCodecs::libs INTERFACE IMPORTED GLOBAL)
set_property(TARGET ColcheckCodecs::libs PROPERTY INTERFACE_LINK_LIBRARIES
  PkgConfig::COLCHECK_ZSTD
  PkgConfig::COLCHECK_SNAPPY
  PkgConfig::COLCHECK_DEFLATE
  PkgConfig::COLCHECK_BROTLIDEC
  PkgConfig::COLCHECK_LZ4
  PkgConfig::COLCHECK_LZO2
  PkgConfig::COLCHECK_XXHASH
  PkgConfig::COLCHECK_SIMDJSON
  PkgConfig::COLCHECK_LIBCRYPTO)

if(COLCHECK_BUILD_TESTS)
  pkg_check_modules(COLCHECK_BROTLIENC REQUIRED IMPORTED_TARGET GLOBAL
                    libbrotlienc)
  add_library(ColcheckCodecs::test_libs INTERFACE IMPORTED GLOBAL)
  set_property(TARGET ColcheckCodecs::test_libs
    PROPERTY INTERFACE_LINK_LIBRARIES
      ColcheckCodecs::libs PkgConfig::COLCHECK_BROTLIENC)
endif()
