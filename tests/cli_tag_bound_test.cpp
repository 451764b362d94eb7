// A game whose Event tag holds 5,000,000 bytes, through the built damdb binary: the import
// stores it valid with a tag_value_too_long warning, `show --json` and `games --json` answer
// with the first 1000 bytes (pdn::kMaxIndexedTagBytes), `export` writes the whole value, and
// the database holds the value about once. The value is 5,000,000 pseudo-random lower-case
// letters, so that its length and its compressed size are known (see each bound).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "pdn/tag_values.hpp"
#include "tests/games_fixture.hpp"

namespace damdb {
namespace {

constexpr std::size_t kValueBytes = 5'000'000;

// `n` lower-case letters from a fixed 64-bit LCG: about log2(26) = 4.7 bits of information
// each, so that no compressor keeps fewer than 0.58 bytes a letter.
std::string letters(std::size_t n) {
  std::string s(n, ' ');
  std::uint64_t x = 12345;
  for (char& c : s) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    c = static_cast<char>('a' + (x >> 33) % 26);
  }
  return s;
}

std::uintmax_t folder_bytes(const std::filesystem::path& folder) {
  std::uintmax_t n = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
    if (entry.is_regular_file()) n += entry.file_size();
  return n;
}

class CliTagBoundTest : public ::testing::Test {
 protected:
  void SetUp() override { folder_ = std::make_unique<test::TempFolder>("cli-tag-bound"); }
  std::string path(const std::string& name) const {
    return "'" + (folder_->path() / name).string() + "'";
  }
  std::string damdb(const std::string& args, int& code) const {
    return test::command_output(std::string("'") + DAMDB_BINARY + "' " + args, code);
  }
  std::unique_ptr<test::TempFolder> folder_;
};

}  // namespace

TEST_F(CliTagBoundTest, FiveMegabyteEventIsCutInTheIndexOnly) {
  const std::string event = letters(kValueBytes);
  const std::string text = "[Event \"" + event +
                           "\"]\n[White \"Sijbrands\"]\n[Black \"Clerc\"]\n[Result \"2-0\"]\n\n"
                           "1. 32-28 19-23 2. 28x19 14x23 2-0\n";
  test::write_text(folder_->path() / "long.pdn", text);
  int code = -1;
  const std::string import = damdb("import --db " + path("db") + " " + path("long.pdn"), code);
  ASSERT_EQ(code, 0);
  EXPECT_NE(import.find("1 stored (0 invalid, 1 with warnings)"), std::string::npos) << import;
  EXPECT_NE(import.find("tag value cut in the index 1"), std::string::npos) << import;

  const std::string shown = damdb("show 1 --json --db " + path("db"), code);
  ASSERT_EQ(code, 0);
  const nlohmann::json game = nlohmann::json::parse(shown);
  EXPECT_EQ(game["status"], "warnings");
  EXPECT_EQ(game["issue_kinds"], nlohmann::json::array({"tag_value_too_long"}));
  EXPECT_EQ(game["event"].get<std::string>(), event.substr(0, pdn::kMaxIndexedTagBytes));
  ASSERT_EQ(game["tags"][0][0], "Event");
  EXPECT_EQ(game["tags"][0][1].get<std::string>().size(), pdn::kMaxIndexedTagBytes);
  // The answer holds the cut event twice (the row's "event" and its tag): under 5,000 bytes
  // where the whole value made it 10 MB.
  EXPECT_LT(shown.size(), 5000u);
  const std::string rows = damdb("games --json --db " + path("db"), code);
  ASSERT_EQ(code, 0);
  EXPECT_LT(rows.size(), 5000u);  // one row, the cut event once
  EXPECT_NE(rows.find(event.substr(0, pdn::kMaxIndexedTagBytes) + "\""), std::string::npos);

  damdb("export --db " + path("db") + " -o " + path("out.pdn"), code);
  ASSERT_EQ(code, 0);
  EXPECT_NE(test::read_text(folder_->path() / "out.pdn").find("[Event \"" + event + "\"]\n"),
            std::string::npos);

  // The database stores the game's text once: at most its 5,000,000 bytes of letters (3.12 MB
  // measured, ZSTD keeping about 4.7 bits a letter), everything else under 1 MB (options,
  // manifest, caches of names). Before the bound, the names caches, the event index and the
  // manifest held the value again (a 5,000,000-byte value of one letter made a 44 MB database).
  EXPECT_LT(folder_bytes(folder_->path() / "db"), kValueBytes + 1'000'000);
}

}  // namespace damdb
