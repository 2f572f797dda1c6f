// FNV-1a, 64 bits: the one fingerprint of the project (trace digests in expected.json, math.random
// seeds from names, batch records' content hashes). Fast and stable across machines and releases;
// not a defence against anyone choosing inputs to collide.
#pragma once

#include <cstdint>
#include <string_view>

namespace tile {

class Fnv1a {
 public:
  Fnv1a() = default;
  // Goes on hashing after bytes whose hash was `value` (a digest kept as a plain number).
  explicit Fnv1a(std::uint64_t value) : hash_(value) {}
  void add_byte(std::uint8_t byte) {
    hash_ ^= byte;
    hash_ *= 0x100000001b3ULL;
  }
  void add(std::string_view bytes) {
    for (const char ch : bytes) add_byte(static_cast<std::uint8_t>(ch));
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

}  // namespace tile
