// InspectBytes: regions and their spans on hand-built files, gaps,
// overlaps, damaged and foreign input, the schema, and, on every file of
// the project and external corpora, the accounting invariant and the
// report equal to ValidateBytes'.

#include "colcheck/inspect.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/decode_counts.h"
#include "inspect/inspect_internal.h"
#include "testing/diagnostics.h"
#include "testing/expect_each.h"
#include "testing/metadata_builder.h"
#include "testing/minimal_file.h"
#include "testing/page_file.h"

namespace colcheck {
namespace {

using testing::Bytes;
using ::testing::ElementsAre;

constexpr Level kLevels[] = {Level::kFooter, Level::kPages, Level::kFull};

std::span<const std::byte> AsBytes(std::string_view s) {
  return {reinterpret_cast<const std::byte*>(s.data()), s.size()};
}

// Every byte in a region; sorted; inside the file; overlaps account for
// the bytes claimed twice. Returns a description of the first violation.
std::string CheckAccounting(const Layout& layout) {
  uint64_t sum = 0;
  uint64_t overlapped = 0;
  uint64_t covered_end = 0;
  for (size_t i = 0; i < layout.regions.size(); ++i) {
    const Region& r = layout.regions[i];
    if (r.length == 0) return "empty region " + std::to_string(i);
    if (r.offset > layout.file_size || r.length > layout.file_size - r.offset) {
      return "region " + std::to_string(i) + " leaves the file";
    }
    if (i > 0 && r.offset < layout.regions[i - 1].offset) {
      return "region " + std::to_string(i) + " out of order";
    }
    if (r.offset > covered_end) {
      return "bytes before " + std::to_string(r.offset) + " uncovered";
    }
    covered_end = std::max(covered_end, r.offset + r.length);
    sum += r.length;
  }
  if (covered_end != layout.file_size) return "the tail is uncovered";
  for (const Overlap& o : layout.overlaps) {
    if (o.first >= layout.regions.size() || o.second >= layout.regions.size()) {
      return "overlap index out of range";
    }
    overlapped += o.length;
  }
  if (sum - overlapped != layout.file_size) {
    return "regions sum to " + std::to_string(sum) + " - " +
           std::to_string(overlapped) + ", not " +
           std::to_string(layout.file_size);
  }
  return "";
}

std::vector<RegionKind> Kinds(const Layout& layout) {
  std::vector<RegionKind> kinds;
  for (const Region& r : layout.regions) kinds.push_back(r.kind);
  return kinds;
}

Inspection Inspect(std::span<const std::byte> data,
                   Level level = Level::kFull) {
  InspectOptions options;
  options.level = level;
  return InspectBytes(data, options);
}

// One OPTIONAL INT32 column "a": a V1 page of three values, one null.
testing::PageFile OnePageFile(testing::PageSpans* page) {
  testing::ColumnOptions column;
  column.repetition = 1;
  testing::PageFileBuilder b(column);
  testing::PageOptions o;
  o.num_values = 3;
  *page = b.AddPage(o, testing::Concat({testing::LengthPrefixed(
                                            testing::RleRuns({{1, 1}, {1, 0},
                                                              {1, 1}}, 1)),
                                        testing::PlainInt32({7, 8})}));
  return b.Finish();
}

TEST(InspectTest, PagesAndTailOfAValidFile) {
  testing::PageSpans page;
  const testing::PageFile f = OnePageFile(&page);
  const Inspection in = Inspect(f.span());
  ASSERT_EQ(in.report.verdict, Verdict::kValid)
      << testing::Dump(in.report.diagnostics);
  EXPECT_EQ(CheckAccounting(in.layout), "");
  EXPECT_THAT(Kinds(in.layout),
              ElementsAre(RegionKind::kMagic, RegionKind::kDataPage,
                          RegionKind::kFooter, RegionKind::kFooterLength,
                          RegionKind::kTailMagic));
  const Region& r = in.layout.regions[1];
  EXPECT_EQ(r.offset, page.header.offset);
  EXPECT_EQ(r.length, page.header.length + page.body.length);
  EXPECT_EQ(r.field, "row_groups[0].columns[0].pages[0]");
  EXPECT_EQ(r.container, 0);
  EXPECT_EQ(r.column, 0);
  EXPECT_EQ(r.page.type, 0);
  EXPECT_EQ(r.page.header_length, page.header.length);
  EXPECT_EQ(r.page.compressed_size, static_cast<int64_t>(page.body.length));
  EXPECT_EQ(r.page.encoding, 0);
  EXPECT_EQ(r.page.codec, 0);
  EXPECT_EQ(r.page.num_values, 3);
  EXPECT_EQ(r.page.num_nulls, 1);
  EXPECT_EQ(r.page.num_rows, 3);
  EXPECT_EQ(r.page.first_row, 0);
  EXPECT_EQ(r.page.ordinal, 0);
  const uint64_t size = f.bytes.size();
  EXPECT_EQ(in.layout.regions[3].offset, size - 8);
  EXPECT_EQ(in.layout.regions[4].offset, size - 4);
  ASSERT_EQ(in.layout.chunks.size(), 1u);
  EXPECT_EQ(in.layout.chunks[0].offset, page.header.offset);
  EXPECT_EQ(in.layout.chunks[0].length, page.header.length + page.body.length);
  EXPECT_EQ(in.layout.chunks[0].path, "a");
  ASSERT_EQ(in.layout.row_groups.size(), 1u);
  EXPECT_EQ(in.layout.row_groups[0].num_rows, 3);
  EXPECT_TRUE(in.layout.overlaps.empty());
}

TEST(InspectTest, SchemaAndColumnSummary) {
  testing::PageSpans page;
  const testing::PageFile f = OnePageFile(&page);
  const Inspection in = Inspect(f.span());
  ASSERT_TRUE(in.schema.ok);
  ASSERT_EQ(in.schema.fields.size(), 2u);
  EXPECT_EQ(in.schema.fields[0].name, "schema");
  EXPECT_THAT(in.schema.fields[0].children, ElementsAre(1));
  const SchemaField& a = in.schema.fields[1];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.path, "a");
  EXPECT_EQ(a.parent, 0);
  EXPECT_EQ(a.column, 0);
  EXPECT_EQ(a.physical, 1);
  EXPECT_EQ(a.repetition, 1);
  EXPECT_EQ(a.converted, -1);
  EXPECT_EQ(a.max_definition_level, 1);
  EXPECT_EQ(a.max_repetition_level, 0);
  // The element's bytes end with its name and the struct's STOP.
  ASSERT_GE(a.length, 2u);
  EXPECT_EQ(std::to_integer<char>(f.bytes[a.offset + a.length - 2]), 'a');
  EXPECT_EQ(f.bytes[a.offset + a.length - 1], std::byte{0});
  EXPECT_THAT(in.schema.leaves, ElementsAre(1));
  ASSERT_EQ(in.columns.size(), 1u);
  EXPECT_EQ(in.columns[0].path, "a");
  EXPECT_EQ(in.columns[0].num_values, 3);
  EXPECT_EQ(in.columns[0].data_pages, 1);
  EXPECT_EQ(in.columns[0].dictionary_pages, 0);
  EXPECT_EQ(in.columns[0].null_count, -1);  // No statistics.
  EXPECT_THAT(in.columns[0].codecs, ElementsAre(0));
  EXPECT_EQ(in.num_rows, 3);
  EXPECT_EQ(in.version, 2);
  EXPECT_EQ(in.created_by, "colcheck-test version 0.1.0 (build 0)");
}

TEST(InspectTest, FooterLevelShowsTheChunkAsChunkRest) {
  testing::PageSpans page;
  const testing::PageFile f = OnePageFile(&page);
  const Inspection in = Inspect(f.span(), Level::kFooter);
  EXPECT_EQ(CheckAccounting(in.layout), "");
  ASSERT_EQ(in.layout.regions[1].kind, RegionKind::kChunkRest);
  EXPECT_EQ(in.layout.regions[1].offset, page.header.offset);
  EXPECT_EQ(in.layout.regions[1].field, "row_groups[0].columns[0]");
  EXPECT_EQ(in.columns[0].data_pages, 0);
}

TEST(InspectTest, PagesLevelGivesHeadersWithoutDecodedCounts) {
  testing::PageSpans page;
  const testing::PageFile f = OnePageFile(&page);
  const Inspection in = Inspect(f.span(), Level::kPages);
  ASSERT_EQ(in.layout.regions[1].kind, RegionKind::kDataPage);
  EXPECT_EQ(in.layout.regions[1].page.num_values, 3);
  EXPECT_EQ(in.layout.regions[1].page.num_nulls, -1);
}

TEST(InspectTest, BytesAfterTheLastValueAreChunkRest) {
  testing::PageFileBuilder b;
  testing::PageOptions o;
  o.num_values = 2;
  const testing::PageSpans page = b.AddPage(o, testing::PlainInt32({1, 2}));
  const ByteSpan raw = b.AddRaw(Bytes(5, std::byte{0}));
  const testing::PageFile f = b.Finish();
  const Inspection in = Inspect(f.span());
  EXPECT_EQ(CheckAccounting(in.layout), "");
  ASSERT_EQ(in.layout.regions[2].kind, RegionKind::kChunkRest);
  EXPECT_EQ(in.layout.regions[2].offset, raw.offset);
  EXPECT_EQ(in.layout.regions[2].length, raw.length);
  EXPECT_EQ(in.layout.regions[1].offset + in.layout.regions[1].length,
            page.body.end());
}

TEST(InspectTest, BytesOutsideEveryChunkAreAGap) {
  const testing::MinimalFile f = testing::BuildMinimalFile();
  const Inspection in = Inspect(f.span());
  EXPECT_EQ(CheckAccounting(in.layout), "");
  EXPECT_THAT(Kinds(in.layout),
              ElementsAre(RegionKind::kMagic, RegionKind::kDataPage,
                          RegionKind::kGap, RegionKind::kFooter,
                          RegionKind::kFooterLength, RegionKind::kTailMagic));
  EXPECT_EQ(in.layout.regions[3].offset, f.footer.offset);
  EXPECT_EQ(in.layout.regions[3].length, f.footer.length);
  EXPECT_EQ(in.layout.regions[2].offset + in.layout.regions[2].length,
            f.footer.offset);
}

TEST(InspectTest, PlaintextSignatureFollowsTheFooter) {
  testing::MinimalFileOptions o;
  o.plaintext_encryption = true;
  o.footer_padding = 28;
  const testing::MinimalFile f = testing::BuildMinimalFile(o);
  const Inspection in = Inspect(f.span());
  EXPECT_EQ(CheckAccounting(in.layout), "");
  const Region& sig = in.layout.regions[in.layout.regions.size() - 3];
  EXPECT_EQ(sig.kind, RegionKind::kFooterSignature);
  EXPECT_EQ(sig.offset, f.footer.end() - 28);
  EXPECT_EQ(sig.length, 28u);
}

// Two columns whose chunks name the same page: each page is listed once per
// chunk, and the second copy overlaps the first.
Bytes TwoChunksOnePage(testing::PageSpans* page,
                       bool unknown_field = false) {
  testing::PageFileBuilder b;
  b.set_leaves({"a", "b"});
  if (unknown_field) b.set_unknown_field(20, -7);
  testing::PageOptions o;
  o.num_values = 2;
  *page = b.AddPage(o, testing::PlainInt32({1, 2}));
  return b.Finish().bytes;
}

TEST(InspectTest, TwoChunksOnTheSameBytesOverlap) {
  testing::PageSpans page;
  const Bytes bytes = TwoChunksOnePage(&page);
  for (Level level : kLevels) {
    const Inspection in = Inspect(bytes, level);
    EXPECT_EQ(CheckAccounting(in.layout), "");
    ASSERT_EQ(in.layout.overlaps.size(), 1u);
    const Overlap& o = in.layout.overlaps[0];
    EXPECT_EQ(o.offset, page.header.offset);
    EXPECT_EQ(o.length, page.header.length + page.body.length);
    EXPECT_EQ(in.layout.regions[o.first].column, 0);
    EXPECT_EQ(in.layout.regions[o.second].column, 1);
    EXPECT_EQ(in.layout.regions[o.second].offset, page.header.offset);
  }
}

// Each node lies inside its parent, children follow their parent one level
// deeper, and all lie inside `footer`.
std::string CheckFooterTree(const std::vector<FieldNode>& nodes,
                            ByteSpan footer) {
  std::vector<const FieldNode*> stack;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const FieldNode& n = nodes[i];
    if (n.depth > stack.size()) return "node " + std::to_string(i) + " too deep";
    stack.resize(n.depth);
    const uint64_t begin = stack.empty() ? footer.offset : stack.back()->offset;
    const uint64_t end = stack.empty() ? footer.end()
                                       : stack.back()->offset +
                                             stack.back()->length;
    if (n.offset < begin || n.offset + n.length > end) {
      return "node " + std::to_string(i) + " (" + n.name +
             ") outside its parent";
    }
    stack.push_back(&n);
  }
  return "";
}

const Region* FindKind(const Layout& layout, RegionKind kind) {
  for (const Region& r : layout.regions) {
    if (r.kind == kind) return &r;
  }
  return nullptr;
}

TEST(InspectTest, FooterFieldsCarryIdlNamesAndSpans) {
  testing::PageSpans page;
  const Bytes bytes = TwoChunksOnePage(&page, /*unknown_field=*/true);
  InspectOptions options;
  options.footer_fields = true;
  const Inspection in = InspectBytes(bytes, options);
  const Region* footer = FindKind(in.layout, RegionKind::kFooter);
  ASSERT_NE(footer, nullptr);
  EXPECT_EQ(CheckFooterTree(in.footer, {footer->offset, footer->length}), "");
  ASSERT_GE(in.footer.size(), 4u);
  const FieldNode& version = in.footer[0];
  EXPECT_EQ(version.name, "version");
  EXPECT_EQ(version.id, 1);
  EXPECT_EQ(version.type, "i32");
  EXPECT_EQ(version.offset, footer->offset);
  EXPECT_EQ(version.length, 2u);
  EXPECT_EQ(version.value, "2");
  EXPECT_EQ(version.depth, 0u);
  EXPECT_EQ(in.footer[1].name, "schema");
  EXPECT_EQ(in.footer[1].type, "list");
  EXPECT_EQ(in.footer[2].name, "[0]");
  EXPECT_EQ(in.footer[2].depth, 1u);
  EXPECT_EQ(in.footer[3].name, "name");
  EXPECT_EQ(in.footer[3].value, "\"schema\"");
  EXPECT_EQ(in.footer[3].depth, 2u);
  // The schema element's node spans exactly the element's bytes.
  EXPECT_EQ(in.footer[2].offset, in.schema.fields[0].offset);
  EXPECT_EQ(in.footer[2].length, in.schema.fields[0].length);
  const FieldNode& unknown = in.footer.back();
  EXPECT_EQ(unknown.name, "field 20");
  EXPECT_EQ(unknown.id, 20);
  EXPECT_EQ(unknown.value, "-7");
  EXPECT_EQ(unknown.depth, 0u);
  EXPECT_EQ(unknown.offset + unknown.length + 1, footer->offset + footer->length);
  bool saw_path = false;
  for (const FieldNode& n : in.footer) {
    saw_path |= n.name == "path_in_schema";
  }
  EXPECT_TRUE(saw_path);
  EXPECT_TRUE(Inspect(bytes).footer.empty());
}

// Options that also ask for the footer's fields.
InspectOptions WithFooterFields() {
  InspectOptions options;
  options.footer_fields = true;
  return options;
}

TEST(InspectTest, FooterTreeStopsAtItsCap) {
  testing::PageSpans page;
  const Bytes bytes = TwoChunksOnePage(&page);
  const InspectOptions options = WithFooterFields();
  const Inspection whole = InspectBytes(bytes, options);
  EXPECT_FALSE(whole.footer_capped);
  ASSERT_GT(whole.footer.size(), 5u);
  const Inspection capped =
      inspect::InspectWithLimits(bytes, options, {.field_nodes = 5});
  EXPECT_TRUE(capped.footer_capped);
  ASSERT_EQ(capped.footer.size(), 5u);
  for (size_t i = 0; i < capped.footer.size(); ++i) {
    EXPECT_EQ(capped.footer[i].name, whole.footer[i].name);
    EXPECT_EQ(capped.footer[i].offset, whole.footer[i].offset);
    EXPECT_EQ(capped.footer[i].length, whole.footer[i].length);
  }
}

// Inspects `bytes` at every level, with the footer's fields and without,
// and calls `check(inspection, counts, level)` with the decodes each took.
template <typename F>
void InspectEachWay(const std::vector<std::byte>& bytes, F check) {
  for (bool footer_fields : {false, true}) {
    for (Level level : {Level::kFooter, Level::kPages, Level::kFull}) {
      SCOPED_TRACE(::testing::Message()
                   << LevelName(level) << ", footer fields " << footer_fields);
      InspectOptions options;
      options.level = level;
      options.footer_fields = footer_fields;
      ThreadDecodeCounts() = {};
      const Inspection in = InspectBytes(bytes, options);
      EXPECT_EQ(in.footer.empty(), !footer_fields);
      check(in, ThreadDecodeCounts(), level);
    }
  }
}

// The footer tree is traced in the validation pass: FileMetaData is decoded
// once, at every level, with the footer's fields or without.
TEST(InspectTest, DecodesFileMetaDataOnce) {
  testing::PageSpans page;
  InspectEachWay(TwoChunksOnePage(&page),
                 [](const Inspection&, const DecodeCounts& counts, Level) {
                   EXPECT_EQ(counts.file_metadata, 1u);
                 });
}

// A wrong footer length makes the pass decode FileMetaData again from the
// start it finds: the tree is that decode's, not the first one's.
TEST(InspectTest, FooterTreeFollowsTheStartTheFooterSearchFinds) {
  testing::PageSpans page;
  const Bytes bytes = TwoChunksOnePage(&page);
  const InspectOptions options = WithFooterFields();
  const Inspection whole = InspectBytes(bytes, options);
  const Region* footer = FindKind(whole.layout, RegionKind::kFooter);
  ASSERT_NE(footer, nullptr);
  // One byte 0x15 (the header of an i32 field 1, FileMetaData's version)
  // before FileMetaData, counted in the footer length: decoded from the
  // declared start, it reads a version, then misaligned bytes. That first
  // trace has nodes, which the kept one must not repeat.
  Bytes shifted = bytes;
  shifted.insert(shifted.begin() + static_cast<ptrdiff_t>(footer->offset),
                 std::byte{0x15});
  const size_t length_at = shifted.size() - 8;
  shifted[length_at] = static_cast<std::byte>(
      static_cast<uint8_t>(shifted[length_at]) + 1);  // No carry: < 255.
  ASSERT_LT(footer->length, 255u);
  const Inspection in = InspectBytes(shifted, options);
  // (TwoChunksOnePage's chunks share their page: metadata.region-overlap
  // too, as in the unbroken file.)
  EXPECT_TRUE(testing::HasDiagnostic(in.report.diagnostics,
                                     Code::kFileFooterLengthMismatch,
                                     {length_at, 4}, "footer_length"));
  ASSERT_EQ(in.footer.size(), whole.footer.size());
  for (size_t i = 0; i < in.footer.size(); ++i) {
    EXPECT_EQ(in.footer[i].name, whole.footer[i].name);
    EXPECT_EQ(in.footer[i].offset, whole.footer[i].offset + 1);
    EXPECT_EQ(in.footer[i].length, whole.footer[i].length);
  }
}

TEST(InspectTest, ThreeClaimsOnOneByteCountTwice) {
  Layout layout;
  layout.file_size = 10;
  std::vector<Region> leaves(3);
  leaves[0].offset = 0;
  leaves[0].length = 10;
  leaves[1].offset = 2;
  leaves[1].length = 3;
  leaves[2].offset = 3;
  leaves[2].length = 5;
  for (Region& r : leaves) r.kind = RegionKind::kChunkRest;
  inspect::FinishLayout(leaves, &layout);
  EXPECT_EQ(CheckAccounting(layout), "");
  ASSERT_EQ(layout.overlaps.size(), 2u);
  EXPECT_EQ(layout.overlaps[1].first, 0u);
  EXPECT_EQ(layout.overlaps[1].offset, 3u);
  EXPECT_EQ(layout.overlaps[1].length, 5u);
}

TEST(InspectTest, TruncatedFileKeepsWhatIsKnown) {
  testing::PageSpans page;
  const testing::PageFile f = OnePageFile(&page);
  for (size_t keep : {size_t{0}, size_t{3}, size_t{4}, size_t{9},
                      f.bytes.size() / 2, f.bytes.size() - 1}) {
    const std::span<const std::byte> cut = f.span().first(keep);
    for (Level level : kLevels) {
      const Inspection in = Inspect(cut, level);
      EXPECT_EQ(CheckAccounting(in.layout), "") << keep;
      EXPECT_EQ(in.report.verdict, Verdict::kInvalid);
      if (keep >= 4) {
        EXPECT_EQ(in.layout.regions[0].kind, RegionKind::kMagic);
      }
    }
  }
}

TEST(InspectTest, HostileFooterLengthStaysInsideTheFile) {
  testing::PageSpans page;
  testing::PageFile f = OnePageFile(&page);
  const size_t at = f.bytes.size() - 8;
  for (uint32_t length : {0u, 5u, 0xFFFFFFF0u,
                          static_cast<uint32_t>(f.bytes.size() - 12),
                          static_cast<uint32_t>(f.bytes.size() - 11)}) {
    Bytes bytes = f.bytes;
    for (int i = 0; i < 4; ++i) {
      bytes[at + i] = std::byte{static_cast<uint8_t>(length >> (8 * i))};
    }
    const Inspection in = Inspect(bytes);
    EXPECT_EQ(CheckAccounting(in.layout), "") << length;
  }
}

TEST(InspectTest, GarbageAndOrc) {
  const Inspection garbage = Inspect(AsBytes("not a parquet file at all"));
  EXPECT_EQ(CheckAccounting(garbage.layout), "");
  EXPECT_THAT(Kinds(garbage.layout), ElementsAre(RegionKind::kGap));
  // ORC with no tail: the header, then the last byte read as psLen.
  const Inspection orc = Inspect(AsBytes("ORC and then some bytes"));
  EXPECT_EQ(orc.report.format, Format::kOrc);
  EXPECT_EQ(CheckAccounting(orc.layout), "");
  EXPECT_THAT(Kinds(orc.layout),
              ElementsAre(RegionKind::kOrcMagic, RegionKind::kGap,
                          RegionKind::kOrcPsLen));
  const Inspection empty = Inspect({});
  EXPECT_TRUE(empty.layout.regions.empty());
  const Inspection encrypted = Inspect(AsBytes(std::string_view("PARE....crypto\x06\0\0\0PARE", 22)));
  EXPECT_EQ(CheckAccounting(encrypted.layout), "");
  EXPECT_THAT(Kinds(encrypted.layout),
              ElementsAre(RegionKind::kMagic, RegionKind::kGap,
                          RegionKind::kFooter, RegionKind::kFooterLength,
                          RegionKind::kTailMagic));
}

TEST(InspectTest, PageLimitLeavesChunkRestAndSaysSo) {
  testing::PageSpans page;
  const testing::PageFile f = OnePageFile(&page);
  const Inspection in =
      inspect::InspectWithLimits(f.span(), InspectOptions(), {.regions = 0});
  EXPECT_TRUE(in.layout.capped);
  EXPECT_EQ(CheckAccounting(in.layout), "");
  EXPECT_EQ(in.layout.regions[1].kind, RegionKind::kChunkRest);
  ASSERT_FALSE(in.report.diagnostics.empty());
  EXPECT_EQ(in.report.diagnostics.back().code, Code::kLimitsInspectRegions);
  // Validated whole, but not shown whole: the report is not complete.
  EXPECT_FALSE(in.report.complete);
  const Inspection uncapped = Inspect(f.span());
  EXPECT_FALSE(uncapped.layout.capped);
  EXPECT_TRUE(uncapped.report.complete);
}

TEST(InspectTest, Names) {
  testing::ExpectEach(PhysicalTypeName, {{7, "FIXED_LEN_BYTE_ARRAY"}});
  testing::ExpectEach(ConvertedTypeName,
                      {{0, "UTF8"}, {21, "INTERVAL"}, {22, ""}});
  testing::ExpectEach(RepetitionName, {{2, "REPEATED"}});
  testing::ExpectEach(EncodingName, {{1, ""}, {8, "RLE_DICTIONARY"}});
  testing::ExpectEach(CodecName, {{6, "ZSTD"}, {-1, ""}});
  testing::ExpectEach(PageTypeName, {{3, "DATA_PAGE_V2"}});
  testing::ExpectEach(RegionKindName,
                      {{RegionKind::kGap, "gap"},
                       {RegionKind::kFooterSignature, "footer-signature"},
                       {RegionKind::kOrcMagic, "orc-magic"},
                       {RegionKind::kOrcEncryptedStripeStatistics,
                        "encrypted-stripe-statistics"},
                       {RegionKind::kOrcPsLen, "pslen"}});
  EXPECT_TRUE(IsOrcRegionKind(RegionKind::kOrcMagic));
  EXPECT_FALSE(IsOrcRegionKind(RegionKind::kGap));
  testing::ExpectEach(OrcTypeKindName, {{12, "STRUCT"}, {99, ""}});
  testing::ExpectEach(OrcStreamKindName,
                      {{6, "ROW_INDEX"}, {100, "STRIPE_STATISTICS"}, {11, ""}});
  testing::ExpectEach(OrcEncodingKindName, {{3, "DICTIONARY_V2"}});
  testing::ExpectEach(OrcCompressionKindName, {{5, "ZSTD"}, {-1, ""}});
}

// ---- corpora ------------------------------------------------------------------

std::vector<std::byte> ReadAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> chars((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  std::vector<std::byte> out(chars.size());
  if (!chars.empty()) std::memcpy(out.data(), chars.data(), chars.size());
  return out;
}

bool SameReport(const Report& a, const Report& b) {
  if (a.format != b.format || a.size != b.size || a.verdict != b.verdict ||
      a.diagnostics.size() != b.diagnostics.size()) {
    return false;
  }
  for (size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic& x = a.diagnostics[i];
    const Diagnostic& y = b.diagnostics[i];
    if (x.code != y.code || x.offset != y.offset || x.length != y.length ||
        x.field != y.field || x.message != y.message ||
        x.column != y.column) {
      return false;
    }
  }
  return true;
}

// ORC fields: under the depth-0 "postscript" and "footer" nodes, each
// lying in its region, every node inside its parent's span and the file.
std::string CheckOrcFieldTree(const Inspection& in) {
  std::vector<const FieldNode*> open;
  for (size_t i = 0; i < in.footer.size(); ++i) {
    const FieldNode& n = in.footer[i];
    const std::string at = "node " + std::to_string(i) + " " + n.name;
    if (n.offset > in.layout.file_size ||
        n.length > in.layout.file_size - n.offset) {
      return at + " leaves the file";
    }
    if (n.depth == 0) {
      if (n.name != "postscript" && n.name != "footer") return at + " at top";
      const RegionKind kind = n.name == "postscript"
                                  ? RegionKind::kOrcPostScript
                                  : RegionKind::kOrcFooter;
      const Region* r = FindKind(in.layout, kind);
      if (r == nullptr || r->offset != n.offset || r->length != n.length) {
        return at + " is not its region";
      }
    }
    if (n.depth > open.size()) return at + " skips a level";
    open.resize(n.depth);
    if (!open.empty()) {
      const FieldNode& p = *open.back();
      if (n.offset < p.offset || n.offset + n.length > p.offset + p.length) {
        return at + " leaves its parent " + p.name;
      }
    }
    open.push_back(&n);
  }
  return "";
}

// Inspects `path` at every level: accounting holds and the report is the
// validation's.
void CheckFile(const std::filesystem::path& path) {
  const std::vector<std::byte> bytes = ReadAll(path);
  for (Level level : kLevels) {
    InspectOptions options;
    options.level = level;
    options.footer_fields = true;
    const Inspection in = InspectBytes(bytes, options);
    EXPECT_EQ(CheckAccounting(in.layout), "")
        << path << " at " << LevelName(level);
    if (in.report.format == Format::kOrc) {
      EXPECT_EQ(CheckOrcFieldTree(in), "") << path;
    }
    if (const Region* footer = FindKind(in.layout, RegionKind::kFooter)) {
      EXPECT_EQ(CheckFooterTree(in.footer, {footer->offset, footer->length}),
                "")
          << path;
    }
    Options v;
    v.level = level;
    EXPECT_TRUE(SameReport(in.report, ValidateBytes(bytes, v)))
        << path << " at " << LevelName(level);
  }
}

std::vector<std::filesystem::path> FilesUnder(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    // Every file, not only .parquet and .orc: inspecting any bytes must
    // keep the accounting.
    files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(InspectCorpusTest, ProjectCorpus) {
  // The project corpus is part of the source tree, so it is never skipped.
  const auto files =
      FilesUnder(std::filesystem::path(COLCHECK_INSPECT_SOURCE_DIR) / "corpus");
  ASSERT_FALSE(files.empty());
  for (const auto& path : files) CheckFile(path);
}

// Damaged copies of the valid corpus: a byte overwritten at evenly spread
// offsets, and the file cut short. Hostile input is the normal case, so
// every copy must still be accounted for byte by byte.
TEST(InspectCorpusTest, DamagedValidFiles) {
  const std::filesystem::path root(COLCHECK_INSPECT_SOURCE_DIR);
  auto files = FilesUnder(root / "corpus/valid");
  ASSERT_FALSE(files.empty());
  const auto orc = FilesUnder(root / "corpus/orc/valid");
  ASSERT_FALSE(orc.empty());
  files.insert(files.end(), orc.begin(), orc.end());
  InspectOptions options;
  options.footer_fields = true;
  for (const auto& path : files) {
    const std::vector<std::byte> original = ReadAll(path);
    for (size_t k = 1; k < 24 && original.size() > 24; ++k) {
      std::vector<std::byte> bytes = original;
      const size_t at = bytes.size() * k / 24;
      bytes[at] = std::byte{static_cast<uint8_t>(0xFF - k)};
      const Inspection in = InspectBytes(bytes, options);
      EXPECT_EQ(CheckAccounting(in.layout), "") << path << " byte " << at;
      if (in.report.format == Format::kOrc) {
        EXPECT_EQ(CheckOrcFieldTree(in), "") << path << " byte " << at;
      }
      const std::span<const std::byte> cut =
          std::span(original).first(original.size() * k / 24);
      EXPECT_EQ(CheckAccounting(InspectBytes(cut, options).layout), "")
          << path << " cut at " << cut.size();
    }
  }
}

TEST(InspectCorpusTest, ExternalCorpus) {
  const char* env = std::getenv("COLCHECK_EXTERNAL_CORPUS");
  const std::filesystem::path dir =
      env != nullptr && *env != '\0' ? env : "../shared/corpus-external";
  if (!std::filesystem::is_directory(dir)) {
    GTEST_SKIP() << dir << " not found; set COLCHECK_EXTERNAL_CORPUS";
  }
  const auto files = FilesUnder(dir);
  ASSERT_FALSE(files.empty());
  for (const auto& path : files) CheckFile(path);
}

// ---- ORC ------------------------------------------------------------------------

std::vector<std::byte> OrcCorpusFile(std::string_view name) {
  return ReadAll(std::filesystem::path(COLCHECK_INSPECT_SOURCE_DIR) /
                 "corpus/orc/valid" / name);
}

size_t CountKind(const Layout& layout, RegionKind kind) {
  return std::count_if(layout.regions.begin(), layout.regions.end(),
                       [&](const Region& r) { return r.kind == kind; });
}

TEST(InspectOrcTest, LayoutOfAValidFile) {
  const std::vector<std::byte> bytes = OrcCorpusFile("nested.orc");
  ASSERT_FALSE(bytes.empty());
  const Inspection in = Inspect(bytes);
  EXPECT_EQ(in.report.format, Format::kOrc);
  EXPECT_EQ(in.report.verdict, Verdict::kValid);
  EXPECT_EQ(CheckAccounting(in.layout), "");
  EXPECT_TRUE(in.layout.overlaps.empty());
  EXPECT_EQ(CountKind(in.layout, RegionKind::kGap), 0u);
  const std::vector<Region>& r = in.layout.regions;
  ASSERT_GE(r.size(), 5u);
  EXPECT_EQ(r.front().kind, RegionKind::kOrcMagic);
  EXPECT_EQ(r.front().length, 3u);
  EXPECT_EQ(r.back().kind, RegionKind::kOrcPsLen);
  EXPECT_EQ(r.back().offset, bytes.size() - 1);
  EXPECT_EQ(r[r.size() - 2].kind, RegionKind::kOrcPostScript);
  EXPECT_EQ(r[r.size() - 3].kind, RegionKind::kOrcFooter);
  EXPECT_EQ(r[r.size() - 4].kind, RegionKind::kOrcMetadata);
  // Two stripes, each with its footer; streams name stripe, column, kind.
  ASSERT_EQ(in.layout.stripes.size(), 2u);
  EXPECT_EQ(in.layout.stripes[0].offset, 3u);
  EXPECT_EQ(in.layout.stripes[0].num_rows, 10);
  EXPECT_EQ(in.layout.stripes[0].streams, 61);
  EXPECT_EQ(in.layout.stripes[0].writer_timezone, "UTC");
  EXPECT_EQ(CountKind(in.layout, RegionKind::kOrcStripeFooter), 2u);
  EXPECT_EQ(CountKind(in.layout, RegionKind::kOrcStripeRest), 0u);
  EXPECT_EQ(r[1].kind, RegionKind::kOrcIndexStream);
  EXPECT_EQ(r[1].field, "stripes[0].streams[0]");
  EXPECT_EQ(r[1].container, 0);
  EXPECT_EQ(r[1].column, 0);
  EXPECT_EQ(r[1].stream.kind, 6);  // ROW_INDEX
  EXPECT_EQ(r[1].stream.index, 0);
  EXPECT_EQ(r[1].offset, 3u);
  const auto data = std::find_if(r.begin(), r.end(), [](const Region& x) {
    return x.kind == RegionKind::kOrcDataStream;
  });
  ASSERT_NE(data, r.end());
  EXPECT_EQ(data->field, "stripes[0].streams[26]");
  EXPECT_EQ(data->stream.kind, 1);  // DATA
  EXPECT_EQ(data->column, 1);
  EXPECT_EQ(data->stream.encoding, 2);  // DIRECT_V2
  EXPECT_EQ(in.num_rows, 24);
}

// The inspection observes the validation pass instead of decoding the
// file again: each message of the tail, and each stripe footer, is decoded
// once, at every level, with the footer's fields or without.
TEST(InspectOrcTest, DecodesEachMessageOnce) {
  const std::vector<std::byte> bytes = OrcCorpusFile("nested.orc");
  ASSERT_FALSE(bytes.empty());
  InspectEachWay(
      bytes, [](const Inspection& in, const DecodeCounts& counts, Level level) {
        ASSERT_EQ(in.layout.stripes.size(), 2u);
        EXPECT_EQ(counts.postscripts, 1u);
        EXPECT_EQ(counts.footers, 1u);
        EXPECT_EQ(counts.stripe_footers, level == Level::kFooter ? 0u : 2u);
      });
}

TEST(InspectOrcTest, TypeTree) {
  const Inspection in = Inspect(OrcCorpusFile("nested.orc"), Level::kFooter);
  const Schema& s = in.schema;
  EXPECT_TRUE(s.ok);
  EXPECT_TRUE(s.fields.empty());
  ASSERT_EQ(s.orc_types.size(), 26u);
  EXPECT_EQ(s.orc_types[0].kind, 12);  // STRUCT
  EXPECT_EQ(s.orc_types[0].parent, -1);
  EXPECT_EQ(s.orc_types[1].name, "id");
  EXPECT_EQ(s.orc_types[1].kind, 4);  // LONG
  EXPECT_EQ(s.orc_types[1].parent, 0);
  EXPECT_EQ(s.orc_types[2].name, "tags");
  EXPECT_THAT(s.orc_types[2].children, ElementsAre(3));
  EXPECT_EQ(s.orc_types[3].parent, 2);
  EXPECT_EQ(s.orc_types[3].name, "");
  EXPECT_EQ(s.orc_types[22].path, "meta.origin.host");
  EXPECT_GT(s.orc_types[1].length, 0u);
}

TEST(InspectOrcTest, DecimalAndCharAttributes) {
  const Inspection in = Inspect(OrcCorpusFile("codec_zlib.orc"), Level::kFooter);
  bool decimal = false;
  for (const OrcType& t : in.schema.orc_types) {
    if (t.kind != 14) continue;
    decimal = true;
    EXPECT_GT(t.precision, 0);
    EXPECT_GE(t.scale, 0);
  }
  EXPECT_TRUE(decimal);
}

TEST(InspectOrcTest, FooterLevelLeavesStripesAsStripeRest) {
  const Inspection in = Inspect(OrcCorpusFile("nested.orc"), Level::kFooter);
  EXPECT_EQ(CheckAccounting(in.layout), "");
  EXPECT_EQ(CountKind(in.layout, RegionKind::kOrcStripeRest), 2u);
  EXPECT_EQ(CountKind(in.layout, RegionKind::kOrcIndexStream), 0u);
  EXPECT_EQ(CountKind(in.layout, RegionKind::kOrcStripeFooter), 2u);
  ASSERT_EQ(in.layout.stripes.size(), 2u);
  EXPECT_EQ(in.layout.stripes[0].streams, -1);
  const Region& rest = in.layout.regions[1];
  EXPECT_EQ(rest.kind, RegionKind::kOrcStripeRest);
  EXPECT_EQ(rest.field, "stripes[0]");
  EXPECT_EQ(rest.length, in.layout.stripes[0].index_length +
                             in.layout.stripes[0].data_length);
}

TEST(InspectOrcTest, CompressionChunksAreCounted) {
  const Inspection zlib = Inspect(OrcCorpusFile("codec_zlib.orc"));
  const Inspection none = Inspect(OrcCorpusFile("codec_none.orc"));
  size_t counted = 0;
  for (const Region& r : zlib.layout.regions) {
    if (r.stream.index < 0) continue;
    EXPECT_GE(r.stream.chunks, 1) << r.field;
    ++counted;
  }
  EXPECT_GT(counted, 0u);
  for (const Region& r : none.layout.regions) {
    if (r.stream.index >= 0) {
      EXPECT_EQ(r.stream.chunks, -1) << r.field;
    }
  }
}

TEST(InspectOrcTest, StreamLimitLeavesStripeRestAndSaysSo) {
  const std::vector<std::byte> bytes = OrcCorpusFile("nested.orc");
  const Inspection in =
      inspect::InspectWithLimits(bytes, InspectOptions(), {.regions = 5});
  EXPECT_TRUE(in.layout.capped);
  EXPECT_EQ(CheckAccounting(in.layout), "");
  EXPECT_EQ(CountKind(in.layout, RegionKind::kOrcIndexStream) +
                CountKind(in.layout, RegionKind::kOrcDataStream),
            5u);
  EXPECT_EQ(CountKind(in.layout, RegionKind::kOrcStripeRest), 2u);
  ASSERT_FALSE(in.report.diagnostics.empty());
  EXPECT_EQ(in.report.diagnostics.back().code, Code::kLimitsInspectRegions);
  EXPECT_FALSE(in.report.complete);
  EXPECT_TRUE(InspectBytes(bytes, InspectOptions()).report.complete);
}

TEST(InspectOrcTest, PostScriptAndFooterFields) {
  const std::vector<std::byte> bytes = OrcCorpusFile("codec_zlib.orc");
  InspectOptions options;
  options.footer_fields = true;
  const Inspection in = InspectBytes(bytes, options);
  EXPECT_EQ(CheckOrcFieldTree(in), "");
  ASSERT_FALSE(in.footer.empty());
  EXPECT_EQ(in.footer[0].name, "postscript");
  EXPECT_EQ(in.footer[0].type, "message");
  const auto find = [&](std::string_view name) -> const FieldNode* {
    for (const FieldNode& n : in.footer) {
      if (n.name == name) return &n;
    }
    return nullptr;
  };
  const FieldNode* magic = find("magic");
  ASSERT_NE(magic, nullptr);
  EXPECT_EQ(magic->id, 8000);
  EXPECT_EQ(magic->type, "len");
  EXPECT_EQ(magic->value, "\"ORC\"");
  EXPECT_EQ(magic->depth, 1u);
  // "ORC" ends the PostScript: tag 8000 (3 bytes), length, 3 bytes.
  EXPECT_EQ(magic->offset + magic->length, bytes.size() - 1);
  EXPECT_EQ(magic->length, 7u);
  const FieldNode* compression = find("compression");
  ASSERT_NE(compression, nullptr);
  EXPECT_EQ(compression->value, "1");  // ZLIB
  ASSERT_NE(find("footer"), nullptr);
  const FieldNode* types = find("types");
  ASSERT_NE(types, nullptr);
  EXPECT_EQ(types->depth, 1u);
  EXPECT_TRUE(types->value.empty());  // A message.
  EXPECT_FALSE(in.footer_capped);
}

TEST(InspectOrcTest, DamagedTailsStayInsideTheFile) {
  const std::vector<std::byte> original = OrcCorpusFile("codec_snappy.orc");
  ASSERT_GT(original.size(), 64u);
  InspectOptions options;
  options.footer_fields = true;
  // Every byte of the tail's last 64 set to 0xff, then to 0x00.
  for (size_t back = 1; back <= 64; ++back) {
    for (std::byte value : {std::byte{0xff}, std::byte{0x00}}) {
      std::vector<std::byte> bytes = original;
      bytes[bytes.size() - back] = value;
      const Inspection in = InspectBytes(bytes, options);
      EXPECT_EQ(CheckAccounting(in.layout), "") << back;
      EXPECT_EQ(CheckOrcFieldTree(in), "") << back;
      Options v;
      EXPECT_TRUE(SameReport(in.report, ValidateBytes(bytes, v))) << back;
    }
  }
}

}  // namespace
}  // namespace colcheck
