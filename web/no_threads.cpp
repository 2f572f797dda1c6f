// The one thread function the sandbox names that Emscripten's single-threaded libc lacks. Only the
// watchdog thread calls it, and the page never starts one: its jobs run with call_seconds 0
// (grader/run/in_process_runner.h). There is no other thread to signal, as ESRCH says.
#include <pthread.h>

#include <cerrno>

extern "C" int pthread_kill(pthread_t, int) { return ESRCH; }
