#!/usr/bin/env bash
# grader/ is layered (see CMakeLists.txt): a file may include only its own layer and the layers
# below it, and engine/ includes nothing of grader/. Linking catches an upward call; this catches an
# upward #include of a header-only type, which the linker cannot see.
set -euo pipefail
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

# Each layer with the layers it may include besides itself.
declare -A allowed=(
  [spec]=""
  [student]="spec"
  [sandbox]="spec student"
  [edit]=""
  [report]="spec"
  [judge]="spec student report"
  [run]="spec student sandbox edit report judge"
  [batch]="spec student sandbox edit report judge run"
  [cli]="spec student sandbox edit report judge run batch"
)

failures=0

# Every #include "grader/X/..." under FOLDER must name LAYER itself or a layer allowed below it.
check_includes() {  # FOLDER LAYER
  local file line text included
  local pattern='#include "grader/([a-z_]+)/'
  while IFS=: read -r file line text; do
    # bash's own match: a sed process per include line made this test 36 s of the suite.
    [[ $text =~ $pattern ]] && included=${BASH_REMATCH[1]} || included=$text
    if [ "$included" != "$2" ] && [[ " ${allowed[$2]} " != *" $included "* ]]; then
      echo "layering: $file:$line includes grader/$included/, above $2"
      failures=$((failures + 1))
    fi
  done < <(grep -rn '#include "grader/' "$1" || true)
}

for layer in "${!allowed[@]}"; do
  [ -d "grader/$layer" ] || { echo "layering: grader/$layer is missing"; failures=$((failures + 1)); continue; }
  check_includes "grader/$layer" "$layer"
done

# No loose files: every grader source belongs to a layer.
for file in grader/*.cpp grader/*.h; do
  [ -e "$file" ] || continue
  echo "layering: $file is in no layer"
  failures=$((failures + 1))
done

if grep -rn '#include "grader/' engine; then
  echo "layering: engine/ includes grader/"
  failures=$((failures + 1))
fi

# The tests of a layer stay within what that layer's library links.
for layer in spec student sandbox edit report judge run batch; do
  if [ -d "tests/grader/$layer" ]; then check_includes "tests/grader/$layer" "$layer"; fi
done

if [ "$failures" -ne 0 ]; then
  echo "layering: $failures upward include(s)"
  exit 1
fi
echo "layering: every include points down"
