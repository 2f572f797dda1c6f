// The doctest main of grader_tests (the tests themselves live beside this file).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
