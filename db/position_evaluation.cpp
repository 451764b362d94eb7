#include "db/position_evaluation.hpp"

#include <algorithm>
#include <cmath>

#include "db/varint.hpp"

namespace damdb::db {

namespace {

constexpr std::uint8_t kFormat = 1;

// Zigzag: 0, -1, 1, -2 ... as 0, 1, 2, 3 ... (small magnitudes, small varints).
std::uint32_t zigzag(std::int32_t v) {
  return (static_cast<std::uint32_t>(v) << 1) ^ static_cast<std::uint32_t>(v >> 31);
}

std::int32_t unzigzag(std::uint32_t u) {
  return static_cast<std::int32_t>((u >> 1) ^ (0u - (u & 1u)));
}

}  // namespace

std::int32_t centi_men(double men) {
  const double c = std::round(men * 100);
  return static_cast<std::int32_t>(std::clamp(c, -2147483647.0, 2147483647.0));
}

void PositionEvaluation::encode(std::string& out) const {
  out.push_back(static_cast<char>(kFormat));
  put_string(out, engine);
  out.push_back(static_cast<char>(budget.kind));
  put_varint(out, budget.value);
  put_varint(out, zigzag(centi_score));
  out.push_back(static_cast<char>(win ? 1 : 0));
  put_varint(out, depth);
  put_string(out, best);
  put_string(out, pv);
  put_string(out, unmatched_pv);
}

PositionEvaluation PositionEvaluation::decode(std::string_view bytes) {
  Reader r(bytes, "position evaluation");
  r.expect_format(kFormat);
  PositionEvaluation e;
  e.engine = std::string(r.string());
  const std::uint8_t kind =
      r.byte_max(static_cast<std::uint8_t>(BudgetKind::MoveTime), "unknown budget kind");
  e.budget = {static_cast<BudgetKind>(kind), r.varint()};
  e.centi_score = unzigzag(r.varint32());
  const std::uint8_t flags = r.byte_max(1, "unknown flags");
  e.win = flags == 1;
  e.depth = r.varint32();
  e.best = std::string(r.string());
  e.pv = std::string(r.string());
  e.unmatched_pv = std::string(r.string());
  r.expect_end();
  return e;
}

}  // namespace damdb::db
