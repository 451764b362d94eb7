// A stored game's text with its moves elided (indexer/records/game_text.hpp): the exact bytes stored for
// a hand-written game, and the original text given back byte for byte for every corpus game.
#include <gtest/gtest.h>

#include <string>

#include "indexer/records/game_moves.hpp"
#include "indexer/records/game_text.hpp"
#include "indexer/records/records.hpp"
#include "indexer/search/signature.hpp"
#include "pdn/reader.hpp"
#include "tests/corpus_files.hpp"
#include "tests/corpus_required.hpp"

namespace damdb {
namespace {

pdn::ReplayOptions import_replay_options() {
  pdn::ReplayOptions options;
  options.record_plies = true;
  options.max_recorded_plies = indexer::kMaxStoredPlies + 1;
  return options;
}

indexer::GameRecords records_of(const pdn::Game& game) {
  return indexer::make_records(game, pdn::replay(game, import_replay_options()));
}

pdn::Game only_game(const std::string& text) {
  std::vector<pdn::Game> games = pdn::read_games(text, "test");
  EXPECT_EQ(games.size(), 1u);
  return games.at(0);
}

TEST(GameText, StoredBytesOfAHandWrittenGame) {
  // 2. 28x19 written with a colon, 2... 14x23 with a strength mark, "3..." in Black's form, a
  // variation and a comment: each kept as written around the marks.
  const std::string text =
      "[White \"A\"]\n1. 32-28 19-23 2. 28:19 {x}\n14x23! (2... 13x24) 3. 37-32 3... 10-14 *\n";
  const pdn::Game game = only_game(text);
  const indexer::GameRecords r = records_of(game);
  ASSERT_EQ(r.record.moves.size(), 6u);
  ASSERT_NE(r.record.status, db::ValidationStatus::Invalid) << r.record.status_message;
  ASSERT_EQ(r.record.text_form, db::PdnTextForm::MovesElided);
  EXPECT_EQ(r.record.pdn_text,
            "[White \"A\"]\n\x02 \x01 \x01 \x02 28:19\x03 {x}\n"
            "\x01! (2... 13x24) \x02 \x01 \x02.. \x01 *");
  EXPECT_EQ(indexer::original_text(r.record), game.text);
}

TEST(GameText, AStartWithBlackToMoveNumbersFromBlacksPly) {
  const std::string text =
      "[FEN \"B:W28,33:B18,19\"]\n1... 19-23 2. 28x19 18-23 *\n";
  const pdn::Game game = only_game(text);
  const indexer::GameRecords r = records_of(game);
  ASSERT_EQ(r.record.text_form, db::PdnTextForm::MovesElided);
  EXPECT_EQ(r.record.pdn_text, "[FEN \"B:W28,33:B18,19\"]\n\x02.. \x01 \x02 \x01 \x01 *");
  EXPECT_EQ(indexer::original_text(r.record), game.text);
}

TEST(GameText, TextHoldingAMarkByteOrAMovetextSetupIsKeptAsRead) {
  for (const std::string& text : {std::string("[Event \"a\x01\"]\n1. 32-28 *\n"),
                                 std::string("1. 32-28 /FEN \"W:W28:B23\"/ 1. 28x19 *\n")}) {
    const pdn::Game game = only_game(text);
    const indexer::GameRecords r = records_of(game);
    EXPECT_EQ(r.record.text_form, db::PdnTextForm::Verbatim) << text;
    EXPECT_EQ(r.record.pdn_text, game.text);
    EXPECT_EQ(indexer::original_text(r.record), game.text);
  }
}

TEST(GameText, AGameLongerThanTheStoredPliesIsStoredAsRead) {
  // A king shuffle of 35,000 moves (70,000 plies): only the first kMaxStoredPlies (65,535) are
  // stored as codes, and the text is stored as read. One ply fewer than the codes hold is
  // elided.
  const auto shuffle = [](int moves) {
    std::string text = "[FEN \"W:WK46:BK1\"]\n";
    for (int move = 1; move <= moves; ++move)
      text += std::to_string(move) + (move % 2 == 1 ? ". 46-41 1-6 " : ". 41-46 6-1 ");
    return text + "*";
  };
  const std::string text = shuffle(35000);
  const indexer::GameRecords r = records_of(only_game(text));
  ASSERT_EQ(r.record.moves.size(), indexer::kMaxStoredPlies);
  EXPECT_EQ(r.record.text_form, db::PdnTextForm::Verbatim);
  EXPECT_EQ(r.record.pdn_text, text);
  EXPECT_EQ(indexer::original_text(r.record), text);

  const std::string fits = shuffle(32767);  // 65,534 plies
  const indexer::GameRecords f = records_of(only_game(fits));
  ASSERT_EQ(f.record.moves.size(), 65534u);
  EXPECT_EQ(f.record.text_form, db::PdnTextForm::MovesElided);
  EXPECT_EQ(indexer::original_text(f.record), fits);
}

TEST(GameText, AMarkPastTheStoredMovesIsAnError) {
  indexer::GameRecords r = records_of(only_game("1. 32-28 18-23 *\n"));
  ASSERT_EQ(r.record.text_form, db::PdnTextForm::MovesElided);
  r.record.pdn_text += '\x01';
  EXPECT_THROW(indexer::original_text(r.record), indexer::GameDecodeError);
}

// Calls visit(file, game, replay) for every corpus game that the import replays (not skipped).
template <class Visit>
void for_each_replayed_corpus_game(Visit visit) {
  for (const auto& file : testing::corpus_pdn_files()) {
    pdn::GameReader reader(file.string());
    pdn::Game game;
    while (reader.next(game)) {
      const pdn::Replay replay = pdn::replay(game, import_replay_options());
      if (replay.status != pdn::ReplayStatus::Skipped) visit(file, game, replay);
    }
  }
}

TEST(GameText, EveryCorpusGameGivesBackItsText) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  std::size_t games = 0, elided = 0, text_bytes = 0, stored_bytes = 0;
  for_each_replayed_corpus_game([&](const auto& file, const pdn::Game& game,
                                    const pdn::Replay& replay) {
    const indexer::GameRecords r = indexer::make_records(game, replay);
    ++games;
    if (r.record.text_form == db::PdnTextForm::MovesElided) ++elided;
    text_bytes += game.text.size();
    stored_bytes += r.record.pdn_text.size();
    EXPECT_EQ(indexer::original_text(r.record), game.text) << file << " game " << game.index;
  });
  EXPECT_GT(games, 4000u);
  // Most games are plain numeric movetext: most are elided, and the marks are far shorter.
  EXPECT_GT(elided, games * 9 / 10);
  EXPECT_LT(stored_bytes, text_bytes * 3 / 4);
}

// The positions a record leaves out for a copy of a stored game, added afterwards, are those
// made with the record; its signature is the one signature_of gives from its stored start and
// move codes, for every corpus game (setups in the movetext, games cut at an error ...).
TEST(Records, PositionsAddedLaterAndTheSignatureOfEveryCorpusGame) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  std::size_t games = 0, differing = 0;
  for_each_replayed_corpus_game([&](const auto& file, const pdn::Game& game,
                                    const pdn::Replay& replay) {
    const indexer::GameRecords whole = indexer::records_without_text(game, replay);
    indexer::GameRecords later = indexer::records_without_text(game, replay, false);
    EXPECT_TRUE(later.plies.empty());
    indexer::add_positions(later, replay);
    bool same = later.plies.size() == whole.plies.size();
    for (std::size_t i = 0; same && i < whole.plies.size(); ++i)
      same = later.plies[i].position == whole.plies[i].position &&
             later.plies[i].ply == whole.plies[i].ply && later.plies[i].move == whole.plies[i].move;
    differing += !same;
    db::GameSignature replayed = indexer::signature_of(whole.record);
    replayed.date = 0;
    EXPECT_EQ(whole.signature, replayed) << file << " game " << game.index;
    EXPECT_EQ(later.signature, replayed) << file << " game " << game.index;
    ++games;
  });
  EXPECT_EQ(differing, 0u);
  EXPECT_GT(games, 4000u);
}

}  // namespace
}  // namespace damdb
