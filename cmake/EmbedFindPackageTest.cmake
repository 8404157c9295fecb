# Driver of the embed_find_package test (see ColcheckInstall.cmake):
#   1. cmake --install BUILD_DIR --prefix WORK_DIR/prefix
#   2. configure and build EXAMPLE_DIR with CMAKE_PREFIX_PATH=that prefix
#   3. run the example, which validates a few bytes through the public API.

foreach(_var BUILD_DIR WORK_DIR EXAMPLE_DIR)
  if(NOT ${_var})
    message(FATAL_ERROR "EmbedFindPackageTest.cmake: ${_var} is not set")
  endif()
endforeach()

function(run_step description)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${description} failed (${_rc})\n${_out}\n${_err}")
  endif()
endfunction()

set(_prefix ${WORK_DIR}/prefix)
set(_build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

run_step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR}
         --prefix ${_prefix})

set(_configure ${CMAKE_COMMAND} -S ${EXAMPLE_DIR} -B ${_build}
    -DCMAKE_PREFIX_PATH=${_prefix})
if(GENERATOR)
  list(APPEND _configure -G ${GENERATOR})
endif()
if(CXX_COMPILER)
  list(APPEND _configure -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
if(BUILD_TYPE)
  list(APPEND _configure -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
endif()
if(EXTRA_FLAGS)
  list(APPEND _configure "-DCMAKE_CXX_FLAGS=${EXTRA_FLAGS}"
       "-DCMAKE_EXE_LINKER_FLAGS=${EXTRA_FLAGS}")
endif()
run_step("configuring the example" ${_configure})
run_step("building the example" ${CMAKE_COMMAND} --build ${_build})

find_program(_example embed_example PATHS ${_build} NO_DEFAULT_PATH)
if(NOT _example)
  message(FATAL_ERROR "the example built no embed_example binary")
endif()
run_step("running the example" ${_example})

# The installed tool must run too, and find the conformance suite installed
# beside it: the same manifest as the source tree's.
run_step("running the installed colcheck" ${_prefix}/bin/colcheck --version)
if(SUITE_DIR)
  set(_installed ${_prefix}/share/colcheck/conformance)
  run_step("comparing the installed suite's manifest" ${CMAKE_COMMAND} -E
           compare_files ${SUITE_DIR}/manifest.json
           ${_installed}/suite/manifest.json)
  set(_colcheck ${CMAKE_COMMAND} -E env --unset=COLCHECK_CONFORMANCE_DIR
      ${_prefix}/bin/colcheck)
  run_step("exporting the installed suite" ${_colcheck} conformance export
           ${WORK_DIR}/exported)
  run_step("comparing the exported suite's manifest" ${CMAKE_COMMAND} -E
           compare_files ${SUITE_DIR}/manifest.json
           ${WORK_DIR}/exported/suite/manifest.json)
  foreach(_file README.md profiles/duckdb.json)
    if(NOT EXISTS ${_installed}/${_file})
      message(FATAL_ERROR "the install has no conformance/${_file}")
    endif()
  endforeach()
  # The installed colcheck reads its own copy, not the source tree: without
  # the installed manifest it has no suite.
  file(RENAME ${_installed}/suite/manifest.json ${WORK_DIR}/manifest.json)
  execute_process(COMMAND ${_colcheck} conformance list
    RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_VARIABLE _err)
  if(_rc EQUAL 0 OR NOT _err MATCHES "manifest.json")
    message(FATAL_ERROR "the installed colcheck did not read the installed "
                        "suite (exit ${_rc}): ${_err}")
  endif()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
