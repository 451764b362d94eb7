// Generator test of scoresheet repair: valid real games from ../shared/corpus, one
// error of each kind injected at a seeded random ply, repaired; measures how often the top
// candidate (top-1) and one of the first three (top-3) restore the original move sequence, and
// checks that no injected game is lost or changed outside the repaired move.
//
// The measured rates are printed (run: test_pdn --gtest_filter='PdnRepairGenerator.*').
#include "tests/corpus_required.hpp"
#include "pdn/reader.hpp"
#include "pdn/repair.hpp"
#include "pdn/replay.hpp"
#include "pdn/writer.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

namespace fs = std::filesystem;
using rules::Move;
using rules::Position;
using rules::Square;

constexpr std::size_t kGames = 320;

/// A valid corpus game reduced to what the test needs: start position, moves, their canonical
/// PDN tokens, the positions before each ply, and the result.
struct BaseGame {
  std::string name;
  Position start;
  bool has_fen = false;
  std::vector<Move> moves;
  std::vector<Position> before;
  std::vector<std::string> tokens;
  std::string result;
};

std::vector<BaseGame> load_games() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(DAMDB_CORPUS_DIR)) {
    if (!entry.is_regular_file()) continue;
    std::string ext = entry.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
    if (ext == ".pdn" && entry.path().string().find("not-10x10") == std::string::npos)
      files.push_back(entry.path());
  }
  // A seeded sample spread over the corpus: files in shuffled order, at most two games each.
  std::sort(files.begin(), files.end());
  std::mt19937 rng(5);
  std::shuffle(files.begin(), files.end(), rng);
  std::vector<BaseGame> all;
  std::set<std::vector<std::uint8_t>> seen;  // distinct move sequences only
  ReplayOptions options;
  options.record_plies = true;
  options.replay_variations = false;
  for (const fs::path& file : files) {
    if (all.size() >= kGames) break;
    int taken = 0;
    for (const Game& g : read_file(file.string())) {
      if (taken == 2) break;
      if (!g.variant.international || g.has_errors()) continue;
      bool setup = false;
      for (const Element& e : g.moves) setup |= e.kind == ElementKind::Setup;
      if (setup) continue;
      const Replay r = replay(g, options);
      if (r.status == ReplayStatus::Invalid || !r.complete || r.plies < 24) continue;
      std::vector<std::uint8_t> key;
      for (const auto& p : r.plies_played) key.push_back(p.code);
      if (!seen.insert(key).second) continue;
      BaseGame b;
      b.name = file.filename().string() + " #" + std::to_string(g.number());
      b.start = r.start;
      b.has_fen = g.tag("FEN") != nullptr;
      for (const auto& p : r.plies_played) {
        b.moves.push_back(p.move);
        b.before.push_back(p.before);
        b.tokens.push_back(rules::to_pdn(p.before, p.move));
      }
      const Element* term = g.result();
      b.result = term ? std::string(g.text_of(*term)) : "*";
      b.result.erase(std::remove(b.result.begin(), b.result.end(), ' '), b.result.end());
      all.push_back(std::move(b));
      ++taken;
    }
  }
  return all;
}

/// PDN text of a game with the given tokens (numbered as if the plies alternate).
std::string game_text(const BaseGame& b, const std::vector<std::string>& tokens) {
  std::string t = "[Event \"repair generator\"]\n[Result \"" + b.result + "\"]\n";
  if (b.has_fen) t += "[FEN \"" + rules::to_fen(b.start) + "\"]\n";
  t += "\n";
  const bool black_first = b.start.side_to_move() == rules::Color::Black;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::size_t ply = i + (black_first ? 1 : 0);
    if (ply % 2 == 0) t += std::to_string(ply / 2 + 1) + ". ";
    else if (i == 0) t += std::to_string(ply / 2 + 1) + "... ";
    t += tokens[i] + (i % 10 == 9 ? "\n" : " ");
  }
  return t + b.result + "\n";
}

std::vector<Square> squares_of(const std::string& token, rules::Separator& sep) {
  std::vector<Square> sq;
  rules::parse_move_text(token, sq, sep);
  return sq;
}

std::string join(const std::vector<Square>& sq, char sep) {
  std::string t;
  for (std::size_t i = 0; i < sq.size(); ++i) {
    if (i) t += sep;
    t += std::to_string(sq[i]);
  }
  return t;
}

/// True when `token` does not name a legal move in `pos` (so the injected error is seen there).
bool illegal_at(const Position& pos, const std::string& token) {
  return rules::resolve(pos, token).status != rules::ResolveStatus::Ok;
}

/// One digit of a random square of `sq` replaced by a random other digit; false when the square
/// leaves the board.
bool edit_digit(std::vector<Square>& sq, std::mt19937& rng) {
  const std::size_t i = std::uniform_int_distribution<std::size_t>(0, sq.size() - 1)(rng);
  std::string digits = std::to_string(sq[i]);
  const std::size_t d = std::uniform_int_distribution<std::size_t>(0, digits.size() - 1)(rng);
  char nd = static_cast<char>('0' + std::uniform_int_distribution<int>(0, 9)(rng));
  if (nd == digits[d]) return false;
  digits[d] = nd;
  const int v = std::stoi(digits);
  if (v < 1 || v > 50) return false;
  sq[i] = v;
  return true;
}

/// The capture `m` written start-end where another legal capture shares them; "" when none does.
std::string ambiguous_form(const Position& pos, const Move& m) {
  if (!m.is_capture()) return {};
  rules::MoveList legal;
  rules::generate_moves(pos, legal);
  bool shared = false;
  for (const Move& o : legal)
    if (!(o == m) && o.from == m.from && o.to == m.to) shared = true;
  if (!shared) return {};
  return std::to_string(m.from_square()) + "x" + std::to_string(m.to_square());
}

/// A random capture from the start of `m` taking fewer pieces, written start-end; "" when none.
std::string shorter_capture(const Position& pos, const Move& m, std::mt19937& rng) {
  if (!m.is_capture()) return {};
  rules::MoveList all;
  rules::generate_all_captures(pos, all);
  std::vector<Move> shorter;
  for (const Move& o : all)
    if (o.capture_count() < m.capture_count() && o.from == m.from) shorter.push_back(o);
  if (shorter.empty()) return {};
  const Move& s = shorter[std::uniform_int_distribution<std::size_t>(0, shorter.size() - 1)(rng)];
  return std::to_string(s.from_square()) + "x" + std::to_string(s.to_square());
}

/// Injects an error of `kind` at ply k of the token list; returns false when this kind does not
/// fit there.
bool inject(const BaseGame& b, RepairKind kind, std::size_t k, std::mt19937& rng,
            std::vector<std::string>& tokens) {
  tokens = b.tokens;
  const Position& pos = b.before[k];
  const Move& m = b.moves[k];
  rules::Separator sep;
  std::vector<Square> sq = squares_of(b.tokens[k], sep);
  const char sc = m.is_capture() ? 'x' : '-';
  switch (kind) {
    case RepairKind::DigitEdit:
      if (!edit_digit(sq, rng)) return false;
      tokens[k] = join(sq, sc);
      break;
    case RepairKind::DigitSwap: {
      const std::size_t i = std::uniform_int_distribution<std::size_t>(0, 1)(rng) ? sq.size() - 1 : 0;
      if (sq[i] < 10 || sq[i] % 10 == sq[i] / 10) return false;
      sq[i] = (sq[i] % 10) * 10 + sq[i] / 10;
      tokens[k] = join(sq, sc);
      break;
    }
    case RepairKind::SquareSwap:
      std::reverse(sq.begin(), sq.end());
      tokens[k] = join(sq, sc);
      break;
    case RepairKind::MirroredMove:
      for (Square& s : sq) s = 51 - s;
      tokens[k] = join(sq, sc);
      break;
    case RepairKind::MirroredGame:
      for (std::size_t j = k; j < tokens.size(); ++j) {
        rules::Separator s2;
        std::vector<Square> q = squares_of(b.tokens[j], s2);
        for (Square& s : q) s = 51 - s;
        tokens[j] = join(q, b.moves[j].is_capture() ? 'x' : '-');
      }
      break;
    case RepairKind::MissingPly:
      if (k + 1 >= tokens.size()) return false;
      tokens.erase(tokens.begin() + static_cast<long>(k));
      return true;  // the next token is the other side's: always illegal there
    case RepairKind::ExtraPly:
      if (k == 0) return false;
      tokens.insert(tokens.begin() + static_cast<long>(k), b.tokens[k - 1]);
      return illegal_at(pos, b.tokens[k - 1]);
    case RepairKind::SwappedPlies:
      if (k + 1 >= tokens.size()) return false;
      std::swap(tokens[k], tokens[k + 1]);
      return illegal_at(pos, tokens[k]);
    case RepairKind::AmbiguousRoute:
      tokens[k] = ambiguous_form(pos, m);
      // The replay must report it as an ambiguous error (checked by the caller).
      return !tokens[k].empty();
    case RepairKind::CaptureEndMove: {
      if (m.capture_count() < 2) return false;
      const rules::Route route = rules::route(pos, m);
      const std::size_t n = route.path.size();
      tokens[k] = std::to_string(route.path[n - 2]) + "x" + std::to_string(route.path[n - 1]);
      break;
    }
    case RepairKind::ShorterCapture:
      tokens[k] = shorter_capture(pos, m, rng);
      if (tokens[k].empty()) return false;
      break;
    case RepairKind::Truncation:
      return false;
  }
  return illegal_at(pos, tokens[k]);
}

struct Rate {
  int trials = 0, top1 = 0, top3 = 0;
};

const std::vector<RepairKind> kKinds = {
    RepairKind::DigitEdit,      RepairKind::DigitSwap,      RepairKind::SquareSwap,
    RepairKind::MirroredMove,   RepairKind::MirroredGame,   RepairKind::MissingPly,
    RepairKind::ExtraPly,       RepairKind::SwappedPlies,   RepairKind::AmbiguousRoute,
    RepairKind::CaptureEndMove, RepairKind::ShorterCapture,
};

bool restores(const Game& repaired, const BaseGame& b) {
  ReplayOptions options;
  options.record_plies = true;
  const Replay r = replay(repaired, options);
  if (r.status == ReplayStatus::Invalid || r.plies_played.size() != b.moves.size()) return false;
  for (std::size_t i = 0; i < b.moves.size(); ++i)
    if (!(r.plies_played[i].move == b.moves[i])) return false;
  return true;
}

/// Injects an error of `kind` into game `gi` (`b`): at random plies first, then, as the capture
/// kinds fit few plies, at every ply in order. Returns the ply index used, or -1 when none fits.
int inject_somewhere(const BaseGame& b, std::size_t gi, RepairKind kind,
                     std::vector<std::string>& tokens) {
  std::mt19937 rng(static_cast<unsigned>(1000 * gi + static_cast<unsigned>(kind)));
  for (int attempt = 0; attempt < 12 + static_cast<int>(b.moves.size()); ++attempt) {
    const std::size_t k =
        attempt < 12 ? std::uniform_int_distribution<std::size_t>(0, b.moves.size() - 1)(rng)
                     : static_cast<std::size_t>(attempt - 12);
    if (inject(b, kind, k, rng, tokens)) return static_cast<int>(k);
  }
  return -1;
}

/// Nothing lost, nothing changed outside the repaired move: `injected` (error at ply k + 1 of
/// `b`) cleaned with no threshold, written and read back comes back once, with the recorded
/// prefix, and either repaired to a valid game or cut at the error.
void check_clean_keeps_the_game(const Game& injected, const BaseGame& b, std::size_t k,
                                const RepairProposal& p) {
  ReplayOptions options;
  options.record_plies = true;
  CleanOptions clean;
  clean.min_confidence = 0;
  const CleanResult cr = clean_game(injected, clean);
  std::string out;
  write_game(cr.game, out);
  std::vector<Game> back = read_games(out, "written");
  ASSERT_EQ(back.size(), 1u) << out;
  ASSERT_EQ(back[0].tags.size(), injected.tags.size());
  const Replay rb = replay(back[0], options);
  ASSERT_GE(rb.plies_played.size(), k) << out;
  for (std::size_t i = 0; i < k; ++i) ASSERT_EQ(rb.plies_played[i].move, b.moves[i]) << out;
  ASSERT_NE(cr.outcome, CleanOutcome::Unchanged);
  if (cr.outcome == CleanOutcome::Repaired) {
    EXPECT_NE(rb.status, ReplayStatus::Invalid) << out;  // validates cleanly
    ASSERT_FALSE(cr.fixes.empty());
    // A single fix that is right restores the game exactly.
    if (cr.fixes.size() == 1 && restores(apply_repair(injected, p, p.candidates[0]), b)) {
      EXPECT_TRUE(restores(back[0], b)) << out;
    }
  }
}

/// Prints the top-1 and top-3 rates by kind and in all; returns the totals.
Rate print_rates(const std::map<RepairKind, Rate>& rates, std::size_t games) {
  Rate all;
  std::printf("%-28s %7s %7s %7s\n", "kind", "trials", "top-1", "top-3");
  for (RepairKind kind : kKinds) {
    const auto it = rates.find(kind);
    const Rate r = it == rates.end() ? Rate{} : it->second;
    all.trials += r.trials;
    all.top1 += r.top1;
    all.top3 += r.top3;
    std::printf("%-28s %7d %7.3f %7.3f\n", std::string(to_string(kind)).c_str(), r.trials,
                r.trials ? double(r.top1) / r.trials : 0.0, r.trials ? double(r.top3) / r.trials : 0.0);
  }
  std::printf("%-28s %7d %7.3f %7.3f   (%zu games)\n", "all", all.trials,
              double(all.top1) / all.trials, double(all.top3) / all.trials, games);
  return all;
}

TEST(PdnRepairGenerator, InjectedErrorsAreRepaired) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  const std::vector<BaseGame> games = load_games();
  ASSERT_GE(games.size(), 300u) << "not enough valid games in " << DAMDB_CORPUS_DIR;
  std::map<RepairKind, Rate> rates;
  ReplayOptions options;
  options.record_plies = true;
  int checked = 0;
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    const BaseGame& b = games[gi];
    for (RepairKind kind : kKinds) {
      std::vector<std::string> tokens;
      const int injected_at = inject_somewhere(b, gi, kind, tokens);
      if (injected_at < 0) continue;
      const auto k = static_cast<std::size_t>(injected_at);
      const std::string text = game_text(b, tokens);
      std::vector<Game> read = read_games(text, b.name);
      ASSERT_EQ(read.size(), 1u) << text;
      const Game& injected = read[0];
      const Replay r = replay(injected, options);
      if (r.errors.empty() || r.errors[0].ply != static_cast<int>(k) + 1) {
        // Only the ambiguous kind may be told apart by the validator itself (then no error).
        EXPECT_EQ(kind, RepairKind::AmbiguousRoute) << b.name << " " << to_string(kind) << "\n"
                                                    << text;
        continue;
      }
      const RepairProposal p = propose_repair(injected, r);
      ASSERT_TRUE(p.repairable) << text;
      Rate& rate = rates[kind];
      ++rate.trials;
      for (std::size_t c = 0; c < p.candidates.size() && c < 3; ++c) {
        if (!restores(apply_repair(injected, p, p.candidates[c]), b)) continue;
        rate.top1 += c == 0;
        ++rate.top3;
        break;
      }
      check_clean_keeps_the_game(injected, b, k, p);
      if (HasFatalFailure()) return;
      ++checked;
    }
  }
  const Rate all = print_rates(rates, games.size());
  const int trials = all.trials, top1 = all.top1, top3 = all.top3;
  EXPECT_EQ(checked, trials);
  // Floors measured on this corpus sample when the repair was written, not aspirations.
  EXPECT_GE(double(top1) / trials, 0.90);
  EXPECT_GE(double(top3) / trials, 0.95);
  for (RepairKind kind : kKinds) {
    const Rate& r = rates[kind];
    if (r.trials >= 50) {
      EXPECT_GE(double(r.top3) / r.trials, 0.80) << to_string(kind);
    }
  }
}

}  // namespace
}  // namespace damdb::pdn
