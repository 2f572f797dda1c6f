// Errors cross module boundaries as values, never as exceptions (as in ninja): every fallible call
// returns Result<T>, or Status when it has nothing to return, whose error is one human-readable line
// meant for the person at the CLI. This is the project's one shape of success and failure.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tile {

struct Error {
  std::string message;
};

template <class T>
class Result {
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

 private:
  std::variant<T, Error> data_;
};

// Success or an Error, for calls that return nothing: `return success();` or `return Error{...};`.
using Status = Result<std::monostate>;
inline Status success() { return std::monostate{}; }

}  // namespace tile
