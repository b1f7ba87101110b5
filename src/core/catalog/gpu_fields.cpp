#include "catalog/gpu_fields.h"

#include <type_traits>

#include "text/format.h"

namespace gpuwise {
namespace {

template <typename T>
GpuField make_field(const char* key, T Gpu::*member, const FieldSpec& spec) {
  GpuField field;
  static_cast<FieldSpec&>(field) = spec;
  field.key = key;
  field.member = member;
  field.numeric = std::is_same_v<T, int> || std::is_same_v<T, double> || std::is_same_v<T, std::optional<int>> ||
                  std::is_same_v<T, std::optional<double>>;
  field.whole_number = std::is_same_v<T, int> || std::is_same_v<T, std::optional<int>>;
  field.higher_is_better = spec.better != Better::lower;
  return field;
}

std::vector<GpuField> build_table() {
  return {
#define GPU_FIELD(type, name, init, spec) make_field(#name, &Gpu::name, spec),
#include "catalog/gpu_fields.inc"
#undef GPU_FIELD
  };
}

}  // namespace

const std::vector<GpuField>& gpu_fields() {
  static const std::vector<GpuField> table = build_table();
  return table;
}

const GpuField* find_gpu_field(std::string_view key) {
  for (const GpuField& field : gpu_fields()) {
    if (key == field.key) return &field;
  }
  return nullptr;
}

std::optional<double> GpuField::other_number(const Gpu& gpu) const {
  return std::visit(
      [&](auto pointer) -> std::optional<double> {
        const auto& value = gpu.*pointer;
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double>) {
          return static_cast<double>(value);
        } else if constexpr (std::is_same_v<T, std::optional<int>> || std::is_same_v<T, std::optional<double>>) {
          if (!value) return std::nullopt;
          return static_cast<double>(*value);
        } else {
          return std::nullopt;
        }
      },
      member);
}

std::string GpuField::text(const Gpu& gpu) const {
  if (numeric) return format_number(number(gpu));
  return std::visit(
      [&](auto pointer) -> std::string {
        const auto& value = gpu.*pointer;
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, bool>) {
          return cell == CellKind::yes_no ? (value ? "yes" : "no") : (value ? "true" : "false");
        } else if constexpr (std::is_same_v<T, std::string>) {
          if (cell == CellKind::line_name) return line_label(value);
          if (cell == CellKind::kind_name) return kind_label(value);
          // A field the data may leave out shows the dash, never an empty cell.
          if (value.empty() && presence != Presence::required) return kMissing;
          return value;
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
          std::string joined;
          const char* separator = rule == ValueRule::urls ? " " : ", ";
          for (const std::string& item : value) joined += (joined.empty() ? "" : separator) + item;
          return joined;
        } else {
          return kMissing;  // numbers are handled above
        }
      },
      member);
}

}  // namespace gpuwise
