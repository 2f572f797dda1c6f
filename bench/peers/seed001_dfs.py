"""Seed 001's depth-first search, copied from the notebook (001_9ca648b28ed9525f.txt) unchanged:
its helpers `available_actions`, `move`, `checkIfSolved` and its `dfs(initial_state, max_depth=60)`.
Only the harness at the bottom is new: it runs the search from the notebook's start state
4 1 2 / 7 0 6 / 8 3 5, times it, and prints one line the benchmark reads:

    RESULT steps=<states evaluated> moves=<solution length> seconds=<wall-clock time of dfs()>
           cpu_seconds=<processor time of dfs()>

Run with python3 and numpy (Debian: python3-numpy). The notebook prints 138444 and 50.
"""
import contextlib
import io
import re
import sys
import time
from collections import namedtuple

import numpy as np

# ---- from the notebook, unchanged ----------------------------------------------------------------
PUZZLE_DIM = 3
action = namedtuple('Action', ['pos1', 'pos2'])

# Here we are going to check the available actions for the current state
def available_actions(state: np.array) -> list['Action']:
    x, y = [int(_[0]) for _ in np.where(state == 0)]
    actions = list()
    if x > 0:
        actions.append(action((x,y), (x-1, y)))
    if x < PUZZLE_DIM - 1:
        actions.append(action((x,y), (x+1, y)))
    if y > 0:
        actions.append(action((x,y), (x, y-1)))
    if y < PUZZLE_DIM - 1:
        actions.append(action((x,y), (x, y+1)))
    return actions
    
# Here we are going to move the empty tile to the new position
def move(state: np.ndarray, action: 'Action') -> np.ndarray:
    new_state = state.copy()
    new_state[action.pos1], new_state[action.pos2] = new_state[action.pos2], new_state[action.pos1]
    return new_state


# Here we are going to check if the state is solved
def checkIfSolved(finalState: np.ndarray) -> bool:
    return np.array_equal(finalState, np.array([i for i in range(1, PUZZLE_DIM**2)] + [0]).reshape(PUZZLE_DIM, PUZZLE_DIM))


def dfs(initial_state, max_depth=60):
    frontier = [(initial_state, [])]  # (current state, path of actions leading to state)
    visited = set()  # To track visited states
    
    # Track number of steps to reach the solution
    steps = 0

    while frontier:
        current_state, path = frontier.pop()  # Pop the last state from the stack
        steps += 1

        # Check if the current state matches the goal state
        if checkIfSolved(current_state):
            quality = len(path)
            print(f"Solution Quality: {quality} actions")
            print(f"Total Cost: {steps} states evaluated")
            print(f"Efficiency: {quality / steps:.4f}")
            return path

        # Add the current state to the visited set
        visited.add(current_state.tobytes())

        # Generate all possible actions (moves) from the current state
        for action in available_actions(current_state):
            next_state = move(current_state, action)

            # Only push states we haven't visited and are within depth limits
            if next_state.tobytes() not in visited and len(path) < max_depth:
                frontier.append((next_state, path + [action]))

    print("No solution found.")
    return None
# ---- end of the notebook's code --------------------------------------------------------------------


if __name__ == "__main__":
    initial_state = np.array([[4, 1, 2], [7, 0, 6], [8, 3, 5]])  # the notebook's start
    printed = io.StringIO()
    began, began_cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(printed):
        path = dfs(initial_state)
    seconds, cpu_seconds = time.perf_counter() - began, time.process_time() - began_cpu
    steps = re.search(r"Total Cost: (\d+) states evaluated", printed.getvalue())
    if path is None or steps is None:
        sys.exit("seed 001 dfs found no solution")
    print(f"RESULT steps={steps.group(1)} moves={len(path)} seconds={seconds:.6f} "
          f"cpu_seconds={cpu_seconds:.6f}")
