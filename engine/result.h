// Errors cross module boundaries as values, never as exceptions (as in ninja): every fallible call
// returns Result<T>, or Status when it has nothing to return, whose error is one human-readable line
// meant for the person at the CLI. This is the project's one shape of success and failure.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tile {

// What kind of failure an error is, for the callers that act on it differently (the CLI's exit
// codes, grader/cli/exit_codes.h): bad input is the default, since it is what most errors are.
enum class ErrorKind {
  BadInput,  // a file, spec, board, option or script that is not what it must be
  Io,        // an output that cannot be written
  Internal,  // a bug in tilegrade
};

struct Error {
  std::string message;
  ErrorKind kind = ErrorKind::BadInput;
};

// [[nodiscard]], as LLVM's Expected: a failure cannot be dropped without a word (a deliberate
// `(void)` says it was meant).
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}  // NOLINT: implicit by design, like std::expected
  Result(Error error) : data_(std::move(error)) {}  // NOLINT

  bool ok() const { return std::holds_alternative<T>(data_); }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<T>(data_); }
  T& value() & { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  const std::string& error() const { return std::get<Error>(data_).message; }
  ErrorKind error_kind() const { return std::get<Error>(data_).kind; }
  // The error whole, to hand on unchanged: `if (!r) return r.failure();`. Rebuilding it as
  // `Error{r.error()}` would lose its kind (an output that cannot be written would become bad
  // input, and exit with another code).
  const Error& failure() const { return std::get<Error>(data_); }
  // The error with what the caller was doing put before it ("task bfs: "), its kind kept.
  Error failure_in(const std::string& context) const {
    const Error& error = failure();
    return Error{context + error.message, error.kind};
  }

 private:
  std::variant<T, Error> data_;
};

// Success or an Error, for calls that return nothing: `return success();` or `return Error{...};`.
using Status = Result<std::monostate>;
inline Status success() { return std::monostate{}; }

}  // namespace tile
