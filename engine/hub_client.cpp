// A client of the Hub protocol: see hub_client.hpp.
#include "engine/hub_client.hpp"

#include <cmath>
#include <cstdio>

#include "rules/movegen.hpp"

namespace damdb::engine {
namespace {

using Clock = EngineProcess::Clock;

Clock::time_point after(double seconds) {
  return Clock::now() + std::chrono::microseconds(static_cast<long long>(seconds * 1e6));
}

std::string format_number(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.15g", value);
  return text;
}

}  // namespace

double white_score(double score, rules::Color side_to_move) {
  return side_to_move == rules::Color::White ? score : -score;
}

HubClient::HubClient(EngineConfig config) : config_(std::move(config)) { start(); }

HubClient::~HubClient() {
  if (process_) process_->write_line("quit");
}

void HubClient::start() {
  name_ = config_.command;
  process_ = std::make_unique<EngineProcess>(config_.command, config_.folder);
  handshake();
}

void HubClient::restart() {
  process_.reset();
  start();
}

void HubClient::fail(EngineError::Kind kind, const std::string& what) {
  std::string message = "engine '" + name_ + "': " + what;
  // Whatever went wrong, the engine's state is unknown: it is killed (restart() starts it).
  const std::string ended = process_->kill();
  if (kind == EngineError::Kind::Exited && !ended.empty()) message += " (" + ended + ")";
  throw EngineError(kind, message);
}

void HubClient::send(std::string_view line) {
  if (!process_->write_line(line)) fail(EngineError::Kind::Exited, "exited (no longer reads its input)");
}

/// Reads lines until one whose command is `command`, at most `seconds`; returns nothing of
/// the lines in between except `id`, which names the engine.
std::string HubClient::read_until(std::string_view command, double seconds, std::string_view phase) {
  const auto deadline = after(seconds);
  while (true) {
    const auto read = process_->read_line(line_, deadline);
    if (read == EngineProcess::Read::Closed) fail(EngineError::Kind::Exited, "exited during " + std::string(phase));
    if (read == EngineProcess::Read::Timeout)
      fail(EngineError::Kind::Timeout, "no '" + std::string(command) + "' within " +
                                           format_number(seconds) + " s during " + std::string(phase));
    if (!parse_hub_line(line_, parsed_)) continue;  // text the protocol allows engines to print
    if (parsed_.command == command) return line_;
    if (parsed_.command == "id") {
      const auto name = parsed_.value("name");
      const auto version = parsed_.value("version");
      if (name && !name->empty())
        name_ = std::string(*name) + (version && !version->empty() ? " " + std::string(*version) : "");
    }
  }
}

void HubClient::handshake() {
  send("hub");
  read_until("wait", config_.start_seconds, "the handshake (hub)");
  send("set-param name=variant value=normal");
  for (const auto& [name, value] : config_.params)
    send("set-param name=" + hub_value(name) + " value=" + hub_value(value));
  send("init");
  read_until("ready", config_.start_seconds, "the initialisation (init)");
}

void HubClient::send_search(const rules::Position& root, std::span<const rules::Move> moves,
                            const SearchLimit& limit) {
  std::string line = "pos pos=" + hub_position(root);
  if (!moves.empty()) {
    line += " moves=\"";
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (i > 0) line += ' ';
      append_hub_move(moves[i], line);
    }
    line += '"';
  }
  send(line);
  static constexpr const char* kLevel[] = {"level depth=", "level nodes=", "level move-time="};
  const double value = limit.kind == SearchLimit::Kind::MoveTime ? limit.value : std::floor(limit.value);
  send(kLevel[static_cast<int>(limit.kind)] + format_number(value));
  send("go analyze");
}

void HubClient::apply_info(const HubLine& line, std::string& pv_text, SearchResult& result,
                           bool& scored) {
  // A field written as a flag (no value, as in `info string searching depth 3`) is no field.
  if (const auto score = line.value("score"); score && !score->empty()) {
    const auto value = parse_hub_number(*score);
    if (!value || !std::isfinite(*value))
      fail(EngineError::Kind::Garbage, "sent a score that is no number: '" + std::string(*score) + "'");
    result.score = *value;
    scored = true;
  }
  if (const auto depth = line.value("depth"); depth && !depth->empty()) {
    const auto value = parse_hub_number(*depth);
    if (!value || *value < 0 || *value > 1000)
      fail(EngineError::Kind::Garbage, "sent a depth that is no number: '" + std::string(*depth) + "'");
    result.depth = static_cast<int>(*value);
  }
  if (const auto pv = line.value("pv"); pv && !pv->empty()) pv_text.assign(*pv);
}

/// Reads `info` lines until `done`; sends `stop` at the budget (move-time) or at the timeout.
void HubClient::read_search(const SearchLimit& limit, std::string& move_text, std::string& pv_text,
                            SearchResult& result) {
  // A move-time search is stopped a little after its budget (10 % and 0.1 s), so that an engine
  // that keeps its time answers first and gets no `stop` while idle or in the next search.
  const bool timed = limit.kind == SearchLimit::Kind::MoveTime;
  auto deadline = after(timed ? limit.value * 1.1 + 0.1 : config_.timeout_seconds);
  bool stopped = false, scored = false;
  while (true) {
    const auto read = process_->read_line(line_, deadline);
    if (read == EngineProcess::Read::Closed) fail(EngineError::Kind::Exited, "exited during a search");
    if (read == EngineProcess::Read::Timeout) {
      if (stopped)
        fail(EngineError::Kind::Timeout,
             "no 'done' within " + format_number(config_.stop_grace_seconds) + " s of 'stop'");
      send("stop");
      stopped = true;
      deadline = after(config_.stop_grace_seconds);
      continue;
    }
    if (!parse_hub_line(line_, parsed_)) continue;
    if (parsed_.command == "info") apply_info(parsed_, pv_text, result, scored);
    if (parsed_.command == "error") {
      const auto message = parsed_.value("message");
      fail(EngineError::Kind::Refused, "refused the position: " + std::string(message ? *message : line_));
    }
    if (parsed_.command != "done") continue;
    if (const auto move = parsed_.value("move")) move_text.assign(*move);
    if (!scored) fail(EngineError::Kind::Garbage, "answered 'done' without any score in its 'info' lines");
    result.cut_short = stopped && !timed;
    return;
  }
}

void HubClient::match_moves(const rules::Position& position, const std::string& move_text,
                            const std::string& pv_text, SearchResult& result) {
  rules::Position pos = position;
  std::size_t i = 0;
  while (i < pv_text.size()) {
    const std::size_t end = std::min(pv_text.find(' ', i), pv_text.size());
    const std::string_view text = std::string_view(pv_text).substr(i, end - i);
    i = end + 1;
    if (text.empty()) continue;
    rules::generate_moves(pos, legal_);
    rules::Move m{};
    if (legal_.empty() || match_hub_move(text, legal_, m) != MoveMatch::Ok) {
      result.unmatched_pv.assign(text);
      break;
    }
    result.pv.push_back(m);
    pos.play(m);
  }
  const std::string best = move_text.empty() && !result.pv.empty() ? "" : move_text;
  if (best.empty()) {
    if (result.pv.empty()) fail(EngineError::Kind::Garbage, "answered 'done' without a move and without a PV");
    result.best = result.pv.front();
    return;
  }
  rules::generate_moves(position, legal_);
  const MoveMatch match = match_hub_move(best, legal_, result.best);
  if (match != MoveMatch::Ok)
    fail(EngineError::Kind::Garbage,
         "played '" + best + "', which " +
             (match == MoveMatch::Ambiguous ? "names more than one legal move" : "is no legal move") +
             " of " + hub_position(position));
}

SearchResult HubClient::search(const rules::Position& root, std::span<const rules::Move> moves,
                               const rules::Position& position, const SearchLimit& limit) {
  send_search(root, moves, limit);
  SearchResult result;
  std::string move_text, pv_text;
  read_search(limit, move_text, pv_text, result);
  match_moves(position, move_text, pv_text, result);
  return result;
}

}  // namespace damdb::engine
