#!/usr/bin/env bash
# `tilegrade export` builds the published student copy from regular files inside the assignment
# folder only: a handout or starter that is a symbolic link (to a key, to the reference solution)
# is refused with its path and exit 2, and nothing is written.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

echo "secret: the instructor's private key" > "$work/secret.txt"
for name in README.md starter.lua assignment.json; do
  cp -r assignments/classic-8puzzle "$work/$name-linked"
  target=$work/secret.txt
  [ "$name" != assignment.json ] || target=$PWD/assignments/classic-8puzzle/assignment.json
  ln -sf "$target" "$work/$name-linked/$name"
  code=0
  "$T" export "$work/$name-linked" "$work/$name-copy" > /dev/null 2> "$work/err" || code=$?
  [ "$code" = 2 ] || fail "export with a linked $name: exit $code"
  grep -q "$name is a symbolic link: export copies only regular files" "$work/err" ||
    fail "the error for a linked $name: $(cat "$work/err")"
  [ ! -e "$work/$name-copy" ] || fail "export wrote a copy beside a linked $name"
done
! grep -rq "private key" "$work"/*-copy 2>/dev/null || fail "the secret reached a copy"
# The same folder with the file itself is exported.
cp --remove-destination "$work/secret.txt" "$work/README.md-linked/README.md"
"$T" export "$work/README.md-linked" "$work/plain-copy" > /dev/null || fail "export of regular files"
echo "export_refuses_links: README.md, starter.lua and assignment.json links refused; regular files exported"
