#include "view_state.h"

namespace gpuwise {
namespace {
const char* const kTabKeys[kTabCount] = {"catalog", "ranking", "compare", "advisor", "roi", "about"};

json optional_number(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }
}  // namespace

const char* tab_key(Tab tab) { return kTabKeys[static_cast<int>(tab)]; }

bool tab_from_key(const std::string& key, Tab& out) {
  for (int i = 0; i < kTabCount; ++i) {
    if (key == kTabKeys[i]) {
      out = static_cast<Tab>(i);
      return true;
    }
  }
  return false;
}

bool operator==(const MetricWeight& a, const MetricWeight& b) { return a.metric == b.metric && a.weight == b.weight; }

bool operator==(const CatalogView& a, const CatalogView& b) {
  return a.search == b.search && a.vendors == b.vendors && a.lines == b.lines && a.series == b.series &&
         a.architectures == b.architectures && a.min_vram_gb == b.min_vram_gb && a.year_min == b.year_min &&
         a.year_max == b.year_max && a.sort_column == b.sort_column && a.sort_descending == b.sort_descending &&
         a.hidden_columns == b.hidden_columns && a.hidden_columns_set == b.hidden_columns_set &&
         a.selected_id == b.selected_id;
}

bool operator==(const RankingView& a, const RankingView& b) {
  return a.profile == b.profile && a.metric == b.metric && a.custom_weights == b.custom_weights &&
         a.vendors == b.vendors && a.lines == b.lines && a.architectures == b.architectures &&
         a.min_vram_gb == b.min_vram_gb && a.max_price_usd == b.max_price_usd && a.year_min == b.year_min &&
         a.cuda == b.cuda && a.pytorch == b.pytorch && a.fits_model == b.fits_model &&
         a.fit_gpu_count == b.fit_gpu_count && a.top_n == b.top_n;
}

bool operator==(const FitView& a, const FitView& b) {
  return a.preset == b.preset && a.params_b == b.params_b && a.precision == b.precision && a.mode == b.mode &&
         a.batch_size == b.batch_size && a.context == b.context && a.layers == b.layers &&
         a.kv_heads == b.kv_heads && a.head_dim == b.head_dim && a.hidden_size == b.hidden_size;
}

bool operator==(const AdvisorView& a, const AdvisorView& b) {
  return a.gpu_id == b.gpu_id && a.gpu_count == b.gpu_count && a.dataset_read_mbs == b.dataset_read_mbs;
}

bool operator==(const RoiView& a, const RoiView& b) {
  return a.gpu_id == b.gpu_id && a.gpu_count == b.gpu_count && a.price_usd == b.price_usd &&
         a.rate_usd_per_hour == b.rate_usd_per_hour && a.power_w == b.power_w &&
         a.host_cost_usd == b.host_cost_usd && a.host_power_w == b.host_power_w &&
         a.kwh_price_usd == b.kwh_price_usd && a.hours_per_day == b.hours_per_day && a.months == b.months &&
         a.depreciation_pct_per_year == b.depreciation_pct_per_year && a.resale_usd == b.resale_usd &&
         a.maintenance_usd_per_year == b.maintenance_usd_per_year &&
         a.rent_out_rate_usd_per_hour == b.rent_out_rate_usd_per_hour && a.occupancy_pct == b.occupancy_pct &&
         a.platform_fee_pct == b.platform_fee_pct;
}

bool operator==(const ViewState& a, const ViewState& b) {
  return a.tab == b.tab && a.language == b.language && a.currency == b.currency &&
         a.cny_per_usd == b.cny_per_usd && a.theme == b.theme && a.catalog == b.catalog &&
         a.ranking == b.ranking && a.compare_ids == b.compare_ids && a.fit == b.fit && a.advisor == b.advisor &&
         a.roi == b.roi;
}

json view_state_to_json(const ViewState& state) {
  const CatalogView& c = state.catalog;
  json catalog = {{"search", c.search},
                  {"vendors", c.vendors},
                  {"lines", c.lines},
                  {"series", c.series},
                  {"architectures", c.architectures},
                  {"min_vram_gb", c.min_vram_gb},
                  {"year_min", c.year_min},
                  {"year_max", c.year_max},
                  {"sort_column", c.sort_column},
                  {"sort_descending", c.sort_descending},
                  {"hidden_columns", c.hidden_columns_set ? json(c.hidden_columns) : json(nullptr)},
                  {"selected_id", c.selected_id}};
  const RankingView& r = state.ranking;
  json weights = json::array();
  for (const auto& w : r.custom_weights) weights.push_back({{"metric", w.metric}, {"weight", w.weight}});
  json ranking = {{"profile", r.profile},
                  {"metric", r.metric},
                  {"custom_weights", weights},
                  {"vendors", r.vendors},
                  {"lines", r.lines},
                  {"architectures", r.architectures},
                  {"min_vram_gb", r.min_vram_gb},
                  {"max_price_usd", r.max_price_usd},
                  {"year_min", r.year_min},
                  {"cuda", r.cuda},
                  {"pytorch", r.pytorch},
                  {"fits_model", r.fits_model},
                  {"fit_gpu_count", r.fit_gpu_count},
                  {"top_n", r.top_n}};
  const FitView& f = state.fit;
  json fit = {{"preset", f.preset},         {"params_b", f.params_b}, {"precision", f.precision},
              {"mode", f.mode},             {"batch_size", f.batch_size}, {"context", f.context},
              {"layers", f.layers},         {"kv_heads", f.kv_heads}, {"head_dim", f.head_dim},
              {"hidden_size", f.hidden_size}};
  const AdvisorView& a = state.advisor;
  json advisor = {{"gpu_id", a.gpu_id}, {"gpu_count", a.gpu_count}, {"dataset_read_mbs", a.dataset_read_mbs}};
  const RoiView& o = state.roi;
  json roi = {{"gpu_id", o.gpu_id},
              {"gpu_count", o.gpu_count},
              {"price_usd", optional_number(o.price_usd)},
              {"rate_usd_per_hour", optional_number(o.rate_usd_per_hour)},
              {"power_w", optional_number(o.power_w)},
              {"host_cost_usd", o.host_cost_usd},
              {"host_power_w", o.host_power_w},
              {"kwh_price_usd", o.kwh_price_usd},
              {"hours_per_day", o.hours_per_day},
              {"months", o.months},
              {"depreciation_pct_per_year", o.depreciation_pct_per_year},
              {"resale_usd", optional_number(o.resale_usd)},
              {"maintenance_usd_per_year", o.maintenance_usd_per_year},
              {"rent_out_rate_usd_per_hour", optional_number(o.rent_out_rate_usd_per_hour)},
              {"occupancy_pct", o.occupancy_pct},
              {"platform_fee_pct", o.platform_fee_pct}};
  return json{{"v", 1},
              {"tab", tab_key(state.tab)},
              {"language", state.language},
              {"currency", state.currency},
              {"cny_per_usd", state.cny_per_usd},
              {"theme", state.theme},
              {"catalog", catalog},
              {"ranking", ranking},
              {"compare_ids", state.compare_ids},
              {"fit", fit},
              {"advisor", advisor},
              {"roi", roi}};
}

}  // namespace gpuwise
