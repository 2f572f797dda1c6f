// Publishing a regrade: the new grading takes the old one's place, and the old one is kept beside
// it, never overwritten. Until this is asked for (`regrade --publish`), nothing in OLD_OUT changes.
#pragma once

#include <string>
#include <system_error>
#include <vector>

#include "engine/result.h"

namespace tile {

struct Published {
  std::string kept;                 // OLD_OUT/previous-N: where the old grading now is
  std::vector<std::string> moved;   // the entries moved there ("gradebook.csv", "reports", ...)
  std::vector<std::string> copied;  // the entries copied from NEW_OUT into OLD_OUT
};

// Moves OLD_OUT's grading (gradebook*.csv, class.json, class.html, regrade.*, reports/, records/)
// into OLD_OUT/previous-N (the first N from 1 not taken), each entry renamed whole, then copies
// NEW_OUT's same entries into OLD_OUT, which then reads as if NEW_OUT's batch had graded there
// (a later `batch --out OLD_OUT` resumes from the copied records). Other files in OLD_OUT are
// left alone; NEW_OUT is left as it is. Errors: NEW_OUT is not a batch output, or is OLD_OUT
// (BadInput); a move or copy fails (Io: what was done so far is said).
Result<Published> publish_regrade(const std::string& old_dir, const std::string& new_dir);

// Refuses (BadInput) a NEW_OUT that is OLD_OUT or lies inside it, symbolic links resolved (a
// link to OLD_OUT is OLD_OUT): `batch --compare` and `regrade` write into NEW_OUT, and --publish
// moves OLD_OUT's grading away, so either would write over, or move away, the grading it compares
// with. Called before anything is written.
Status new_folder_apart(const std::string& old_dir, const std::string& new_dir);

// An error's reason, with "the disk is full" where the file system holding `where` has no room
// left (a copy that runs out of room may be reported as another error, such as EIO).
std::string write_failure(const std::string& where, const std::error_code& error);

}  // namespace tile
