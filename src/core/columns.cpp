#include "columns.h"

#include <cmath>
#include <cstdio>

namespace gpuwise {

const char* const kMissing = "\xE2\x80\x93";  // en dash: "no figure", never 0

std::string format_number(std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return kMissing;
  const double v = *value;
  char buffer[48];
  const double magnitude = std::fabs(v);
  if (magnitude >= 1000 || std::floor(v) == v) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
  } else if (magnitude >= 100) {
    std::snprintf(buffer, sizeof buffer, "%.1f", v);
  } else if (magnitude >= 1) {
    std::snprintf(buffer, sizeof buffer, "%.2f", v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.3f", v);
  }
  // Drop trailing zeros of a fraction: 35.60 -> 35.6
  std::string text = buffer;
  if (text.find('.') != std::string::npos) {
    while (!text.empty() && text.back() == '0') text.pop_back();
    if (!text.empty() && text.back() == '.') text.pop_back();
  }
  return text;
}

namespace {

template <typename T>
std::optional<double> as_number(const std::optional<T>& value) {
  if (!value) return std::nullopt;
  return static_cast<double>(*value);
}

#define GPUWISE_NUMBER(field) \
  [](const Gpu& g) -> std::optional<double> { return as_number(std::optional<double>(g.field)); }
#define GPUWISE_OPTIONAL(field) [](const Gpu& g) -> std::optional<double> { return as_number(g.field); }
#define GPUWISE_TEXT(field) [](const Gpu& g) -> std::string { return g.field; }

}  // namespace

const std::vector<Column>& catalog_columns() {
  static const std::vector<Column> columns = [] {
    std::vector<Column> c = {
        {"name", "Name", "", false, true, true, nullptr, GPUWISE_TEXT(name)},  // i18n
        {"vendor", "Vendor", "", false, true, true, nullptr, GPUWISE_TEXT(vendor)},  // i18n
        {"line", "Line", "", false, false, true, nullptr,
         [](const Gpu& g) -> std::string { return line_label(g.line); }},  // i18n
        {"series", "Series", "", false, false, true, nullptr, GPUWISE_TEXT(series)},  // i18n
        {"architecture", "Architecture", "", false, true, true, nullptr, GPUWISE_TEXT(architecture)},  // i18n
        {"compute_capability", "Compute cap.", "", false, false, true, nullptr,  // i18n
         [](const Gpu& g) -> std::string { return g.compute_capability.empty() ? kMissing : g.compute_capability; }},
        {"release_year", "Year", "", true, true, true, GPUWISE_NUMBER(release_year), nullptr},  // i18n
        {"vram_gb", "VRAM", "GB", true, true, true, GPUWISE_NUMBER(vram_gb), nullptr},  // i18n
        {"memory_type", "Memory", "", false, true, true, nullptr, GPUWISE_TEXT(memory_type)},  // i18n
        {"memory_bus_bits", "Bus", "bit", true, false, true, GPUWISE_OPTIONAL(memory_bus_bits), nullptr},  // i18n
        {"memory_bandwidth_gbs", "Bandwidth", "GB/s", true, true, true, GPUWISE_NUMBER(memory_bandwidth_gbs), nullptr},  // i18n
        {"fp32_tflops", "FP32", "TFLOPS", true, true, true, GPUWISE_OPTIONAL(fp32_tflops), nullptr},  // i18n
        {"fp64_tflops", "FP64", "TFLOPS", true, true, true, GPUWISE_OPTIONAL(fp64_tflops), nullptr},  // i18n
        {"fp16_tflops", "FP16", "TFLOPS", true, false, true, GPUWISE_OPTIONAL(fp16_tflops), nullptr},  // i18n
        {"fp16_tensor_tflops", "FP16 tensor", "TFLOPS", true, true, true, GPUWISE_OPTIONAL(fp16_tensor_tflops), nullptr},  // i18n
        {"bf16_tensor_tflops", "BF16 tensor", "TFLOPS", true, false, true, GPUWISE_OPTIONAL(bf16_tensor_tflops), nullptr},  // i18n
        {"tf32_tensor_tflops", "TF32 tensor", "TFLOPS", true, false, true, GPUWISE_OPTIONAL(tf32_tensor_tflops), nullptr},  // i18n
        {"fp8_tensor_tflops", "FP8 tensor", "TFLOPS", true, false, true, GPUWISE_OPTIONAL(fp8_tensor_tflops), nullptr},  // i18n
        {"int8_tensor_tops", "INT8 tensor", "TOPS", true, false, true, GPUWISE_OPTIONAL(int8_tensor_tops), nullptr},  // i18n
        {"cuda_cores", "CUDA cores", "", true, true, true, GPUWISE_OPTIONAL(cuda_cores), nullptr},  // i18n
        {"tensor_cores", "Tensor cores", "", true, true, true, GPUWISE_OPTIONAL(tensor_cores), nullptr},  // i18n
        {"tdp_w", "TDP", "W", true, true, false, GPUWISE_NUMBER(tdp_w), nullptr},  // i18n
        {"interface", "Interface", "", false, false, true, nullptr, GPUWISE_TEXT(interface)},  // i18n
        {"nvlink", "NVLink", "", false, false, true, nullptr,  // i18n
         [](const Gpu& g) -> std::string { return g.nvlink ? "yes" : "no"; }},
        {"launch_price_usd", "Launch price", "USD", true, true, false, GPUWISE_OPTIONAL(launch_price_usd), nullptr},  // i18n
    };
    return c;
  }();
  return columns;
}

std::string column_text(const Column& column, const Gpu& gpu) {
  return column.numeric ? format_number(column.number(gpu)) : column.text(gpu);
}

int find_column(std::string_view key) {
  const auto& columns = catalog_columns();
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (key == columns[i].key) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace gpuwise
