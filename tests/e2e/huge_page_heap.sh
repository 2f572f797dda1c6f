#!/usr/bin/env bash
# `batch` and `validate` ask glibc for a huge-page heap (grader/cli/huge_pages.h): they set
# GLIBC_TUNABLES=glibc.malloc.hugetlb=1 and execute themselves again, once. glibc then marks its
# heap for huge pages (madvise), which /proc/PID/smaps shows as the flag `hg` of the [heap] mapping,
# read here while a slow student keeps the process busy. (The variable itself cannot be read back
# from /proc/PID/environ: glibc's loader cuts it at its first ':' as it parses it.)
# - batch and validate, with no GLIBC_TUNABLES: the heap is marked;
# - batch with a user's other tunable: still marked (the huge-page one is appended);
# - batch with a user's own glibc.malloc.hugetlb=0: not marked (left alone);
# - grade (one script): not marked;
# - under AddressSanitizer (its allocator is not glibc's) never marked;
# and the gradebook and reports are byte-identical with and without huge pages.
# glibc marks the heap only where the kernel's huge pages are "madvise" (where they are "always"
# every heap has them unasked; where "never", none): elsewhere only the outputs are compared.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
asan=0
if grep -aq __asan_init "$T"; then asan=1; fi

A=$work/assignment
mkdir "$A"
cat > "$A/assignment.json" <<'JSON'
{
  "title": "Huge pages", "size": "2x3", "goal": "blank-last",
  "limits": {"wall_seconds": 60, "call_seconds": 30, "lua_memory_mb": 64},
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 1,
     "tests": [{"name": "one", "start": "1 2 3 4 0 5"}]}
  ]
}
JSON
S=$work/class
mkdir "$S"
# Busy for a second or two, in the sandboxed child: long enough to read the batch's environment.
echo 'function bfs() for _ = 1, 200000000 do end end' > "$S/slow.lua"

# Runs "$@" in the background with GLIBC_TUNABLES as $1 ("-": unset) and prints "marked" if its
# heap was ever seen marked for huge pages, "plain" if seen and never marked, "(no heap seen)".
heap_seen() {
  local given=$1
  shift
  if [ "$given" = - ]; then
    env -u GLIBC_TUNABLES "$@" > /dev/null 2>&1 &
  else
    GLIBC_TUNABLES=$given "$@" > /dev/null 2>&1 &
  fi
  local pid=$! seen="(no heap seen)" flags
  while kill -0 "$pid" 2> /dev/null; do
    flags=$(grep -A40 '\[heap\]$' "/proc/$pid/smaps" 2> /dev/null | grep -m1 '^VmFlags:' || true)
    if [[ "$flags" == *" hg"* ]]; then
      seen=marked
    elif [ -n "$flags" ] && [ "$seen" != marked ]; then
      seen=plain
    fi
    sleep 0.05
  done
  wait "$pid" || true
  echo "$seen"
}

check() {  # WHAT EXPECTED GOT
  [ "$2" = "$3" ] || fail "$1: the heap was $3, want $2"
  echo "ok: $1: $3"
}

mode=$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/mm/transparent_hugepage/enabled 2> /dev/null || true)
run_batch() {  # TUNABLES OUT
  heap_seen "$1" "$T" batch "$A" "$S" --out "$work/$2"
}
if [ "$asan" = 1 ]; then
  seen=$(run_batch - a)
  [ "$seen" != marked ] || fail "batch, sanitized: the heap was marked for huge pages"
  echo "ok: batch, sanitized: $seen"
  run_batch glibc.malloc.hugetlb=0 c > /dev/null
elif [ "$mode" = madvise ]; then
  check "batch" marked "$(run_batch - a)"
  check "batch, with the user's other tunable" marked "$(run_batch glibc.malloc.check=0 b)"
  check "batch, with the user's own glibc.malloc.hugetlb=0" plain "$(run_batch glibc.malloc.hugetlb=0 c)"
  check "validate" marked "$(heap_seen - "$T" validate assignments/classic-8puzzle)"
  check "grade" plain "$(heap_seen - "$T" grade "$A" "$S/slow.lua")"
else
  echo "note: transparent huge pages are '${mode:-unknown}' here, not madvise: no heap is marked" \
    "either way, so only the outputs are compared"
  run_batch - a > /dev/null
  run_batch glibc.malloc.hugetlb=0 c > /dev/null
fi
# With huge pages asked for (a) and refused (c), the same bytes.
diff -r "$work/a" "$work/c" > /dev/null || fail "outputs differ with and without huge pages"
echo "ok: the same outputs with and without huge pages"
[ -s "$work/a/gradebook.csv" ] || fail "the batch wrote no gradebook"
grep -q '^slow,0,1,0,' "$work/a/gradebook.csv" || fail "slow's row: $(cat "$work/a/gradebook.csv")"
echo "huge_page_heap: ok"
