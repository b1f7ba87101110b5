// The domains' own input tables and the field table say the same thing: compute_roi
// clamps RoiView's numbers with money/roi_model.h's rows, and the link, the CLI and the
// page's widgets with view/view_fields.cpp's rows. If the two ranges ever differ, a value
// the page accepts would be clamped again in the computation (or the reverse), so each
// row of a domain table must have its field, of the same kind and range.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>

#include "money/roi_model.h"
#include "rank/ranking_view.h"
#include "view/view_fields.h"

namespace {

const gpuwise::ViewField* field_named(const char* section, const char* name) {
  for (const gpuwise::ViewField& field : gpuwise::view_fields()) {
    if (!std::strcmp(field.section, section) && !std::strcmp(field.name, name)) return &field;
  }
  return nullptr;
}

bool same_range(const gpuwise::NumberRange& a, const gpuwise::NumberRange& b) {
  return a.min == b.min && a.max == b.max && a.whole == b.whole && a.zero_too == b.zero_too;
}

}  // namespace

TEST_CASE("domain ranges: every number compute_roi clamps has its field with the same range") {
  int checked = 0;
  for (const gpuwise::RoiNumber& row : gpuwise::kRoiNumbers) {
    INFO(row.name);
    const gpuwise::ViewField* field = field_named("roi", row.name);
    REQUIRE(field != nullptr);
    CHECK(field->kind == gpuwise::FieldKind::number);
    CHECK(same_range(field->range, row.range));
    ++checked;
  }
  for (const gpuwise::RoiCount& row : gpuwise::kRoiCounts) {
    INFO(row.name);
    const gpuwise::ViewField* field = field_named("roi", row.name);
    REQUIRE(field != nullptr);
    CHECK(field->kind == gpuwise::FieldKind::whole);
    CHECK(same_range(field->range, row.range));
    ++checked;
  }
  // The optional inputs compute_roi clamps (kRoiOptionals): a new row is checked here too.
  for (const gpuwise::RoiOptional& row : gpuwise::kRoiOptionals) {
    INFO(row.name);
    const gpuwise::ViewField* field = field_named("roi", row.name);
    REQUIRE(field != nullptr);
    CHECK(field->kind == gpuwise::FieldKind::optional_number);
    CHECK(same_range(field->range, row.range));
    ++checked;
  }
  CHECK(checked >= 19);
}

TEST_CASE("domain ranges: every ranking list filter is a field of the table") {
  for (const gpuwise::RankingListFilter& filter : gpuwise::ranking_list_filters()) {
    INFO(filter.link_key);
    const gpuwise::ViewField* field = gpuwise::find_field_by_link_key(filter.link_key);
    REQUIRE(field != nullptr);
    CHECK(field->ranking_list == &filter);
    CHECK(std::string(field->name) == filter.name);
    CHECK(std::string(field->cli_flag) == filter.cli_flag);
  }
}
