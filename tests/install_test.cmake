# `cmake --install BUILD_DIR --prefix PREFIX` into an empty prefix yields PREFIX/bin/damdb and
# PREFIX/bin/damdb-serve; the installed damdb prints "damdb VERSION (commit ...)" and counts
# perft 2 from the initial position: 81 (9 white moves, 9 black replies to each).
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE failed OUTPUT_QUIET)
if(failed)
  message(FATAL_ERROR "cmake --install failed: ${failed}")
endif()
foreach(program damdb damdb-serve)
  if(NOT EXISTS "${PREFIX}/bin/${program}" OR IS_DIRECTORY "${PREFIX}/bin/${program}")
    message(FATAL_ERROR "no ${PREFIX}/bin/${program} after cmake --install")
  endif()
endforeach()
execute_process(COMMAND "${PREFIX}/bin/damdb" --version OUTPUT_VARIABLE version
                RESULT_VARIABLE failed)
if(failed OR NOT version MATCHES "^damdb ${VERSION} \\(commit ([0-9a-f]+(-dirty)?|unknown)\\)\n$")
  message(FATAL_ERROR "installed damdb --version: exit ${failed}, printed '${version}'")
endif()
execute_process(COMMAND "${PREFIX}/bin/damdb" perft --depth 2 OUTPUT_VARIABLE perft
                RESULT_VARIABLE failed)
if(failed OR NOT perft MATCHES "(^|[^0-9])81([^0-9]|$)")
  message(FATAL_ERROR "installed damdb perft --depth 2: exit ${failed}, printed '${perft}'")
endif()
file(REMOVE_RECURSE "${PREFIX}")
