#include "indexer/games/game_filter.hpp"

#include "indexer/games/indexed_games.hpp"

#include "indexer/names/name_directory.hpp"
#include "indexer/text/text_fold.hpp"
#include "indexer/text/game_date.hpp"
#include "indexer/text/stored_result.hpp"
#include "pdn/result.hpp"
#include "pdn/tag_values.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>

#include "db/database.hpp"

namespace damdb::indexer {
namespace {

std::unique_ptr<re2::RE2> compile(const std::string& folded_pattern, const std::string& what) {
  if (folded_pattern.empty()) return nullptr;
  re2::RE2::Options options;
  options.set_log_errors(false);
  options.set_case_sensitive(false);
  auto re = std::make_unique<re2::RE2>(folded_pattern, options);
  if (!re->ok()) throw FilterError("bad regular expression for " + what + ": " + re->error());
  return re;
}

}  // namespace

std::string result_choices() {
  using pdn::Outcome;
  return std::string(pdn::result_text(Outcome::WhiteWin)) + ", " + pdn::result_text(Outcome::Draw) +
         ", " + pdn::result_text(Outcome::BlackWin) + ", " + pdn::result_text(Outcome::Unknown) +
         ", white, draw or black";
}

namespace {

std::optional<db::GameResult> parse_result(const std::string& text) {
  std::string t;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)))
      t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t.empty()) return std::nullopt;
  // A result as the reader takes it (pdn/result.hpp), or a side's word; 0-0 (unfinished) is
  // stored as unknown and so selects nothing of its own.
  if (pdn::is_standard_result(t) && pdn::outcome_of(t) != pdn::Outcome::Unfinished)
    return stored_result(pdn::outcome_of(t));
  if (t == "white") return db::GameResult::WhiteWin;
  if (t == "black") return db::GameResult::BlackWin;
  if (t == "draw") return db::GameResult::Draw;
  if (t == "unknown") return db::GameResult::Unknown;
  throw FilterError("bad result \"" + text + "\": use " + result_choices());
}

}  // namespace

std::string date_bound(const std::string& partial, bool upper) {
  std::string error;
  std::string bound = pdn::date_bound(partial, upper, error);
  if (!error.empty()) throw FilterError(error);
  return bound;
}

GameFilter::GameFilter(const FilterSpec& spec) : spec_(spec) {
  auto prepare = [&](const std::string& raw, std::string& needle,
                     std::unique_ptr<re2::RE2>& re, const char* what) {
    if (raw.empty()) return;
    empty_ = false;
    if (spec.regex)
      re = compile(raw, what);
    else
      needle = fold_text(raw);
    // Folding keeps letters and digits: a text of punctuation alone would match every name.
    if (!spec.regex && needle.empty())
      throw FilterError(std::string(what) + " \"" + raw + "\" has no letter or digit to match");
  };
  prepare(spec.player, player_, player_re_, "--player");
  prepare(spec.white, white_, white_re_, "--white");
  prepare(spec.black, black_, black_re_, "--black");
  prepare(spec.event, event_, event_re_, "--event");
  if (!spec.since.empty()) since_ = date_bound(spec.since, false), empty_ = false;
  if (!spec.until.empty()) until_ = date_bound(spec.until, true), empty_ = false;
  result_ = parse_result(spec.result);
  if (result_) empty_ = false;
  set_evaluation_criteria(spec);
}

void GameFilter::set_evaluation_criteria(const FilterSpec& spec) {
  const std::string& side = spec.blunder_by;
  if (side == "white") evaluation_.blunder_by = BlunderBy::White;
  else if (side == "black") evaluation_.blunder_by = BlunderBy::Black;
  else if (side == "either") evaluation_.blunder_by = BlunderBy::Either;
  else if (!side.empty())
    throw FilterError("--blunder-by \"" + side + "\": give white, black or either");
  if (spec.eval_swing < 0 || !std::isfinite(spec.eval_swing))
    throw FilterError("--eval-swing wants a number of men above 0");
  evaluation_.missed_win = spec.missed_win;
  evaluation_.eval_swing = spec.eval_swing;
  if (evaluation_.any()) empty_ = false;
}

void GameFilter::resolve_evaluations(const db::Database& db) {
  if (evaluation_.any()) evaluated_ = games_by_evaluation(db, evaluation_);
}

bool GameFilter::allows(db::GameId id) const {
  return !evaluated_ || std::binary_search(evaluated_->begin(), evaluated_->end(), id);
}

GameFilter::~GameFilter() = default;
GameFilter::GameFilter(GameFilter&&) noexcept = default;
GameFilter& GameFilter::operator=(GameFilter&&) noexcept = default;

bool GameFilter::text_matches(const std::string& value, const std::string& needle,
                              const re2::RE2* pattern) const {
  const std::string folded = fold_text(value);
  if (pattern) return re2::RE2::PartialMatch(folded, *pattern);
  return folded.find(needle) != std::string::npos;
}

bool GameFilter::names_criteria() const {
  return !player_.empty() || player_re_ || !white_.empty() || white_re_ || !black_.empty() ||
         black_re_ || !event_.empty() || event_re_;
}

void GameFilter::resolve_names(const db::Database& db) {
  if (names_criteria()) resolve_names(NameDirectory::of(db));
}

void GameFilter::resolve_names(std::shared_ptr<const NameDirectory> directory) {
  const bool player = !player_.empty() || player_re_, white = !white_.empty() || white_re_,
             black = !black_.empty() || black_re_, event = !event_.empty() || event_re_;
  if (!player && !white && !black && !event) return;
  directory_ = std::move(directory);
  auto resolve = [&](bool set, const std::string& raw, const std::string& needle,
                     const std::unique_ptr<re2::RE2>& re, std::unordered_set<std::string>& names) {
    if (!set) return;
    names = directory_->player_spellings_of(
        [&](const std::string& spelling) { return text_matches(spelling, needle, re.get()); },
        spec_.regex ? std::string_view() : std::string_view(raw));
  };
  resolve(player, spec_.player, player_, player_re_, player_names_);
  resolve(white, spec_.white, white_, white_re_, white_names_);
  resolve(black, spec_.black, black_, black_re_, black_names_);
  if (event)
    event_names_ = directory_->event_spellings_of(
        [&](const std::string& tag) { return text_matches(tag, event_, event_re_.get()); });
}

std::optional<std::vector<std::string>> GameFilter::player_index_keys(
    const std::string& needle, const re2::RE2* pattern,
    const std::unordered_set<std::string>& names) const {
  if ((needle.empty() && !pattern) || !directory_ ||
      directory_->unknown_player_matches(
          [&](const std::string& s) { return text_matches(s, needle, pattern); }))
    return std::nullopt;
  std::vector<std::string> keys;
  for (const std::string& spelling : names) keys.push_back(player_key(spelling));
  return keys;
}

std::optional<GameFilter::Candidates> GameFilter::candidates(const db::Database& db) const {
  std::optional<Candidates> named = name_candidates(db);
  if (!evaluated_) return named;
  if (!named) {
    const bool header_criteria = !player_.empty() || player_re_ || !white_.empty() || white_re_ ||
                                 !black_.empty() || black_re_ || !event_.empty() || event_re_ ||
                                 !since_.empty() || !until_.empty() || result_;
    return Candidates{*evaluated_, !header_criteria};
  }
  std::vector<db::GameId> both;
  std::set_intersection(named->ids.begin(), named->ids.end(), evaluated_->begin(), evaluated_->end(),
                        std::back_inserter(both));
  named->ids = std::move(both);
  return named;
}

std::optional<GameFilter::Candidates> GameFilter::name_candidates(const db::Database& db) const {
  std::vector<std::pair<db::TextIndex, std::vector<std::string>>> criteria;
  auto add_player = [&](const std::string& needle, const std::unique_ptr<re2::RE2>& re,
                        const std::unordered_set<std::string>& names) {
    if (auto keys = player_index_keys(needle, re.get(), names))
      criteria.emplace_back(db::TextIndex::Players, std::move(*keys));
  };
  add_player(white_, white_re_, white_names_);
  add_player(black_, black_re_, black_names_);
  add_player(player_, player_re_, player_names_);
  if (directory_ && (!event_.empty() || event_re_)) {
    std::vector<std::string> keys;
    for (const std::string& tag : event_names_) keys.push_back(fold_text(tag));
    if (std::none_of(keys.begin(), keys.end(), [](const auto& k) { return k.empty(); }))
      criteria.emplace_back(db::TextIndex::Events, std::move(keys));
  }
  if (criteria.empty()) return std::nullopt;
  const bool only_player = (!player_.empty() || player_re_) && criteria.size() == 1 && white_.empty() &&
                           !white_re_ && black_.empty() && !black_re_ && event_.empty() &&
                           !event_re_ && since_.empty() && until_.empty() && !result_;
  Candidates out;
  out.exact = only_player && directory_->keys_name_only(player_names_);
  bool first = true;
  for (auto& [index, keys] : criteria) {
    std::vector<db::GameId> ids = indexed_games(db, index, std::move(keys));
    if (!first) {
      std::vector<db::GameId> both;
      std::set_intersection(out.ids.begin(), out.ids.end(), ids.begin(), ids.end(),
                            std::back_inserter(both));
      ids = std::move(both);
    }
    out.ids = std::move(ids);
    first = false;
  }
  return out;
}

bool GameFilter::name_matches(const std::string& value, const std::string& needle,
                              const re2::RE2* pattern,
                              const std::unordered_set<std::string>& names) const {
  if (directory_ && directory_->known_player(value)) return names.contains(value);
  return text_matches(value, needle, pattern);
}

bool GameFilter::event_matches(const std::string& value) const {
  if (directory_ && directory_->known_event(value)) return event_names_.contains(value);
  return text_matches(value, event_, event_re_.get());
}

bool GameFilter::matches(const db::GameRecord& game) const {
  return empty_ || matches(db::GameHeader::of(game));
}

bool GameFilter::matches(const db::GameHeader& game) const {
  if (empty_) return true;
  if (result_ && game.result != *result_) return false;
  const std::string& white = game.white;
  const std::string& black = game.black;
  if ((!white_.empty() || white_re_) &&
      !name_matches(white, white_, white_re_.get(), white_names_))
    return false;
  if ((!black_.empty() || black_re_) &&
      !name_matches(black, black_, black_re_.get(), black_names_))
    return false;
  if ((!player_.empty() || player_re_) &&
      !name_matches(white, player_, player_re_.get(), player_names_) &&
      !name_matches(black, player_, player_re_.get(), player_names_))
    return false;
  if ((!event_.empty() || event_re_) && !event_matches(game.event)) return false;
  if (!since_.empty() || !until_.empty()) {
    const std::string date = game_date(game);
    if (date.empty()) return false;
    // A date with unknown parts is the range of the days it may be ("2003.03.??": from
    // 2003.03.00 to 2003.03.99): kept when that range meets [since, until].
    std::string earliest = date, latest = date;
    std::replace(earliest.begin(), earliest.end(), '?', '0');
    std::replace(latest.begin(), latest.end(), '?', '9');
    if (!since_.empty() && latest < since_) return false;
    if (!until_.empty() && earliest > until_) return false;
  }
  return true;
}

}  // namespace damdb::indexer
