# Fails when docs/diagnostics.md, up to its code locations section,
# differs from what the registry renders, so the document cannot drift
# from codes.def.
#
#   cmake -DCOLCHECK=build/cli/colcheck -DDOC=docs/diagnostics.md
#         -P CheckDocsUpToDate.cmake

execute_process(
  COMMAND "${COLCHECK}" codes --format markdown
  RESULT_VARIABLE _rc
  OUTPUT_VARIABLE _generated
  ERROR_VARIABLE _error)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "colcheck codes --format markdown failed (${_rc}): ${_error}")
endif()
if(NOT EXISTS "${DOC}")
  set(_checked_in "")
else()
  file(READ "${DOC}" _checked_in)
endif()
# The last section, from its marker on, lists where each code is reported
# and tested; scripts/gen_code_locations.py writes and checks it.
string(FIND "${_checked_in}" "<!-- code locations:" _at)
if(NOT _at EQUAL -1)
  string(SUBSTRING "${_checked_in}" 0 ${_at} _checked_in)
  string(APPEND _generated "\n")
endif()
if(NOT _generated STREQUAL _checked_in)
  message(FATAL_ERROR
    "${DOC} is out of date with the code registry (codes.def).\n"
    "run: build/cli/colcheck codes --format markdown > docs/diagnostics.md"
    " && scripts/gen_code_locations.py\n"
    "(the binary of this build is ${COLCHECK})")
endif()
