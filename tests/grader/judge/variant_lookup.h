#pragma once
// The catalogue variant with this code, for tests that build a mistake's run from the catalogue.
// A missing code fails the test that asked for it.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "grader/judge/mistake_catalogue.h"

namespace tile::testing {

inline const Variant& variant_named(const std::vector<Variant>& variants, const std::string& code) {
  const auto it = std::find_if(variants.begin(), variants.end(),
                               [&](const Variant& variant) { return variant.code == code; });
  REQUIRE_MESSAGE(it != variants.end(), "no variant " << code);
  return *it;
}

// Whether the catalogue has a variant with this code.
inline bool has_code(const std::vector<Variant>& variants, const std::string& code) {
  return std::any_of(variants.begin(), variants.end(),
                     [&](const Variant& variant) { return variant.code == code; });
}

}  // namespace tile::testing
