#include "reports/sizes.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/strings.h"
#include "reports/json.h"
#include "reports/json_writer.h"

namespace colcheck {
namespace {

// ORC Stream.Kind values that decide a stream's kind.
constexpr int64_t kDictionaryData = 3;
constexpr int64_t kDictionaryCount = 4;
constexpr int64_t kBloomFilter = 7;
constexpr int64_t kBloomFilterUtf8 = 8;
constexpr int64_t kOrcNoCompression = 0;

std::string Share(uint64_t part, uint64_t whole) {
  if (whole == 0) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1f%%",
                100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return buffer;
}

double Fraction(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0.0
                    : static_cast<double>(part) / static_cast<double>(whole);
}

std::string Cell(int64_t value) {
  return value < 0 ? "-" : std::to_string(value);
}

// The text right-aligned in `width` columns.
std::string Right(std::string text, size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

std::string Left(std::string text, size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

void WriteFraction(double value, JsonWriter* json) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.6g", value);
  json->Written(buffer);
}

}  // namespace

std::string_view SizeKindName(SizeKind kind) {
  switch (kind) {
    case SizeKind::kData:
      return "data";
    case SizeKind::kDictionaries:
      return "dictionaries";
    case SizeKind::kIndexes:
      return "indexes";
    case SizeKind::kBloomFilters:
      return "bloom filters";
    case SizeKind::kMetadata:
      return "metadata";
    case SizeKind::kGaps:
      return "gaps";
  }
  return "";
}

SizeKind SizeKindOf(const Region& region) {
  switch (region.kind) {
    case RegionKind::kDataPage:
    case RegionKind::kDataPageV2:
    case RegionKind::kIndexPage:
    case RegionKind::kChunkRest:
    case RegionKind::kOrcStripeRest:
      return SizeKind::kData;
    case RegionKind::kDictionaryPage:
      return SizeKind::kDictionaries;
    case RegionKind::kColumnIndex:
    case RegionKind::kOffsetIndex:
      return SizeKind::kIndexes;
    case RegionKind::kBloomFilter:
      return SizeKind::kBloomFilters;
    case RegionKind::kOrcDataStream:
      return region.stream.kind == kDictionaryData ||
                     region.stream.kind == kDictionaryCount
                 ? SizeKind::kDictionaries
                 : SizeKind::kData;
    case RegionKind::kOrcIndexStream:
      return region.stream.kind == kBloomFilter ||
                     region.stream.kind == kBloomFilterUtf8
                 ? SizeKind::kBloomFilters
                 : SizeKind::kIndexes;
    case RegionKind::kGap:
      return SizeKind::kGaps;
    default:
      return SizeKind::kMetadata;
  }
}

uint64_t ColumnSizes::total() const {
  uint64_t sum = 0;
  for (const uint64_t b : bytes) sum += b;
  return sum;
}

FileSizes ComputeSizes(const Inspection& in) {
  FileSizes sizes;
  sizes.file_size = in.layout.file_size;
  const bool orc = in.schema.kind == SchemaKind::kOrcTypes;
  if (orc) {
    for (size_t id = 0; id < in.schema.orc_types.size(); ++id) {
      ColumnSizes& c = sizes.columns.emplace_back();
      c.column = static_cast<int64_t>(id);
      c.path = in.schema.orc_types[id].path;
    }
  } else {
    for (const ColumnSummary& s : in.columns) {
      ColumnSizes& c = sizes.columns.emplace_back();
      c.column = s.column;
      c.path = s.path;
      c.compressed = static_cast<int64_t>(s.compressed_size);
      c.uncompressed = static_cast<int64_t>(s.uncompressed_size);
    }
  }
  for (const Region& r : in.layout.regions) {
    const auto kind = static_cast<size_t>(SizeKindOf(r));
    sizes.kinds[kind] += r.length;
    if (r.column >= 0 && static_cast<size_t>(r.column) < sizes.columns.size()) {
      sizes.columns[r.column].bytes[kind] += r.length;
    }
  }
  if (orc) {
    // ORC declares no per-column sizes: they are the streams'. Without
    // compression they are also the uncompressed sizes.
    const bool plain = in.orc.compression == kOrcNoCompression;
    for (ColumnSizes& c : sizes.columns) {
      c.compressed = static_cast<int64_t>(c.total());
      if (plain) c.uncompressed = c.compressed;
    }
  }
  return sizes;
}

std::string RenderSizesText(std::string_view path,
                            const Inspection& inspection) {
  const FileSizes sizes = ComputeSizes(inspection);
  std::string out =
      StrCat("file: ", path, ", ", sizes.file_size, " bytes\n",
             Left("kind", 14), Right("bytes", 14), Right("share", 8), "\n");
  for (size_t k = 0; k < kSizeKinds; ++k) {
    out += Left(std::string(SizeKindName(static_cast<SizeKind>(k))), 14) +
           Right(std::to_string(sizes.kinds[k]), 14) +
           Right(Share(sizes.kinds[k], sizes.file_size), 8) + "\n";
  }
  if (sizes.columns.empty()) return out;
  size_t width = 4;
  for (const ColumnSizes& c : sizes.columns) {
    width = std::max(width, c.path.size());
  }
  width = std::min<size_t>(width, 40);
  out += "\n" + Left("column", 7) + " " + Left("path", width) +
         Right("compressed", 12) + Right("uncompressed", 14) +
         Right("share", 8) + Right("data", 12) + Right("dictionaries", 14) +
         Right("indexes", 10) + Right("bloom", 10) + "\n";
  for (const ColumnSizes& c : sizes.columns) {
    out += Left(std::to_string(c.column), 7) + " " + Left(c.path, width) +
           Right(Cell(c.compressed), 12) + Right(Cell(c.uncompressed), 14) +
           Right(Share(c.total(), sizes.file_size), 8) +
           Right(std::to_string(c.bytes[0]), 12) +
           Right(std::to_string(c.bytes[1]), 14) +
           Right(std::to_string(c.bytes[2]), 10) +
           Right(std::to_string(c.bytes[3]), 10) + "\n";
  }
  return out;
}

std::string RenderSizesJson(std::string_view path,
                            const Inspection& inspection) {
  const FileSizes sizes = ComputeSizes(inspection);
  std::string out;
  JsonWriter json(&out);
  BeginJsonFileDocument(path, inspection.report, &json);
  json.Key("file_size").Uint(sizes.file_size);
  json.Key("kinds").BeginArray();
  for (size_t k = 0; k < kSizeKinds; ++k) {
    json.BeginObject()
        .Key("kind")
        .String(SizeKindName(static_cast<SizeKind>(k)))
        .Key("bytes")
        .Uint(sizes.kinds[k])
        .Key("share");
    WriteFraction(Fraction(sizes.kinds[k], sizes.file_size), &json);
    json.EndObject();
  }
  json.EndArray();
  json.Key("columns").BeginArray();
  for (const ColumnSizes& c : sizes.columns) {
    json.BeginObject().Key("column").Int(c.column).Key("path").String(c.path);
    json.Key("compressed").IntOrNull(c.compressed);
    json.Key("uncompressed").IntOrNull(c.uncompressed);
    json.Key("bytes").Uint(c.total()).Key("share");
    WriteFraction(Fraction(c.total(), sizes.file_size), &json);
    json.Key("data").Uint(c.bytes[0]);
    json.Key("dictionaries").Uint(c.bytes[1]);
    json.Key("indexes").Uint(c.bytes[2]);
    json.Key("bloom_filters").Uint(c.bytes[3]);
    json.EndObject();
  }
  json.EndArray().EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
