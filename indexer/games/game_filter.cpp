#include "indexer/games/game_filter.hpp"

#include "indexer/names/name_directory.hpp"
#include "indexer/text/text_fold.hpp"
#include "pdn/tag_values.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <chrono>
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

std::optional<db::GameResult> parse_result(const std::string& text) {
  std::string t;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)))
      t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t.empty()) return std::nullopt;
  if (t == "2-0" || t == "1-0" || t == "white") return db::GameResult::WhiteWin;
  if (t == "0-2" || t == "0-1" || t == "black") return db::GameResult::BlackWin;
  if (t == "1-1" || t == "1/2-1/2" || t == "draw") return db::GameResult::Draw;
  if (t == "*" || t == "unknown") return db::GameResult::Unknown;
  throw FilterError("bad result \"" + text + "\": use 2-0, 1-1, 0-2, *, white, draw or black");
}

}  // namespace

std::string date_bound(const std::string& partial, bool upper) {
  std::string digits[3];
  int part = 0;
  for (char c : partial) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits[part] += c;
    } else if ((c == '.' || c == '-' || c == '/') && part < 2 && !digits[part].empty()) {
      ++part;
    } else {
      throw FilterError("bad date \"" + partial + "\": use YYYY, YYYY.MM or YYYY.MM.DD");
    }
  }
  if (digits[0].size() != 4 || digits[1].size() > 2 || digits[2].size() > 2)
    throw FilterError("bad date \"" + partial + "\": use YYYY, YYYY.MM or YYYY.MM.DD");
  if (!digits[1].empty() && (std::stoi(digits[1]) < 1 || std::stoi(digits[1]) > 12))
    throw FilterError("bad date \"" + partial + "\": month " + digits[1] + " is not 1..12");
  if (!digits[2].empty() && !digits[1].empty()) {
    const std::chrono::year_month_day day{std::chrono::year{std::stoi(digits[0])},
                                          std::chrono::month(static_cast<unsigned>(std::stoi(digits[1]))),
                                          std::chrono::day(static_cast<unsigned>(std::stoi(digits[2])))};
    if (!day.ok())
      throw FilterError("bad date \"" + partial + "\": no day " + digits[2] + " in " + digits[0] +
                        "." + digits[1]);
  }
  auto two = [&](const std::string& d, const char* open) {
    if (d.empty()) return std::string(open);
    return d.size() == 1 ? "0" + d : d;
  };
  return digits[0] + "." + two(digits[1], upper ? "99" : "00") + "." +
         two(digits[2], upper ? "99" : "00");
}

namespace {
/// date_key of a raw Date tag after the reader's normalisation (pdn::check_tag_value), so that
/// "17 april 2009" and "13-01-1996" give "2009.04.17" and "1996.01.13" as in `validate`.
std::string normalised_date_key(std::string_view raw) {
  const pdn::TagValueCheck check = pdn::check_tag_value("Date", raw);
  return date_key(check.normalized.empty() ? raw : std::string_view(check.normalized));
}
}  // namespace

std::string game_date(const db::GameHeader& game) { return normalised_date_key(game.date); }

std::string game_date(const db::GameRecord& game) {
  return normalised_date_key(game.tag("Date"));
}

std::uint32_t date_number(std::string_view date) {
  if (date.size() != 10) return 0;
  auto part = [&](std::size_t at, std::size_t n) {
    std::uint32_t v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (date[i] < '0' || date[i] > '9') return std::uint32_t{0};
      v = v * 10 + static_cast<std::uint32_t>(date[i] - '0');
    }
    return v;
  };
  const std::uint32_t year = part(0, 4);
  return year == 0 ? 0 : year * 10000 + part(5, 2) * 100 + part(8, 2);
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
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::vector<db::GameId> ids;
    for (const std::string& key : keys)
      db.scan_index(index, key + '\0', [&](const db::TextIndexKey& k) {
        ids.push_back(k.game);
        return true;
      });
    // One key's ids come in ascending order already (the index key ends with the id).
    if (!std::is_sorted(ids.begin(), ids.end())) std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
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
