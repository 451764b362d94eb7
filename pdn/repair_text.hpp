// Internal to the scoresheet repair (repair.hpp): the pieces of text a repaired game gets (its
// new move and comment elements, appended to Game::text) and how a confidence is written.
#pragma once

#include <string>
#include <string_view>

#include "pdn/game.hpp"

namespace damdb::pdn::repair_detail {

/// `confidence` with two decimals ("0.97").
std::string format_confidence(double confidence);

/// Appends `text` to g.text; returns where it now is.
TextRange append_text(Game& g, std::string_view text);

/// A comment element holding `text`, placed at `at` in the source.
Element comment_element(Game& g, std::string_view text, TextPos at);

}  // namespace damdb::pdn::repair_detail
