"""Runs seed 001's own depth-first search, read from the seed notebook at run time.

The notebook (shared/seeds/001_9ca648b28ed9525f.txt beside the repository, or the file given as
the first argument) is not copied into tilegrade: this harness finds the definitions it needs in
the notebook's text (PUZZLE_DIM, the Action tuple, available_actions, move, checkIfSolved, dfs),
executes exactly those, runs dfs() from the notebook's start state 4 1 2 / 7 0 6 / 8 3 5 and prints
one line the benchmark reads:

    RESULT steps=<states evaluated> moves=<solution length> seconds=<wall-clock time of dfs()>
           cpu_seconds=<processor time of dfs()>

Needs python3 with numpy (Debian: python3-numpy). The notebook prints 138444 and 50.
"""
import contextlib
import io
import re
import sys
import time
from collections import namedtuple
from pathlib import Path

WANTED_ASSIGNMENTS = ["PUZZLE_DIM", "action"]
WANTED_FUNCTIONS = ["available_actions", "move", "checkIfSolved", "dfs"]


def definition(lines, name):
    """The top-level `def name(...)` and its body: up to the next line that starts at column 0."""
    for start, line in enumerate(lines):
        if line.startswith(f"def {name}("):
            end = start + 1
            while end < len(lines) and (not lines[end].strip() or lines[end][0] in " \t"):
                end += 1
            return "\n".join(lines[start:end])
    raise SystemExit(f"seed notebook: no definition of {name}()")


def assignment(lines, name):
    """The first top-level line assigning `name`."""
    for line in lines:
        if re.match(rf"{name}\s*=", line):
            return line
    raise SystemExit(f"seed notebook: no assignment to {name}")


def notebook_code(path):
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    parts = [assignment(lines, name) for name in WANTED_ASSIGNMENTS]
    parts += [definition(lines, name) for name in WANTED_FUNCTIONS]
    return "\n\n".join(parts) + "\n"


def main():
    import numpy as np  # here, so that notebook_code() can be checked where numpy is absent

    default = Path(__file__).resolve().parents[3] / "shared/seeds/001_9ca648b28ed9525f.txt"
    notebook = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    namespace = {"np": np, "namedtuple": namedtuple}
    exec(compile(notebook_code(notebook), str(notebook), "exec"), namespace)
    initial_state = np.array([[4, 1, 2], [7, 0, 6], [8, 3, 5]])  # the notebook's start
    printed = io.StringIO()
    began, began_cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(printed):
        path = namespace["dfs"](initial_state)
    seconds, cpu_seconds = time.perf_counter() - began, time.process_time() - began_cpu
    steps = re.search(r"Total Cost: (\d+) states evaluated", printed.getvalue())
    if path is None or steps is None:
        sys.exit("seed 001 dfs found no solution")
    print(f"RESULT steps={steps.group(1)} moves={len(path)} seconds={seconds:.6f} "
          f"cpu_seconds={cpu_seconds:.6f}")


if __name__ == "__main__":
    main()
