# Writes cli/version.cpp (OUTPUT) from INPUT: the project version VERSION and the git commit of
# the checkout SOURCE_DIR ("unknown" when SOURCE_DIR is not the top of a git checkout or git is
# missing). Run when CMake configures and before every build; configure_file rewrites OUTPUT
# only when its text changes, so a new commit recompiles this one file and relinks the
# programs, nothing else.
set(DAMDB_VERSION "${VERSION}")
set(DAMDB_COMMIT unknown)
find_program(DAMDB_GIT git)
if(DAMDB_GIT)
  execute_process(COMMAND "${DAMDB_GIT}" -C "${SOURCE_DIR}" rev-parse --show-toplevel
                  OUTPUT_VARIABLE top RESULT_VARIABLE top_failed
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  file(REAL_PATH "${SOURCE_DIR}" source)
  if(NOT top_failed AND EXISTS "${top}")
    file(REAL_PATH "${top}" top)
  endif()
  if(NOT top_failed AND top STREQUAL source)
    # --exclude='*': the commit's hash, never a tag's name.
    execute_process(COMMAND "${DAMDB_GIT}" -C "${SOURCE_DIR}" describe --always --dirty
                            --abbrev=12 --exclude=*
                    OUTPUT_VARIABLE commit RESULT_VARIABLE failed
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT failed AND commit)
      set(DAMDB_COMMIT "${commit}")
    endif()
  endif()
endif()
configure_file("${INPUT}" "${OUTPUT}" @ONLY)
