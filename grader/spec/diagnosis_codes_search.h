// The catalogue's rows for searches (grader/spec/diagnosis_codes.h): what happened to the run,
// the search and counting mistakes (the rows "+" may join, from goal-test-on-generate to the
// counters), path mistakes. Kept apart from the table's code only for size; diagnosis_codes.cpp
// joins these and diagnosis_codes_answers.h's into the one table, in that order, which
// docs/diagnosis-codes.md follows row by row.
#pragma once

#include <array>

#include "grader/spec/diagnosis_codes.h"

namespace tile::catalogue_rows {

// An empty sentence: the test's output already says it in its own words (the error, the check
// that failed), so the code is for the gradebook and the reports' tags only.
inline constexpr std::array kSearchCodes = {
    // What happened to the run.
    DiagnosisCode{"did-not-run",
                  "no result for this test: the script did not load, defines no such function, "
                  "or crashed or hung",
                  ""},
    DiagnosisCode{"error", "the function raised an error or returned something that is no answer",
                  ""},
    DiagnosisCode{"expansion-budget",
                  "the search used up the task's expansion budget; its expansions are still "
                  "diagnosed",
                  ""},
    DiagnosisCode{"unrecognised", "no mistake of the catalogue reproduces the run",
                  "No common mistake reproduces your run exactly; start from the first "
                  "difference shown above."},
    DiagnosisCode{"search-made-no-calls",
                  "the function returned without one call to the problem: it did not search",
                  "Your {function} returned without calling any of problem's functions "
                  "(problem:is_goal, problem:successors, ...), so it searched nothing: its path "
                  "and count were not found by a search. Write the search, then check again."},
    // Search mistakes: each a variant of the task's semantics the engine re-runs.
    DiagnosisCode{"goal-test-on-generate", "goal tested when a child is generated, not when popped",
                  "You test for the goal when a node is generated; this assignment tests when it "
                  "is popped from the frontier."},
    DiagnosisCode{"goal-test-on-pop", "goal tested when popped, not when generated",
                  "You test for the goal when a node is popped; this assignment tests when it is "
                  "generated."},
    DiagnosisCode{"start-never-goal-tested",
                  "only generated children are goal-tested, never the start",
                  "You test for the goal only on the children you generate, so a search that "
                  "starts at the goal never sees it: test the start too (its path is empty)."},
    DiagnosisCode{"no-duplicate-detection", "tree search: states are never marked",
                  "Your search has no duplicate detection at all (tree search); this "
                  "assignment's search {assignment}."},
    DiagnosisCode{"duplicates-on-push", "states marked when first pushed, never pushed again",
                  "Your search marks a state when it is first pushed and never pushes it again; "
                  "this assignment's search {assignment}."},
    DiagnosisCode{"duplicates-closed-on-pop",
                  "duplicates checked when popped: expanded states are skipped",
                  "Your search checks for duplicates when a node is popped (skipping states "
                  "already expanded); this assignment's search {assignment}."},
    DiagnosisCode{"duplicates-visited-on-pop",
                  "states recorded when popped, visited children not pushed, repeated pops "
                  "expanded",
                  "Your search records states when popped and skips visited children, but "
                  "expands repeated pops; this assignment's search {assignment}."},
    DiagnosisCode{"duplicates-reopen-if-cheaper",
                  "a state is pushed again when reached more cheaply",
                  "Your search pushes a state again whenever a cheaper path is found; this "
                  "assignment's search {assignment}."},
    DiagnosisCode{"duplicates-replace-if-cheaper",
                  "each state on the frontier once, its entry replaced when reached more cheaply",
                  "Your search keeps each state on the frontier once and replaces its entry when a "
                  "cheaper path is found; this assignment's search {assignment}."},
    DiagnosisCode{"duplicates-closed-on-expand",
                  "a depth-limited search that closes only the nodes it expands",
                  "Your search marks a state only when it expands it, so a node cut off at the "
                  "depth limit is expanded when it is reached again higher up; this assignment's "
                  "search {assignment}."},
    DiagnosisCode{"start-marked-no", "the start is never marked visited, so it is pushed again",
                  "You never mark the start as visited, so your search pushes and expands it "
                  "again when a child leads back to it: mark the start before the loop, as every "
                  "other state is marked."},
    DiagnosisCode{"start-marked-yes", "the start marked visited where the assignment does not",
                  "You mark the start as visited before the loop; this assignment's search does "
                  "not, and pushes it again when a child leads back to it."},
    DiagnosisCode{"parent-link-last", "a state's parent overwritten by a later push",
                  "You overwrite a state's parent each time it is pushed again, so your path "
                  "follows the last parent seen; this assignment keeps the first (set the parent "
                  "only when the state is first reached)."},
    DiagnosisCode{"parent-link-first", "a state's parent kept from its first push",
                  "You keep the parent a state had when first pushed; this assignment's search "
                  "follows the last parent seen."},
    DiagnosisCode{"push-order-forward", "children pushed in action order onto a stack",
                  "You push successors in action order, so they come off the stack in reverse; "
                  "this assignment's search takes them in action order (with a stack, push "
                  "them in reverse)."},
    DiagnosisCode{"push-order-reverse", "children pushed in reverse action order",
                  "You push successors in reverse action order; this assignment pushes them in "
                  "action order."},
    DiagnosisCode{"depth-limit-off-by-one", "the depth limit is one more or one less",
                  "Your depth limit is off by one: you act as if it were {yours}, the "
                  "assignment's is {assignment} (nodes deeper than it are not pushed)."},
    DiagnosisCode{"at-depth-limit-expand", "a node at the depth limit is expanded, not cut off",
                  "You expand a node that sits at the depth limit (its children are then dropped "
                  "as too deep); this assignment's search {assignment}: test it for the goal and "
                  "go no further."},
    DiagnosisCode{"at-depth-limit-cut-off", "a node at the depth limit is cut off, not expanded",
                  "You stop at a node at the depth limit without expanding it; this assignment's "
                  "search {assignment}."},
    DiagnosisCode{"cycle-check-none", "no cycle check: a child repeating its own path is kept",
                  "You keep every child, even one that returns to a state already on its own "
                  "path; this assignment's search {assignment}."},
    DiagnosisCode{"cycle-check-reverse-move", "only the move undoing the previous one is skipped",
                  "You only skip the move that undoes the previous one; this assignment's search "
                  "{assignment}."},
    DiagnosisCode{"cycle-check-path", "a child whose state is on its own path is dropped",
                  "You drop a child whose state is already on the path from the start; this "
                  "assignment's search {assignment}."},
    DiagnosisCode{"round-bound-depth", "IDA* rounds bounded by depth instead of f = g + h",
                  "Your rounds are bounded by depth; this assignment's IDA* {assignment}: a child "
                  "whose g + h exceeds the bound is not pushed."},
    DiagnosisCode{"round-bound-f", "rounds bounded by f = g + h instead of depth",
                  "Your rounds are bounded by f = g + h; this assignment's search {assignment}."},
    DiagnosisCode{"round-growth-plus-one", "IDA*'s bound raised by one each round",
                  "You raise the bound by one after each round; IDA* raises it to the smallest "
                  "f = g + h that went over the bound in the round just finished."},
    DiagnosisCode{"round-growth-next-f", "the bound raised to the next f, not by one",
                  "You raise the bound to the smallest f above it; this assignment raises it by "
                  "one each round."},
    DiagnosisCode{"rounds-counted-last", "only the last round's nodes counted",
                  "You count the nodes of the last round only; this assignment adds up the nodes "
                  "of every round (reset nothing between rounds)."},
    DiagnosisCode{"rounds-counted-all", "the nodes of every round counted, not the last only",
                  "You add up the nodes of every round; this assignment counts the last round "
                  "only."},
    DiagnosisCode{"count-offset-plus-one",
                  "the count one too high (started at 1, or the goal counted)",
                  "Your count is one too high: it starts at 1, or counts the goal as well; start "
                  "at 0 and count only what the assignment counts."},
    DiagnosisCode{"count-offset-minus-one",
                  "the count one too low on every failing test, path and order right",
                  "Your count ({count}) is one less than this assignment's count of {assignment}, "
                  "which in your run is {wanted}, and it is one less on every test where your "
                  "count is wrong: each time your count leaves out exactly one of them."},
    DiagnosisCode{"ties-lifo", "the newest of equal priorities first, not the oldest",
                  "Among equal priorities you take the newest node first (LIFO); this assignment "
                  "takes the oldest first (FIFO)."},
    DiagnosisCode{"ties-fifo", "the oldest of equal priorities first, not the newest",
                  "Among equal priorities you take the oldest node first (FIFO); this assignment "
                  "takes the newest first (LIFO)."},
    DiagnosisCode{"frontier-stack", "BFS taking the newest node: a stack, not a queue",
                  "You take the newest node from the frontier (table.remove(t) takes the last "
                  "one: a stack, as in depth-first search); breadth-first search takes the oldest "
                  "(table.remove(t, 1))."},
    DiagnosisCode{"frontier-queue", "DFS taking the oldest node: a queue, not a stack",
                  "You take the oldest node from the frontier (a queue, as in breadth-first "
                  "search); depth-first search takes the newest (table.remove(t) takes the last "
                  "one)."},
    DiagnosisCode{"priority-h-only", "A* ordered by h alone (greedy best-first search)",
                  "You order the frontier by h alone (greedy best-first search); A* orders it by "
                  "f = g + h, the cost so far plus the estimate."},
    DiagnosisCode{"priority-g-only", "A* ordered by g alone (uniform-cost search)",
                  "You order the frontier by g alone, the cost so far (uniform-cost search); A* "
                  "orders it by f = g + h, adding the estimate h."},
    DiagnosisCode{"priority-weighted", "A* ordered by g + 2h (weighted A*)",
                  "You order the frontier by g + 2h, counting the estimate twice; A* orders it by "
                  "f = g + h, which keeps its paths optimal."},
    DiagnosisCode{"weight-missing",
                  "weighted A* ordered by g + h: the weight left out (or on g + h, which orders "
                  "alike)",
                  "Your search orders the frontier as g + h does: the weight is missing (or "
                  "multiplies g + h, which orders the same). This assignment's weighted A* orders "
                  "by g + w \u00d7 h: the weight multiplies the estimate h alone."},
    DiagnosisCode{"weight-on-g", "weighted A* with the weight on g: w \u00d7 g + h",
                  "Your search orders the frontier by w \u00d7 g + h: the weight multiplies the "
                  "cost so far. This assignment's weighted A* orders by g + w \u00d7 h: the "
                  "weight multiplies the estimate h."},
    DiagnosisCode{"algorithm-dls", "IDDFS written as one depth-limited search",
                  "You run one depth-limited search to the largest limit; iterative deepening "
                  "runs it again and again, with limit 0, 1, 2, ..., until the goal is found, so "
                  "that it finds a shallowest goal."},
    DiagnosisCode{"algorithm-astar", "IDA* written as A* (a frontier and a closed set)",
                  "You search with a priority queue by f = g + h (A*); IDA* runs depth-first "
                  "rounds, each bounded by f, keeping only the current path in memory."},
    DiagnosisCode{"algorithm-bibfs", "BFS written as bidirectional breadth-first search",
                  "You search from both ends at once (bidirectional search); this assignment's "
                  "breadth-first search grows from the start alone."},
    // bibfs's own fields ({assignment}: the task's choice, in words).
    DiagnosisCode{"meet-test-on-generate",
                  "bidirectional search meeting when a child is generated, not when popped",
                  "Your two searches meet as soon as a new child is one the other side has "
                  "already reached; in this assignment {assignment}."},
    DiagnosisCode{"meet-test-on-pop",
                  "bidirectional search meeting when a node is popped, not when generated",
                  "Your two searches meet only when a node you take off a queue is one the other "
                  "side has already reached; in this assignment {assignment}."},
    DiagnosisCode{"meet-stop-first", "bidirectional search stopping at its first meeting",
                  "Your search stops at the first state where the two sides meet; in this "
                  "assignment {assignment}."},
    DiagnosisCode{"meet-stop-end-of-layer",
                  "bidirectional search finishing the layer it met in before it stops",
                  "After the two sides first meet, your search finishes that side's layer and "
                  "keeps the shortest path; in this assignment {assignment}."},
    DiagnosisCode{"next-side-alternate-node",
                  "bidirectional search taking one node from each side in turn",
                  "Your search takes one node from the start's side, then one from the goal's "
                  "side, and so on; in this assignment {assignment}."},
    DiagnosisCode{"next-side-alternate-layer",
                  "bidirectional search taking one whole layer from each side in turn",
                  "Your search expands a whole layer from the start's side, then a whole layer "
                  "from the goal's side, and so on; in this assignment {assignment}."},
    DiagnosisCode{"next-side-smaller-frontier",
                  "bidirectional search growing the side with the smaller frontier",
                  "Your search expands a whole layer of whichever side has fewer nodes waiting; "
                  "in this assignment {assignment}."},
    DiagnosisCode{"ties-in-insertion-order",
                  "a priority queue that takes equal priorities in insertion order (FIFO or LIFO)",
                  "Among equal priorities you take the {which} node first; this assignment's "
                  "frontier is {assignment}.",
                  "Among equal priorities you take the {which} node first."},
    DiagnosisCode{"ties-in-textbook-heap-order",
                  "a hand-written binary heap (textbook sift) where the assignment asks for "
                  "Python's heapq",
                  "Your own binary heap takes equal priorities out in another order than Python's "
                  "heapq; this assignment's frontier is {assignment}, which heapq.push and "
                  "heapq.pop give you exactly.",
                  "Your own binary heap takes equal priorities out in another order than Python's "
                  "heapq."},
    DiagnosisCode{"ties-in-heap-order",
                  "a binary heap (heapq) where the assignment takes ties in insertion order",
                  "You keep the frontier in a binary heap (heapq), which leaves equal priorities "
                  "in its own order; this assignment's frontier is {assignment}.",
                  "You keep the frontier in a binary heap (heapq), which leaves equal priorities "
                  "in its own order."},
    DiagnosisCode{"ties-ignore-{key}", "a required tie key left out, e.g. ties-ignore-action",
                  "Among equal priorities you ignore {phrase}; this assignment's frontier is "
                  "{assignment}.",
                  "Among equal priorities you ignore {phrase}."},
    DiagnosisCode{"queue-binary-heap",
                  "a hand-written binary heap where the assignment takes ties in insertion order",
                  "Your own binary heap takes equal priorities out in its own order; this "
                  "assignment's frontier is {assignment}.",
                  "Your own binary heap takes equal priorities out in its own order."},
    DiagnosisCode{"ties-add-{key}", "a tie key the assignment does not use, e.g. ties-add-state",
                  "Among equal priorities you prefer {phrase}; this assignment's frontier is "
                  "{assignment}.",
                  "Among equal priorities you prefer {phrase}."},
    DiagnosisCode{"cost-unit", "every step costs 1 where moving tile k costs k",
                  "Every move costs you 1; in this assignment moving tile k costs k."},
    DiagnosisCode{"cost-tile", "moving tile k costs k where every step costs 1",
                  "You charge k for moving tile k; in this assignment every move costs 1."},
    DiagnosisCode{"cost-blank-cell",
                  "a move charged the number of the blank's cell, where moving tile k costs k",
                  "You charge each move the number of the cell the blank is in (cells counted "
                  "from 1, row by row); in this assignment moving tile k costs k, the number on "
                  "the tile."},
    DiagnosisCode{"cost-destination-cell",
                  "a move charged the number of the cell the blank moves into, where moving tile "
                  "k costs k",
                  "You charge each move the number of the cell the blank moves into, where the "
                  "tile was (cells counted from 1, row by row); in this assignment moving tile k "
                  "costs k, the number on the tile."},
    DiagnosisCode{"action-order-{order}", "successors generated in another order, e.g. RLDU",
                  "You generate successors in the order {order}; this assignment uses "
                  "{assignment}."},
    DiagnosisCode{"two-mistakes",
                  "two search mistakes at once, reported as code+code (\"goal-test-on-generate+"
                  "duplicates-none\"); no single one reproduces the run",
                  "Two mistakes together reproduce your run, and neither alone does. First: "
                  "{first} Second: {second}"},
    // Counting mistakes: the path and order of the reference (or of a search mistake, joined
    // with "+": "goal-test-on-generate+counts-popped"), another counter returned.
    DiagnosisCode{"counts-{counter}",
                  "another counter returned: counts-expanded, -popped, -generated, -discovered "
                  "or -pushed",
                  "You count {yours}; this assignment counts {assignment}."},
    DiagnosisCode{"wrong-count", "path and order right, the count matches no counter",
                  "Your path and expansion order are right, but the count you return ({count}) "
                  "matches none of the engine's counters."},
    // Path mistakes, read from the returned path itself whatever the search did.
    DiagnosisCode{"path-tile-centred", "moves named after the tile, the opposite of the blank's",
                  "Your moves name the direction the tile moves; this assignment names the "
                  "direction the BLANK moves (Up: the blank swaps with the tile above it)."},
    DiagnosisCode{"path-reversed", "the moves from the goal back to the start, not reversed",
                  "Your path lists its moves from the goal back to the start: reverse it before "
                  "you return it (the moves are right, their order is not)."},
    DiagnosisCode{"path-reversed-tile-centred", "the path reversed and named after the tile",
                  "Your path is reversed and names the direction the tile moves: reverse the "
                  "list, and name the direction the BLANK moves."},
    DiagnosisCode{"path-missing-last-move",
                  "the path stops one move before the goal",
                  "Your path stops one move before the goal: the move into the goal is missing. "
                  "Check where your path is built (from the goal node itself, not from its "
                  "parent) and where it is copied."},
    DiagnosisCode{"path-missing-first-move",
                  "the path starts one move late: its first move is missing",
                  "Your path is missing its first move: from the start, the blank moving {move} "
                  "and then your moves reach the goal. Return every move from the start to the "
                  "goal (check what you remove from the path after you build it)."},
    DiagnosisCode{"path-dearer-than-cheapest",
                  "a legal path to the goal that costs more than the cheapest (an observed fact)",
                  "Your path is legal and reaches the goal, but it costs {cost} where the "
                  "cheapest path costs {cheapest}: this assignment accepts only a cheapest path."},
    DiagnosisCode{"path-one-move-too-long", "one move too many, before the first or after the last",
                  "Your path has one move too many; it must hold exactly the moves from the "
                  "start to the goal, no more."},
    DiagnosisCode{"goal-layout-{layout}", "the path ends at the other standard goal layout",
                  "Your path ends at {board}, the goal with the blank {where}; this assignment's "
                  "goal is {goal}: compare each board with the goal you are given, not one of "
                  "your own."},
    DiagnosisCode{"goal-test-own", "the path ends at a board that is not the goal",
                  "Your search stopped at {board}, which is not the goal {goal}: your goal test "
                  "accepts a board it should not (compare every tile with the goal, the blank "
                  "included)."},
    DiagnosisCode{"path-ends-off-goal",
                  "the path ends at a board that is not the goal, in a search that calls "
                  "problem:is_goal (or whose record is cut)",
                  "Your path ends at {board}, which is not the goal {goal}. Check where your path "
                  "is built and copied, and that your search stops only when problem:is_goal "
                  "returns true."},
    DiagnosisCode{"path-of-boards", "a list of boards (the states along the path) instead of moves",
                  "Your search returns the boards along its path, not its moves: return the "
                  "direction the blank moves at each step, as letters such as \"U\", \"L\" (a "
                  "string \"UL\" or a list of letters)."},
    // Invariants of the algorithm broken by the student's own run, read from its calls to the
    // problem API (grader/judge/invariants.h) when no variant of a correct search reproduces it.
    DiagnosisCode{"path-empty-after-goal",
                  "an empty path, though the search generated the goal",
                  "Your search generated the goal at expansion {step}, but you returned an empty "
                  "path: return the moves that lead from the start to the goal."},
    DiagnosisCode{"path-longer-than-search",
                  "the path has more moves than the search made expansions",
                  "Your path has {moves}, but your search made {expansions} (calls to "
                  "problem:successors), so it is not a route your search followed: give each "
                  "node its own path (a copy, or a link to its parent) and return the goal "
                  "node's."},
    DiagnosisCode{"path-moves-of-every-expansion",
                  "the path is the moves that made every board expanded, in order, not a route",
                  "Your path ({moves}) is not a route from the start to the goal: its moves are "
                  "the move that made each board your search expanded, in the order it expanded "
                  "them ({expansions} in all), from every branch. One list of moves shared by "
                  "the whole search and never undone gives that, and so does a list returned "
                  "before the search reached the goal: each node needs its own moves (its "
                  "parent's and one more, or a link to its parent), and the goal node's are the "
                  "answer."},
    DiagnosisCode{"path-move-never-generated",
                  "a move of the path starts from a board the search never expanded",
                  "Move {step} of your path starts from a board your search never expanded, so "
                  "your search never made that move. Check how each node's path is built (its "
                  "own copy, or a link to its parent) and that the path you return is the goal "
                  "node's."},
    DiagnosisCode{"path-revisits-board",
                  "the path comes back to a board it already passed through",
                  "Move {step} of your path comes back to a board the path already passed "
                  "through, which a path this assignment's search returns never does. Check how "
                  "each node's path is built (its own copy, or a link to its parent) and which "
                  "children your search pushes."},
    DiagnosisCode{"frontier-not-oldest-first",
                  "a breadth-first search expanding a board before an older one it expands later",
                  "At expansion {step} you expanded a board first generated at expansion {late}, "
                  "before one generated earlier, at expansion {early}, which you expanded only at "
                  "expansion {when}: breadth-first search takes the oldest node first, so boards "
                  "are expanded in the order they are first generated."},
    // The same read of the run for every other algorithm (grader/judge/frontier_invariants.h,
    // expansion_invariants.h).
    DiagnosisCode{"frontier-not-least-f",
                  "an A* search expanding a board while one of certainly lower f, generated "
                  "earlier, was not yet expanded",
                  "At expansion {step} you expanded a board whose f is {taken} while one whose f "
                  "is {waiting}, generated at expansion {early}, had not been expanded: A* "
                  "expands a node of least f = g + h first. Either that board never entered your "
                  "frontier, or your frontier did not give the least f first, or the f you gave "
                  "it is not its own g + h."},
    DiagnosisCode{"frontier-not-least-g",
                  "a uniform-cost search expanding a board while one of certainly lower g, "
                  "generated earlier, was not yet expanded",
                  "At expansion {step} you expanded a board whose g is {taken} while one whose g "
                  "is {waiting}, generated at expansion {early}, had not been expanded: "
                  "uniform-cost search expands a node of least path cost g first. Either that "
                  "board never entered your frontier, or your frontier did not give the least g "
                  "first, or the g you gave it is not its own path cost."},
    DiagnosisCode{"frontier-not-least-h",
                  "a greedy search expanding a board while one of lower h, generated earlier, "
                  "was not yet expanded",
                  "At expansion {step} you expanded a board whose h is {taken} while one whose h "
                  "is {waiting}, generated at expansion {early}, had not been expanded: greedy "
                  "best-first search expands a node of least h first. Either that board never "
                  "entered your frontier, or your frontier did not give the least h first, or "
                  "the h you gave it is not its own board's."},
    DiagnosisCode{"ties-not-lexicographic",
                  "two boards of one key, ties broken by the tiles, and the larger tiles "
                  "expanded first",
                  "At expansion {step} you expanded a board whose {key} is {value} while another "
                  "whose {key} is {value} too, generated at expansion {early} and not yet "
                  "expanded, has tiles that come first (read one by one from the top left, the "
                  "blank as 0): this assignment breaks ties by the tiles, smallest first. Either "
                  "that board never entered your frontier, or your tie-break does not compare "
                  "the tiles one by one until two differ."},
    DiagnosisCode{"ties-comparator-not-strict",
                  "a heapq frontier whose comparison is true for two equal entries (<= for <): "
                  "the run is heapq's order under it, every expansion, and not under a strict one",
                  "At expansion {step} you expanded a board whose {key} is {value}, reached by "
                  "the move {move} (generated at expansion {generated}), while another with the "
                  "same {key} and the same move, generated at expansion {waiting}, was waiting: "
                  "this assignment's frontier is Python's heapq, whose comparison is strict, and "
                  "here it takes that one first. All {expansions} of your expansions follow the "
                  "order heapq gives when the comparison also answers true for two equal entries "
                  "(a <= where a < belongs): compare with a strict <, so that of two equal "
                  "entries neither comes before the other."},
    DiagnosisCode{"frontier-not-newest-first",
                  "a depth-first search expanding an older board while a new child was not yet "
                  "expanded",
                  "At expansion {step} you expanded a board generated at expansion {early}, "
                  "though expansion {previous} had just generated a board no earlier expansion "
                  "had generated: depth-first search goes on with a child of the board it has "
                  "just expanded. Either that child never entered your frontier, or your "
                  "frontier did not give the newest node first (push and pop at the same end of "
                  "the stack)."},
    DiagnosisCode{"round-not-depth-first",
                  "a round of iterative deepening or IDA* leaving the board it just expanded, "
                  "though that one generated a board new to the round within its bound",
                  "At expansion {step} you expanded a board that is no child of the one you "
                  "expanded just before, though that one (expansion {previous}) had generated a "
                  "board new to this round and, as this assignment counts, within the round's "
                  "{bound}: each round is a depth-first search, so it goes on with a child of "
                  "the board it has just expanded. Either your search did not go into that "
                  "child, or it measured the child against the {bound} otherwise (check how you "
                  "compute each node's depth or f, and the bound)."},
    DiagnosisCode{"cycle-check-visited",
                  "a round of iterative deepening or IDA* leaving a board without going into a "
                  "child off the path and within its bound, reached before in another branch",
                  "At expansion {step} your search had finished with the board it expanded at "
                  "expansion {previous} without going into one of its children, the second board "
                  "shown: that child is not on the path from the start, its {key} is {value}, "
                  "within this round's {bound} (this round expanded a board whose {key} is "
                  "{floor}), and your search had reached it before in this round, at expansion "
                  "{earlier}, in another branch. Either your search skips a board it reached "
                  "before, where each round skips only a child already on the path from the "
                  "start to the board being expanded (take a board off that path when the search "
                  "returns from it, so that a board reached in one branch is searched again in "
                  "another), or the {key} you computed for that child is not this assignment's."},
    DiagnosisCode{"board-expanded-again",
                  "a board expanded a second time where the duplicate policy expands each once",
                  "At expansion {step} you expanded a board you had already expanded at "
                  "expansion {first}: this assignment's search expands each board once, so "
                  "{fix}. If yours does, check that your frontier gives each entry once."},
    DiagnosisCode{"visited-child-pushed",
                  "under visited-on-pop, a board expanded more often than it could have been "
                  "pushed before it was visited",
                  "By expansion {step} you had expanded one board {expanded}, but before you "
                  "first expanded it (at expansion {first}) {before}: the other times, you "
                  "expanded a copy pushed after that board was visited. This assignment never "
                  "pushes a child already visited: before you push a child, look its board up "
                  "in your visited set and skip it if it is there (check that the lookup finds "
                  "a board visited before: look it up by problem:key(child.state), not by the "
                  "table)."},
    DiagnosisCode{"expanded-more-than-generated",
                  "a search that gave up had expanded a board more often than it generated it",
                  "By expansion {step} you had expanded one board {expanded}, though your search "
                  "generated it only {generated}, and then your search gave up without reaching "
                  "the goal. A frontier gives a board back once for each time it was pushed, so "
                  "check what you push: each child should be a new node (a new table), pushed "
                  "once when your search generates it, not one table you change and push "
                  "again."},
    DiagnosisCode{"goal-expanded-untested",
                  "the goal expanded before any problem:is_goal call on it, and the search went "
                  "on",
                  "At expansion {step} you expanded the goal board (problem:is_goal was not "
                  "called on it first), and your search went on: test each board with "
                  "problem:is_goal before you expand it, and stop as soon as it returns true."},
    DiagnosisCode{"goal-tested-not-stopped",
                  "problem:is_goal accepted the goal, and the search went on to expand it",
                  "At expansion {step} you expanded the goal board, though problem:is_goal had "
                  "already been called on it, and your search went on: when problem:is_goal "
                  "returns true, stop and return the path to that board."},
    DiagnosisCode{"goal-generated-not-stopped",
                  "the goal generated under a goal test on generate, and the search went on",
                  "At expansion {step} your search generated the goal board and went on: this "
                  "assignment tests each child when it is generated, so stop as soon as "
                  "problem:is_goal returns true for a child and return its path."},
    DiagnosisCode{"child-not-goal-tested",
                  "under a goal test on generate, a new child not tested by problem:is_goal "
                  "before the next expansion",
                  "At expansion {step} your search expanded a board, though the board shown, "
                  "generated for the first time at expansion {generated}, had not been tested "
                  "with problem:is_goal: this assignment tests each child as it is generated, so "
                  "call problem:is_goal on every new child before you expand another board, and "
                  "stop as soon as it returns true."},
    DiagnosisCode{"expanded-not-goal-tested",
                  "under a goal test on pop, a board expanded with no problem:is_goal call on it "
                  "since the previous expansion",
                  "At expansion {step} you expanded the board shown, and problem:is_goal was not "
                  "called on it after your previous expansion: this assignment tests each board "
                  "when it comes off the frontier, so call problem:is_goal on it just before you "
                  "expand it, and stop as soon as it returns true."},
    DiagnosisCode{"count-equals-{what}",
                  "the count is another number of the student's own run, e.g. "
                  "count-equals-key-calls",
                  "The count you return ({count}) is the number of {yours} in your run, and "
                  "on every test of this task your count is that number of its run; this "
                  "assignment counts {assignment}, which in your run is {wanted}."},
};

}  // namespace tile::catalogue_rows
