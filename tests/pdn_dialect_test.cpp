// The reader against dialects it was never shown: every valid International-draughts game of the
// corpus is rewritten by the dialect generator (tests/dialect_generator.hpp), by every single
// transformation and by random combinations of them, and every rewritten file must read as the
// same games: the same count, tags, moves, plies and verdict as the canonical writing of those
// games. A failure prints its seed, the transformations left after shrinking, and the file.
//
// DAMDB_DIALECT_SEED replays one seed; DAMDB_DIALECT_FILES sets the number of random files and
// DAMDB_DIALECT_GAMES the number of games (a larger run for a benchmark session:
// DAMDB_DIALECT_GAMES=100000). The sanitizer build writes an eighth as many.
#include "tests/corpus_files.hpp"
#include "tests/corpus_required.hpp"
#include "tests/dialect_generator.hpp"

#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace damdb::pdn {
namespace {

namespace dialect = damdb::testing::dialect;
using dialect::Dialect;
using dialect::Dimension;
using TagList = std::vector<std::pair<std::string, std::string>>;

#if defined(__SANITIZE_ADDRESS__)
constexpr int kScale = 8;  // the sanitizer build reads an eighth of the files
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr int kScale = 8;
#else
constexpr int kScale = 1;
#endif
#else
constexpr int kScale = 1;
#endif

// What the reader made of one game.
struct Observed {
  TagList tags;  // sorted
  std::vector<std::uint32_t> codes;
  int plies = 0;
  ReplayStatus status = ReplayStatus::Valid;
  std::string first_issue;  // the first error or warning, for the failure message
};

// A corpus game with what its canonical writings read as.
struct PoolGame {
  dialect::GameContent content;
  Observed tagged;    // written as plain PDN 3.0
  Observed tagless;   // its movetext alone (games from the start position only)
};

std::vector<Observed> read_back(const std::string& bytes) {
  std::vector<Observed> out;
  for (const Game& game : read_games(bytes)) {
    ReplayOptions options;
    options.record_plies = true;
    const Replay r = replay(game, options);
    Observed o;
    for (const Tag& t : game.tags) o.tags.emplace_back(t.name, t.value);
    std::sort(o.tags.begin(), o.tags.end());
    for (const auto& p : r.plies_played) o.codes.push_back(p.code);
    o.plies = r.plies;
    o.status = r.status;
    const auto& issues = !r.errors.empty() ? r.errors : r.warnings;
    if (!issues.empty())
      o.first_issue = std::to_string(issues[0].pos.line) + ":" + std::to_string(issues[0].pos.column) +
                      " " + issues[0].message + " '" + issues[0].token + "'";
    out.push_back(std::move(o));
  }
  return out;
}

bool plain_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

bool plain_value(std::string_view value) {
  return std::none_of(value.begin(), value.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
}

std::string terminator_of(const Game& game) {
  const Element* result = game.result();
  if (result == nullptr) return "*";
  switch (result->outcome()) {
    case Outcome::WhiteWin: return "2-0";
    case Outcome::BlackWin: return "0-2";
    case Outcome::Draw: return "1-1";
    case Outcome::Unfinished: return "0-0";
    case Outcome::Unknown: return "*";
  }
  return "*";
}

// The content of a corpus game, or false when the generator cannot write it faithfully (another
// variant, an error, a setup in the movetext, a tag the canonical writer would change).
bool content_of(const Game& game, dialect::GameContent& g) {
  if (!game.variant.international) return false;
  ReplayOptions options;
  options.record_plies = true;
  const Replay r = replay(game, options);
  if (r.status == ReplayStatus::Invalid || !r.complete || r.setup_in_movetext || r.plies == 0 ||
      r.plies_played.size() != static_cast<std::size_t>(r.plies))
    return false;
  for (const Tag& t : game.tags) {
    if (!plain_name(t.name) || !plain_value(t.value)) return false;
    g.tags.emplace_back(t.name, t.value);
  }
  for (const auto& p : r.plies_played) {
    rules::MoveList legal;
    rules::generate_moves(p.before, legal);
    g.plies.push_back(rules::to_pdn(p.before, p.move, legal));
    std::string other;
    for (const rules::Move& m : legal)
      if (!(m.from == p.move.from && m.to == p.move.to && m.captures == p.move.captures)) {
        other = rules::to_pdn(p.before, m, legal);
        break;
      }
    g.alternatives.push_back(other);
  }
  g.terminator = terminator_of(game);
  g.from_setup = game.tag("FEN") != nullptr;
  g.black_first = r.start.side_to_move() == rules::Color::Black;
  return true;
}

Dialect tagless_dialect() {
  Dialect d;
  d[Dimension::Tags] = 1;
  return d;
}

// Every corpus game whose canonical writing reads back as one game with all its plies; in the
// sanitizer build, the games of every kScale-th file (each test process builds the pool anew).
const std::vector<PoolGame>& pool() {
  static const std::vector<PoolGame> games = [] {
    std::vector<PoolGame> out;
    std::size_t file_index = 0;
    for (const auto& path : damdb::testing::corpus_pdn_files()) {
      if (file_index++ % kScale != 0) continue;
      if (path.string().find("not-10x10") != std::string::npos) continue;
      std::vector<Game> read;
      try {
        read = read_file(path.string());
      } catch (const ReadError&) {
        continue;
      }
      for (const Game& game : read) {
        PoolGame p;
        if (!content_of(game, p.content)) continue;
        const auto tagged = read_back(dialect::write_file({p.content}, Dialect{}));
        if (tagged.size() != 1 || tagged[0].plies != static_cast<int>(p.content.plies.size())) continue;
        p.tagged = tagged[0];
        if (!p.content.from_setup) {
          const auto tagless = read_back(dialect::write_file({p.content}, tagless_dialect()));
          if (tagless.size() != 1) continue;
          p.tagless = tagless[0];
        }
        out.push_back(std::move(p));
      }
    }
    return out;
  }();
  return games;
}

std::string describe(const Observed& o) {
  std::string s = std::to_string(o.plies) + " plies, " + std::string(to_string(o.status)) + ", " +
                  std::to_string(o.tags.size()) + " tags";
  if (!o.first_issue.empty()) s += " (" + o.first_issue + ")";
  return s;
}

// "" when the file written in `d` reads as `games`; else the first difference.
std::string mismatch(const std::vector<const PoolGame*>& games, const Dialect& d) {
  std::vector<dialect::GameContent> contents;
  for (const PoolGame* g : games) contents.push_back(g->content);
  const auto got = read_back(dialect::write_file(contents, d));
  if (got.size() != games.size())
    return "read " + std::to_string(got.size()) + " games, wrote " + std::to_string(games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    const bool tagged = d[Dimension::Tags] == 0 || games[i]->content.from_setup;
    Observed want = tagged ? games[i]->tagged : games[i]->tagless;
    if (tagged) {
      for (auto& t : dialect::added_tags(d)) want.tags.push_back(t);
      std::sort(want.tags.begin(), want.tags.end());
    }
    const Observed& o = got[i];
    const std::string at = "game " + std::to_string(i + 1) + ": ";
    if (o.plies != want.plies || o.codes != want.codes)
      return at + "moves differ: got " + describe(o) + ", want " + describe(want);
    if (o.tags != want.tags) {
      std::string s = at + "tags differ: got";
      for (const auto& [n, v] : o.tags) s += " [" + n + " \"" + v + "\"]";
      return s + "; want " + std::to_string(want.tags.size()) + " tags";
    }
    const bool equal_status = o.status == want.status ||
                              (dialect::may_add_warnings(d) && o.status == ReplayStatus::Warnings &&
                               want.status == ReplayStatus::Valid);
    if (!equal_status) return at + "verdict differs: got " + describe(o) + ", want " + describe(want);
  }
  return "";
}

// A pool game cut to its first `plies` plies (a prefix of legal moves is legal), with what its
// canonical writings read as; false when the cut game does not read back whole.
bool cut(const PoolGame& g, std::size_t plies, PoolGame& out) {
  out = g;
  out.content.plies.resize(plies);
  out.content.alternatives.resize(plies);
  const auto tagged = read_back(dialect::write_file({out.content}, Dialect{}));
  if (tagged.size() != 1 || tagged[0].plies != static_cast<int>(plies)) return false;
  out.tagged = tagged[0];
  if (!out.content.from_setup) {
    const auto tagless = read_back(dialect::write_file({out.content}, tagless_dialect()));
    if (tagless.size() != 1) return false;
    out.tagless = tagless[0];
  }
  return true;
}

std::vector<const PoolGame*> pointers(const std::vector<PoolGame>& games) {
  std::vector<const PoolGame*> out;
  for (const PoolGame& g : games) out.push_back(&g);
  return out;
}

// Cuts each game to the shortest prefix (halving, then one ply at a time) that still fails.
void shrink_plies(std::vector<PoolGame>& games, const Dialect& d) {
  for (std::size_t i = 0; i < games.size(); ++i) {
    for (std::size_t step = games[i].content.plies.size() / 2; step > 0;) {
      const std::size_t n = games[i].content.plies.size();
      PoolGame shorter;
      if (step < n && cut(games[i], n - step, shorter)) {
        std::vector<PoolGame> trial = games;
        trial[i] = shorter;
        if (!mismatch(pointers(trial), d).empty()) {
          games = std::move(trial);
          continue;
        }
      }
      step /= 2;
    }
  }
}

// Drops games, transformations and plies while the failure stays (each a pass of delta
// debugging by single elements); returns the report of what is left, with the file's bytes and,
// for a file not in UTF-8, its text.
std::string shrink(std::vector<const PoolGame*> picked, Dialect d) {
  for (std::size_t i = picked.size(); i-- > 0 && picked.size() > 1;) {
    auto fewer = picked;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
    if (!mismatch(fewer, d).empty()) picked = fewer;
  }
  for (int i = 0; i < dialect::kDimensions; ++i) {
    if (d.choice[static_cast<std::size_t>(i)] == 0) continue;
    Dialect fewer = d;
    fewer.choice[static_cast<std::size_t>(i)] = 0;
    if (!mismatch(picked, fewer).empty()) d = fewer;
  }
  std::vector<PoolGame> games;
  for (const PoolGame* g : picked) games.push_back(*g);
  shrink_plies(games, d);
  std::vector<dialect::GameContent> contents;
  for (const PoolGame& g : games) contents.push_back(g.content);
  std::string file = dialect::escaped(dialect::write_file(contents, d));
  if (file.size() > 4000) file = file.substr(0, 4000) + "\n...(cut)";
  std::string report = "shrunk to " + std::to_string(games.size()) + " game(s), dialect: " + d.describe() +
                       "\n  " + mismatch(pointers(games), d) + "\n--- file ---\n" + file + "\n--- end ---";
  if (d[Dimension::Encoding] > 1 && d[Dimension::Encoding] < 8)
    report += "\n--- its text (UTF-8) ---\n" + dialect::write_text(contents, d) + "\n--- end ---";
  return report;
}

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtoull(v, nullptr, 10) : fallback;
}

std::vector<const PoolGame*> pick(std::mt19937_64& rng, std::size_t count, bool from_start_only) {
  const auto& all = pool();
  std::vector<const PoolGame*> out;
  while (out.size() < count) {
    const PoolGame& g = all[rng() % all.size()];
    if (from_start_only && g.content.from_setup) continue;
    out.push_back(&g);
  }
  return out;
}

TEST(PdnDialect, CanonicalWritingReadsAsTheCorpusGames) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  // About 4,000 10x10 games in the corpus; most are valid and written back whole.
  EXPECT_GT(pool().size(), 2000u / kScale);
}

std::vector<std::pair<int, int>> every_choice() {
  std::vector<std::pair<int, int>> out;
  for (int i = 0; i < dialect::kDimensions; ++i) {
    const auto n = static_cast<int>(dialect::dimension_choices(static_cast<Dimension>(i)).size());
    for (int c = 1; c < n; ++c) out.emplace_back(i, c);
  }
  return out;
}

// Each choice of each dimension alone, the others plain PDN 3.0. One test for all choices: the
// pool is built once per process, and a failure names its dimension, choice and seed.
TEST(PdnDialect, EverySingleTransformationReadsAsTheSameGames) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  for (const auto& [dimension, choice] : every_choice()) {
    const auto d_name = dialect::dimension_name(static_cast<Dimension>(dimension));
    const auto c_name = dialect::dimension_choices(static_cast<Dimension>(dimension))[static_cast<std::size_t>(choice)];
    const std::uint64_t seed = env_number("DAMDB_DIALECT_SEED", 20261205) + static_cast<std::uint64_t>(dimension * 100 + choice);
    std::mt19937_64 rng(seed);
    for (int file = 0; file < 12 / kScale + 1; ++file) {
      Dialect d;
      d.choice[static_cast<std::size_t>(dimension)] = choice;
      d.detail_seed = rng();
      const auto games = pick(rng, 1 + rng() % 5, d[Dimension::Tags] == 1);
      if (const std::string why = mismatch(games, d); !why.empty())
        ADD_FAILURE() << d_name << " = " << c_name << ", seed " << seed << ", file " << file << ": " << why
                      << "\n" << shrink(games, d);
    }
  }
}

// Random combinations of every dimension: each file its own seed, printed when it fails.
TEST(PdnDialect, RandomDialectsReadAsTheSameGames) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  const std::uint64_t base = env_number("DAMDB_DIALECT_SEED", 20261205);
  // DAMDB_DIALECT_GAMES bounds the games written (files of 1 to 6 games), DAMDB_DIALECT_FILES
  // the files; by default 2,000 files, about 7,000 games.
  const std::uint64_t files = env_number("DAMDB_DIALECT_FILES", 2000 / kScale);
  const std::uint64_t games_wanted = env_number("DAMDB_DIALECT_GAMES", ~std::uint64_t{0});
  int failures = 0;
  std::uint64_t written = 0;
  for (std::uint64_t file = 0; (std::getenv("DAMDB_DIALECT_GAMES") != nullptr || file < files) &&
                               written < games_wanted && failures < 3;
       ++file) {
    std::mt19937_64 rng(base + file);
    const Dialect d = Dialect::random(rng);
    const auto games = pick(rng, 1 + rng() % 6, d[Dimension::Tags] == 1);
    written += games.size();
    if (const std::string why = mismatch(games, d); !why.empty()) {
      ++failures;
      ADD_FAILURE() << "DAMDB_DIALECT_SEED=" << base + file << " DAMDB_DIALECT_FILES=1 (dialect "
                    << d.describe() << "): " << why << "\n" << shrink(games, d);
    }
  }
}

// A file of opening lines, one per line, each from move 1, as engines' books are written: one
// game per line.
TEST(PdnDialect, BookOfOpeningLinesIsOneGamePerLine) {
  DAMDB_SKIP_WITHOUT_CORPUS();
  std::mt19937_64 rng(7);
  Dialect d;
  d[Dimension::Tags] = 1;
  d[Dimension::Terminator] = 1;
  d[Dimension::LineLayout] = 1;
  d[Dimension::GameGap] = 1;
  d[Dimension::MoveNumbers] = 1;
  std::vector<dialect::GameContent> lines;
  for (const PoolGame* g : pick(rng, 40, true)) {
    dialect::GameContent line = g->content;
    line.plies.resize(std::min<std::size_t>(line.plies.size(), 10));
    lines.push_back(line);
  }
  const auto got = read_back(dialect::write_file(lines, d));
  ASSERT_EQ(got.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(got[i].plies, static_cast<int>(lines[i].plies.size())) << "line " << i + 1;
    EXPECT_NE(got[i].status, ReplayStatus::Invalid) << "line " << i + 1 << ": " << got[i].first_issue;
  }
}

}  // namespace
}  // namespace damdb::pdn
