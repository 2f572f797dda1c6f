// The thread functions the sandbox names that Emscripten's single-threaded libc lacks. Only the
// watchdog thread uses what they give, and the page never starts one: its jobs run with
// call_seconds 0 (grader/run/in_process_runner.h). There is no other thread to signal, as ESRCH
// says, and no per-thread processor clock to name, as ENOENT says (the watchdog, were there one,
// would then read no time at all).
#include <pthread.h>
#include <time.h>

#include <cerrno>

extern "C" int pthread_kill(pthread_t, int) { return ESRCH; }
extern "C" int pthread_getcpuclockid(pthread_t, clockid_t*) { return ENOENT; }
