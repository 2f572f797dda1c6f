// The version of tilegrade that every report is stamped with (report_stamp.h), so that a regrade
// can say that the grader itself changed. Kept equal to CPACK_PACKAGE_VERSION in CMakeLists.txt
// (tests/grader/spec/version_test.cpp holds them to it): the package and the stamps name one
// version.
#pragma once

namespace tile {

inline constexpr const char* kTilegradeVersion = "0.1.0";

}  // namespace tile
