// The files a command writes, checked before anything is written: never one of its inputs,
// never one file named twice, never inside the database folder, never an existing file without
// --force. The writing itself goes through db::AtomicFile (a temporary file renamed over the
// target at the end).
#pragma once

#include <string>
#include <vector>

namespace damdb::cli {

/// An output file of a command: the option that names it ("-o", "--report", "--svg") and the
/// path given ("-" = standard output, never checked).
struct OutputFile {
  std::string option;
  std::string path;
};

/// What a command reads, for check_output_files: its input files ("-" = standard input,
/// skipped) and the database folder it uses (empty when none).
struct CommandInputs {
  std::vector<std::string> files;
  std::string database;
};

/// Throws InputError, before anything is written, when an output
/// - names one of the input files: the same device and inode when both exist (a hard link, a
///   symbolic link, "./g.pdn" for "g.pdn"), or the same path once made absolute and
///   normalised (symbolic links of its folders resolved);
/// - names the same file as another output (compared the same way);
/// - lies inside the database folder;
/// - exists and `force` is false (damdb replaces a file only when asked to).
void check_output_files(const CommandInputs& inputs, const std::vector<OutputFile>& outputs,
                        bool force);

}  // namespace damdb::cli
