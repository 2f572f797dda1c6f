// Whether this build runs under AddressSanitizer, as one macro for the preprocessor: GCC says so
// with __SANITIZE_ADDRESS__, clang (the fuzz build, and a sanitized build with clang) only
// through __has_feature(address_sanitizer). What changes under ASan, and why, is said where each
// `#if defined(TILEGRADE_ADDRESS_SANITIZER)` is.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define TILEGRADE_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILEGRADE_ADDRESS_SANITIZER 1
#endif
#endif
