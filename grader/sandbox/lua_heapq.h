// `heapq`, a library the sandbox gives every script: CPython's heapq.heappush/heappop ported line
// for line. Several course notebooks order their frontier with Python's heapq and let ties fall
// where its sift-down/sift-up leave them (queue: python-heapq); a student porting such a notebook
// needs the same heap to get the same expansion order, and should not have to write it.
//
//   heapq.push(heap, item [, less])   less(a, b) defaults to a < b
//   heapq.pop(heap [, less])          error on an empty heap
#pragma once

namespace tile {

const char* heapq_lua_source();

}  // namespace tile
