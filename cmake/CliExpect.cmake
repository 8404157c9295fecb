# Runs one colcheck command line and checks its exit status and output; the
# driver of the CLI smoke tests registered in cli/CMakeLists.txt.
#
#   cmake -DCOLCHECK=path/to/colcheck -DARGS="validate^--format^json^f"
#         -DEXPECT_RC=1 [-DSTDOUT_REGEX=re] [-DSTDERR_REGEX=re]
#         [-DSTDOUT_EMPTY=ON] [-DPYTHON=/usr/bin/python3]
#         [-DGARBAGE=path [-DGARBAGE_MAGIC=ON]] [-DEMPTY=path]
#         -P CliExpect.cmake
#
# ARGS separates arguments with '^' because ';' would be split by add_test.
# GARBAGE writes a file of junk bytes first (with a leading PAR1 magic when
# GARBAGE_MAGIC is set, so a directory walk picks it up). EMPTY writes a
# 0-byte file in a directory of its own. PYTHON, when set, must parse
# stdout with json.load.

if(NOT COLCHECK)
  message(FATAL_ERROR "CliExpect.cmake: COLCHECK is not set")
endif()
string(REPLACE "^" ";" _args "${ARGS}")

if(GARBAGE)
  get_filename_component(_dir "${GARBAGE}" DIRECTORY)
  file(REMOVE_RECURSE "${_dir}")
  file(MAKE_DIRECTORY "${_dir}")
  string(ASCII 1 2 3 127 9 _junk)
  set(_bytes "this is not a columnar file ${_junk} at all, only junk\n")
  if(GARBAGE_MAGIC)
    set(_bytes "PAR1${_bytes}")
  endif()
  file(WRITE "${GARBAGE}" "${_bytes}")
endif()
if(EMPTY)
  get_filename_component(_dir "${EMPTY}" DIRECTORY)
  file(REMOVE_RECURSE "${_dir}")
  file(MAKE_DIRECTORY "${_dir}")
  file(WRITE "${EMPTY}" "")
endif()

string(RANDOM LENGTH 8 _tag)
set(_stdout_file "${CMAKE_CURRENT_BINARY_DIR}/cli_expect_${_tag}.out")
execute_process(
  COMMAND "${COLCHECK}" ${_args}
  RESULT_VARIABLE _rc
  OUTPUT_FILE "${_stdout_file}"
  ERROR_VARIABLE _stderr)
file(READ "${_stdout_file}" _stdout)

set(_failures "")
if(NOT "${_rc}" STREQUAL "${EXPECT_RC}")
  string(APPEND _failures "exit status ${_rc}, expected ${EXPECT_RC}\n")
endif()
if(DEFINED STDOUT_REGEX AND NOT _stdout MATCHES "${STDOUT_REGEX}")
  string(APPEND _failures "stdout does not match '${STDOUT_REGEX}'\n")
endif()
if(DEFINED STDERR_REGEX AND NOT _stderr MATCHES "${STDERR_REGEX}")
  string(APPEND _failures "stderr does not match '${STDERR_REGEX}'\n")
endif()
if(STDOUT_EMPTY AND NOT _stdout STREQUAL "")
  string(APPEND _failures "stdout is not empty\n")
endif()
if(PYTHON)
  execute_process(
    COMMAND "${PYTHON}" -c "import json, sys; json.load(sys.stdin)"
    INPUT_FILE "${_stdout_file}"
    RESULT_VARIABLE _json_rc
    ERROR_VARIABLE _json_error)
  if(NOT _json_rc EQUAL 0)
    string(APPEND _failures "stdout is not valid JSON: ${_json_error}\n")
  endif()
endif()
file(REMOVE "${_stdout_file}")

if(_failures)
  string(REPLACE ";" " " _shown "${_args}")
  message(FATAL_ERROR "colcheck ${_shown}\n${_failures}"
                      "--- stdout ---\n${_stdout}\n--- stderr ---\n${_stderr}")
endif()
