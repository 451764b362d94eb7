#include "cli/output_files.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <optional>

#include "cli/command.hpp"

namespace damdb::cli {
namespace {

namespace fs = std::filesystem;

/// A path as compared: its device and inode when it exists (after following links), and its
/// absolute, normalised form.
struct FileIdentity {
  std::optional<std::pair<dev_t, ino_t>> inode;
  fs::path normal;

  explicit FileIdentity(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) inode = std::make_pair(st.st_dev, st.st_ino);
    std::error_code ec;
    normal = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec) normal = fs::absolute(path, ec).lexically_normal();
  }

  bool same_file(const FileIdentity& other) const {
    if (inode && other.inode) return *inode == *other.inode;
    return normal == other.normal;
  }

  /// Whether this path lies inside `folder` (an existing folder's normalised path).
  bool inside(const fs::path& folder) const {
    const fs::path relative = normal.lexically_relative(folder);
    return !relative.empty() && *relative.begin() != "..";
  }
};

}  // namespace

void check_output_files(const CommandInputs& inputs, const std::vector<OutputFile>& outputs,
                        bool force) {
  std::vector<std::pair<const OutputFile*, FileIdentity>> seen;
  std::optional<FileIdentity> database;
  if (!inputs.database.empty()) database.emplace(inputs.database);
  for (const OutputFile& output : outputs) {
    if (output.path.empty() || output.path == "-") continue;
    const FileIdentity identity(output.path);
    for (const std::string& input : inputs.files)
      if (input != "-" && identity.same_file(FileIdentity(input)))
        throw InputError(output.option + " " + output.path + " is the input file " + input +
                         ": damdb never writes over its input");
    for (const auto& [other, other_identity] : seen)
      if (identity.same_file(other_identity))
        throw InputError(output.option + " " + output.path + " and " + other->option + " " +
                         other->path + " name the same file: give each output its own file");
    if (database && database->inode && identity.inside(database->normal))
      throw InputError(output.option + " " + output.path + " is inside the database folder " +
                       inputs.database + ": write it elsewhere");
    std::error_code ec;
    if (!force && fs::exists(fs::symlink_status(output.path, ec)))
      throw InputError(output.path + " exists: not overwriting it (use --force to replace it)");
    seen.emplace_back(&output, identity);
  }
}

}  // namespace damdb::cli
