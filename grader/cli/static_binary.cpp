#include "grader/cli/static_binary.h"

#include <elf.h>

#include <cstring>
#include <filesystem>
#include <string_view>

#include "engine/files.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;

// A static tilegrade is about 7 MB; its headers are read from the whole file.
constexpr std::size_t kMaxProgramBytes = std::size_t{256} << 20;

template <class T>
bool read_at(std::string_view bytes, std::size_t offset, T& out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(&out, bytes.data() + offset, sizeof(T));
  return true;
}

// The reason BYTES (an ELF image) cannot run alone, or "" when it can.
std::string dependency_of(std::string_view bytes) {
  Elf64_Ehdr header{};
  if (!read_at(bytes, 0, header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) {
    return "not an ELF program";
  }
  if (header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_machine != EM_X86_64) {
    return "not an x86-64 program";
  }
  for (unsigned i = 0; i < header.e_phnum; ++i) {
    Elf64_Phdr segment{};
    if (!read_at(bytes, header.e_phoff + std::size_t{i} * header.e_phentsize, segment)) {
      return "its program headers are cut short";
    }
    if (segment.p_type == PT_INTERP) {
      const std::string_view rest =
          bytes.substr(std::min<std::size_t>(segment.p_offset, bytes.size()));
      return "it asks for the program interpreter " + std::string(rest.substr(0, rest.find('\0')));
    }
    if (segment.p_type != PT_DYNAMIC) continue;
    // A static-pie program has a dynamic section (for its own relocations) but needs no library.
    for (std::size_t at = segment.p_offset; at < segment.p_offset + segment.p_filesz;
         at += sizeof(Elf64_Dyn)) {
      Elf64_Dyn entry{};
      if (!read_at(bytes, at, entry) || entry.d_tag == DT_NULL) break;
      if (entry.d_tag == DT_NEEDED) return "it needs shared libraries";
    }
  }
  return "";
}

}  // namespace

Status check_static_binary(const std::string& path) {
  auto bytes = read_file(path, kMaxProgramBytes);
  if (!bytes) return bytes.failure();
  if (const std::string reason = dependency_of(*bytes); !reason.empty()) {
    return Error{path + " is not statically linked: " + reason +
                 " (build a self-contained tilegrade with scripts/build-static.sh)"};
  }
  return success();
}

Result<std::string> static_binary_to_ship(const std::string& given) {
  if (!given.empty()) {
    if (auto checked = check_static_binary(given); !checked) return checked.failure();
    return given;
  }
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) {
    return Error{"cannot tell where this tilegrade is (/proc/self/exe: " + error.message() +
                 "): give --binary PATH, the self-contained tilegrade to ship"};
  }
  if (check_static_binary(self.string())) return self.string();
  const fs::path beside = self.parent_path() / "static" / "tilegrade";
  if (fs::exists(beside)) {
    if (auto checked = check_static_binary(beside.string()); !checked) return checked.failure();
    return beside.string();
  }
  return Error{"this tilegrade (" + self.string() + ") is dynamically linked and no " +
               beside.string() + " is beside it: a platform's image has none of its libraries; "
               "give --binary PATH, a tilegrade built by scripts/build-static.sh"};
}

}  // namespace tile::cli
