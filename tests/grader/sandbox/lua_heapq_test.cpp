// The sandbox's heapq library against the real CPython heapq module (run by python3 at test time):
// the same pushes and pops of items that compare equal on their priority must come out in the
// same order, since notebooks let such ties fall where Python's heap leaves them.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "tests/grader/sandbox/lua_test_support.h"

using namespace tile;
using namespace tile::testing;

namespace {

// A deterministic mix of pushes (priority 0..4, so many ties) and pops, as a Python literal and
// as a Lua table constructor: a positive number is a push of (priority, id), 0 is a pop.
std::string operations(bool python) {
  std::string out = python ? "[" : "{";
  unsigned state = 12345;
  for (int i = 0; i < 400; ++i) {
    state = state * 1103515245u + 12345u;
    const unsigned r = (state >> 16) % 10;
    out += r < 6 ? std::to_string(1 + (r % 5) * 1000 + i) : "0";
    out += ",";
  }
  return out + (python ? "]" : "}");
}

std::string cpython_order() {
  const std::string script =
      "import heapq\n"
      "h = []\nout = []\n"
      "for op in " + operations(true) + ":\n"
      "    if op:\n"
      "        heapq.heappush(h, [(op - 1) // 1000, op])\n"
      "    elif h:\n"
      "        out.append(heapq.heappop(h)[1])\n"
      "while h: out.append(heapq.heappop(h)[1])\n"
      "print(' '.join(map(str, out)))\n";
  // Items are [priority, id] lists compared on the priority alone, as a notebook's __lt__ would.
  const std::string fixed = std::string(script).replace(
      script.find("heapq.heappush(h, [(op - 1) // 1000, op])"),
      std::string("heapq.heappush(h, [(op - 1) // 1000, op])").size(),
      "heapq.heappush(h, Item((op - 1) // 1000, op))");
  const std::string program =
      "class Item:\n"
      "    def __init__(self, p, i): self.p, self.i = p, i\n"
      "    def __lt__(self, other): return self.p < other.p\n"
      "    def __getitem__(self, k): return self.i\n" + fixed;
  FILE* file = std::fopen("heapq_check.py", "w");
  REQUIRE(file != nullptr);
  std::fputs(program.c_str(), file);
  std::fclose(file);
  FILE* pipe = popen("python3 heapq_check.py", "r");
  REQUIRE_MESSAGE(pipe != nullptr, "cannot run python3");
  std::string output;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
  REQUIRE(pclose(pipe) == 0);
  std::remove("heapq_check.py");
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return output;
}

}  // namespace

TEST_CASE("heapq in the sandbox pops ties exactly as CPython's heapq does") {
  const std::string python_order = cpython_order();
  REQUIRE(python_order.size() > 100);
  // The comparison runs in Lua: results longer than a test helper's buffer stay whole.
  const std::string lua =
      "expected = '" + python_order + "'\n"
      "function order()\n"
      "  local less = function(a, b) return a.p < b.p end\n"
      "  local h, out = {}, {}\n"
      "  for _, op in ipairs(" + operations(false) + ") do\n"
      "    if op > 0 then heapq.push(h, {p = (op - 1) // 1000, id = op}, less)\n"
      "    elseif #h > 0 then out[#out + 1] = heapq.pop(h, less).id end\n"
      "  end\n"
      "  while #h > 0 do out[#out + 1] = heapq.pop(h, less).id end\n"
      "  local got = table.concat(out, ' ')\n"
      "  if got == expected then return 'same' end\n"
      "  for i = 1, #got do\n"
      "    if got:sub(i, i) ~= expected:sub(i, i) then return 'differs at ' .. i .. ': ' .. got:sub(i, i + 40) end\n"
      "  end\n"
      "  return 'differs in length'\n"
      "end\n";
  auto sandbox = must_load(lua);
  REQUIRE(sandbox);
  auto verdict = call_global(*sandbox, "order");
  REQUIRE(verdict);
  CHECK(*verdict == "same");
}

TEST_CASE("heapq defaults to < and refuses to pop an empty heap") {
  auto sandbox = must_load(
      "function sorted() local h = {} for _, v in ipairs({5, 1, 4, 2, 3}) do heapq.push(h, v) end\n"
      "  local out = {} while #h > 0 do out[#out + 1] = heapq.pop(h) end\n"
      "  return table.concat(out, ',') end\n"
      "function empty() return heapq.pop({}) end\n");
  REQUIRE(sandbox);
  CHECK(call_global(*sandbox, "sorted").value() == "1,2,3,4,5");
  auto empty = call_global(*sandbox, "empty");
  REQUIRE_FALSE(empty);
  CHECK(empty.error().find("heap is empty") != std::string::npos);
}
