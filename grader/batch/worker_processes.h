// Grading a class side by side in worker processes, not in threads of one process.
//
// Each student's scripts run in children forked from the process that grades the student
// (child_process.h). When that process has a second thread, every fork makes all of its pages
// copy-on-write while the other thread goes on writing, and each such fault must also flush the
// other core's view of the page: batch_1000 took 119 s of processor time with two threads against
// 81 s with one (docs/grading-a-class.md, speed). Single-threaded workers, each forking its own
// children, pay neither.
//
// Each worker is kept on one of the cores this process may use, round robin (worker_processes.cpp
// says why). This process hands out the items one at a time: a worker reads an item's index, does the work,
// replies, and gets the next, so a slow student holds up one worker, not a share of the class.
// This process decodes the replies as they arrive, one at a time; no worker ever writes a file
// this process writes.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace tile {

struct WorkerReply {
  std::string text;       // handed to `finished` in this process as it is (any bytes)
  bool stop_all = false;  // no item is handed out after this one (say, OUT cannot be written)
};

// An item whose worker ended before replying: a crash of the grader itself, not of a script.
struct LostItem {
  std::size_t item = 0;
  std::string why;  // "killed by signal 11 (Segmentation fault)", "exit code 3"
};

// Runs work(i) for every i in [0, count) in at most `workers` forked, single-threaded processes and
// calls finished(i, text) here, in the order replies arrive, never two at once. A worker that ends
// early loses only the item it had (returned, in the order lost) and is replaced while items
// remain. Items not handed out because a reply asked to stop are neither finished nor lost. When
// no worker can be started at all, the items run here, one after another.
//
// `work` runs in a child of this process: it must use only what is safe after fork() (this
// process must have no other thread holding a lock then), and whatever it changes stays in the
// worker. It should not throw: an exception ends the worker and loses the item. Should `finished`
// throw, the exception leaves this call once every worker has finished its item and been reaped.
std::vector<LostItem> run_in_worker_processes(
    std::size_t count, std::size_t workers, const std::function<WorkerReply(std::size_t)>& work,
    const std::function<void(std::size_t, std::string&&)>& finished);

}  // namespace tile
