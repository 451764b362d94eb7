// Written moves (see written_move.hpp).
#include "pdn/written_move.hpp"

#include "rules/mirror.hpp"

namespace damdb::pdn {

bool WrittenMove::on_board() const {
  if (count < 2) return false;
  for (std::size_t i = 0; i < count; ++i)
    if (!rules::is_square(squares[i])) return false;
  return true;
}

rules::Separator rules_separator(Separator separator) {
  switch (separator) {
    case Separator::Dash: return rules::Separator::Quiet;
    case Separator::None: return rules::Separator::Unknown;
    case Separator::Cross:
    case Separator::Colon: return rules::Separator::Capture;
  }
  return rules::Separator::Capture;
}

WrittenMove written_move(const Game& game, const Element& e) {
  WrittenMove w;
  for (std::uint8_t sq : game.squares_of(e))
    if (w.count < w.squares.size()) w.squares[w.count++] = sq;
  w.separator = rules_separator(e.separator);
  return w;
}

WrittenMove mirrored(const WrittenMove& w) {
  WrittenMove m;
  m.count = w.count;
  m.separator = w.separator;
  for (std::size_t i = 0; i < w.count; ++i)
    m.squares[i] = rules::mirrored_square(w.squares[i]);
  return m;
}

}  // namespace damdb::pdn
