// A platform's upload folder: the one script is found, and everything a student must fix is
// refused with a sentence for them, without following a link or opening an odd object.
// (tests/e2e/gradescope_bundle.sh runs run_autograder over the same cases.)
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "grader/batch/submission_folder.h"

using namespace tile;
namespace fs = std::filesystem;

namespace {

struct Upload {
  fs::path root;
  Upload() {
    char pattern[] = "/tmp/tilegrade-upload-XXXXXX";
    root = mkdtemp(pattern);
  }
  ~Upload() { fs::remove_all(root); }
  void file(const std::string& name, const std::string& text = "return 1\n") const {
    fs::create_directories((root / name).parent_path());
    std::ofstream(root / name) << text;
  }
  SubmissionScript find() const {
    auto found = find_submission_script(root.string());
    REQUIRE(found);
    return *found;
  }
};

}  // namespace

TEST_CASE("the one script is found at the top, else below it; hidden entries are ignored") {
  Upload upload;
  upload.file("notes.txt");
  upload.file(".git/hooks/x.lua");
  upload.file("src/search.lua");
  SubmissionScript script = upload.find();
  CHECK(script.refusal.empty());
  CHECK(script.shown == "src/search.lua");
  CHECK(script.path == (upload.root / "src/search.lua").string());
  upload.file("main.lua");  // a top-level script wins over nested ones
  script = upload.find();
  CHECK(script.refusal.empty());
  CHECK(script.shown == "main.lua");
}

TEST_CASE("none or several scripts are refused, naming what was found") {
  Upload upload;
  CHECK(upload.find().refusal.find("holds no .lua file") != std::string::npos);
  upload.file("b.lua");
  upload.file("a.lua");
  CHECK(upload.find().refusal == "Submit exactly one .lua file; found 2: a.lua, b.lua.");
}

TEST_CASE("a symbolic link anywhere is refused, whatever it points to") {
  Upload upload;
  upload.file("real.lua");
  fs::create_symlink("/etc/passwd", upload.root / "solution.lua");
  const SubmissionScript script = upload.find();
  CHECK(script.path.empty());
  CHECK(script.refusal.find("solution.lua is a symbolic link") != std::string::npos);
  CHECK(script.refusal.find("upload the file itself") != std::string::npos);

  Upload nested;
  nested.file("solution.lua");
  fs::create_directories(nested.root / "lib");
  fs::create_directory_symlink("/", nested.root / "lib/root");
  CHECK(nested.find().refusal.find("holds a symbolic link (lib/root)") != std::string::npos);
}

TEST_CASE("odd objects named x.lua and names with control characters are refused") {
  Upload folder;
  fs::create_directories(folder.root / "solution.lua");
  CHECK(folder.find().refusal.find("solution.lua is a folder, not a file") != std::string::npos);

  Upload fifo;
  REQUIRE(mkfifo((fifo.root / "solution.lua").c_str(), 0600) == 0);
  CHECK(fifo.find().refusal.find("is a FIFO (a named pipe), not a file") != std::string::npos);

  Upload newline;
  newline.file("my\nsearch.lua");
  CHECK(newline.find().refusal.find("(my\\x0Asearch.lua)") != std::string::npos);
}

TEST_CASE("the script must be readable text of a script's size") {
  Upload binary;
  binary.file("solution.lua", std::string("\x1bLua\0\x54", 6));
  CHECK(binary.find().refusal.find("not a text file") != std::string::npos);

  Upload huge;
  huge.file("solution.lua", std::string((1u << 20) + 1, '-'));
  CHECK(huge.find().refusal.find("was not read") != std::string::npos);
}

TEST_CASE("a missing folder, or a link standing for the folder, is the course's error") {
  CHECK(!find_submission_script("/nonexistent/tilegrade/upload"));
  Upload upload;
  fs::create_directory_symlink(upload.root, upload.root.string() + "-link");
  CHECK(!find_submission_script(upload.root.string() + "-link"));
  fs::remove(upload.root.string() + "-link");
}

TEST_CASE("folders too deep or names too long for a path are the student's to fix, named") {
  Upload deep;
  std::string folders;
  for (int i = 0; i < 40; ++i) folders += "d/";
  deep.file(folders + "search.lua");
  const SubmissionScript too_deep = deep.find();
  CHECK(too_deep.path.empty());
  CHECK(too_deep.refusal.find("folders more than 32 deep (d/d/d/") != std::string::npos);
  CHECK(too_deep.refusal.find("move your .lua script out of them") != std::string::npos);

  Upload just_deep_enough;  // inside 32 folders: the most there may be
  just_deep_enough.file(folders.substr(0, 64) + "search.lua");
  CHECK(just_deep_enough.find().refusal.empty());

  Upload long_names;  // 5 folders of 250 bytes: 1,255 bytes with the slashes, fine for Linux
  std::string path;
  for (int i = 0; i < 5; ++i) path += std::string(250, static_cast<char>('a' + i)) + "/";
  long_names.file(path + "search.lua");
  const SubmissionScript too_long = long_names.find();
  CHECK(too_long.path.empty());
  CHECK(too_long.refusal.find("longer than 1024 characters (aaaa") != std::string::npos);
  CHECK(too_long.refusal.find("rename it or its folders with shorter names") != std::string::npos);
  CHECK(too_long.refusal.size() < 400);  // the path is quoted in part, not whole
}
