// The file tail: psLen, the PostScript and the section lengths (orc-rules.md
// T1-T9). Everything else in the file is found through these few bytes, so
// each length is checked against the bytes that exist before any section is
// located.

#include "orc/tail.h"

#include <string>

#include "core/span_map.h"
#include "core/strings.h"
#include "orc/metadata_decoder.h"
#include "protobuf/wire_reader.h"

namespace colcheck::orc {
namespace {

constexpr uint64_t kMaxBlockSize = uint64_t{1} << 23;  // 23-bit chunk length.
constexpr uint64_t kMinPostScriptLength = 4;  // Java's bound; C++ needs 3.

template <typename T>
ByteSpan FieldOr(const Spanned<T>& field, ByteSpan message) {
  return field.present ? field.whole() : message;
}

// T2: psLen against the file, leaving room for the header.
bool LocatePostScript(const ByteReader& file, DiagnosticSink& sink,
                      Tail* tail) {
  const uint64_t size = file.size();
  if (size == 0) {
    // Only a file whose name says ORC gets here (validate.cc): ORC Java's
    // reader takes 0 bytes as an empty ORC file, and so does Hive, which
    // writes them.
    sink.Report(Code::kOrcTailEmptyFile, {0, 0}, "",
                "a 0-byte file, which ORC Java reads as an empty ORC file: "
                "no columns, no rows");
    return false;
  }
  if (size < kHeaderLength + 1) {
    sink.Report(
        Code::kOrcTailTooSmall, {0, size}, "",
        StrCat("an ORC file needs at least the header, a PostScript and "
               "psLen; this one has ",
               size, " bytes"));
    return false;
  }
  tail->ps_len = {size - 1, 1};
  uint8_t ps_len = 0;
  ByteReader last;
  if (!file.Sub(size - 1, 1, &last) || !last.ReadU8(&ps_len)) return false;
  if (ps_len < kMinPostScriptLength ||
      ps_len > size - 1 - kHeaderLength) {
    sink.Report(Code::kOrcTailPostscriptLength, tail->ps_len, "psLen",
                StrCat("psLen is ", ps_len,
                       "; it must be at "
                       "least 4 and leave room for the header in a file of ",
                       size, " bytes"));
    return false;
  }
  tail->postscript_bytes = {size - 1 - ps_len, ps_len};
  return true;
}

// T4: the magic is field 8000, "ORC", and the PostScript's last field.
void CheckMagic(const ByteReader& file, const Tail& tail,
                DiagnosticSink& sink) {
  const bool header = AsChars(file.Bytes({0, kHeaderLength})) == "ORC";
  if (!header) {
    sink.Report(Code::kOrcTailBadHeaderMagic, {0, kHeaderLength}, "",
                "the file does not start with ORC");
  }
  const Spanned<std::string_view>& magic = tail.postscript.magic;
  if (!magic.present) {
    sink.Report(Code::kOrcTailPostscriptMagicAbsent, tail.postscript_bytes,
                "postscript.magic",
                "the PostScript has no magic; readers fall back on the "
                "header");
  } else if (magic.value != "ORC") {
    sink.Report(Code::kOrcTailBadPostscriptMagic, magic.span,
                "postscript.magic", "the PostScript magic is not ORC");
  } else if (magic.whole().end() != tail.postscript_bytes.end()) {
    sink.Report(Code::kOrcTailBadPostscriptMagic, magic.whole(),
                "postscript.magic",
                "the magic is not the PostScript's last field, so the bytes "
                "before psLen are not ORC");
  }
}

// T5: [0,11], [0,12] or UNSTABLE-PRE-2.0 [1,9999].
void CheckVersion(const Tail& tail, DiagnosticSink& sink) {
  const SpannedList<uint32_t>& version = tail.postscript.version;
  if (version.value.empty()) {
    sink.Report(Code::kOrcTailVersionAbsent, tail.postscript_bytes,
                "postscript.version",
                "the PostScript has no version; readers assume 0.11");
    return;
  }
  if (version.value.size() != 2) {
    sink.Report(
        Code::kOrcTailVersionLength, version.span, "postscript.version",
        StrCat("version has ", version.value.size(), " entries, not 2"));
    return;
  }
  const uint32_t major = version.value[0].value;
  const uint32_t minor = version.value[1].value;
  if (major == 0 && (minor == 11 || minor == 12)) return;
  const std::string text = StrCat(major, ".", minor);
  if (major == 1 && minor == 9999) {
    sink.Report(Code::kOrcTailUnstableVersion, version.span,
                "postscript.version",
                "version 1.9999 is UNSTABLE-PRE-2.0, a development format");
    return;
  }
  sink.Report(Code::kOrcTailUnknownVersion, version.span, "postscript.version",
              "version " + text + " is not a released ORC format version");
}

// T6, T7: the compression kind and chunk size. Returns false when regions
// cannot be decompressed with them.
bool CheckCompression(Tail* tail, DiagnosticSink& sink) {
  const PostScript& ps = tail->postscript;
  tail->compression = ps.compression.value;  // NONE when absent, as Java.
  if (!ps.compression.present) {
    sink.Report(Code::kOrcTailCompressionAbsent, tail->postscript_bytes,
                "postscript.compression",
                "the PostScript has no compression kind");
  } else if (ps.compression.value == kBrotli) {
    sink.Report(Code::kOrcTailBrotli, ps.compression.span,
                "postscript.compression", "BROTLI is read only by ORC Java");
  } else if (ps.compression.value < kNone || ps.compression.value > kBrotli) {
    sink.Report(
        Code::kOrcTailUnknownCompression, ps.compression.span,
        "postscript.compression",
        StrCat("compression kind ", ps.compression.value, " is unknown"));
    return false;
  }
  const Spanned<uint64_t>& bs = ps.compression_block_size;
  if (bs.present && (bs.value == 0 || bs.value >= kMaxBlockSize)) {
    sink.Report(
        Code::kOrcTailBlockSize, bs.span, "postscript.compression_block_size",
        StrCat("compression_block_size ", bs.value, " is not in [1, 2^23)"));
    return tail->compression == kNone;
  }
  if (bs.present) {
    tail->block_size = bs.value;
  } else if (tail->compression != kNone) {
    sink.Report(Code::kOrcTailBlockSizeAbsent, tail->postscript_bytes,
                "postscript.compression_block_size",
                "a compressed file without compression_block_size; readers "
                "assume 256 KiB");
  }
  return true;
}

// T8, T9: the sections fit between the header and the PostScript.
bool LocateSections(Tail* tail, DiagnosticSink& sink) {
  const PostScript& ps = tail->postscript;
  if (ps.footer_length.value == 0) {
    sink.Report(Code::kOrcTailFooterLengthZero,
                FieldOr(ps.footer_length, tail->postscript_bytes),
                "postscript.footer_length", "the file has no Footer");
    return false;
  }
  const uint64_t room = tail->postscript_bytes.offset - kHeaderLength;
  uint64_t need = 0;
  bool fits = true;
  for (uint64_t part : {ps.footer_length.value, ps.metadata_length.value,
                        ps.stripe_statistics_length.value}) {
    fits &= part <= room - need;
    if (!fits) break;
    need += part;
  }
  if (!fits) {
    ByteSpan lengths = FieldOr(ps.footer_length, tail->postscript_bytes);
    if (ps.metadata_length.present) {
      lengths = Join(lengths, ps.metadata_length.whole());
    }
    if (ps.stripe_statistics_length.present) {
      lengths = Join(lengths, ps.stripe_statistics_length.whole());
    }
    sink.Report(
        Code::kOrcTailSectionLengths, lengths, "postscript",
        StrCat("footer_length ", ps.footer_length.value, ", metadata_length ",
               ps.metadata_length.value, " and stripe_statistics_length ",
               ps.stripe_statistics_length.value, " do not fit in the ", room,
               " bytes between the header and the PostScript"));
    return false;
  }
  const uint64_t footer = tail->postscript_bytes.offset - ps.footer_length.value;
  const uint64_t metadata = footer - ps.metadata_length.value;
  const uint64_t stats = metadata - ps.stripe_statistics_length.value;
  tail->footer = {footer, ps.footer_length.value};
  tail->metadata = {metadata, ps.metadata_length.value};
  tail->stripe_statistics = {stats, ps.stripe_statistics_length.value};
  return true;
}

}  // namespace

bool ReadTail(const ByteReader& file, DiagnosticSink& sink, Tail* tail,
              FieldTrace* trace) {
  if (!LocatePostScript(file, sink, tail)) return false;
  ByteReader bytes;
  if (!file.Sub(tail->postscript_bytes.offset, tail->postscript_bytes.length,
                &bytes)) {
    return false;
  }
  const IdentitySpanMap identity;
  protobuf::Decoder d(bytes, identity, &sink);
  d.PushName("postscript");
  d.set_trace(trace);
  if (!DecodePostScript(d, &tail->postscript)) return false;
  CheckMagic(file, *tail, sink);
  CheckVersion(*tail, sink);
  const bool compression_ok = CheckCompression(tail, sink);
  return LocateSections(tail, sink) && compression_ok;
}

}  // namespace colcheck::orc
