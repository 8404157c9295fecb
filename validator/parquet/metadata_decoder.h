// Decoders for the Thrift structs of parquet.thrift, into the model of
// metadata.h. One function per IDL struct, each a switch over field ids, as
// generated Thrift code is, but every field keeps its byte span and every
// structural fault is a diagnostic (see thrift/compact_reader.h).

#ifndef COLCHECK_PARQUET_METADATA_DECODER_H_
#define COLCHECK_PARQUET_METADATA_DECODER_H_

#include "parquet/metadata.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {

// Each returns false when a structural fault stopped decoding; the model is
// then partial and must not be checked by rules.
bool DecodeFileMetaData(thrift::Decoder& d, FileMetaData* out);
bool DecodeFileCryptoMetaData(thrift::Decoder& d, FileCryptoMetaData* out);
bool DecodeSchemaElement(thrift::Decoder& d, SchemaElement* out);
bool DecodeLogicalType(thrift::Decoder& d, LogicalType* out);
bool DecodeRowGroup(thrift::Decoder& d, RowGroup* out);
bool DecodeColumnChunk(thrift::Decoder& d, ColumnChunk* out);
bool DecodeColumnMetaData(thrift::Decoder& d, ColumnMetaData* out);
bool DecodeStatistics(thrift::Decoder& d, Statistics* out);
bool DecodePageHeader(thrift::Decoder& d, PageHeader* out);
bool DecodeOffsetIndex(thrift::Decoder& d, OffsetIndex* out);
bool DecodeColumnIndex(thrift::Decoder& d, ColumnIndex* out);
bool DecodeBloomFilterHeader(thrift::Decoder& d, BloomFilterHeader* out);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_METADATA_DECODER_H_
