// The one table of GPU fields (the lines are in gpu_fields.inc): for each gpus.json
// field its label, unit, check, direction, catalog column and ranking place, and how to
// read it from a Gpu. The loader, catalog columns (columns.h), ranking metrics
// (metrics.h) and the static page (`gpuwise catalog --columns --json`) all read it.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "catalog/catalog.h"

namespace gpuwise {

enum class Presence { optional, required, nvidia_required };
// percent: > 0 and at most 100; urls: every entry of a list is an http(s) URL.
enum class ValueRule { any, positive, non_negative, year, board_count, percent, urls };
enum class Better { neither, higher, lower };
// How a cell reads: the value, a number by format_number(), or a word the UI translates.
enum class CellKind { text, number, line_name, kind_name, yes_no };

using GpuMember = std::variant<std::string Gpu::*, int Gpu::*, double Gpu::*, std::optional<int> Gpu::*,
                               std::optional<double> Gpu::*, bool Gpu::*, std::vector<std::string> Gpu::*>;

// What gpu_fields.inc says about a field, written as text("Label").required()...
struct FieldSpec {
  const char* label = "";        // English; the UI shows tr(label)
  const char* unit = "";         // "GB/s"; "" for counts and text
  const char* description = "";  // one sentence for a tooltip (ranking metrics have one)
  CellKind cell = CellKind::text;
  Presence presence = Presence::optional;
  ValueRule rule = ValueRule::any;
  Better better = Better::neither;
  bool column = true;            // a catalog column (id, sources and notes are not)
  bool shown_by_default = false;  // shown before the reader picks columns
  int rank_position = 0;         // 0: not a ranking metric; n: n-th in the metric menu

  constexpr FieldSpec required() const { return with([](FieldSpec& s) { s.presence = Presence::required; }); }
  constexpr FieldSpec nvidia_required() const {
    return with([](FieldSpec& s) { s.presence = Presence::nvidia_required; });
  }
  constexpr FieldSpec positive() const { return with([](FieldSpec& s) { s.rule = ValueRule::positive; }); }
  constexpr FieldSpec non_negative() const { return with([](FieldSpec& s) { s.rule = ValueRule::non_negative; }); }
  constexpr FieldSpec year() const { return with([](FieldSpec& s) { s.rule = ValueRule::year; }); }
  constexpr FieldSpec board_count() const { return with([](FieldSpec& s) { s.rule = ValueRule::board_count; }); }
  constexpr FieldSpec percent() const { return with([](FieldSpec& s) { s.rule = ValueRule::percent; }); }
  constexpr FieldSpec urls() const { return with([](FieldSpec& s) { s.rule = ValueRule::urls; }); }
  constexpr FieldSpec higher() const { return with([](FieldSpec& s) { s.better = Better::higher; }); }
  constexpr FieldSpec lower() const { return with([](FieldSpec& s) { s.better = Better::lower; }); }
  constexpr FieldSpec shown() const { return with([](FieldSpec& s) { s.shown_by_default = true; }); }
  constexpr FieldSpec hidden_column() const { return with([](FieldSpec& s) { s.column = false; }); }
  constexpr FieldSpec line_name() const { return with([](FieldSpec& s) { s.cell = CellKind::line_name; }); }
  constexpr FieldSpec kind_name() const { return with([](FieldSpec& s) { s.cell = CellKind::kind_name; }); }
  constexpr FieldSpec yes_no() const { return with([](FieldSpec& s) { s.cell = CellKind::yes_no; }); }
  constexpr FieldSpec rank(int position, const char* tooltip) const {
    FieldSpec s = *this;
    s.rank_position = position;
    s.description = tooltip;
    return s;
  }

 private:
  template <typename Change>
  constexpr FieldSpec with(Change change) const {
    FieldSpec s = *this;
    change(s);
    return s;
  }
};

constexpr FieldSpec text(const char* label) {
  FieldSpec s;
  s.label = label;
  return s;
}
constexpr FieldSpec number(const char* label, const char* unit) {
  FieldSpec s;
  s.label = label;
  s.unit = unit;
  s.cell = CellKind::number;
  return s;
}

// One row of the table: the spec, plus the key and where the value lives on a Gpu.
struct GpuField : FieldSpec {
  const char* key = "";  // the gpus.json field name, e.g. "fp32_tflops"
  GpuMember member;
  bool numeric = false;       // int, double or optional of them: sorts and ranks as a number
  bool whole_number = false;  // int: the loader refuses 35.5
  bool higher_is_better = true;  // better == higher (or neither), for code that only orders

  // The number on this card; absent for a missing optional figure or a text field.
  // Most figures are optional doubles, read here inline: ranking reads one per card and
  // metric, and the general path (a std::visit) is a call through a table in the -Oz
  // web build.
  std::optional<double> number(const Gpu& gpu) const {
    if (const auto* figure = std::get_if<std::optional<double> Gpu::*>(&member)) return gpu.**figure;
    return other_number(gpu);
  }
  std::optional<double> other_number(const Gpu& gpu) const;  // every other member type
  // The cell as shown: format_number() for figures ("–" when missing), the text, a list
  // joined by ", ", or the English word (line name, kind, yes/no) the UI translates.
  std::string text(const Gpu& gpu) const;
};

// Every field of a gpus.json row, in file order.
const std::vector<GpuField>& gpu_fields();
const GpuField* find_gpu_field(std::string_view key);

}  // namespace gpuwise
