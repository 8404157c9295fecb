// colcheck._colcheck: the validator for Python, through pybind11.
//
// Every call returns the JSON the command line prints for the same work
// (reports/), the project's stable contract, and colcheck/__init__.py
// turns it into typed objects. So the two front ends cannot drift apart,
// and this file only chooses the source, the options and the renderer.
//
// The GIL is released while the validator runs: a memory buffer is pinned
// by its Py_buffer for the duration, and nothing here touches a Python
// object until the GIL is taken back. Tool errors (a file that cannot be
// read, an unknown code pattern) raise; findings never do.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/findings_config.h"
#include "colcheck/colcheck.h"
#include "colcheck/http.h"
#include "colcheck/inspect.h"
#include "colcheck/read_plan.h"
#include "reports/explain.h"
#include "reports/json.h"
#include "reports/plan.h"
#include "reports/schema.h"

namespace colcheck {
namespace {

namespace py = pybind11;

// A file's bytes: a path the library maps, or a buffer Python owns.
struct Source {
  std::optional<std::string> path;
  std::span<const std::byte> bytes;
};

// A seekable binary file object (an fsspec file, say) read by range: only
// what the level needs is read, with the GIL taken for each read. Made and
// destroyed with the GIL held.
class PyFileSource final : public ByteSource {
 public:
  explicit PyFileSource(py::object file) : file_(std::move(file)) {
    file_.attr("seek")(0, 2);
    size_ = file_.attr("tell")().cast<uint64_t>();
  }
  uint64_t size() const override { return size_; }
  Status Read(uint64_t offset, std::span<std::byte> out) override {
    py::gil_scoped_acquire gil;
    try {
      file_.attr("seek")(offset);
      size_t got = 0;
      while (got < out.size()) {
        const py::object chunk = file_.attr("read")(out.size() - got);
        if (!PyBytes_Check(chunk.ptr())) {
          return Status::IoError("read() of the file object returned " +
                                 std::string(py::str(chunk.get_type())) +
                                 ", not bytes");
        }
        const std::string_view bytes = chunk.cast<std::string_view>();
        if (bytes.empty() || bytes.size() > out.size() - got) {
          return Status::IoError(
              "the file object gave " + std::to_string(got + bytes.size()) +
              " bytes at offset " + std::to_string(offset) + " where " +
              std::to_string(out.size()) + " were asked for");
        }
        std::memcpy(out.data() + got, bytes.data(), bytes.size());
        got += bytes.size();
      }
    } catch (py::error_already_set& e) {
      return Status::IoError(e.what());
    }
    return Status::Ok();
  }

 private:
  py::object file_;
  uint64_t size_ = 0;
};

// Raised for failures of the tool itself (colcheck.ToolError).
struct ToolError {
  std::string message;
};

Level LevelAt(int index) {
  if (index < 0 || index > static_cast<int>(Level::kFull)) {
    throw py::value_error("level must be 'footer', 'pages' or 'full'");
  }
  return static_cast<Level>(index);
}

// The findings options, parsed and applied as `validate --select,
// --ignore, --severity, --strict` are: `select` and `ignore` are
// comma-separated patterns, `severity` is "PATTERN=SEVERITY,...".
FindingsPolicy PolicyOf(const std::optional<std::string>& select,
                        const std::string& ignore,
                        const std::string& severity, bool strict) {
  FindingsLayer layer;
  std::string error;
  if (select) {
    layer.select.emplace();
    if (!ParseCodeList(*select, &*layer.select, &error)) {
      throw py::value_error("select: " + error + " (see colcheck.codes())");
    }
  }
  if (!ignore.empty() && !ParseCodeList(ignore, &layer.ignore, &error)) {
    throw py::value_error("ignore: " + error + " (see colcheck.codes())");
  }
  if (!severity.empty() &&
      !ParseSeverityList(severity, &layer.severities, &error)) {
    throw py::value_error("severity: " + error);
  }
  layer.strict = strict;
  FindingsPolicy policy;
  FailOn unused = FailOn::kError;
  ApplyLayer(layer, &policy, &unused);
  return policy;
}

// The keys colcheck/__init__.py normalised: {"footer_key": bytes,
// "column_keys": [(path, bytes)], "key_ids": [(id, bytes)], "aad_prefix":
// str or None}.
DecryptionKeys KeysOf(const py::dict& keys) {
  DecryptionKeys out;
  if (keys.empty()) return out;
  out.footer_key = keys["footer_key"].cast<std::string>();
  out.column_keys = keys["column_keys"]
                        .cast<std::vector<std::pair<std::string, std::string>>>();
  out.key_ids =
      keys["key_ids"].cast<std::vector<std::pair<std::string, std::string>>>();
  if (!keys["aad_prefix"].is_none()) {
    out.aad_prefix = keys["aad_prefix"].cast<std::string>();
  }
  return out;
}

std::string RunValidation(const Source& source, ByteSource* byte_source,
                          const std::string& name, const Options& options) {
  Report report;
  {
    py::gil_scoped_release release;
    Status status = Status::Ok();
    if (byte_source != nullptr) {
      status = ValidateSource(*byte_source, options, &report);
    } else if (source.path) {
      status = ValidateFile(*source.path, options, &report);
    } else {
      report = ValidateBytes(source.bytes, options);
    }
    if (!status.ok()) throw ToolError{status.message()};
  }
  std::string json;
  AppendJsonFile(name, report, &json);
  return json;
}

Inspection Inspect(const Source& source, const InspectOptions& options) {
  Inspection inspection;
  py::gil_scoped_release release;
  if (!source.path) return InspectBytes(source.bytes, options);
  const Status status = InspectFile(*source.path, options, &inspection);
  if (!status.ok()) throw ToolError{status.message()};
  return inspection;
}

// What the functions below take as a file: a path (str) or an object with
// the buffer protocol, whose bytes stay pinned while `view` lives.
Source SourceOf(const py::object& file, std::optional<py::buffer_info>* view) {
  if (py::isinstance<py::str>(file)) return {file.cast<std::string>(), {}};
  view->emplace(py::reinterpret_borrow<py::buffer>(file).request());
  const py::buffer_info& info = **view;
  const size_t size = static_cast<size_t>(info.size * info.itemsize);
  return {std::nullopt,
          {static_cast<const std::byte*>(info.ptr), size}};
}

std::string ValidateToJson(const py::object& file, const std::string& name,
                           int level, size_t max_diagnostics, size_t threads,
                           const std::optional<std::string>& select,
                           const std::string& ignore,
                           const std::string& severity, bool strict,
                           const std::vector<std::string>& headers,
                           const py::dict& keys) {
  Options options;
  options.keys = KeysOf(keys);
  options.level = LevelAt(level);
  options.max_diagnostics = max_diagnostics;
  options.threads = threads;
  options.findings = PolicyOf(select, ignore, severity, strict);
  if (!py::isinstance<py::str>(file) && !PyObject_CheckBuffer(file.ptr())) {
    PyFileSource source(file);
    return RunValidation({}, &source, name, options);
  }
  std::optional<py::buffer_info> view;
  const Source source = SourceOf(file, &view);
  // As the command line: a path's name (a URL's, without its query)
  // settles the format of bytes without magic.
  if (source.path) {
    options.expected_format = FormatFromFileName(UrlPath(*source.path));
  }
  if (source.path && IsHttpUrl(*source.path)) {
    HttpOptions http;
    http.headers = headers;
    std::unique_ptr<HttpSource> remote;
    Status status = Status::Ok();
    {
      py::gil_scoped_release release;
      status = HttpSource::Open(*source.path, http, &remote);
    }
    if (!status.ok()) throw ToolError{status.message()};
    return RunValidation(source, remote.get(), name, options);
  }
  return RunValidation(source, nullptr, name, options);
}

std::string ExplainToJson(const py::object& file, const std::string& name,
                          bool footer, size_t max_diagnostics,
                          const py::dict& keys) {
  InspectOptions options;
  options.keys = KeysOf(keys);
  options.level = Level::kFull;
  options.footer_fields = footer;
  options.max_diagnostics = max_diagnostics;
  std::optional<py::buffer_info> view;
  const Inspection inspection = Inspect(SourceOf(file, &view), options);
  return RenderExplainJson(name, inspection, footer);
}

std::string SchemaToJson(const py::object& file, const std::string& name,
                         size_t max_diagnostics, const py::dict& keys) {
  InspectOptions options;
  options.keys = KeysOf(keys);
  options.level = Level::kFooter;  // The schema is all in the footer.
  options.max_diagnostics = max_diagnostics;
  std::optional<py::buffer_info> view;
  const Inspection inspection = Inspect(SourceOf(file, &view), options);
  return RenderSchemaJson(name, inspection);
}

std::string PlanToJson(const py::object& file, const std::string& name,
                       bool data, size_t max_diagnostics,
                       const py::dict& keys) {
  InspectOptions options;
  options.keys = KeysOf(keys);
  options.max_diagnostics = max_diagnostics;
  // As `colcheck plan`: --data validates in full as it counts.
  options.level = data ? Level::kFull : Level::kFooter;
  std::optional<py::buffer_info> view;
  const Source source = SourceOf(file, &view);
  const Inspection inspection = Inspect(source, options);
  ReadPlan plan = PlanColumns(inspection);
  // The plan reads Parquet's SchemaElements; an ORC type tree has none.
  if (data && inspection.schema.kind != SchemaKind::kOrcTypes) {
    py::gil_scoped_release release;
    if (!source.path) {
      CountHazards(source.bytes, inspection, &plan);
    } else if (const Status status =
                   CountHazardsInFile(*source.path, inspection, &plan);
               !status.ok()) {
      throw ToolError{status.message()};
    }
  }
  return RenderPlanJson(name, inspection, plan, data);
}

}  // namespace
}  // namespace colcheck

PYBIND11_MODULE(_colcheck, m) {
  namespace py = pybind11;
  using colcheck::ToolError;
  m.doc() = "The colcheck validator; use the colcheck package instead.";
  static py::exception<ToolError> tool_error(m, "ToolError", PyExc_OSError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ToolError& e) {
      tool_error(e.message.c_str());
    }
  });
  m.def("validate", &colcheck::ValidateToJson, py::arg("file"), py::arg("name"),
        py::arg("level"), py::arg("max_diagnostics"), py::arg("threads"),
        py::arg("select"), py::arg("ignore"), py::arg("severity"),
        py::arg("strict"), py::arg("headers"), py::arg("keys"));
  m.def("explain", &colcheck::ExplainToJson, py::arg("file"), py::arg("name"),
        py::arg("footer"), py::arg("max_diagnostics"), py::arg("keys"));
  m.def("schema", &colcheck::SchemaToJson, py::arg("file"), py::arg("name"),
        py::arg("max_diagnostics"), py::arg("keys"));
  m.def("plan", &colcheck::PlanToJson, py::arg("file"), py::arg("name"),
        py::arg("data"), py::arg("max_diagnostics"), py::arg("keys"));
  m.def("codes", &colcheck::RenderCodesJson);
  m.attr("__version__") = COLCHECK_VERSION;
}
