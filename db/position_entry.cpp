#include "db/position_entry.hpp"

#include <algorithm>

#include "db/detail/entry_codec.hpp"
#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {
namespace detail {

void put_single_group(std::string& out, std::uint32_t check, std::uint8_t move,
                      std::uint8_t result, const PostingRef& posting) {
  put_be32(out, check);
  const bool more = posting.count > 1;
  put_varint(out, (std::uint64_t{move} << 4) | (more ? 8u : 0u) | ((result & 3u) << 1) | 1u);
  put_varint(out, posting.game);
  put_varint(out, posting.plies[0]);
  if (more) {
    put_varint(out, posting.count - 1);
    for (std::uint32_t i = 1; i < posting.count; ++i)
      put_varint(out, posting.plies[i] - posting.plies[i - 1]);
  }
}

void put_multi_group(std::string& out, std::uint32_t check, const PositionStats& stats,
                     std::span<const PostingRef> postings) {
  put_be32(out, check);
  put_varint(out, std::uint64_t{postings.size()} << 1);
  stats.encode(out);
  std::uint32_t previous = 0;
  for (std::size_t i = 0; i < postings.size(); ++i) {
    put_varint(out, i == 0 ? postings[i].game : previous - postings[i].game);
    previous = postings[i].game;
    put_plies(out, std::span<const std::uint16_t>(postings[i].plies, postings[i].count));
  }
}

void put_correction_group(std::string& out, std::uint32_t check,
                          std::span<const ResultCorrection> corrections) {
  put_be32(out, check);
  put_varint(out, 0);
  put_varint(out, corrections.size());
  for (const ResultCorrection& c : corrections) {
    put_varint(out, c.game);
    out.push_back(static_cast<char>(c.move));
    out.push_back(static_cast<char>(static_cast<unsigned>(c.from) << 2 |
                                    static_cast<unsigned>(c.to)));
  }
}

ResultCorrection read_correction(Reader& r, std::uint32_t previous) {
  ResultCorrection c;
  c.game = r.varint32();
  if (c.game == 0) r.fail("game id 0");
  if (previous != 0 && c.game >= previous) r.fail("corrections not in descending game order");
  c.move = r.byte();
  const std::uint8_t change = r.byte();
  if (change >> 4 != 0) r.fail("bad result correction");
  c.from = static_cast<GameResult>(change >> 2);
  c.to = static_cast<GameResult>(change & 3);
  return c;
}

GroupHeader read_group_header(Reader& r, PositionStats* stats) {
  GroupHeader h;
  h.check = r.be32();
  const std::uint64_t head = r.varint_max(0xfff'ffff'ffffull);
  if (head == 0) {
    h.correction = true;
    h.games = r.varint_max(r.remaining());
    if (h.games == 0) r.fail("correction group without corrections");
    return h;
  }
  if (head & 1) {
    if (head > 0xfff) r.fail("bad one-game head");
    h.single = true;
    h.games = 1;
    h.move = static_cast<std::uint8_t>(head >> 4);
    h.more = (head & 8) != 0;
    h.result = static_cast<std::uint8_t>((head >> 1) & 3);
    return h;
  }
  h.games = head >> 1;
  if (h.games < 2) r.fail("group of fewer than two games in the multi-game form");
  PositionStats dropped;
  PositionStats& s = stats != nullptr ? *stats : dropped;
  read_stats_into(r, s);
  if (s.games() != h.games) r.fail("statistics disagree with the number of games");
  return h;
}

std::uint32_t read_posting(Reader& r, const GroupHeader& header, std::uint64_t index,
                           std::uint32_t previous, std::vector<std::uint16_t>& plies) {
  if (header.single) {
    const auto id = r.varint32();
    if (id == 0) r.fail("game id 0");
    std::uint64_t ply = r.varint_max(0xffff);
    plies.push_back(static_cast<std::uint16_t>(ply));
    if (header.more) {
      const std::uint64_t more = r.varint_max(r.remaining());
      if (more == 0) r.fail("continuation flag without further plies");
      for (std::uint64_t i = 0; i < more; ++i) {
        const std::uint64_t gap = r.varint_max(0xffff);
        if (gap == 0) r.fail("repeated ply");
        ply += gap;
        if (ply > 0xffff) r.fail("ply out of range");
        plies.push_back(static_cast<std::uint16_t>(ply));
      }
    }
    return id;
  }
  std::uint32_t id;
  if (index == 0) {
    id = r.varint32();
    if (id == 0) r.fail("game id 0");
  } else {
    const std::uint64_t gap = r.varint_max(UINT32_MAX);
    if (gap == 0 || gap >= previous) r.fail("game ids not strictly descending");
    id = previous - static_cast<std::uint32_t>(gap);
  }
  read_plies(r, plies);
  return id;
}

namespace {

// Reads postings 2 .. `games` of a multi-game group (after its first posting) without keeping
// them, with read_posting's checks (ids strictly descending, plies ascending within 0..65535);
// returns the last (oldest) game id. One pass over the bytes, without vectors: a merge walks
// the whole list of a popular position (a million postings at the start position).
std::uint32_t walk_postings(Reader& r, std::uint64_t games, std::uint32_t first_id) {
  const std::string_view rest = r.rest();
  const auto* const begin = reinterpret_cast<const unsigned char*>(rest.data());
  const unsigned char* p = begin;
  const unsigned char* const end = begin + rest.size();
  auto varint = [&](std::uint64_t max) {
    if (p == end) r.fail("truncated varint");
    std::uint64_t v = *p++;
    if (v >= 0x80) {
      v &= 0x7f;
      for (int shift = 7;; shift += 7) {
        if (shift >= 70) r.fail("varint longer than 10 bytes");
        if (p == end) r.fail("truncated varint");
        const unsigned char byte = *p++;
        v |= std::uint64_t{byte & 0x7fu} << shift;
        if (!(byte & 0x80)) break;
      }
    }
    if (v > max) r.fail("value out of range");
    return v;
  };
  std::uint32_t previous = first_id;
  for (std::uint64_t i = 1; i < games; ++i) {
    const std::uint64_t gap = varint(UINT32_MAX);
    if (gap == 0 || gap >= previous) r.fail("game ids not strictly descending");
    previous -= static_cast<std::uint32_t>(gap);
    const std::uint64_t head = varint(0x1ffff);
    if (!(head & 1)) continue;
    std::uint64_t ply = head >> 1;
    const std::uint64_t more = varint(static_cast<std::uint64_t>(end - p));
    if (more == 0) r.fail("continuation flag without further plies");
    for (std::uint64_t k = 0; k < more; ++k) {
      const std::uint64_t ply_gap = varint(0xffff);
      if (ply_gap == 0) r.fail("repeated ply");
      ply += ply_gap;
      if (ply > 0xffff) r.fail("ply out of range");
    }
  }
  r.skip(static_cast<std::size_t>(p - begin));
  return previous;
}

// Skips the postings of a group whose header was just read.
void skip_postings(Reader& r, const GroupHeader& h, std::vector<std::uint16_t>& scratch) {
  if (h.correction) {
    std::uint32_t previous = 0;
    for (std::uint64_t i = 0; i < h.games; ++i) previous = read_correction(r, previous).game;
    return;
  }
  if (h.single || h.games == 0) {
    std::uint32_t previous = 0;
    for (std::uint64_t i = 0; i < h.games; ++i) {
      scratch.clear();
      previous = read_posting(r, h, i, previous, scratch);
    }
    return;
  }
  scratch.clear();
  const std::uint32_t first = read_posting(r, h, 0, 0, scratch);
  walk_postings(r, h.games, first);
}

}  // namespace
}  // namespace detail

using detail::GroupHeader;
using detail::PostingRef;

namespace {

// The result code of a one-game group's statistics.
std::uint8_t single_result(const MoveStats& m) {
  const ResultCounts& c = m.counts;
  const GameResult result = c.white_wins ? GameResult::WhiteWin
                            : c.draws     ? GameResult::Draw
                            : c.black_wins ? GameResult::BlackWin
                                           : GameResult::Unknown;
  return static_cast<std::uint8_t>(result);
}

}  // namespace

namespace {

// Appends the group of postings of `group` (which has games) to out; raises
// Error(InvalidArgument) when its invariants do not hold.
void encode_postings(const PositionGroup& group, std::string& out) {
  if (group.stats.games() != group.games.size())
    throw Error(ErrorKind::InvalidArgument, "position statistics disagree with the games");
  std::vector<PostingRef> refs;
  for (std::size_t i = 0; i < group.games.size(); ++i) {
    const Occurrence& o = group.games[i];
    if (o.game.value == 0 || (i > 0 && o.game.value >= group.games[i - 1].game.value))
      throw Error(ErrorKind::InvalidArgument, "posting game ids not strictly descending");
    if (o.plies.empty()) throw Error(ErrorKind::InvalidArgument, "posting without plies");
    for (std::size_t k = 1; k < o.plies.size(); ++k)
      if (o.plies[k] <= o.plies[k - 1])
        throw Error(ErrorKind::InvalidArgument, "posting plies not strictly ascending");
    refs.push_back(PostingRef{o.game.value, o.plies.data(), static_cast<std::uint32_t>(o.plies.size())});
  }
  if (refs.size() == 1) {
    const MoveStats& m = group.stats.moves.front();
    detail::put_single_group(out, group.check, m.move, single_result(m), refs[0]);
  } else {
    detail::put_multi_group(out, group.check, group.stats, refs);
  }
}

}  // namespace

void PositionEntry::encode(std::string& out) const {
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const PositionGroup& group = groups[g];
    if (g > 0 && group.check <= groups[g - 1].check)
      throw Error(ErrorKind::InvalidArgument, "position groups not in ascending check order");
    if (group.games.empty() && group.pending.empty())
      throw Error(ErrorKind::InvalidArgument, "position group without games");
    if (!group.games.empty()) encode_postings(group, out);
    if (group.pending.empty()) continue;
    for (std::size_t i = 1; i < group.pending.size(); ++i)
      if (group.pending[i].game >= group.pending[i - 1].game)
        throw Error(ErrorKind::InvalidArgument, "corrections not in descending game order");
    detail::put_correction_group(out, group.check, group.pending);
  }
}

PositionEntry PositionEntry::decode(std::string_view bytes) {
  Reader r(bytes, "position entry");
  PositionEntry e;
  if (r.empty()) r.fail("empty value");
  std::vector<std::uint16_t> plies;
  while (!r.empty()) {
    PositionGroup g;
    GroupHeader h = detail::read_group_header(r, &g.stats);
    if (h.correction) {  // of the group just read, or of a check key without postings
      if (e.groups.empty() || e.groups.back().check != h.check || !e.groups.back().pending.empty()) {
        if (!e.groups.empty() && h.check <= e.groups.back().check) r.fail("check keys not ascending");
        e.groups.emplace_back().check = h.check;
      }
      std::uint32_t previous = 0;
      for (std::uint64_t i = 0; i < h.games; ++i)
        previous = e.groups.back().pending.emplace_back(detail::read_correction(r, previous)).game;
      continue;
    }
    if (!e.groups.empty() && h.check <= e.groups.back().check) r.fail("check keys not ascending");
    g.check = h.check;
    if (h.single) {
      MoveStats m{.move = h.move, .counts = {}};
      m.counts.add(static_cast<GameResult>(h.result));
      g.stats.moves = {m};
    }
    std::uint32_t previous = 0;
    for (std::uint64_t i = 0; i < h.games; ++i) {
      plies.clear();
      previous = detail::read_posting(r, h, i, previous, plies);
      g.games.push_back(Occurrence{GameId{previous}, plies});
    }
    e.groups.push_back(std::move(g));
  }
  return e;
}

namespace {

// One group of one operand, located for the concatenating merge.
struct GroupPart {
  std::uint32_t order = 0;     // its place among the operands' groups (ties keep it)
  std::uint32_t check = 0;
  std::uint32_t first_id = 0;  // the newest game
  std::uint32_t last_id = 0;   // the oldest game
  std::uint64_t games = 0;
  bool single = false;
  PositionStats stats;
  std::string_view rest;       // multi form: the bytes after the first posting's id
  std::uint32_t plies_begin = 0, plies_count = 0;  // single form: its plies in `plies`
};

// The buffers of the concatenating merge, kept from one merge to the next by each thread
// (compact() merges millions of keys): parts[0, used) are this merge's groups. Reused
// entries keep the capacity of their statistics.
struct MergeScratch {
  std::vector<GroupPart> parts;
  std::size_t used = 0;
  std::vector<std::uint16_t> plies;
  std::vector<std::uint16_t> skipped;  // plies read past (multi form)
  bool corrections = false;  // an operand holds result corrections
};

// Reads every group of the operands into scratch.parts (the plies of one-game groups into
// scratch.plies).
void locate_groups(std::span<const std::string_view> operands, MergeScratch& scratch) {
  scratch.used = 0;
  scratch.corrections = false;
  scratch.plies.clear();
  std::vector<std::uint16_t>& plies = scratch.plies;
  for (std::string_view operand : operands) {
    Reader r(operand, "position entry operand");
    if (r.empty()) r.fail("empty value");
    while (!r.empty()) {
      if (scratch.used == scratch.parts.size()) scratch.parts.emplace_back();
      GroupPart& p = scratch.parts[scratch.used];
      p.order = static_cast<std::uint32_t>(scratch.used++);
      p.rest = {};
      const GroupHeader h = detail::read_group_header(r, &p.stats);
      if (h.correction) {  // merge_by_sorting applies them
        scratch.corrections = true;
        --scratch.used;
        detail::skip_postings(r, h, scratch.skipped);
        continue;
      }
      p.check = h.check;
      p.games = h.games;
      p.single = h.single;
      if (h.single) {
        p.stats.moves = {MoveStats{.move = h.move, .counts = {}}};
        p.stats.moves.front().counts.add(static_cast<GameResult>(h.result));
        p.plies_begin = static_cast<std::uint32_t>(plies.size());
        p.first_id = p.last_id = detail::read_posting(r, h, 0, 0, plies);
        p.plies_count = static_cast<std::uint32_t>(plies.size()) - p.plies_begin;
      } else {
        p.first_id = r.varint32();
        if (p.first_id == 0) r.fail("game id 0");
        const std::size_t rest_begin = operand.size() - r.remaining();
        scratch.skipped.clear();
        detail::read_plies(r, scratch.skipped);
        p.last_id = detail::walk_postings(r, h.games, p.first_id);
        p.rest = operand.substr(rest_begin, operand.size() - r.remaining() - rest_begin);
      }
    }
  }
}

// The join when, for every check key, the operands' games do not interleave (each import
// batch adds newer games than all before it: always the case for merges of import batches).
// The posting bytes are then copied, not decoded, sorted and encoded again; the bytes are those
// of the general join. Returns false (out unspecified) when the games interleave.
bool merge_disjoint(std::span<const std::string_view> operands, std::string& out) {
  thread_local MergeScratch scratch;
  locate_groups(operands, scratch);
  if (scratch.corrections) return false;
  const std::span<GroupPart> parts(scratch.parts.data(), scratch.used);
  const std::vector<std::uint16_t>& plies = scratch.plies;
  std::sort(parts.begin(), parts.end(), [](const GroupPart& a, const GroupPart& b) {
    if (a.check != b.check) return a.check < b.check;
    return a.first_id != b.first_id ? a.first_id > b.first_id : a.order < b.order;
  });
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (parts[i].check == parts[i - 1].check && parts[i - 1].last_id <= parts[i].first_id)
      return false;
  for (std::size_t a = 0; a < parts.size();) {
    std::size_t b = a + 1;
    std::uint64_t games = parts[a].games;
    for (; b < parts.size() && parts[b].check == parts[a].check; ++b) games += parts[b].games;
    if (games == 1) {
      const GroupPart& p = parts[a];
      detail::put_single_group(
          out, p.check, p.stats.moves.front().move, single_result(p.stats.moves.front()),
          detail::PostingRef{p.first_id, plies.data() + p.plies_begin, p.plies_count});
      a = b;
      continue;
    }
    PositionStats& total = parts[a].stats;  // summed in place: its capacity is kept
    for (std::size_t k = a + 1; k < b; ++k) total.merge(parts[k].stats);
    put_be32(out, parts[a].check);
    put_varint(out, games << 1);
    total.encode(out);
    for (std::size_t k = a; k < b; ++k) {
      const GroupPart& p = parts[k];
      put_varint(out, k == a ? p.first_id : parts[k - 1].last_id - p.first_id);
      if (p.single)
        detail::put_plies(out, std::span<const std::uint16_t>(plies.data() + p.plies_begin,
                                                              p.plies_count));
      else
        out.append(p.rest);
    }
    a = b;
  }
  return true;
}

}  // namespace

void PositionEntry::merge_encoded(std::span<const std::string_view> operands, std::string& out) {
  out.clear();
  if (operands.size() == 1) {  // nothing to join (validated when read)
    out.assign(operands[0]);
    return;
  }
  if (merge_disjoint(operands, out)) return;
  out.clear();
  merge_by_sorting(operands, out);
}

namespace {

// Every posting, group statistics and result correction of the operands, for the general join.
struct SortedJoin {
  struct Posting {
    std::uint32_t check;
    std::uint32_t game;
    std::uint32_t plies_begin;
    std::uint32_t plies_count;
  };
  std::vector<Posting> postings;
  std::vector<std::uint16_t> plies;
  std::vector<std::pair<std::uint32_t, PositionStats>> stats;  // per group of each operand
  std::vector<std::pair<std::uint32_t, ResultCorrection>> corrections;

  void read(std::string_view operand) {
    Reader r(operand, "position entry operand");
    if (r.empty()) r.fail("empty value");
    while (!r.empty()) {
      PositionStats s;
      GroupHeader h = detail::read_group_header(r, &s);
      if (h.correction) {
        std::uint32_t previous = 0;
        for (std::uint64_t i = 0; i < h.games; ++i) {
          corrections.emplace_back(h.check, detail::read_correction(r, previous));
          previous = corrections.back().second.game;
        }
        continue;
      }
      if (h.single) {
        MoveStats m{.move = h.move, .counts = {}};
        m.counts.add(static_cast<GameResult>(h.result));
        s.moves = {m};
      }
      stats.emplace_back(h.check, std::move(s));
      std::uint32_t previous = 0;
      for (std::uint64_t i = 0; i < h.games; ++i) {
        const auto begin = static_cast<std::uint32_t>(plies.size());
        previous = detail::read_posting(r, h, i, previous, plies);
        postings.push_back(
            Posting{h.check, previous, begin, static_cast<std::uint32_t>(plies.size()) - begin});
      }
    }
  }

  // Check keys ascending; within one, games descending (postings and corrections).
  void sort() {
    std::stable_sort(stats.begin(), stats.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::sort(postings.begin(), postings.end(), [](const Posting& a, const Posting& b) {
      return a.check != b.check ? a.check < b.check : a.game > b.game;
    });
    std::sort(corrections.begin(), corrections.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second.game > b.second.game;
    });
  }
};

// True when `refs` (game ids descending) holds game `game`.
bool holds(const std::vector<PostingRef>& refs, std::uint32_t game) {
  const auto it = std::lower_bound(refs.begin(), refs.end(), game,
                                   [](const PostingRef& r, std::uint32_t g) { return r.game > g; });
  return it != refs.end() && it->game == game;
}

}  // namespace

void PositionEntry::merge_by_sorting(std::span<const std::string_view> operands,
                                     std::string& out) {
  SortedJoin join;
  for (std::string_view operand : operands) join.read(operand);
  join.sort();
  const auto& postings = join.postings;
  const auto& corrections = join.corrections;
  std::vector<PostingRef> refs;
  std::vector<ResultCorrection> pending;
  std::size_t i = 0, s = 0, c = 0;
  while (i < postings.size() || c < corrections.size()) {
    const std::uint32_t check =
        c == corrections.size() ? postings[i].check
        : i == postings.size()  ? corrections[c].first
                                : std::min(postings[i].check, corrections[c].first);
    refs.clear();
    for (const std::size_t first = i; i < postings.size() && postings[i].check == check; ++i) {
      if (i > first && postings[i].game == postings[i - 1].game)
        throw Error(ErrorKind::Corruption, "position entry merge: game " +
                                               std::to_string(postings[i].game) +
                                               " indexed twice for one position");
      refs.push_back(PostingRef{postings[i].game, join.plies.data() + postings[i].plies_begin,
                                postings[i].plies_count});
    }
    PositionStats total;
    if (!refs.empty()) {
      total = std::move(join.stats[s].second);
      for (++s; s < join.stats.size() && join.stats[s].first == check; ++s)
        total.merge(join.stats[s].second);
    }
    pending.clear();
    for (const std::size_t first = c; c < corrections.size() && corrections[c].first == check; ++c) {
      const ResultCorrection& k = corrections[c].second;
      if (c > first && corrections[c - 1].second.game == k.game) continue;  // one a game
      if (holds(refs, k.game))
        total.apply(k);
      else
        pending.push_back(k);
    }
    if (refs.size() == 1)
      detail::put_single_group(out, check, total.moves.front().move,
                               single_result(total.moves.front()), refs[0]);
    else if (!refs.empty())
      detail::put_multi_group(out, check, total, refs);
    if (!pending.empty()) detail::put_correction_group(out, check, pending);
  }
}

GroupReader::GroupReader(std::string_view entry, std::uint32_t check) : rest_(entry) {
  Reader r(entry, "position entry");
  std::vector<std::uint16_t> scratch;
  while (!r.empty()) {
    GroupHeader h = detail::read_group_header(r, &stats_);
    if (h.correction) {  // pending: its game is not in this entry
      detail::skip_postings(r, h, scratch);
      continue;
    }
    if (h.check == check) {
      found_ = true;
      games_ = h.games;
      single_ = h.single;
      if (h.single) {
        MoveStats m{.move = h.move, .counts = {}};
        m.counts.add(static_cast<GameResult>(h.result));
        stats_.moves = {m};
        more_ = h.more;
      }
      rest_ = entry.substr(entry.size() - r.remaining());
      return;
    }
    if (h.check > check) break;
    detail::skip_postings(r, h, scratch);
  }
  stats_ = PositionStats{};
}

bool GroupReader::next(Occurrence& out) {
  if (!found_ || read_ == games_) return false;
  Reader r(rest_, "position entry");
  GroupHeader h;
  h.games = games_;
  h.single = single_;
  h.more = more_;
  out.plies.clear();
  const std::uint32_t id = detail::read_posting(r, h, read_, last_id_, out.plies);
  out.game = GameId{id};
  last_id_ = id;
  ++read_;
  rest_ = rest_.substr(rest_.size() - r.remaining());
  return true;
}

}  // namespace damdb::db
