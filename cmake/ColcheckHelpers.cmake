# Helpers that keep each target's CMake to one line.

# Applies COLCHECK_SANITIZE (a list such as "address;undefined") to every
# target in the build. Recovery is disabled so any report fails the test.
function(colcheck_apply_sanitizers)
  if(NOT COLCHECK_SANITIZE)
    return()
  endif()
  string(REPLACE ";" "," _list "${COLCHECK_SANITIZE}")
  add_compile_options(-fsanitize=${_list} -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${_list} -fno-sanitize-recover=all)
endfunction()

# colcheck_test(NAME SOURCES... [LIBS ...] [TEST_PREFIX prefix])
# A GoogleTest binary registered with ctest, one test per TEST(). TEST_PREFIX
# is prepended to each ctest name, so `ctest -R prefix` selects the binary.
# A TEST() that runs past 15 minutes has hung (a decoder looping over a
# hostile count, say): that is what tests of huge claims rely on, rather
# than a clock of their own.
function(colcheck_test name)
  cmake_parse_arguments(ARG "" "TEST_PREFIX" "LIBS" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE colcheck_validator_internal
                        ${ARG_LIBS} GTest::gmock GTest::gtest_main)
  gtest_discover_tests(${name}
    TEST_PREFIX "${ARG_TEST_PREFIX}"
    PROPERTIES ENVIRONMENT
    "COLCHECK_EXTERNAL_CORPUS=${COLCHECK_EXTERNAL_CORPUS}" TIMEOUT 900
    DISCOVERY_TIMEOUT 60)
endfunction()
