// ResponseCache: keys of path + parameters, the byte bound (oldest dropped first), answers too
// large to keep, and clear() refusing answers computed before it.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "server/api.hpp"
#include "server/response_cache.hpp"

namespace damdb::server {
namespace {

std::shared_ptr<const Response> body_of(std::size_t bytes, char fill = 'x') {
  return std::make_shared<const Response>(Response{200, "application/json",
                                                   std::string(bytes, fill)});
}

TEST(ResponseCache, KeyTellsPathsAndParametersApart) {
  const ParameterMap a{{"fen", "W:W28:B12"}}, b{{"fen", "W:W28:B13"}}, none;
  EXPECT_NE(ResponseCache::key("/api/explorer", a), ResponseCache::key("/api/explorer", b));
  EXPECT_NE(ResponseCache::key("/api/explorer", a), ResponseCache::key("/api/positions", a));
  EXPECT_NE(ResponseCache::key("/api/explorer", none), ResponseCache::key("/api/explorer", a));
  // A value holding what looks like a second parameter is not that second parameter.
  const ParameterMap glued{{"a", std::string("1\0" "1:b=2", 7)}}, two{{"a", "1"}, {"b", "2"}};
  EXPECT_NE(ResponseCache::key("/x", glued), ResponseCache::key("/x", two));
  // The map is ordered: the order the parameters were sent in does not matter.
  ParameterMap ab, ba;
  ab.emplace("a", "1");
  ab.emplace("b", "2");
  ba.emplace("b", "2");
  ba.emplace("a", "1");
  EXPECT_EQ(ResponseCache::key("/x", ab), ResponseCache::key("/x", ba));
}

TEST(ResponseCache, KeepsAnswersWithinItsBoundDroppingTheOldestFirst) {
  ResponseCache cache(16 * 1000);  // answers of up to 1,000 bytes (key and overhead included)
  const std::uint64_t g = cache.generation();
  for (int i = 0; i < 40; ++i) cache.put("k" + std::to_string(i), body_of(500), g);
  EXPECT_LE(cache.bytes(), 16'000u);
  // Each entry costs 500 body + 16 type + 2..3 key + 64 = 582..583 bytes: 27 fit in 16,000.
  EXPECT_EQ(cache.size(), 27u);
  EXPECT_EQ(cache.find("k0"), nullptr);
  EXPECT_EQ(cache.find("k12"), nullptr);
  ASSERT_NE(cache.find("k13"), nullptr);
  EXPECT_EQ(cache.find("k39")->body, std::string(500, 'x'));
  cache.put("big", body_of(2000), g);  // more than a sixteenth of the bound: never kept
  EXPECT_EQ(cache.find("big"), nullptr);
  cache.put("k39", body_of(10, 'y'), g);  // already kept: the first answer stays
  EXPECT_EQ(cache.find("k39")->body, std::string(500, 'x'));
}

TEST(ResponseCache, ClearDropsEverythingAndRefusesAnswersComputedBeforeIt) {
  ResponseCache cache(1 << 20);
  const std::uint64_t before = cache.generation();
  cache.put("a", body_of(10), before);
  ASSERT_NE(cache.find("a"), nullptr);
  cache.clear();
  EXPECT_EQ(cache.find("a"), nullptr);
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.bytes(), 0u);
  cache.put("b", body_of(10), before);  // read from the database before it changed
  EXPECT_EQ(cache.find("b"), nullptr);
  cache.put("b", body_of(10), cache.generation());
  EXPECT_NE(cache.find("b"), nullptr);
}

TEST(ResponseCache, ZeroBytesKeepsNothing) {
  ResponseCache cache(0);
  cache.put("a", body_of(1), cache.generation());
  EXPECT_EQ(cache.find("a"), nullptr);
}

}  // namespace
}  // namespace damdb::server
