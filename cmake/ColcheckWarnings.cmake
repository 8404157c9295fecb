# One set of warning flags for every target of the build, tests included.
#
# colcheck_warnings is an INTERFACE target holding the flags; at the end of
# the top-level CMakeLists.txt, colcheck_link_warnings() links it into every
# target the project defines, so a new target cannot miss it. With
# COLCHECK_WERROR (which CI turns on) any warning fails the build.

option(COLCHECK_WERROR "Treat compiler warnings as errors" OFF)

add_library(colcheck_warnings INTERFACE)
target_compile_options(colcheck_warnings INTERFACE
  -Wall -Wextra -Werror=return-type
  $<$<BOOL:${COLCHECK_WERROR}>:-Werror>)

# The targets defined in `dir` and in every directory below it.
function(_colcheck_targets_below dir out)
  get_property(_targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  get_property(_subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(_sub IN LISTS _subdirs)
    _colcheck_targets_below("${_sub}" _below)
    list(APPEND _targets ${_below})
  endforeach()
  set(${out} ${_targets} PARENT_SCOPE)
endfunction()

# Links colcheck_warnings into every compiled target of the project. The
# link is build-only, so the installed package does not ask for it.
function(colcheck_link_warnings)
  _colcheck_targets_below("${PROJECT_SOURCE_DIR}" _targets)
  foreach(_t IN LISTS _targets)
    get_target_property(_type ${_t} TYPE)
    if(_type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$")
      target_link_libraries(${_t} PRIVATE $<BUILD_INTERFACE:colcheck_warnings>)
    endif()
  endforeach()
endfunction()
