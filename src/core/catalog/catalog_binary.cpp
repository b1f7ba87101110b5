#include "catalog/catalog_binary.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <set>
#include <type_traits>

#include "catalog/catalog_rules.h"
#include "catalog/gpu_fields.h"
#include "text/json_util.h"
#include "text/table_view.h"

namespace gpuwise {
namespace {

constexpr char kMagic[] = {'G', 'W', 'C', 'B'};
constexpr std::uint8_t kFormatVersion = 1;
constexpr std::uint8_t kRawFigure = 255;
constexpr std::uint8_t kNoFigure = 254;
constexpr int kMaxScale = 9;
constexpr double kPowersOfTen[kMaxScale + 1] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
// Figures written as m / 10^k keep |m| below 2^53, where every whole number is a double.
constexpr double kLargestExactWhole = 9007199254740992.0;

// Names and types of gpu_fields.inc, hashed (FNV-1a): bytes written by a build with other
// fields, or fields in another order, would be read into the wrong members.
std::uint32_t field_table_fingerprint() {
  std::uint32_t hash = 2166136261u;
  const auto mix = [&](unsigned char byte) {
    hash ^= byte;
    hash *= 16777619u;
  };
  for (const GpuField& field : gpu_fields()) {
    for (const char* c = field.key; *c; ++c) mix(static_cast<unsigned char>(*c));
    mix(0);
    mix(static_cast<unsigned char>(field.member.index()));
  }
  return hash;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Signed numbers as varints: 0, -1, 1, -2 ... -> 0, 1, 2, 3 ..., so small ones take a byte.
std::uint64_t zigzag(std::int64_t value) {
  return (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
}
std::int64_t unzigzag(std::uint64_t value) {
  return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

// [SECTION] Writing
class Writer {
 public:
  std::string bytes;

  void byte(std::uint8_t value) { bytes.push_back(static_cast<char>(value)); }
  void varint(std::uint64_t value) {
    while (value >= 0x80) {
      byte(static_cast<std::uint8_t>(value | 0x80));
      value >>= 7;
    }
    byte(static_cast<std::uint8_t>(value));
  }
  void signed_varint(std::int64_t value) { varint(zigzag(value)); }
  void text(const std::string& value) {
    varint(value.size());
    bytes += value;
  }
  template <typename List>
  void texts(const List& values) {
    varint(values.size());
    for (const std::string& value : values) text(value);
  }
  // The figure as the fewest decimal places (up to 9) that give it back exactly; most
  // figures are short decimals ("24", "936.2") and then take 2-4 bytes, not 8.
  void figure(double value) {
    for (int scale = 0; scale <= kMaxScale; ++scale) {
      const double scaled = std::round(value * kPowersOfTen[scale]);
      if (!(std::fabs(scaled) < kLargestExactWhole)) break;
      if (same_bits(scaled / kPowersOfTen[scale], value)) {
        byte(static_cast<std::uint8_t>(scale));
        signed_varint(static_cast<std::int64_t>(scaled));
        return;
      }
    }
    byte(kRawFigure);
    std::uint64_t raw = 0;
    std::memcpy(&raw, &value, sizeof raw);
    for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(raw >> (8 * i)));
  }

  void field(const std::string& value) { text(value); }
  void field(int value) { signed_varint(value); }
  void field(double value) { figure(value); }
  void field(const std::optional<int>& value) { varint(value ? zigzag(*value) + 1 : 0); }  // 0: absent
  void field(const std::optional<double>& value) {
    if (value) {
      figure(*value);
    } else {
      byte(kNoFigure);
    }
  }
  void field(bool value) { byte(value ? 1 : 0); }
  void field(const std::vector<std::string>& value) { texts(value); }
};

// [SECTION] Reading: every read checks the bytes left; the first shortfall or bad value
// stops reading and says where.
class Reader {
 public:
  // Reads from byte `start` on; messages count bytes from the start of the file.
  Reader(std::string_view bytes, std::size_t start) : bytes_(bytes), at_(start) {}

  bool ok() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  std::size_t left() const { return bytes_.size() - at_; }
  bool at_end() const { return at_ == bytes_.size(); }
  void fail(const std::string& what) {
    if (problem_.empty()) problem_ = what + " at byte " + std::to_string(at_);
  }

  std::uint8_t byte() {
    if (!ok() || at_ >= bytes_.size()) {
      fail("the file ends early");
      return 0;
    }
    return static_cast<std::uint8_t>(bytes_[at_++]);
  }
  std::uint64_t varint() {
    std::uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const std::uint8_t next = byte();
      if (!ok()) return 0;
      value |= static_cast<std::uint64_t>(next & 0x7f) << shift;
      if (!(next & 0x80)) return value;
    }
    fail("a number runs past 64 bits");
    return 0;
  }
  std::int64_t signed_varint() { return unzigzag(varint()); }
  // A count of things that each take at least one byte: more than the bytes left is damage
  // (and would otherwise reserve memory for nothing).
  std::size_t count() {
    const std::uint64_t value = varint();
    if (ok() && value > left()) fail("a count of " + std::to_string(value) + " is larger than the file");
    return ok() ? static_cast<std::size_t>(value) : 0;
  }
  std::string text() {
    const std::size_t size = count();
    if (!ok()) return {};
    std::string value(bytes_.substr(at_, size));
    at_ += size;
    return value;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> values(count());
    for (std::string& value : values) value = text();
    return values;
  }
  int whole(std::int64_t value) {
    if (value < -1000000000 || value > 1000000000) {
      fail("a whole number out of range");
      return 0;
    }
    return static_cast<int>(value);
  }
  double figure(std::uint8_t scale) {
    if (scale == kRawFigure) {
      std::uint64_t raw = 0;
      for (int i = 0; i < 8; ++i) raw |= static_cast<std::uint64_t>(byte()) << (8 * i);
      double value = 0;
      std::memcpy(&value, &raw, sizeof value);
      return value;
    }
    if (scale > kMaxScale) {
      fail("an unknown figure scale " + std::to_string(scale));
      return 0;
    }
    const std::int64_t scaled = signed_varint();
    if (static_cast<double>(scaled) >= kLargestExactWhole || static_cast<double>(scaled) <= -kLargestExactWhole) {
      fail("a figure out of range");
      return 0;
    }
    return static_cast<double>(scaled) / kPowersOfTen[scale];
  }

  void field(std::string& out) { out = text(); }
  void field(int& out) { out = whole(signed_varint()); }
  void field(double& out) { out = figure(byte()); }
  void field(std::optional<int>& out) {
    const std::uint64_t value = varint();
    if (value != 0) out = whole(unzigzag(value - 1));
  }
  void field(std::optional<double>& out) {
    const std::uint8_t scale = byte();
    if (scale != kNoFigure) out = figure(scale);
  }
  void field(bool& out) {
    const std::uint8_t value = byte();
    if (value > 1) fail("a yes/no value of " + std::to_string(value));
    out = value == 1;
  }
  void field(std::vector<std::string>& out) { out = texts(); }

 private:
  std::string_view bytes_;
  std::size_t at_;
  std::string problem_;
};

// A figure in a message as gpus.json would most likely have it: "-1", not "-1.0".
std::string figure_text(double value) {
  if (std::floor(value) == value && std::fabs(value) < 1e15) return dump_json(json(static_cast<std::int64_t>(value)));
  return dump_json(json(value));
}

// A decoded row against catalog_rules.h, as load_catalog checks a JSON row: its figures'
// rules, its lists' entries, its required text, then its id and invariants.
bool row_passes(const Gpu& gpu, bool sources_moved, IssueRecorder& row, std::set<std::string>& seen_ids) {
  const bool is_nvidia = gpu.vendor == "NVIDIA";
  for (const GpuField& field : gpu_fields()) {
    if (const std::optional<double> figure = field.number(gpu)) {
      if (!std::isfinite(*figure)) {
        row.error(field.key, "must be a finite number");
      } else if (const auto problem = figure_problem(field, *figure)) {
        row.error(field.key, problem->before + figure_text(*figure) + problem->after);
      }
    } else if (const auto* list = std::get_if<std::vector<std::string> Gpu::*>(&field.member)) {
      if (const auto problem = list_problem(field, gpu.**list)) row.error(field.key, *problem);
    } else if (const auto* text = std::get_if<std::string Gpu::*>(&field.member)) {
      if (required_field(field, is_nvidia) && (gpu.**text).empty()) row.error(field.key, "must not be empty");
    }
  }
  return accept_row(gpu, sources_moved, row, seen_ids);
}

Catalog refused(const std::string& why) {
  Catalog catalog;
  catalog.issues.push_back({CatalogIssue::Severity::error, "", "", why});
  return catalog;
}

}  // namespace

std::string catalog_to_binary(const Catalog& catalog, const std::set<std::string>& moved) {
  Writer out;
  out.bytes.assign(kMagic, sizeof kMagic);
  out.byte(kFormatVersion);
  const std::uint32_t fingerprint = field_table_fingerprint();
  for (int i = 0; i < 4; ++i) out.byte(static_cast<std::uint8_t>(fingerprint >> (8 * i)));
  out.signed_varint(catalog.schema_version);
  out.texts(moved);
  out.varint(catalog.gpus.size());
  for (const Gpu& gpu : catalog.gpus) {
    for (const GpuField& field : gpu_fields()) {
      std::visit([&](auto member) { out.field(gpu.*member); }, field.member);
    }
  }
  out.varint(catalog.issues.size());
  for (const CatalogIssue& issue : catalog.issues) {
    out.byte(issue.severity == CatalogIssue::Severity::error ? 0 : 1);
    out.text(issue.row);
    out.text(issue.field);
    out.text(issue.message);
  }
  return out.bytes;
}

bool is_catalog_binary(std::string_view bytes) {
  return bytes.size() >= sizeof kMagic && std::memcmp(bytes.data(), kMagic, sizeof kMagic) == 0;
}

Catalog catalog_from_binary(std::string_view bytes) {
  if (!is_catalog_binary(bytes)) return refused("the catalog file is not a gpuwise binary catalog");
  Reader in(bytes, sizeof kMagic);
  const std::uint8_t version = in.byte();
  std::uint32_t fingerprint = 0;
  for (int i = 0; i < 4; ++i) fingerprint |= static_cast<std::uint32_t>(in.byte()) << (8 * i);
  if (in.ok() && (version != kFormatVersion || fingerprint != field_table_fingerprint())) {
    return refused("the catalog file was written for another version of the page; reload the page");
  }
  Catalog catalog;
  catalog.schema_version = in.whole(in.signed_varint());
  const std::vector<std::string> moved = in.texts();
  catalog.details_elsewhere = !moved.empty();
  const bool sources_moved = contains_word(moved, "sources");

  // Each row takes at least a byte per field: a larger count is damage, caught before
  // anything is reserved.
  const std::uint64_t rows = in.varint();
  if (in.ok() && rows > in.left() / gpu_fields().size()) in.fail("a row count larger than the file");
  std::set<std::string> seen_ids;
  for (std::uint64_t index = 0; index < rows && in.ok(); ++index) {
    Gpu gpu;
    for (const GpuField& field : gpu_fields()) {
      std::visit([&](auto member) { in.field(gpu.*member); }, field.member);
    }
    if (!in.ok()) break;
    IssueRecorder row(gpu.id.empty() ? "#" + std::to_string(index + 1) : gpu.id, catalog.issues);
    if (row_passes(gpu, sources_moved, row, seen_ids)) catalog.gpus.push_back(std::move(gpu));
  }
  const std::size_t issues = in.count();
  for (std::size_t i = 0; i < issues && in.ok(); ++i) {
    const std::uint8_t severity = in.byte();
    if (severity > 1) in.fail("an unknown issue severity " + std::to_string(severity));
    CatalogIssue issue;
    issue.severity = severity == 0 ? CatalogIssue::Severity::error : CatalogIssue::Severity::warning;
    issue.row = in.text();
    issue.field = in.text();
    issue.message = in.text();
    if (in.ok()) catalog.issues.push_back(std::move(issue));
  }
  if (in.ok() && !in.at_end()) in.fail(std::to_string(in.left()) + " bytes are left over");
  if (!in.ok()) return refused("the catalog file is damaged (" + in.problem() + "); reload the page");
  return catalog;
}

std::string merge_catalog_details(Catalog& catalog, const json& details) {
  const json* rows = details.is_object() && details.contains("gpus") ? &details["gpus"] : nullptr;
  if (!rows || !rows->is_array() || rows->size() != catalog.gpus.size()) {
    return "the notes and sources in data/details.json are not for this catalog (" +
           std::to_string(rows && rows->is_array() ? rows->size() : 0) + " rows for " +
           std::to_string(catalog.gpus.size()) + " cards); reload the page";
  }
  std::vector<Gpu> merged = catalog.gpus;
  std::set<std::string> seen_ids;
  for (std::size_t i = 0; i < merged.size(); ++i) {
    Gpu& gpu = merged[i];
    const json& row = (*rows)[i];
    const std::string where = "data/details.json, card '" + gpu.id + "'";
    if (!row.is_object()) return where + ": not an object";
    for (auto item = row.begin(); item != row.end(); ++item) {
      const GpuField* field = find_gpu_field(item.key());
      const auto* text = field ? std::get_if<std::string Gpu::*>(&field->member) : nullptr;
      const auto* list = field ? std::get_if<std::vector<std::string> Gpu::*>(&field->member) : nullptr;
      if (text && item->is_string()) {
        gpu.**text = item->get<std::string>();
      } else if (list && item->is_array()) {
        std::vector<std::string> values;
        for (const json& value : *item) {
          if (!value.is_string()) return where + ", field '" + item.key() + "': not a list of strings";
          values.push_back(value.get<std::string>());
        }
        if (const auto problem = list_problem(*field, values)) return where + ", field '" + item.key() + "': " + *problem;
        gpu.**list = std::move(values);
      } else {
        return where + ": '" + item.key() + "' is not a text or list field of a card";
      }
    }
    // The row's rules again, now with its sources ("needs at least one source URL").
    std::vector<CatalogIssue> issues;
    IssueRecorder recorder(gpu.id, issues);
    if (!accept_row(gpu, /*sources_moved=*/false, recorder, seen_ids)) {
      return where + ", field '" + issues.front().field + "': " + issues.front().message;
    }
  }
  catalog.gpus = std::move(merged);
  catalog.details_elsewhere = false;
  return "";
}

}  // namespace gpuwise
