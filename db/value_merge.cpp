#include "db/detail/value_merge.hpp"

#include <vector>

#include "db/detail/slices.hpp"
#include "db/error.hpp"

namespace damdb::db::detail {
namespace {

template <typename Operands>
std::vector<std::string_view> views(const Operands& operands) {
  std::vector<std::string_view> out;
  out.reserve(operands.size());
  for (const auto& s : operands) out.push_back(view(s));
  return out;
}

}  // namespace

bool ValueMerge::FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const {
  try {
    const std::vector<std::string_view> operands = views(in.operand_list);
    std::string_view existing;
    if (in.existing_value != nullptr) existing = view(*in.existing_value);
    out->new_value.clear();  // RocksDB may hand over a string still holding an earlier value
    full_merge(in.existing_value != nullptr ? &existing : nullptr, operands, out->new_value);
    return true;
  } catch (const Error&) {
    return false;  // reported by RocksDB as corruption
  }
}

bool ValueMerge::PartialMergeMulti(const rocksdb::Slice& /*key*/,
                                   const std::deque<rocksdb::Slice>& operands,
                                   std::string* new_value, rocksdb::Logger* /*logger*/) const {
  try {
    new_value->clear();
    partial_merge(views(operands), *new_value);
    return true;
  } catch (const Error&) {
    return false;
  }
}

}  // namespace damdb::db::detail
