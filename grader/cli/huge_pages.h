// Backing malloc's heap with transparent huge pages, for the commands that grade many scripts.
//
// Grading is mostly fresh memory: each student's sandboxed child fills megabytes of new Lua
// tables, and on a virtual machine every 4 KiB page's first touch is a costly fault. glibc's
// malloc asks the kernel for huge pages when its tunable glibc.malloc.hugetlb=1 is set, which glibc
// reads only when a process starts: so `tilegrade batch` and `tilegrade validate`, started
// without it, set it and execute themselves again, once, before anything else (same pid, same
// arguments). Measured on 2 cores (docs/grading-a-class.md, speed): batch_1000 37.4 s wall against
// 41.5 s, 72 s of processor time against 81 s; validate classic-8puzzle 0.62 s against 0.68 s.
// Other commands grade one script or none: grading one student takes the same time either way,
// and the exec would add its 6 ms to each of them.
//
// Nothing changes when the variable already names glibc.malloc.hugetlb (a user's choice, 0
// included), when /proc/self/exe cannot be executed (the process then goes on as it is), where
// the kernel offers no huge pages (glibc's request is then a no-op), or under AddressSanitizer,
// whose allocator is not glibc's.
#pragma once

namespace tile::cli {

// Returns only when no exec happened. `argc` and `argv` are main's.
void prefer_huge_page_heap(int argc, char** argv);

}  // namespace tile::cli
