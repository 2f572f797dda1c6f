// submission_metadata.yml, read from yaml-cpp's parser events into the People the batch needs,
// never into a node tree: a 200,000-entry export took 44 s and over a gigabyte as a tree, most of
// it for fields the batch skips. Time is linear in the file and memory is People plus whatever
// lies under an anchor (an alias can only be replayed from a record of its events).
//
// What this reads, and the errors it gives, are those of the tree reader it replaced: the first
// occurrence of a key counts, each submitter's :sid, :email and :name are checked in that order,
// a node's line is where the node is written (for an alias, where its anchor is), and a YAML error
// anywhere in the document wins over a wrong shape found before it.
#include <cstdint>
#include <istream>
#include <streambuf>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "engine/files.h"
#include "grader/batch/people.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

// yaml-cpp's parser recurses once per nested flow collection, so "[[[[..." a few hundred
// thousand deep exhausts the stack. Gradescope's files nest four deep; the text is refused before
// parsing when its brackets nest deeper than this (counted outside quotes, roughly: a quoted
// bracket only makes the count more cautious).
constexpr int kMaxFlowNesting = 64;

bool nests_too_deep(const std::string& text) {
  int depth = 0;
  char quote = 0;
  for (const char ch : text) {
    if (quote) {
      if (ch == quote) quote = 0;
    } else if (ch == '"' || ch == '\'') {
      quote = ch;
    } else if (ch == '[' || ch == '{') {
      if (++depth > kMaxFlowNesting) return true;
    } else if ((ch == ']' || ch == '}') && depth > 0) {
      --depth;
    } else if (ch == '\n') {
      quote = 0;  // an unclosed quote ends nothing here; yaml-cpp reports it
    }
  }
  return false;
}

// One parser event. `line` is yaml-cpp's (from 0; -1 for no place).
struct Event {
  enum class Kind : std::uint8_t { Scalar, Null, Alias, SequenceStart, MapStart, End };
  Event(Kind kind_, int line_) : kind(kind_), line(line_) {}
  Kind kind;
  int line;
  YAML::anchor_t alias = 0;  // Alias: the anchor it names
  std::string_view text;     // Scalar
  bool starts() const { return kind == Kind::SequenceStart || kind == Kind::MapStart; }
};

// The events under anchors, kept so that an alias replays its node. Each collection's start knows
// where its end is, so a replay skips an unneeded subtree in one step. A record costs at most 16
// bytes per event plus the scalars' text, and an event takes at least one byte of the file.
class AnchorRecords {
 public:
  static constexpr std::uint32_t kOpen = UINT32_MAX;

  // Called for every event of the document, in order.
  void observe(const Event& event, YAML::anchor_t anchor) {
    if (event.kind == Event::Kind::End) {
      if (open_.empty()) return;
      log_[open_.back()].b = static_cast<std::uint32_t>(log_.size());
      open_.pop_back();
      append(event);
      return;
    }
    if (open_.empty() && anchor == YAML::NullAnchor) return;
    if (anchor != YAML::NullAnchor) {
      if (anchors_.size() <= anchor) anchors_.resize(anchor + 1, kOpen);
      anchors_[anchor] = static_cast<std::uint32_t>(log_.size());
    }
    if (event.starts()) open_.push_back(static_cast<std::uint32_t>(log_.size()));
    append(event);
  }

  // Where the anchor's node starts in the record; nullopt for an anchor not (yet) recorded.
  std::uint32_t start_of(YAML::anchor_t anchor) const {
    return anchor < anchors_.size() ? anchors_[anchor] : kOpen;
  }
  // The index of the start's matching end; kOpen while the collection is still being read (an
  // alias inside its own anchor's node).
  std::uint32_t end_of(std::uint32_t start) const {
    return starts(start) ? log_[start].b : start;
  }
  bool starts(std::uint32_t index) const {
    return log_[index].kind == Event::Kind::SequenceStart ||
           log_[index].kind == Event::Kind::MapStart;
  }
  Event at(std::uint32_t index) const {
    const Logged& logged = log_[index];
    Event event(logged.kind, logged.line);
    if (logged.kind == Event::Kind::Alias) event.alias = logged.a;
    if (logged.kind == Event::Kind::Scalar) event.text = std::string_view(text_).substr(logged.a, logged.b);
    return event;
  }

 private:
  struct Logged {
    Event::Kind kind;
    int line;
    std::uint32_t a;  // Scalar: text offset; Alias: its anchor
    std::uint32_t b;  // Scalar: text size; a collection's start: the index of its end
  };
  void append(const Event& event) {
    Logged logged{event.kind, event.line, 0, kOpen};
    if (event.kind == Event::Kind::Alias) logged.a = static_cast<std::uint32_t>(event.alias);
    if (event.kind == Event::Kind::Scalar) {
      logged.a = static_cast<std::uint32_t>(text_.size());
      logged.b = static_cast<std::uint32_t>(event.text.size());
      text_ += event.text;
    }
    log_.push_back(logged);
  }
  std::vector<Logged> log_;
  std::string text_;
  std::vector<std::uint32_t> open_;     // starts of the recorded collections not yet ended
  std::vector<std::uint32_t> anchors_;  // by anchor: where its node starts in log_
};

// The interpretation of the events: where each node is (the top map, a folder's map, its
// :submitters list, one submitter's map) decides whether it is read, checked or skipped.
class MetadataReader {
 public:
  enum class Step { Next, SkipSubtree };

  MetadataReader(const std::string& path, std::size_t budget, const AnchorRecords& records)
      : path_(path), budget_(budget), records_(records) {
    frames_.reserve(8);
  }

  const std::string& error() const { return error_; }
  bool failed() const { return !error_.empty(); }
  bool finished() const { return finished_; }
  People take_people() { return std::move(people_); }

  // A node at an interpreted place, or the end of an entered collection.
  Step feed(const Event& event) {
    if (failed()) return Step::SkipSubtree;
    if (event.kind == Event::Kind::Alias) {
      replay(event);
      return Step::Next;
    }
    if (frames_.empty()) return root(event);
    Frame& frame = frames_.back();
    switch (frame.place) {
      case Place::Top: return in_top(frame, event);
      case Place::Folder: return in_folder(frame, event);
      case Place::Submitters: return in_submitters(frame, event);
      case Place::Submitter: return in_submitter(frame, event);
    }
    return Step::SkipSubtree;
  }

  // The document had no node at all.
  void no_document() { fail(-1, "the top level", "is not a map of submission folders"); }

 private:
  enum class Place { Top, Folder, Submitters, Submitter };
  enum class Slot { Absent, Null, Value, NotScalar };
  struct Field {
    Slot slot = Slot::Absent;
    std::string value;
    int line = -1;
  };
  struct Frame {
    Frame(Place place_, std::string path_, int line_)
        : place(place_), path(std::move(path_)), line(line_) {}
    Place place;
    std::string path;   // the node path in errors: the folder, FOLDER/:submitters, .../N
    int line = -1;      // where the collection starts
    bool at_value = false;
    int wanted = -1;    // Folder: 0 when the value coming is :submitters; Submitter: its field
    bool seen = false;  // Folder: :submitters was read
    std::size_t index = 0;  // Submitters: the next submitter's number
    Field fields[3];        // Submitter: :sid, :email, :name
  };
  static constexpr const char* kFieldKeys[3] = {":sid", ":email", ":name"};
  // What replaying one event counts against the bound: about what recording it took.
  static constexpr std::size_t kReplayedEventCost = 16;

  void fail(int line, const std::string& where, const char* what) {
    if (!failed()) error_ = fmt::format("{}:{}: {} {}", path_, line + 1, escaped_text(where), what);
  }

  Step root(const Event& event) {
    if (finished_) return Step::SkipSubtree;
    if (event.kind != Event::Kind::MapStart) {
      fail(event.line, "the top level", "is not a map of submission folders");
      return Step::SkipSubtree;
    }
    frames_.emplace_back(Place::Top, "", event.line);
    return Step::Next;
  }

  Step in_top(Frame& frame, const Event& event) {
    if (event.kind == Event::Kind::End) {
      frames_.pop_back();
      finished_ = true;
      return Step::Next;
    }
    if (!frame.at_value) {
      frame.at_value = true;
      if (event.kind != Event::Kind::Scalar) fail(event.line, "a key", "is not a folder name");
      frame.path = std::string(event.text);
      return Step::SkipSubtree;
    }
    frame.at_value = false;
    if (event.kind != Event::Kind::MapStart) {
      fail(event.line, frame.path, "is not a map");
      return Step::SkipSubtree;
    }
    std::string folder = frame.path;  // frame may move as the stack grows
    frames_.emplace_back(Place::Folder, std::move(folder), event.line);
    return Step::Next;
  }

  Step in_folder(Frame& frame, const Event& event) {
    if (event.kind == Event::Kind::End) {
      if (!frame.seen) fail(frame.line, frame.path, "has no :submitters: list");
      frames_.pop_back();
      return Step::Next;
    }
    if (!frame.at_value) {
      frame.at_value = true;
      frame.wanted = !frame.seen && event.kind == Event::Kind::Scalar &&
                             event.text == ":submitters"
                         ? 0
                         : -1;
      return Step::SkipSubtree;
    }
    frame.at_value = false;
    if (frame.wanted != 0) return Step::SkipSubtree;
    frame.seen = true;
    const std::string where = frame.path + "/:submitters";
    if (event.kind != Event::Kind::SequenceStart) {
      fail(event.line, where, "is not a list");
      return Step::SkipSubtree;
    }
    folder_ = &people_[frame.path];
    frames_.emplace_back(Place::Submitters, where, event.line);
    return Step::Next;
  }

  Step in_submitters(Frame& frame, const Event& event) {
    if (event.kind == Event::Kind::End) {
      frames_.pop_back();
      return Step::Next;
    }
    const std::string where = fmt::format("{}/{}", frame.path, frame.index++);
    if (event.kind != Event::Kind::MapStart) {
      fail(event.line, where, "is not a map");
      return Step::SkipSubtree;
    }
    frames_.emplace_back(Place::Submitter, where, event.line);
    return Step::Next;
  }

  Step in_submitter(Frame& frame, const Event& event) {
    if (event.kind == Event::Kind::End) {
      finish_submitter(frame);
      frames_.pop_back();
      return Step::Next;
    }
    if (!frame.at_value) {
      frame.at_value = true;
      frame.wanted = -1;
      for (int i = 0; i < 3 && event.kind == Event::Kind::Scalar; ++i) {
        if (event.text == kFieldKeys[i] && frame.fields[i].slot == Slot::Absent) frame.wanted = i;
      }
      return Step::SkipSubtree;
    }
    frame.at_value = false;
    if (frame.wanted < 0) return Step::SkipSubtree;
    Field& field = frame.fields[frame.wanted];
    field.line = event.line;
    if (event.kind == Event::Kind::Null) {
      field.slot = Slot::Null;
    } else if (event.kind == Event::Kind::Scalar) {
      // Gradescope writes ids as quoted strings, but a bare 1234 must not lose its digits.
      field.slot = Slot::Value;
      field.value = std::string(event.text);
    } else {
      field.slot = Slot::NotScalar;
    }
    return Step::SkipSubtree;
  }

  void finish_submitter(Frame& frame) {
    const std::string& folder = frames_[frames_.size() - 3].path;
    Person person;
    std::string* outs[3] = {&person.sid, &person.email, &person.name};
    for (int i = 0; i < 3; ++i) {
      Field& field = frame.fields[i];
      if (field.slot == Slot::Absent || field.slot == Slot::Null) continue;
      if (field.slot == Slot::NotScalar) {
        return fail(field.line, frame.path + "/" + kFieldKeys[i], "is not a single value");
      }
      *outs[i] = std::move(field.value);
      copied_ += outs[i]->size() + 1;
    }
    // Each submitter costs at least a record's worth, so aliases of empty maps count too.
    if ((copied_ += folder.size() + sizeof(Person)) > budget_) {
      return fail(frame.line, frame.path, "expands past the file's size bound (aliases repeated?)");
    }
    folder_->push_back(std::move(person));
  }

  // An alias at an interpreted place: its anchor's events, fed in its place. Each replayed event
  // counts against the same bound as a copied submitter, so repeating a wide anchor many times
  // is refused as an alias bomb is. Replays nest only as deep as the places (four).
  void replay(const Event& alias) {
    std::uint32_t at = records_.start_of(alias.alias);
    // yaml-cpp refuses an alias to an anchor it has not seen, and every anchor is recorded.
    if (at == AnchorRecords::kOpen) return fail(alias.line, place_path(), "names no anchor");
    const std::uint32_t end = records_.end_of(at);
    for (;; ++at) {
      const Event event = records_.at(at);
      if ((copied_ += kReplayedEventCost) > budget_) {
        return fail(alias.line, place_path(),
                    "expands past the file's size bound (aliases repeated?)");
      }
      const bool skipped = feed(event) == Step::SkipSubtree && event.starts();
      if (failed()) return;
      if (end == AnchorRecords::kOpen) {
        // The alias is inside its anchor's node, which has not ended: only its kind is known.
        if (!skipped) fail(alias.line, place_path(), "repeats a node that contains it");
        return;
      }
      if (skipped) at = records_.end_of(at);
      if (at == end) return;
    }
  }

  std::string place_path() const {
    return frames_.empty() || frames_.back().path.empty() ? "the top level" : frames_.back().path;
  }

  const std::string& path_;
  const std::size_t budget_;
  const AnchorRecords& records_;
  std::vector<Frame> frames_;
  People people_;
  std::vector<Person>* folder_ = nullptr;
  std::size_t copied_ = 0;
  bool finished_ = false;
  std::string error_;
};

// yaml-cpp's handler: every event is recorded if under an anchor, then interpreted unless it lies
// in a skipped subtree. After a wrong shape nothing more is interpreted, but the document is still
// parsed to its end, so that a YAML error after it is the one reported.
class EventsToPeople final : public YAML::EventHandler {
 public:
  EventsToPeople(const std::string& path, std::size_t budget) : reader_(path, budget, records_) {}
  MetadataReader& reader() { return reader_; }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    handle(Event(Event::Kind::Null, mark.line), anchor);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    Event event(Event::Kind::Alias, mark.line);
    event.alias = anchor;
    handle(event, YAML::NullAnchor);
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string& value) override {
    Event event(Event::Kind::Scalar, mark.line);
    event.text = value;
    handle(event, anchor);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    handle(Event(Event::Kind::SequenceStart, mark.line), anchor);
  }
  void OnSequenceEnd() override { handle(Event(Event::Kind::End, -1), YAML::NullAnchor); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    handle(Event(Event::Kind::MapStart, mark.line), anchor);
  }
  void OnMapEnd() override { handle(Event(Event::Kind::End, -1), YAML::NullAnchor); }

 private:
  void handle(const Event& event, YAML::anchor_t anchor) {
    if (reader_.failed()) return;
    records_.observe(event, anchor);
    if (skipping_ > 0) {
      if (event.starts()) ++skipping_;
      if (event.kind == Event::Kind::End) --skipping_;
      return;
    }
    if (reader_.feed(event) == MetadataReader::Step::SkipSubtree && event.starts()) skipping_ = 1;
  }

  AnchorRecords records_;
  MetadataReader reader_;
  std::size_t skipping_ = 0;  // the depth inside a skipped collection
};

// An istream over the text itself, so that parsing does not copy 64 MiB first.
class TextBuffer : public std::streambuf {
 public:
  explicit TextBuffer(const std::string& text) {
    char* begin = const_cast<char*>(text.data());  // only ever read
    setg(begin, begin, begin + text.size());
  }
};

}  // namespace

Result<People> read_gradescope_metadata(const std::string& path) {
  auto text = read_file(path, kMaxCourseRecordBytes);
  if (!text) return text.failure();
  return parse_gradescope_metadata(*text, path);
}

Result<People> parse_gradescope_metadata(const std::string& text, const std::string& path) {
  // The records' offsets are 32-bit; read_gradescope_metadata never reads more than this.
  if (text.size() > kMaxCourseRecordBytes) {
    return Error{path + ": larger than 64 MiB: not a submissions export"};
  }
  if (nests_too_deep(text)) {
    return Error{path + ": lists or maps nested more than " + std::to_string(kMaxFlowNesting) +
                 " deep: not a submissions export"};
  }
  // Aliases replay an anchor's node, and each replay copies out or walks it again: a small file
  // could expand to gigabytes. Copies and replayed events are bounded by the file's own size.
  EventsToPeople events(path, 16 * text.size() + (1u << 20));
  TextBuffer buffer(text);
  std::istream stream(&buffer);
  try {
    YAML::Parser parser(stream);
    if (!parser.HandleNextDocument(events)) events.reader().no_document();
  } catch (const YAML::Exception& error) {
    return Error{path + ": not valid YAML: " + error.what()};
  }
  MetadataReader& reader = events.reader();
  if (reader.failed()) return Error{reader.error()};
  return reader.take_people();
}

}  // namespace tile
