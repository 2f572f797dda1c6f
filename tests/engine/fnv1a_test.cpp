// FNV-1a fingerprints must never change: expected.json stores them and batch records compare them.
#include "engine/fnv1a.h"

#include <doctest/doctest.h>

using namespace tile;

TEST_CASE("FNV-1a gives the published 64-bit test vectors") {
  // From the FNV reference test suite (Fowler, Noll, Vo): "" and "a", "foobar".
  CHECK(Fnv1a{}.value() == 0xcbf29ce484222325ULL);
  Fnv1a a;
  a.add("a");
  CHECK(a.value() == 0xaf63dc4c8601ec8cULL);
  Fnv1a foobar;
  foobar.add("foo");
  foobar.add("bar");  // adding in pieces is adding the whole
  CHECK(foobar.value() == 0x85944171f73967e8ULL);
}
