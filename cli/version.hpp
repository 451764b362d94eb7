// The version of damdb that `damdb --version` prints: the project's version (CMakeLists.txt)
// and the git commit the program was built from (cli/version.cmake writes its definition).
#pragma once

namespace damdb::cli {

/// "damdb 0.1 (commit 0123456789ab)": the commit's first 12 hexadecimal digits, followed by
/// "-dirty" when the checkout had uncommitted changes; "commit unknown" when built from a
/// source tree that is not a git checkout.
const char* version_text();

}  // namespace damdb::cli
