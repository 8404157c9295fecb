// `colcheck sizes`: where the bytes of an inspected file go, by kind of
// structure and by column, for Parquet and ORC alike (as parquet-cli's
// column-size and orc-tools' sizes show them).
//
// The kinds sum the layout's regions (colcheck/inspect.h):
//   data          data pages and what the page walk could not split
//                 (chunk rests); ORC: data streams but dictionaries,
//                 stripe rests
//   dictionaries  dictionary pages; ORC: DICTIONARY_DATA and
//                 DICTIONARY_COUNT streams
//   indexes       column and offset indexes; ORC: ROW_INDEX streams
//   bloom filters Parquet's, and ORC's BLOOM_FILTER(_UTF8) streams
//   metadata      magics, footer, footer length and signature; ORC:
//                 PostScript, Footer, Metadata, stripe footers
//   gaps          bytes no structure accounts for
// Page headers count with their pages. Overlapping regions count in each,
// so the kinds may sum to more than the file.
//
// Per column (Parquet: a leaf column over all row groups; ORC: a column
// id), the bytes of its regions by kind, its share of the file, and the
// compressed and uncompressed sizes the metadata declares (Parquet's
// total_compressed_size and total_uncompressed_size; ORC: uncompressed is
// known only for a file without compression).
//
// Text:
//   file: a.parquet, 1200 bytes
//   kind           bytes   share
//   data            900   75.0%
//   ...
//   column  path  compressed  uncompressed  share  data  dictionary  indexes
//   bloom
//
// JSON:
//   {"tool":...,"path":...,"format":...,"verdict":...,"file_size":1200,
//    "kinds":[{"kind":"data","bytes":900,"share":0.75},...],
//    "columns":[{"column":0,"path":"a","compressed":100|null,
//      "uncompressed":120|null,"bytes":104,"share":0.0866,"data":90,
//      "dictionaries":14,"indexes":0,"bloom_filters":0},...]}

#ifndef COLCHECK_REPORTS_SIZES_H_
#define COLCHECK_REPORTS_SIZES_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/inspect.h"

namespace colcheck {

enum class SizeKind : uint8_t {
  kData,
  kDictionaries,
  kIndexes,
  kBloomFilters,
  kMetadata,
  kGaps,
};
inline constexpr size_t kSizeKinds = 6;

// "data", "dictionaries", "indexes", "bloom filters", "metadata", "gaps".
std::string_view SizeKindName(SizeKind kind);

// Which kind `region` counts as.
SizeKind SizeKindOf(const Region& region);

struct ColumnSizes {
  int64_t column = 0;
  std::string path;
  int64_t compressed = -1;  // As the metadata declares; -1 unknown.
  int64_t uncompressed = -1;
  std::array<uint64_t, kSizeKinds> bytes{};  // Of its regions, by kind.
  uint64_t total() const;
};

struct FileSizes {
  uint64_t file_size = 0;
  std::array<uint64_t, kSizeKinds> kinds{};
  std::vector<ColumnSizes> columns;
};

FileSizes ComputeSizes(const Inspection& inspection);

std::string RenderSizesText(std::string_view path,
                            const Inspection& inspection);
std::string RenderSizesJson(std::string_view path,
                            const Inspection& inspection);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_SIZES_H_
