# Runs parquet_mutate twice with the same arguments and checks that it
# writes the asked-for number of files, identical both times.
file(REMOVE_RECURSE ${OUT}/a ${OUT}/b)
foreach(dir a b)
  execute_process(
    COMMAND ${MUTATE} --seed 7 --count 20 --out ${OUT}/${dir} ${INPUT} ${INPUT}
    RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "parquet_mutate exited with ${result}")
  endif()
endforeach()
file(GLOB mutants RELATIVE ${OUT}/a ${OUT}/a/*.parquet)
list(LENGTH mutants count)
if(NOT count EQUAL 20)
  message(FATAL_ERROR "expected 20 mutants, found ${count}")
endif()
foreach(name IN LISTS mutants)
  file(SHA256 ${OUT}/a/${name} first)
  file(SHA256 ${OUT}/b/${name} second)
  if(NOT first STREQUAL second)
    message(FATAL_ERROR "${name} differs between two runs with one seed")
  endif()
endforeach()
