// The names and edit costs of the error models (see repair_candidate.hpp).
#include "pdn/repair_candidate.hpp"

#include <array>

#include "pdn/enum_names.hpp"

namespace damdb::pdn {
namespace {

constexpr EnumNames<RepairKind, 12> kRepairKindNames{{{
    {RepairKind::AmbiguousRoute, "ambiguous capture route"},
    {RepairKind::SquareSwap, "square swap"},
    {RepairKind::DigitSwap, "digit swap"},
    {RepairKind::DigitEdit, "digit edit"},
    {RepairKind::CaptureEndMove, "capture written as its end"},
    {RepairKind::ShorterCapture, "shorter capture"},
    {RepairKind::MirroredMove, "mirrored move"},
    {RepairKind::MirroredGame, "mirrored game"},
    {RepairKind::MissingPly, "missing ply"},
    {RepairKind::ExtraPly, "extra ply"},
    {RepairKind::SwappedPlies, "swapped plies"},
    {RepairKind::Truncation, "truncation"},
}}};
static_assert(kRepairKindNames.covers(RepairKind::Truncation));

/// Edit cost of each RepairKind, in the order of the enum (see repair_candidate.hpp).
constexpr std::array<int, 12> kEditCost = {0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 100};

}  // namespace

std::string_view to_string(RepairKind kind) { return kRepairKindNames(kind, "truncation"); }

int edit_cost(RepairKind kind) {
  const auto i = static_cast<std::size_t>(kind);
  return i < kEditCost.size() ? kEditCost[i] : 100;
}

}  // namespace damdb::pdn
