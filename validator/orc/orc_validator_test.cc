// The tail, Footer, type tree and stripe rules, on hand-built files. Each
// test breaks one rule and asserts the code and its exact span.

#include "orc/orc_validator.h"

#include <functional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/metadata.h"
#include "orc/testing/orc_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc {
namespace {

using testing::Check;
using testing::Describe;
using ::testing::ElementsAre;
using testing::EmptyFile;
using testing::HasDiagnostic;
using testing::IsDiagnostic;
using testing::OrcFile;
using testing::ProtoWriter;

TEST(OrcTailTest, EmptyFileIsClean) {
  OrcFile f = EmptyFile();
  const auto ds = Check(f.Build());
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcTailTest, TooSmall) {
  EXPECT_THAT(Check("ORC"), ElementsAre(IsDiagnostic(Code::kOrcTailTooSmall,
                                                     (ByteSpan{0, 3}))));
}

TEST(OrcTailTest, PostscriptLengthTooLarge) {
  std::string bytes = EmptyFile().Build();
  bytes.back() = static_cast<char>(250);
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTailPostscriptLength,
                                       (ByteSpan{bytes.size() - 1, 1}))));
}

TEST(OrcTailTest, PostscriptLengthTooSmall) {
  std::string bytes = EmptyFile().Build();
  bytes.back() = 3;
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTailPostscriptLength,
                                       (ByteSpan{bytes.size() - 1, 1}))));
}

TEST(OrcTailTest, BadHeaderMagic) {
  std::string bytes = EmptyFile().Build();
  bytes[0] = 'X';
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTailBadHeaderMagic,
                                       (ByteSpan{0, 3}))));
}

OrcFile WithPostScript(const std::function<void(OrcFile&, ProtoWriter&)>& fn) {
  OrcFile f = EmptyFile();
  f.custom_postscript = true;
  ProtoWriter ps;
  fn(f, ps);
  f.postscript = ps;
  return f;
}

TEST(OrcTailTest, BadPostscriptMagic) {
  OrcFile f = WithPostScript([](OrcFile& f, ProtoWriter& ps) {
    ps.Varint(1, f.footer.bytes().size()).Varint(2, 0).Packed(4, {0, 12});
    ps.Bytes(8000, "ORK", "magic");
  });
  const std::string bytes = f.Build();
  // Not alone: the file also gets orc-tail.writer-version.
  EXPECT_TRUE(HasDiagnostic(Check(bytes), Code::kOrcTailBadPostscriptMagic,
                            f.PostScriptMark("magic")));
}

TEST(OrcTailTest, MagicNotLast) {
  OrcFile f = WithPostScript([](OrcFile& f, ProtoWriter& ps) {
    ps.Varint(1, f.footer.bytes().size()).Varint(2, 0);
    ps.Bytes(8000, "ORC", "magic").Packed(4, {0, 12});
  });
  const std::string bytes = f.Build();
  const ByteSpan magic = f.PostScriptMark("magic");
  // The whole field: three tag bytes (8000 << 3 | 2), the length, "ORC".
  // Not alone: the file also gets orc-tail.writer-version.
  EXPECT_TRUE(HasDiagnostic(Check(bytes), Code::kOrcTailBadPostscriptMagic,
                            (ByteSpan{magic.offset - 4, 7})));
}

TEST(OrcTailTest, MagicAbsentFallsBackOnHeader) {
  OrcFile f = WithPostScript([](OrcFile& f, ProtoWriter& ps) {
    ps.Varint(1, f.footer.bytes().size()).Varint(2, 0).Packed(4, {0, 12});
    ps.Varint(6, 6);
  });
  const std::string bytes = f.Build();
  const auto ds = Check(bytes);
  EXPECT_THAT(
      ds, ElementsAre(IsDiagnostic(
              Code::kOrcTailPostscriptMagicAbsent,
              (ByteSpan{f.PostScriptOffset(), f.postscript.bytes().size()}))));
  EXPECT_EQ(ds.size(), 1u) << Describe(ds);
}

TEST(OrcTailTest, Versions) {
  struct Case {
    std::vector<uint64_t> version;
    Code code;
  };
  for (const Case& c : {Case{{0, 11, 1}, Code::kOrcTailVersionLength},
                        Case{{1, 9999}, Code::kOrcTailUnstableVersion},
                        Case{{0, 13}, Code::kOrcTailUnknownVersion},
                        Case{{2, 0}, Code::kOrcTailUnknownVersion}}) {
    OrcFile f = WithPostScript([&](OrcFile& f, ProtoWriter& ps) {
      ps.Varint(1, f.footer.bytes().size()).Varint(2, 0);
      std::string packed;
      for (uint64_t v : c.version) ProtoWriter::PutVarint(packed, v);
      ps.Bytes(4, packed, "version").Bytes(8000, "ORC");
    });
    const std::string bytes = f.Build();
    // Not alone: the file also gets orc-tail.writer-version.
    EXPECT_TRUE(
        HasDiagnostic(Check(bytes), c.code, f.PostScriptMark("version")));
  }
}

TEST(OrcTailTest, VersionAbsent) {
  OrcFile f = WithPostScript([](OrcFile& f, ProtoWriter& ps) {
    ps.Varint(1, f.footer.bytes().size()).Varint(2, 0).Bytes(8000, "ORC");
  });
  const std::string bytes = f.Build();
  // Not alone: the file also gets orc-tail.writer-version.
  EXPECT_TRUE(HasDiagnostic(
      Check(bytes), Code::kOrcTailVersionAbsent,
      (ByteSpan{f.PostScriptOffset(), f.postscript.bytes().size()})));
}

TEST(OrcTailTest, CompressionAbsentAndUnknown) {
  OrcFile absent = WithPostScript([](OrcFile& f, ProtoWriter& ps) {
    ps.Varint(1, f.footer.bytes().size()).Packed(4, {0, 12});
    ps.Bytes(8000, "ORC");
  });
  std::string bytes = absent.Build();
  // Not alone: the file also gets orc-tail.writer-version.
  EXPECT_TRUE(HasDiagnostic(
      Check(bytes), Code::kOrcTailCompressionAbsent,
      (ByteSpan{absent.PostScriptOffset(), absent.postscript.bytes().size()})));
  OrcFile unknown = WithPostScript([](OrcFile& f, ProtoWriter& ps) {
    ps.Varint(1, f.footer.bytes().size()).Varint(2, 9, "compression");
    ps.Packed(4, {0, 12}).Bytes(8000, "ORC");
  });
  bytes = unknown.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTailUnknownCompression,
                                       unknown.PostScriptMark("compression"))));
}

// Frames `bytes` as one original (stored) chunk.
std::string OriginalChunk(const std::string& bytes) {
  const uint64_t v = (bytes.size() << 1) | 1;
  std::string out = {static_cast<char>(v), static_cast<char>(v >> 8),
                     static_cast<char>(v >> 16)};
  return out + bytes;
}

// A ZLIB file whose footer is one original chunk.
OrcFile CompressedFile(const std::function<void(ProtoWriter&)>& block_size) {
  OrcFile f = EmptyFile();
  const std::string footer = OriginalChunk(f.footer.bytes());
  f.footer = ProtoWriter();
  f.footer.Raw(footer);
  f.custom_postscript = true;
  f.postscript = ProtoWriter();
  f.postscript.Varint(1, footer.size()).Varint(2, kZlib, "compression");
  block_size(f.postscript);
  f.postscript.Packed(4, {0, 12}).Varint(6, 6).Bytes(8000, "ORC");
  return f;
}

TEST(OrcTailTest, BlockSize) {
  OrcFile zero = CompressedFile([](ProtoWriter& ps) {
    ps.Varint(3, 0, "compression_block_size");
  });
  std::string bytes = zero.Build();
  EXPECT_THAT(
      Check(bytes),
      ElementsAre(IsDiagnostic(Code::kOrcTailBlockSize,
                               zero.PostScriptMark("compression_block_size"))));
  OrcFile huge = CompressedFile([](ProtoWriter& ps) {
    ps.Varint(3, uint64_t{1} << 23, "compression_block_size");
  });
  bytes = huge.Build();
  EXPECT_THAT(
      Check(bytes),
      ElementsAre(IsDiagnostic(Code::kOrcTailBlockSize,
                               huge.PostScriptMark("compression_block_size"))));
  OrcFile fine = CompressedFile([](ProtoWriter& ps) { ps.Varint(3, 65536); });
  bytes = fine.Build();
  const auto ds = Check(bytes);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcTailTest, BlockSizeAbsent) {
  OrcFile f = CompressedFile([](ProtoWriter&) {});
  const std::string bytes = f.Build();
  const auto ds = Check(bytes);
  EXPECT_THAT(
      ds, ElementsAre(IsDiagnostic(
              Code::kOrcTailBlockSizeAbsent,
              (ByteSpan{f.PostScriptOffset(), f.postscript.bytes().size()}))));
  EXPECT_EQ(ds.size(), 1u) << Describe(ds);
}

TEST(OrcTailTest, SectionLengths) {
  OrcFile f = WithPostScript([](OrcFile& f, ProtoWriter& ps) {
    ps.Varint(1, f.footer.bytes().size(), "footer_length").Varint(2, 0);
    ps.Varint(5, 1000, "metadata_length");
    ps.Packed(4, {0, 12}).Bytes(8000, "ORC");
  });
  const std::string bytes = f.Build();
  const ByteSpan fl = f.PostScriptMark("footer_length");
  const ByteSpan ml = f.PostScriptMark("metadata_length");
  // From footer_length's tag to metadata_length's value.
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(
                  Code::kOrcTailSectionLengths,
                  (ByteSpan{fl.offset - 1, ml.end() - (fl.offset - 1)}))));
}

TEST(OrcTailTest, FooterLengthZero) {
  OrcFile f = WithPostScript([](OrcFile&, ProtoWriter& ps) {
    ps.Varint(1, 0, "footer_length").Varint(2, 0);
    ps.Packed(4, {0, 12}).Bytes(8000, "ORC");
  });
  const std::string bytes = f.Build();
  const ByteSpan fl = f.PostScriptMark("footer_length");
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTailFooterLengthZero,
                                       (ByteSpan{fl.offset - 1, 2}))));
}

TEST(OrcTailTest, WriterVersionBelowSixForCpp) {
  OrcFile f = WithPostScript([](OrcFile& f, ProtoWriter& ps) {
    ps.Varint(1, f.footer.bytes().size()).Varint(2, 0).Packed(4, {0, 12});
    ps.Varint(6, 4, "writer_version").Bytes(8000, "ORC");
  });
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTailWriterVersion,
                                       f.PostScriptMark("writer_version"))));
}

}  // namespace
}  // namespace colcheck::orc
