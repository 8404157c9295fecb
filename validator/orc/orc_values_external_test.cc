// The column stage over real files: every ORC file of the external corpus
// (Apache ORC's examples, dir from COLCHECK_EXTERNAL_CORPUS) and of the
// project's corpus/orc/valid validates without a column-stage error, and
// the decoded values, rendered as orc-contents prints them
// (c++/src/ColumnPrinter.cc), match examples/expected/*.jsn.gz line for
// line.

#include <time.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/strings.h"
#include "gtest/gtest.h"
#include "orc/columns.h"
#include "orc/compression.h"
#include "orc/statistics.h"
#include "orc/stripe.h"
#include "orc/tail.h"
#include "orc/testing/file_reader.h"
#include "orc/types.h"
#include "testing/external_corpus.h"

namespace colcheck::orc {
namespace {

namespace fs = std::filesystem;

// <corpus>/orc, or empty (the test skips).
fs::path CorpusDir() {
  const fs::path root = ::colcheck::testing::ExternalCorpusRoot();
  if (root.empty()) return {};
  const fs::path dir = root / "orc";
  return fs::is_directory(dir) ? dir : fs::path();
}

std::vector<fs::path> OrcFiles(const fs::path& dir) {
  return ::colcheck::testing::FilesWithExtension(dir, ".orc");
}

// The codes the column stage reports.
bool ColumnStageCode(std::string_view name) {
  return name.starts_with("orc-value.") || name.starts_with("orc-rle.") ||
         name == "orc-stripe.missing-stream" ||
         name.starts_with("limits.orc-row-groups") ||
         name.starts_with("limits.orc-stripe-slots") ||
         name.starts_with("limits.orc-dictionary-size");
}

void ExpectNoColumnErrors(const fs::path& file, bool all_errors) {
  Options options;
  options.level = Level::kFull;
  Report report;
  const Status status = ValidateFile(file.string(), options, &report);
  ASSERT_TRUE(status.ok()) << status.message();
  for (const Diagnostic& d : report.diagnostics) {
    if (d.severity != Severity::kError) continue;
    const std::string_view name = Info(d.code).name;
    if (!all_errors && !ColumnStageCode(name)) continue;
    ADD_FAILURE() << file.filename() << ": " << name << " @" << d.offset
                  << "+" << d.length << " " << d.field << ": " << d.message;
  }
}

TEST(OrcValuesExternal, NoColumnStageErrorsInTheExternalCorpus) {
  const fs::path dir = CorpusDir();
  if (dir.empty()) {
    GTEST_SKIP() << "COLCHECK_EXTERNAL_CORPUS is not set (or has no orc/)";
  }
  std::vector<fs::path> files = OrcFiles(dir);
  for (const fs::path& f : OrcFiles(dir / "encrypted")) files.push_back(f);
  ASSERT_FALSE(files.empty());
  for (const fs::path& f : files) ExpectNoColumnErrors(f, false);
}

TEST(OrcValuesExternal, ProjectCorpusIsValid) {
  const fs::path dir = fs::path(COLCHECK_SOURCE_DIR) / "corpus/orc/valid";
  const std::vector<fs::path> files = OrcFiles(dir);
  if (files.empty()) GTEST_SKIP() << dir << " has no ORC files";
  for (const fs::path& f : files) ExpectNoColumnErrors(f, true);
}

// ---- Rendering as orc-contents -------------------------------------------------

std::string Escape(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: out.push_back(c);
    }
  }
  return out + "\"";
}

std::string CivilTime(int64_t seconds, const char* format) {
  time_t t = static_cast<time_t>(seconds);
  struct tm tm {};
  gmtime_r(&t, &tm);
  char buffer[64];
  strftime(buffer, sizeof buffer, format, &tm);
  return buffer;
}

// Renders the values the column stage hands out, stripe by stripe, into
// rows, and compares them with the expected lines.
class Renderer final : public ColumnObserver {
 public:
  Renderer(const Footer& footer, const std::vector<std::string>& expected)
      : footer_(footer), expected_(expected) {}

  // The stripe's writer time zone (TZ must already be set to it).
  void SetWriterZone() {
    struct tm base {};
    base.tm_year = 115;
    base.tm_mday = 1;
    base.tm_isdst = -1;
    epoch_ = static_cast<int64_t>(mktime(&base));
  }

  void BeginStripe(size_t, const StripeData&) override {
    slots_.assign(footer_.types.value.size(), {});
  }
  void OnSlots(const SlotBatch& b) override {
    size_t v = 0;
    for (uint64_t i = 0; i < b.slots; ++i) {
      if (!b.present.empty() && b.present[i] == 0) {
        slots_[b.column].push_back({true, {}, 0});
      } else {
        const Value& value = b.values[v++];
        slots_[b.column].push_back(
            {false, Leaf(b.column, value), value.integer});
      }
    }
  }
  void EndStripe(size_t stripe, bool complete) override {
    if (!complete) {
      failures_.push_back(StrCat("stripe ", stripe, " stopped early"));
      return;
    }
    cursor_.assign(slots_.size(), 0);
    while (cursor_[0] < slots_[0].size()) {
      const std::string line = Render(0);
      if (dump_) std::printf("%s\n", line.c_str());
      if (row_ >= expected_.size()) {
        failures_.push_back("more rows than expected");
        return;
      }
      if (line != expected_[row_] && failures_.size() < 5) {
        // From the first difference on, so long rows stay readable.
        const std::string& want = expected_[row_];
        size_t at = 0;
        while (at < line.size() && at < want.size() && line[at] == want[at]) {
          ++at;
        }
        at = at > 40 ? at - 40 : 0;
        failures_.push_back(StrCat("row ", row_, " from byte ", at,
                                   ":\n  got  ", line.substr(at, 200),
                                   "\n  want ", want.substr(at, 200)));
      }
      ++row_;
    }
  }

  uint64_t rows() const { return row_; }
  const std::vector<std::string>& failures() const { return failures_; }

 private:
  struct Slot {
    bool null;
    std::string text;
    int64_t integer;
  };

  const Type& TypeOf(uint32_t c) const { return footer_.types.value[c].value; }

  std::string Leaf(uint32_t c, const Value& v) const {
    char buffer[64];
    switch (TypeOf(c).kind.value) {
      case kBoolean: return v.integer ? "true" : "false";
      case kByte:
      case kShort:
      case kInt:
      case kLong:
        return StrCat(v.integer);
      case kFloat:
        snprintf(buffer, sizeof buffer, "%.7g", v.real);
        return buffer;
      case kDouble:
        snprintf(buffer, sizeof buffer, "%.14g", v.real);
        return buffer;
      case kString:
      case kChar:
      case kVarchar: return Escape(v.bytes);
      case kBinary: {
        std::string out = "[";
        for (size_t i = 0; i < v.bytes.size(); ++i) {
          if (i > 0) out += ", ";
          out += StrCat(static_cast<uint8_t>(v.bytes[i]));
        }
        return out + "]";
      }
      case kDecimal:
        return DecimalString(v.decimal, v.scale);
      case kDate: return "\"" + CivilTime(v.integer * 86400, "%Y-%m-%d") + "\"";
      case kTimestamp:
      case kTimestampInstant: return Timestamp(TypeOf(c).kind.value, v);
      default: return {};
    }
  }

  // The writer's wall clock, as the C++ reader shows it with a GMT reader
  // zone: the stored seconds count from 2015-01-01 in the writer's zone.
  std::string Timestamp(int64_t kind, const Value& v) const {
    int64_t wall = v.seconds;
    if (kind == kTimestamp) {
      const int64_t instant = v.seconds - 1420070400 + epoch_;
      time_t t = static_cast<time_t>(instant);
      struct tm tm {};
      localtime_r(&t, &tm);
      wall = instant + tm.tm_gmtoff;
    }
    if (wall < 0 && v.nanos > 999999) wall -= 1;
    std::string out = "\"" + CivilTime(wall, "%Y-%m-%d %H:%M:%S") + ".";
    char nanos[16];
    snprintf(nanos, sizeof nanos, "%09d", v.nanos);
    std::string digits = nanos;
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    return out + digits + "\"";
  }

  std::string Render(uint32_t c) {
    const Slot& slot = slots_[c][cursor_[c]++];
    if (slot.null) return "null";
    const Type& type = TypeOf(c);
    const auto& sub = type.subtypes.value;
    std::string out;
    switch (type.kind.value) {
      case kStruct:
        out = "{";
        for (size_t i = 0; i < sub.size(); ++i) {
          if (i > 0) out += ", ";
          out += "\"" + std::string(type.field_names.value[i].value) +
                 "\": " + Render(sub[i].value);
        }
        return out + "}";
      case kList:
        out = "[";
        for (int64_t i = 0; i < slot.integer; ++i) {
          if (i > 0) out += ", ";
          out += Render(sub[0].value);
        }
        return out + "]";
      case kMap:
        out = "[";
        for (int64_t i = 0; i < slot.integer; ++i) {
          if (i > 0) out += ", ";
          out += "{\"key\": " + Render(sub[0].value) +
                 ", \"value\": " + Render(sub[1].value) + "}";
        }
        return out + "]";
      case kUnion:
        return StrCat("{\"tag\": ", slot.integer, ", \"value\": ",
                      Render(sub[static_cast<size_t>(slot.integer)].value),
                      "}");
      default:
        return slot.text;
    }
  }

  const Footer& footer_;
  const std::vector<std::string>& expected_;
  const bool dump_ = std::getenv("COLCHECK_ORC_DUMP") != nullptr;
  int64_t epoch_ = 1420070400;
  std::vector<std::vector<Slot>> slots_;
  std::vector<size_t> cursor_;
  uint64_t row_ = 0;
  std::vector<std::string> failures_;
};

std::vector<std::string> GzipLines(const fs::path& path) {
  std::vector<std::string> lines;
  gzFile in = gzopen(path.c_str(), "rb");
  if (in == nullptr) return lines;
  std::string current;
  char buffer[1 << 16];
  int n;
  while ((n = gzread(in, buffer, sizeof buffer)) > 0) {
    for (int i = 0; i < n; ++i) {
      if (buffer[i] == '\n') {
        lines.push_back(std::move(current));
        current.clear();
      } else {
        current.push_back(buffer[i]);
      }
    }
  }
  if (!current.empty()) lines.push_back(std::move(current));
  gzclose(in);
  return lines;
}

bool ZoneKnown(const std::string& zone) {
  return zone == "UTC" || zone == "GMT" ||
         fs::is_regular_file(fs::path("/usr/share/zoneinfo") / zone);
}

// Reads every stripe of `path` through the column stage into a Renderer
// comparing with `expected`. Returns "" on an exact match, else why not.
std::string CompareFile(const fs::path& path,
                        const std::vector<std::string>& expected) {
  std::ifstream stream(path, std::ios::binary);
  const std::string raw((std::istreambuf_iterator<char>(stream)),
                        std::istreambuf_iterator<char>());
  const ByteReader file(std::span<const std::byte>(
      reinterpret_cast<const std::byte*>(raw.data()), raw.size()));
  DiagnosticSink sink(1u << 20);
  Tail tail;
  if (!ReadTail(file, sink, &tail)) return "unreadable tail";
  RegionDecoder regions;
  DecodedRegion footer_bytes;
  Footer footer;
  if (!testing::ReadFooter(file, tail, regions, sink, &footer_bytes, &footer)) {
    return "unreadable footer";
  }
  const TypeTree types = CheckTypes(footer, sink);
  if (!types.valid) return "invalid types";
  const auto& version = tail.postscript.version.value;
  const StripeContext context{footer, types,
                              version.size() == 2 &&
                                  version[0].value == 1 &&
                                  version[1].value == 9999};
  const ColumnContext columns{footer, types, context};
  Renderer renderer(footer, expected);
  const auto& stripes = footer.stripes.value;
  for (size_t i = 0; i < stripes.size(); ++i) {
    const StripeInformation& info = stripes[i].value;
    const uint64_t end = info.offset.value + info.index_length.value +
                         info.data_length.value;
    const ByteSpan footer_span{end, info.footer_length.value};
    DecodedRegion stripe_footer_bytes;
    StripeFooter stripe_footer;
    if (!testing::ReadStripeFooter(file, tail, footer_span, regions, sink,
                                   &stripe_footer_bytes, &stripe_footer)) {
      return "unreadable stripe footer";
    }
    const StripeLayout layout = CheckStripeFooter(context, i, info,
                                                  stripe_footer, footer_span,
                                                  sink);
    if (!layout.readable) return "unreadable stripe layout";
    StripeData data;
    data.layout = &layout;
    data.streams.resize(layout.streams.size());
    for (size_t s = 0; s < layout.streams.size(); ++s) {
      const StreamRegion& region = layout.streams[s];
      if (region.kind == kEncryptedIndex || region.kind == kEncryptedData) {
        continue;
      }
      ByteReader bytes;
      if (file.Sub(region.bytes.offset, region.bytes.length, &bytes)) {
        (void)regions.DecodeRegion(bytes, tail.compression, tail.block_size,
                                   RegionUse::kStream, sink, "stream",
                                   &data.streams[s]);
      }
    }
    const std::string zone =
        stripe_footer.writer_timezone.present
            ? std::string(stripe_footer.writer_timezone.value)
            : "UTC";
    if (!ZoneKnown(zone)) return "time zone " + zone + " is not installed";
    setenv("TZ", zone.c_str(), 1);
    tzset();
    renderer.SetWriterZone();
    ReadStripeColumns(columns, i, info, stripe_footer, data, &renderer, sink);
  }
  setenv("TZ", "UTC", 1);
  tzset();
  std::string why;
  for (const std::string& f : renderer.failures()) why += f + "\n";
  if (renderer.rows() != expected.size()) {
    why += StrCat("rendered ", renderer.rows(), " rows of ", expected.size(),
                  "\n");
  }
  return why;
}

// A debugging aid: COLCHECK_ORC_DUMP=<file.orc> prints its rows as
// orc-contents would.
TEST(OrcValuesExternal, Dump) {
  if (!std::getenv("COLCHECK_ORC_DUMP")) {
    GTEST_SKIP() << "set COLCHECK_ORC_DUMP=<file.orc> to print its rows";
  }
  std::vector<std::string> none;
  std::printf("%s\n", CompareFile(std::getenv("COLCHECK_ORC_DUMP"), none).c_str());
}

TEST(OrcValuesExternal, DecodedValuesMatchOrcContents) {
  const fs::path dir = CorpusDir();
  if (dir.empty()) {
    GTEST_SKIP() << "COLCHECK_EXTERNAL_CORPUS is not set (or has no orc/)";
  }
  size_t matched = 0;
  size_t compared = 0;
  for (const fs::path& file : OrcFiles(dir)) {
    // TestMatch.cc pairs each example with expected/<stem>.jsn.gz.
    const fs::path json = dir / "expected" / (file.stem().string() + ".jsn.gz");
    if (!fs::is_regular_file(json)) continue;
    ++compared;
    const std::vector<std::string> expected = GzipLines(json);
    const std::string why = CompareFile(file, expected);
    if (why.empty()) {
      ++matched;
    } else {
      ADD_FAILURE() << file.filename() << " does not match " << json.filename()
                    << ":\n" << why;
    }
  }
  std::printf("%zu of %zu files match their expected/*.jsn.gz\n", matched,
              compared);
}

}  // namespace
}  // namespace colcheck::orc
