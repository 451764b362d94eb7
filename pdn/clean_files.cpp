#include "pdn/clean_files.hpp"

#include "pdn/reader.hpp"

namespace damdb::pdn {

void CleanTally::add(const CleanResult& r) {
  ++games;
  skipped += !r.game.variant.international;
  read.add(r.as_read);
  fixes += r.fixes.size();
  unrepaired += r.has_unrepaired;
  switch (r.outcome) {
    case CleanOutcome::Unchanged: (r.has_unrepaired ? kept : unchanged)++; break;
    case CleanOutcome::Repaired: ++repaired; break;
    case CleanOutcome::Truncated: ++truncated; break;
  }
}

void clean_files(const std::vector<std::string>& files, const CleanOptions& options,
                 CleanTally& tally, const std::function<void(const CleanResult&)>& visit) {
  for (const std::string& file : files) {
    GameReader reader(file);
    Game game;
    while (reader.next(game)) {
      // The game moves into the result (its file, number and variant stay with it).
      const CleanResult r = clean_game(std::move(game), options);
      tally.add(r);
      visit(r);
    }
    tally.read.add_file(reader.file_diagnostics());
  }
}

}  // namespace damdb::pdn
