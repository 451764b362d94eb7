// indexer::import_inputs: files as given, folders as their *.pdn files below them (recursively,
// sorted), and a message for each input that is neither.
#include "indexer/import/import_run.hpp"

#include <gtest/gtest.h>

#include "games_fixture.hpp"

namespace damdb {
namespace {

TEST(ImportInputs, FoldersBecomeTheirPdnFilesSortedAndOthersAreReported) {
  test::TempFolder folder("import-inputs");
  const std::filesystem::path root = folder.path();
  std::filesystem::create_directories(root / "games" / "b");
  for (const char* name : {"games/z.pdn", "games/b/y.pdn", "games/b/notes.txt", "games/a.pdn",
                           "single.txt"})
    test::write_text(root / name, "x");
  std::vector<std::string> unreadable;
  const std::vector<std::string> files = indexer::import_inputs(
      {(root / "single.txt").string(), (root / "games").string(), "-",
       (root / "missing.pdn").string()},
      unreadable);
  const std::string games = (root / "games").string();
  EXPECT_EQ(files, (std::vector<std::string>{(root / "single.txt").string(), games + "/a.pdn",
                                             games + "/b/y.pdn", games + "/z.pdn", "-"}));
  EXPECT_EQ(unreadable, (std::vector<std::string>{"cannot read " + (root / "missing.pdn").string() +
                                                  ": no such file"}));
}

}  // namespace
}  // namespace damdb
