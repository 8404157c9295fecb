#include "reports/bloom.h"

#include <cstdint>
#include <string>
#include <vector>

#include "core/strings.h"
#include "reports/json.h"
#include "reports/json_writer.h"
#include "reports/values.h"

namespace colcheck {
namespace {

bool Orc(const BloomProbe& probe) {
  return probe.containers == Containers::kStripes;
}

std::string Quoted(std::string_view value) {
  return "'" + EscapedText(value) + "'";
}

// "row group 3", "stripe 0, row group 1", "stripe 2".
std::string Where(const BloomProbeResult& r, bool orc) {
  if (!orc) return StrCat("row group ", r.row_group);
  if (r.entry < 0) return StrCat("stripe ", r.stripe);
  return StrCat("stripe ", r.stripe, ", row group ", r.entry);
}

std::string Counted(size_t n, std::string_view one, std::string_view many) {
  return StrCat(n, " ", n == 1 ? one : many);
}

}  // namespace

std::string RenderBloomText(const BloomProbe& probe) {
  const bool orc = Orc(probe);
  std::string out =
      StrCat("column ", probe.column, " ", EscapedText(probe.column_path), " (",
             probe.column_type, "): ");
  // Stripes are counted once, whatever their entries.
  size_t containers = 0;
  int64_t last = -1;
  for (const BloomProbeResult& r : probe.results) {
    const int64_t container = orc ? r.stripe : r.row_group;
    if (containers == 0 || container != last) ++containers;
    last = container;
  }
  out += StrCat(orc ? Counted(containers, "stripe", "stripes")
                    : Counted(containers, "row group", "row groups"),
                ", ", Counted(probe.values.size(), "value", "values"), "\n");
  if (probe.original_kind) {
    out +=
        "note: the original BLOOM_FILTER kind (no BLOOM_FILTER_UTF8), "
        "which the C++ reader ignores\n";
  }
  if (probe.capped) {
    out +=
        "note: the layout was capped (limits.inspect-regions); later "
        "filters are not listed\n";
  }
  const size_t n = probe.values.size();
  std::vector<size_t> may(n, 0);
  std::vector<size_t> not_in(n, 0);
  size_t unusable = 0;
  for (const BloomProbeResult& r : probe.results) {
    const std::string where = Where(r, orc);
    switch (r.state) {
      case BloomFilterState::kAbsent:
        out += where + ": no bloom filter\n";
        ++unusable;
        break;
      case BloomFilterState::kUnreadable:
        out += StrCat(where, ": unreadable bloom filter (",
                      EscapedText(r.reason), ")\n");
        ++unusable;
        break;
      case BloomFilterState::kPresent:
        if (n == 0) out += where + ": bloom filter\n";
        for (size_t i = 0; i < n && i < r.may_contain.size(); ++i) {
          const bool maybe = r.may_contain[i] != 0;
          (maybe ? may : not_in)[i]++;
          out += StrCat(where, ": ", Quoted(probe.values[i]),
                        maybe ? " may contain\n" : " definitely not\n");
        }
        break;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    out += StrCat(Quoted(probe.values[i]), ": ", may[i], " may contain, ",
                  not_in[i], " definitely not, ", unusable,
                  " without a usable filter\n");
  }
  return out;
}

std::string RenderBloomJson(std::string_view path, const Report& report,
                            const BloomProbe& probe) {
  const bool orc = Orc(probe);
  std::string out;
  JsonWriter json(&out);
  BeginJsonFileDocument(path, report, &json);
  json.Key("column").Int(probe.column);
  json.Key("column_path").String(probe.column_path);
  json.Key("type").String(probe.column_type);
  json.Key("values").BeginArray();
  for (const std::string& v : probe.values) json.String(v);
  json.EndArray();
  json.Key("results").BeginArray();
  for (const BloomProbeResult& r : probe.results) {
    json.BeginObject();
    if (orc) {
      json.Key("stripe").Int(r.stripe);
      json.Key("entry").IntOrNull(r.entry);
    } else {
      json.Key("row_group").Int(r.row_group);
    }
    const bool present = r.state == BloomFilterState::kPresent;
    json.Key("filter").Bool(present);
    json.Key("unreadable");
    if (r.state == BloomFilterState::kUnreadable) {
      json.String(r.reason);
    } else {
      json.Null();
    }
    if (r.state == BloomFilterState::kAbsent) {
      json.Key("offset").Null().Key("length").Null();
    } else {
      json.Key("offset").Uint(r.offset).Key("length").Uint(r.length);
    }
    json.Key("answers").BeginArray();
    for (size_t i = 0;
         present && i < probe.values.size() && i < r.may_contain.size(); ++i) {
      json.BeginObject().Key("value").String(probe.values[i]);
      json.Key("may_contain").Bool(r.may_contain[i] != 0).EndObject();
    }
    json.EndArray().EndObject();
  }
  json.EndArray();
  json.Key("original_kind").Bool(probe.original_kind);
  json.Key("capped").Bool(probe.capped);
  json.EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
