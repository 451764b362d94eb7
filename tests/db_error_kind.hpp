// The kind of the db::Error a call raises, for the db tests.
#pragma once

#include <gtest/gtest.h>

#include "db/error.hpp"

namespace damdb::db::test {

/// The kind of the db::Error that f() raises; a test failure (and ErrorKind::Io) when it raises
/// none.
inline ErrorKind kind_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.kind();
  }
  ADD_FAILURE() << "no Error raised";
  return ErrorKind::Io;
}

}  // namespace damdb::db::test
