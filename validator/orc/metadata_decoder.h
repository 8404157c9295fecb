// Decoders of the ORC metadata messages (validator/orc/orc_metadata.proto)
// into the model of validator/orc/metadata.h.
//
// One function per message, generated-code shaped: a protobuf::MessageReader
// loop with one typed read per field, named as the .proto names it, so a
// diagnostic's path reads "types[3].subtypes[0]". The decoder reads the
// whole input of `d` as one message (a Decoder is made per region: the
// PostScript, the Footer, the Metadata, one stripe footer, one index
// stream), and maps every span through the Decoder's SpanMap.
//
// They report only wire-level faults (protobuf.*). Rules over the values
// (an unknown compression kind, a type tree that does not close) belong to
// the checks that run on the model.
//
// Each returns false after a structural fault (truncation, a bad varint, a
// length past the data, the depth or model budget): the model is then
// partial, holding what was decoded before the fault. Out-of-range values,
// wrong wire types and duplicates are reported and decoding goes on.

#ifndef COLCHECK_ORC_METADATA_DECODER_H_
#define COLCHECK_ORC_METADATA_DECODER_H_

#include "orc/metadata.h"
#include "protobuf/wire_reader.h"

namespace colcheck::orc {

// The file tail.
bool DecodePostScript(protobuf::Decoder& d, PostScript* out);
bool DecodeFooter(protobuf::Decoder& d, Footer* out);
bool DecodeMetadata(protobuf::Decoder& d, Metadata* out);

// The stripes.
bool DecodeStripeFooter(protobuf::Decoder& d, StripeFooter* out);
bool DecodeRowIndex(protobuf::Decoder& d, RowIndex* out);
bool DecodeBloomFilterIndex(protobuf::Decoder& d, BloomFilterIndex* out);

// Column encryption: the decrypted FILE_STATISTICS / STRIPE_STATISTICS.
bool DecodeColumnarStripeStatistics(protobuf::Decoder& d,
                                    ColumnarStripeStatistics* out);

// Nested messages, exposed for tests and for messages found on their own.
bool DecodeColumnStatistics(protobuf::Decoder& d, ColumnStatistics* out);
bool DecodeIntegerStatistics(protobuf::Decoder& d, IntegerStatistics* out);
bool DecodeDoubleStatistics(protobuf::Decoder& d, DoubleStatistics* out);
bool DecodeStringStatistics(protobuf::Decoder& d, StringStatistics* out);
bool DecodeBucketStatistics(protobuf::Decoder& d, BucketStatistics* out);
bool DecodeDecimalStatistics(protobuf::Decoder& d, DecimalStatistics* out);
bool DecodeDateStatistics(protobuf::Decoder& d, DateStatistics* out);
bool DecodeTimestampStatistics(protobuf::Decoder& d, TimestampStatistics* out);
bool DecodeBinaryStatistics(protobuf::Decoder& d, BinaryStatistics* out);
bool DecodeCollectionStatistics(protobuf::Decoder& d,
                                CollectionStatistics* out);
bool DecodeRowIndexEntry(protobuf::Decoder& d, RowIndexEntry* out);
bool DecodeBloomFilter(protobuf::Decoder& d, BloomFilter* out);
bool DecodeStream(protobuf::Decoder& d, Stream* out);
bool DecodeColumnEncoding(protobuf::Decoder& d, ColumnEncoding* out);
bool DecodeStripeEncryptionVariant(protobuf::Decoder& d,
                                   StripeEncryptionVariant* out);
bool DecodeStringPair(protobuf::Decoder& d, StringPair* out);
bool DecodeType(protobuf::Decoder& d, Type* out);
bool DecodeStripeInformation(protobuf::Decoder& d, StripeInformation* out);
bool DecodeUserMetadataItem(protobuf::Decoder& d, UserMetadataItem* out);
bool DecodeStripeStatistics(protobuf::Decoder& d, StripeStatistics* out);
bool DecodeDataMask(protobuf::Decoder& d, DataMask* out);
bool DecodeEncryptionKey(protobuf::Decoder& d, EncryptionKey* out);
bool DecodeEncryptionVariant(protobuf::Decoder& d, EncryptionVariant* out);
bool DecodeEncryption(protobuf::Decoder& d, Encryption* out);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_METADATA_DECODER_H_
