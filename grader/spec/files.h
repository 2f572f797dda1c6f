// Files are read and written by engine/files.h, which the pattern-database cache shares; this name
// stays so that code written against it keeps compiling. New code includes engine/files.h.
#pragma once

#include "engine/files.h"
