#include "estimate/gates.h"

#include <algorithm>

#include "estimate/speed.h"
#include "text/json_util.h"

namespace gpuwise {

std::string quant_workload(const std::string& quant) {
  const Quantisation* q = find_quantisation(quant);
  if (!q) return "";
  if (q->llama_cpp) return "gguf";
  if (q->id == "bf16") return "serve-bf16";
  if (q->id == "fp8") return "serve-fp8";
  return "serve";
}

std::string fit_workload(const FitView& fit) {
  if (fit.mode == "inference") return fit.precision == "bf16" ? "infer-bf16" : "infer";
  if (fit.mode == "lora") return fit.precision == "int4" ? "qlora" : fit.precision == "bf16" ? "lora-bf16" : "lora";
  const bool long_context = fit.context >= kLongContextTokens;
  if (fit.precision == "bf16") return long_context ? "train-bf16-long" : "train-bf16";
  return long_context ? "train-long" : "train";
}

std::string training_workload(int context_tokens) {
  return context_tokens >= kLongContextTokens ? "train-bf16-long" : "train-bf16";
}

namespace {

// Cuts a list to top_n after the gate, and says how many of the fitting cards remain.
template <class Row>
void cut(std::vector<Row>& rows, int top_n) {
  if (rows.size() > static_cast<std::size_t>(std::max(1, top_n))) rows.resize(static_cast<std::size_t>(std::max(1, top_n)));
}

}  // namespace

GatedSpeedTable gated_speed_table(const Catalog& catalog, const Benchmarks& benchmarks,
                                  const SpeedCalibration& calibration, const SoftwareTable& software,
                                  const Compat* compat, const SpeedView& view) {
  SpeedView all = view;
  all.top_n = static_cast<int>(catalog.gpus.size()) + 1;
  GatedSpeedTable out{speed_table(catalog, benchmarks, calibration, all), {quant_workload(view.quant), {}, {}}};
  if (!view.cards.empty()) {
    // One machine of the reader's cards is one row: it runs the workload only if every card
    // of it does, so a card graded `no` takes the machine's row out, with its reason.
    std::vector<std::string> cards = view.cards;
    gate_rows(cards, [](const std::string& id) { return id; }, catalog, software, compat, out.gate);
    if (!out.gate.left_out.empty()) {
      out.table.rows.clear();
      out.table.cards_fit = 0;
    }
    return out;
  }
  gate_rows(out.table.rows, [](const SpeedRow& r) { return r.gpu_id; }, catalog, software, compat, out.gate);
  for (const LeftOut& left : out.gate.left_out) {
    for (const Gpu& gpu : catalog.gpus) {
      if (gpu.id != left.gpu_id) continue;
      const SpeedEstimate e = estimate_speed(gpu, speed_input_from_view(view), calibration);
      if (e.fits && e.decode_tokens_per_s > 0) --out.table.cards_fit;
    }
  }
  cut(out.table.rows, view.top_n);
  return out;
}

GatedImageTable gated_image_table(const Catalog& catalog, const Benchmarks& benchmarks,
                                  const ImageCalibration& calibration, const SoftwareTable& software,
                                  const Compat* compat, const ImageView& view) {
  ImageView all = view;
  all.top_n = static_cast<int>(catalog.gpus.size()) + 1;
  GatedImageTable out{image_table(catalog, benchmarks, calibration, all), {image_workload(view.precision), {}, {}}};
  const std::vector<ImageRow> before = out.table.rows;
  gate_rows(out.table.rows, [](const ImageRow& r) { return r.gpu_id; }, catalog, software, compat, out.gate);
  for (const LeftOut& left : out.gate.left_out) {
    for (const ImageRow& row : before) {
      if (row.gpu_id == left.gpu_id && row.estimate.fits) --out.table.cards_fit;
    }
  }
  cut(out.table.rows, view.top_n);
  return out;
}

SoftwareGate gate_fit_lists(std::map<int, std::vector<std::string>>& lists, const Catalog& catalog,
                            const SoftwareTable& software, const Compat* compat, const FitView& fit) {
  SoftwareGate gate{fit_workload(fit), {}, {}};
  for (auto& [count, ids] : lists) {
    SoftwareGate one{gate.workload, {}, {}};
    gate_rows(ids, [](const std::string& id) { return id; }, catalog, software, compat, one);
    // A card fits at every count from its first: list it apart once.
    for (LeftOut& left : one.left_out) {
      const bool seen = std::any_of(gate.left_out.begin(), gate.left_out.end(),
                                    [&](const LeftOut& l) { return l.gpu_id == left.gpu_id; });
      if (!seen) gate.left_out.push_back(std::move(left));
    }
    for (auto& [id, support] : one.marks) gate.marks[id] = std::move(support);
  }
  return gate;
}

json support_json(const WorkloadSupport& support) {
  json out = {{"grade", grade_key(support.grade)}};
  if (const Support* limit = support.limit()) out["limit"] = limit->stack ? limit->stack->key : "";
  out["reason"] = workload_sentence(support);
  out["until"] = support.until.empty() ? json(nullptr) : json(support.until);
  return out;
}

void add_gate_json(const SoftwareGate& gate, json& out) {
  if (gate.workload.empty()) return;
  for (const char* list : {"results", "rows"}) {  // the Speed table calls its rows "rows"
    auto rows = out.find(list);
    if (rows == out.end() || !rows->is_array()) continue;
    for (json& row : *rows) {
      const auto id = row.find("id");
      if (id == row.end() || !id->is_string()) continue;
      if (const WorkloadSupport* mark = gate.mark(id->get<std::string>())) row["software"] = support_json(*mark);
    }
  }
  json left = json::array();
  for (const LeftOut& l : gate.left_out) {
    json row = support_json(l.support);
    row["id"] = l.gpu_id;
    row["name"] = l.name;
    left.push_back(std::move(row));
  }
  const Workload* w = find_workload(gate.workload);
  out["software_gate"] = {{"workload", gate.workload}, {"needs", w ? w->label : ""}, {"left_out", left}};
}

}  // namespace gpuwise
