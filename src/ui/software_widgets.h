// Software support on the page (issue 29): the graded matrix of a card, Compare's rows,
// the mark a list puts beside a card (community, unknown, support ending), the cards a list
// leaves out with the reason, and the "runs vLLM" filter. Core's catalog/software.h decides;
// these only draw, in the reader's language (data texts: gaps / gaps_zh).
#pragma once
#include <string>
#include <vector>

#include "catalog/software.h"
#include "later.h"
#include "ui_state.h"

namespace gpuwise::ui {

// The loaded table, asking for it the first time and reading it once it has arrived (null
// until then, or when it could not be read).
const SoftwareTable* WantSoftware(UiState& ui);
// The same from the first view's code (the catalog's "runs vLLM" filter): the parser is in
// index.later.wasm, so the table is read through its entry once that code is in (later.h);
// until then it is only asked for.
inline const SoftwareTable* WantSoftwareLater(UiState& ui) {
  ui.software.wanted = true;
  if (ui.software.state == LoadState::ready) return &ui.software.table;
  return LaterCodeReady(ui) ? Later<WantSoftware>::pointer(ui) : nullptr;
}
// Says the table is on its way or why it is missing; true when it is ready.
bool SoftwareReady(UiState& ui);
// Today's date for "support ends within a year": the browser's, as prices age.
std::string Today(const UiState& ui);

// A stack's name, a grade's word and a reason, in the reader's language.
std::string StackName(const SupportStack* stack);
std::string SupportWhyText(const Support& support);
// "bitsandbytes: no (…); PyTorch (CUDA): no (…)": every need at the workload's grade.
std::string WorkloadWhyText(const WorkloadSupport& support);

// After a row's name: "community", "support unknown" or "support ends 2026-10-28", with the
// reason on hover; nothing for a card graded first-class or works without an end.
void SupportMark(const SoftwareGate& gate, const std::string& gpu_id, UiState& ui);
// The same words for a tooltip or a bar's label ("" when there is nothing to say).
std::string SupportMarkText(const WorkloadSupport* support, const UiState& ui);
// "12 cards left out: current software cannot run <workload>" folded, each with its reason.
void DrawLeftOut(const SoftwareGate& gate, const char* id, UiState& ui);

// The card's matrix, stack by stack in groups, each grade coloured, its source a click away.
void DrawSupportMatrix(const Gpu& gpu, UiState& ui, PlatformRequests& requests);
// Compare's rows: one per stack, a cell per card.
void DrawCompareSupport(const std::vector<int>& cards, UiState& ui);

// The "runs vLLM", "QLoRA works" filter menu shared by the catalog and ranking tabs.
void RunsFilter(const char* prefix, std::vector<std::string>& runs, UiState& ui);

}  // namespace gpuwise::ui
