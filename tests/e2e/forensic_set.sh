#!/usr/bin/env bash
# The forensic set of issue 33 (tests/grader/run/submissions/forensic_set/manifest.json): 47
# broken submissions written from the handouts of all seven bundled assignments and 20 correct
# ones in unusual styles, each graded once by scripts/forensic-score.sh. It asserts that every
# correct submission gets full marks and no diagnosis, that every broken one loses points, that no
# failing test is named by a code that does not name the written mistake (no exception: a false
# claim fails it), and that the number of failing tests named right stays at least the
# manifest's floor (the figure of the judge's last change).
set -euo pipefail
T=${TILEGRADE:?set by ctest}
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
scripts/forensic-score.sh --tilegrade "$T" --jobs 2 --assert
