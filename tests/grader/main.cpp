// The doctest main shared by the grader_<layer>_tests binaries (their tests live in the folders
// beside this file, one per layer of grader/).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
