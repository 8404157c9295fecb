// A streaming JSON writer, the one way every colcheck JSON document is
// written (validate, JSON Lines, SARIF, explain, schema, plan, triage, the
// code registry, baselines). It writes the punctuation: braces, brackets,
// the colon after each key and the commas between members and items. Keys
// and strings are escaped alike, always (AppendJsonString below). A
// renderer only says what the document holds:
//
//   std::string out;
//   JsonWriter json(&out);
//   json.BeginObject().Key("tool").String("colcheck");
//   json.Key("sizes").BeginArray().Uint(1).Uint(2).EndArray();
//   json.Key("empty").BeginObject().EndObject().EndObject();
//   // out == {"tool":"colcheck","sizes":[1,2],"empty":{}}
//
// The output is compact, as colcheck's documents are: no white space but
// what LineBreak() asks for.
//
// The text goes to a string the caller owns and may write out and clear at
// any point (the streaming validate and SARIF writers do, a file at a time):
// the writer keeps what it needs to know (which containers are open, whether
// a comma is due) itself.
//
// Misuse is a bug in a renderer: a key outside an object or twice in a row,
// a value in an object without its key, an End that does not match its
// Begin. Debug builds assert on it; balanced() says in any build whether the
// writer holds one or more complete values and was used correctly.

#ifndef COLCHECK_REPORTS_JSON_WRITER_H_
#define COLCHECK_REPORTS_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace colcheck {

// Appends `value` to `out` as a quoted JSON string in pure ASCII. `"`, `\`,
// newline, carriage return and tab have their short escapes; the other
// control characters and DEL, and valid UTF-8 above U+007F, become \uXXXX
// (lower-case hex, surrogate pairs above U+FFFF); every byte that is not
// part of a valid UTF-8 sequence becomes \ufffd.
void AppendJsonString(std::string_view value, std::string* out);

class JsonWriter {
 public:
  // Appends to `*out`, which must outlive the writer.
  explicit JsonWriter(std::string* out) : out_(out) {}
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();

  // The name of the next member of the innermost object; its value follows.
  JsonWriter& Key(std::string_view key);

  JsonWriter& String(std::string_view value);
  JsonWriter& Int(int64_t value);
  JsonWriter& Uint(uint64_t value);
  JsonWriter& Bool(bool value);
  JsonWriter& Null();
  // One complete value that another JsonWriter wrote, appended as it is:
  // for a part of a document that is the same every time, written once.
  JsonWriter& Written(std::string_view json);

  // What an inspection leaves unset is written the same way in every
  // document: a negative number (its -1) or an empty string is null.
  //
  // A count, size or index, or null when negative.
  JsonWriter& IntOrNull(int64_t value);
  // A string, or null when empty.
  JsonWriter& StringOrNull(std::string_view value);
  // An enum value: null when negative, else its IDL `name`, or the number
  // when the enum has no name for it.
  JsonWriter& Enum(int64_t value, std::string_view name);

  // Starts the next token (a key, a value or the end of a container) on a
  // new line. A comma that is due stays at the end of the line before.
  JsonWriter& LineBreak();

  // True when every Begin has had its End, no key waits for its value and
  // nothing was misused: what was written is complete JSON.
  bool balanced() const { return open_.empty() && !after_key_ && !misused_; }

 private:
  struct Container {
    bool object;
    bool empty = true;
  };

  // Records misuse (and asserts in debug builds) unless `ok`.
  void Expect(bool ok);
  // Before a key, or a value that is not a member's: the comma if one is
  // due, then a pending line break.
  void Separate();
  void BeforeValue();
  // Writes the line break LineBreak() asked for, if it did.
  void StartToken();
  JsonWriter& Open(char bracket, bool object);
  JsonWriter& Close(char bracket, bool object);
  bool InObject() const { return !open_.empty() && open_.back().object; }

  std::string* out_;
  std::vector<Container> open_;  // Innermost last.
  bool after_key_ = false;
  bool line_break_ = false;
  bool misused_ = false;
};

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_JSON_WRITER_H_
