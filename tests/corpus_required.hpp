// Tests that read the real-game corpus (DAMDB_CORPUS_DIR, ../shared/corpus beside the
// checkout, see its SOURCES.md): a clone without it skips them with a message saying so,
// unless DAMDB_REQUIRE_CORPUS is set (CI sets it), where a missing corpus is a failure.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

/// First statement of a test that reads the corpus: skips the test (or fails it under
/// DAMDB_REQUIRE_CORPUS) when DAMDB_CORPUS_DIR is not a folder.
#define DAMDB_SKIP_WITHOUT_CORPUS()                                                          \
  do {                                                                                       \
    if (!std::filesystem::is_directory(DAMDB_CORPUS_DIR)) {                                  \
      if (std::getenv("DAMDB_REQUIRE_CORPUS") != nullptr)                                    \
        FAIL() << "no corpus at " DAMDB_CORPUS_DIR " (DAMDB_REQUIRE_CORPUS is set)";         \
      GTEST_SKIP() << "no corpus at " DAMDB_CORPUS_DIR " (../shared/corpus beside the "      \
                      "checkout): test skipped";                                             \
    }                                                                                        \
  } while (false)
