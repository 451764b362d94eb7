#include "indexer/duplicates/duplicate_class.hpp"

namespace damdb::indexer {
namespace {

constexpr std::string_view kClassNames[kDuplicateClasses] = {
    "prefix", "tag-variant", "colours-swapped", "move-order", "small-edit"};

}  // namespace

std::string_view duplicate_class_name(DuplicateClass c) {
  return kClassNames[static_cast<std::size_t>(c)];
}

std::optional<DuplicateClass> parse_duplicate_class(std::string_view name) {
  for (std::size_t i = 0; i < kDuplicateClasses; ++i)
    if (kClassNames[i] == name) return static_cast<DuplicateClass>(i);
  return std::nullopt;
}

bool duplicate_class_applicable(DuplicateClass c) {
  return c == DuplicateClass::Prefix || c == DuplicateClass::TagVariant;
}

}  // namespace damdb::indexer
