// Decoders of the ORC metadata messages, one per message of
// validator/orc/orc_metadata.proto, in the order of that file. Field numbers
// and names are the format's (apache/orc-format orc_proto.proto).

#include "orc/metadata_decoder.h"

#include "core/decode_counts.h"

namespace colcheck::orc {

using protobuf::MessageReader;
using protobuf::Scalar;

bool DecodeIntegerStatistics(protobuf::Decoder& d, IntegerStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadSint64("minimum", &out->minimum); break;
      case 2: m.ReadSint64("maximum", &out->maximum); break;
      case 3: m.ReadSint64("sum", &out->sum); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeDoubleStatistics(protobuf::Decoder& d, DoubleStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadDouble("minimum", &out->minimum); break;
      case 2: m.ReadDouble("maximum", &out->maximum); break;
      case 3: m.ReadDouble("sum", &out->sum); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeStringStatistics(protobuf::Decoder& d, StringStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadString("minimum", &out->minimum); break;
      case 2: m.ReadString("maximum", &out->maximum); break;
      case 3: m.ReadSint64("sum", &out->sum); break;
      case 4: m.ReadString("lower_bound", &out->lower_bound); break;
      case 5: m.ReadString("upper_bound", &out->upper_bound); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeBucketStatistics(protobuf::Decoder& d, BucketStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadRepeated("count", Scalar::kUint64, &out->count); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeDecimalStatistics(protobuf::Decoder& d, DecimalStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadString("minimum", &out->minimum); break;
      case 2: m.ReadString("maximum", &out->maximum); break;
      case 3: m.ReadString("sum", &out->sum); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeDateStatistics(protobuf::Decoder& d, DateStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadSint32("minimum", &out->minimum); break;
      case 2: m.ReadSint32("maximum", &out->maximum); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeTimestampStatistics(protobuf::Decoder& d,
                               TimestampStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadSint64("minimum", &out->minimum); break;
      case 2: m.ReadSint64("maximum", &out->maximum); break;
      case 3: m.ReadSint64("minimum_utc", &out->minimum_utc); break;
      case 4: m.ReadSint64("maximum_utc", &out->maximum_utc); break;
      case 5: m.ReadInt32("minimum_nanos", &out->minimum_nanos); break;
      case 6: m.ReadInt32("maximum_nanos", &out->maximum_nanos); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeBinaryStatistics(protobuf::Decoder& d, BinaryStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadSint64("sum", &out->sum); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeCollectionStatistics(protobuf::Decoder& d,
                                CollectionStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadUint64("min_children", &out->min_children); break;
      case 2: m.ReadUint64("max_children", &out->max_children); break;
      case 3: m.ReadUint64("total_children", &out->total_children); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeColumnStatistics(protobuf::Decoder& d, ColumnStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadUint64("number_of_values", &out->number_of_values); break;
      case 2:
        m.ReadMessage("int_statistics", &out->int_statistics,
                      DecodeIntegerStatistics);
        break;
      case 3:
        m.ReadMessage("double_statistics", &out->double_statistics,
                      DecodeDoubleStatistics);
        break;
      case 4:
        m.ReadMessage("string_statistics", &out->string_statistics,
                      DecodeStringStatistics);
        break;
      case 5:
        m.ReadMessage("bucket_statistics", &out->bucket_statistics,
                      DecodeBucketStatistics);
        break;
      case 6:
        m.ReadMessage("decimal_statistics", &out->decimal_statistics,
                      DecodeDecimalStatistics);
        break;
      case 7:
        m.ReadMessage("date_statistics", &out->date_statistics,
                      DecodeDateStatistics);
        break;
      case 8:
        m.ReadMessage("binary_statistics", &out->binary_statistics,
                      DecodeBinaryStatistics);
        break;
      case 9:
        m.ReadMessage("timestamp_statistics", &out->timestamp_statistics,
                      DecodeTimestampStatistics);
        break;
      case 10: m.ReadBool("has_null", &out->has_null); break;
      case 11: m.ReadUint64("bytes_on_disk", &out->bytes_on_disk); break;
      case 12:
        m.ReadMessage("collection_statistics", &out->collection_statistics,
                      DecodeCollectionStatistics);
        break;
      // GeometryStatistics: kept as its bytes, for a later check.
      case 13:
        m.ReadBytes("geometry_statistics", &out->geometry_statistics);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeRowIndexEntry(protobuf::Decoder& d, RowIndexEntry* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadRepeated("positions", Scalar::kUint64, &out->positions);
        break;
      case 2:
        m.ReadMessage("statistics", &out->statistics, DecodeColumnStatistics);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeRowIndex(protobuf::Decoder& d, RowIndex* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadRepeatedMessage("entry", &out->entry, DecodeRowIndexEntry);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeBloomFilter(protobuf::Decoder& d, BloomFilter* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadUint32("num_hash_functions", &out->num_hash_functions);
        break;
      case 2: m.ReadRepeated("bitset", Scalar::kFixed64, &out->bitset); break;
      case 3: m.ReadBytes("utf8bitset", &out->utf8bitset); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeBloomFilterIndex(protobuf::Decoder& d, BloomFilterIndex* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadRepeatedMessage("bloom_filter", &out->bloom_filter,
                              DecodeBloomFilter);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeStream(protobuf::Decoder& d, Stream* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadEnum("kind", &out->kind); break;
      case 2: m.ReadUint32("column", &out->column); break;
      case 3: m.ReadUint64("length", &out->length); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeColumnEncoding(protobuf::Decoder& d, ColumnEncoding* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadEnum("kind", &out->kind); break;
      case 2: m.ReadUint32("dictionary_size", &out->dictionary_size); break;
      case 3: m.ReadUint32("bloom_encoding", &out->bloom_encoding); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeStripeEncryptionVariant(protobuf::Decoder& d,
                                   StripeEncryptionVariant* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadRepeatedMessage("streams", &out->streams, DecodeStream);
        break;
      case 2:
        m.ReadRepeatedMessage("encoding", &out->encoding,
                              DecodeColumnEncoding);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeStripeFooter(protobuf::Decoder& d, StripeFooter* out) {
  ++ThreadDecodeCounts().stripe_footers;
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadRepeatedMessage("streams", &out->streams, DecodeStream);
        break;
      case 2:
        m.ReadRepeatedMessage("columns", &out->columns, DecodeColumnEncoding);
        break;
      case 3: m.ReadString("writer_timezone", &out->writer_timezone); break;
      case 4:
        m.ReadRepeatedMessage("encryption", &out->encryption,
                              DecodeStripeEncryptionVariant);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeStringPair(protobuf::Decoder& d, StringPair* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadString("key", &out->key); break;
      case 2: m.ReadString("value", &out->value); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeType(protobuf::Decoder& d, Type* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadEnum("kind", &out->kind); break;
      case 2:
        m.ReadRepeated("subtypes", Scalar::kUint32, &out->subtypes);
        break;
      case 3: m.ReadRepeatedString("field_names", &out->field_names); break;
      case 4: m.ReadUint32("maximum_length", &out->maximum_length); break;
      case 5: m.ReadUint32("precision", &out->precision); break;
      case 6: m.ReadUint32("scale", &out->scale); break;
      case 7:
        m.ReadRepeatedMessage("attributes", &out->attributes,
                              DecodeStringPair);
        break;
      // GeometryType: kept as its bytes, for a later check.
      case 8: m.ReadBytes("geometry", &out->geometry); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeStripeInformation(protobuf::Decoder& d, StripeInformation* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadUint64("offset", &out->offset); break;
      case 2: m.ReadUint64("index_length", &out->index_length); break;
      case 3: m.ReadUint64("data_length", &out->data_length); break;
      case 4: m.ReadUint64("footer_length", &out->footer_length); break;
      case 5: m.ReadUint64("number_of_rows", &out->number_of_rows); break;
      case 6:
        m.ReadUint64("encrypt_stripe_id", &out->encrypt_stripe_id);
        break;
      case 7:
        m.ReadRepeatedBytes("encrypted_local_keys",
                            &out->encrypted_local_keys);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeUserMetadataItem(protobuf::Decoder& d, UserMetadataItem* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadString("name", &out->name); break;
      case 2: m.ReadBytes("value", &out->value); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeStripeStatistics(protobuf::Decoder& d, StripeStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadRepeatedMessage("col_stats", &out->col_stats,
                              DecodeColumnStatistics);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeMetadata(protobuf::Decoder& d, Metadata* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadRepeatedMessage("stripe_stats", &out->stripe_stats,
                              DecodeStripeStatistics);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeColumnarStripeStatistics(protobuf::Decoder& d,
                                    ColumnarStripeStatistics* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1:
        m.ReadRepeatedMessage("col_stats", &out->col_stats,
                              DecodeColumnStatistics);
        break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeDataMask(protobuf::Decoder& d, DataMask* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadString("name", &out->name); break;
      case 2:
        m.ReadRepeatedString("mask_parameters", &out->mask_parameters);
        break;
      case 3: m.ReadRepeated("columns", Scalar::kUint32, &out->columns); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeEncryptionKey(protobuf::Decoder& d, EncryptionKey* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadString("key_name", &out->key_name); break;
      case 2: m.ReadUint32("key_version", &out->key_version); break;
      case 3: m.ReadEnum("algorithm", &out->algorithm); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeEncryptionVariant(protobuf::Decoder& d, EncryptionVariant* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadUint32("root", &out->root); break;
      case 2: m.ReadUint32("key", &out->key); break;
      case 3: m.ReadBytes("encrypted_key", &out->encrypted_key); break;
      case 4:
        m.ReadRepeatedMessage("stripe_statistics", &out->stripe_statistics,
                              DecodeStream);
        break;
      case 5: m.ReadBytes("file_statistics", &out->file_statistics); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeEncryption(protobuf::Decoder& d, Encryption* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadRepeatedMessage("mask", &out->mask, DecodeDataMask); break;
      case 2:
        m.ReadRepeatedMessage("key", &out->key, DecodeEncryptionKey);
        break;
      case 3:
        m.ReadRepeatedMessage("variants", &out->variants,
                              DecodeEncryptionVariant);
        break;
      case 4: m.ReadEnum("key_provider", &out->key_provider); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeFooter(protobuf::Decoder& d, Footer* out) {
  ++ThreadDecodeCounts().footers;
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadUint64("header_length", &out->header_length); break;
      case 2: m.ReadUint64("content_length", &out->content_length); break;
      case 3:
        m.ReadRepeatedMessage("stripes", &out->stripes,
                              DecodeStripeInformation);
        break;
      case 4: m.ReadRepeatedMessage("types", &out->types, DecodeType); break;
      case 5:
        m.ReadRepeatedMessage("metadata", &out->metadata,
                              DecodeUserMetadataItem);
        break;
      case 6: m.ReadUint64("number_of_rows", &out->number_of_rows); break;
      case 7:
        m.ReadRepeatedMessage("statistics", &out->statistics,
                              DecodeColumnStatistics);
        break;
      case 8: m.ReadUint32("row_index_stride", &out->row_index_stride); break;
      case 9: m.ReadUint32("writer", &out->writer); break;
      case 10:
        m.ReadMessage("encryption", &out->encryption, DecodeEncryption);
        break;
      case 11: m.ReadEnum("calendar", &out->calendar); break;
      case 12: m.ReadString("software_version", &out->software_version); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodePostScript(protobuf::Decoder& d, PostScript* out) {
  ++ThreadDecodeCounts().postscripts;
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadUint64("footer_length", &out->footer_length); break;
      case 2: m.ReadEnum("compression", &out->compression); break;
      case 3:
        m.ReadUint64("compression_block_size", &out->compression_block_size);
        break;
      case 4: m.ReadRepeated("version", Scalar::kUint32, &out->version); break;
      case 5: m.ReadUint64("metadata_length", &out->metadata_length); break;
      case 6: m.ReadUint32("writer_version", &out->writer_version); break;
      case 7:
        m.ReadUint64("stripe_statistics_length",
                     &out->stripe_statistics_length);
        break;
      case 8000: m.ReadString("magic", &out->magic); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

}  // namespace colcheck::orc
