// A database with a damaged storage block: `damdb check` lists the games whose records cannot be
// read, `damdb export` writes every other game and names the skipped ones. The damage is made by
// overwriting bytes in the middle of the SST file that holds most game records; the expected
// export is the intact database's export without the games `check` names (game ids of a fresh
// import of the samples are 1..N in file order, and export writes games in id order).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "pdn/reader.hpp"
#include "tests/damdb_command.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

namespace fs = std::filesystem;

using test::CommandRun;

class CliDamagedDbTest : public ::testing::Test {
 protected:
  void SetUp() override { folder_ = std::make_unique<test::TempFolder>("cli-damaged"); }
  fs::path path(const std::string& name) const { return folder_->path() / name; }
  std::string db() const { return " --db '" + path("db").string() + "'"; }

  CommandRun damdb(const std::string& args) const { return test::run_damdb(args, folder_->path()); }

  /// The texts of the games of an exported file, in order.
  std::vector<std::string> exported_games(const std::string& name) const {
    std::vector<std::string> texts;
    for (const pdn::Game& g : pdn::read_games(test::read_text(path(name)), name)) texts.push_back(g.text);
    return texts;
  }

  std::unique_ptr<test::TempFolder> folder_;
};

/// Overwrites 64 bytes in the middle of `file` (inside its data blocks: an SST file's index and
/// footer are at its end).
void damage(const fs::path& file) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  ASSERT_TRUE(f) << file;
  f.seekp(static_cast<std::streamoff>(fs::file_size(file) / 3));
  const std::string garbage(64, '\x5A');
  f.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
}

TEST_F(CliDamagedDbTest, CheckListsTheDamagedGamesAndExportSkipsOnlyThem) {
  const std::string samples = std::string(DAMDB_SOURCE_DIR) + "/samples/";
  const CommandRun import = damdb("import" + db() + " '" + samples + "wk2003.pdn' '" + samples +
                                  "nk2003-amsterdam.pdn'");
  ASSERT_LE(import.exit_code, 1) << import.err;
  ASSERT_EQ(damdb("export" + db() + " -o '" + path("all.pdn").string() + "'").exit_code, 0);
  const std::vector<std::string> all = exported_games("all.pdn");
  ASSERT_GT(all.size(), 250u);

  const CommandRun sound = damdb("check --json" + db());
  ASSERT_EQ(sound.exit_code, 0) << sound.err;
  const nlohmann::json before = nlohmann::json::parse(sound.out);
  EXPECT_EQ(before.at("readable"), all.size());
  EXPECT_TRUE(before.at("damaged").empty());

  // The largest file of game records.
  fs::path largest;
  for (const auto& name : before.at("game_files")) {
    const fs::path file = path("db") / name.get<std::string>();
    if (largest.empty() || fs::file_size(file) > fs::file_size(largest)) largest = file;
  }
  ASSERT_FALSE(largest.empty());
  damage(largest);

  const CommandRun damaged = damdb("check --json" + db());
  ASSERT_EQ(damaged.exit_code, 1) << damaged.out << damaged.err;
  const nlohmann::json after = nlohmann::json::parse(damaged.out);
  std::set<std::uint32_t> lost;
  for (const auto& d : after.at("damaged")) {
    lost.insert(d.at("id").get<std::uint32_t>());
    EXPECT_NE(d.at("reason").get<std::string>().find("Corruption"), std::string::npos) << d;
  }
  ASSERT_FALSE(lost.empty());
  EXPECT_LT(lost.size(), all.size() / 2);  // one damaged block, not the file
  EXPECT_EQ(after.at("readable").get<std::size_t>() + lost.size(), all.size());

  const CommandRun part = damdb("export --json" + db() + " -o '" + path("part.pdn").string() + "'");
  EXPECT_EQ(part.exit_code, 1) << part.err;
  const nlohmann::json summary = nlohmann::json::parse(part.out);
  EXPECT_EQ(summary.at("damaged"), nlohmann::json(std::vector<std::uint32_t>(lost.begin(), lost.end())));
  std::vector<std::string> expected;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (lost.count(static_cast<std::uint32_t>(i + 1)) == 0) expected.push_back(all[i]);
  EXPECT_EQ(exported_games("part.pdn"), expected);

  const CommandRun text = damdb("export" + db() + " -o - ");
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_NE(text.err.find("could not be read (damaged storage) and were skipped: games " +
                          std::to_string(*lost.begin())),
            std::string::npos)
      << text.err;
}

}  // namespace
}  // namespace damdb
