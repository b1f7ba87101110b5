#include "view/ask_fields.h"

#include <string>

#include "money/roi.h"
#include "view/view_fields.h"

namespace gpuwise {

bool ask_reads_field(const AskView& ask, std::string_view link_key) {
  const bool own = ask.goal == "own";
  const bool buys = !own && !ask.rent;
  // The cost of a job prices owning with the view's assumptions (train, serve, full fine-tuning);
  // LoRA's and running's purchases have no running cost.
  const bool job = ask.goal == "train" || ask.goal == "serve" || (ask.goal == "finetune" && ask.method == "full");
  // Running with a card of one's own weighs cards for it, nothing rented.
  const bool rents = !(ask.goal == "run" && !ask.have.empty());
  if (link_key == "ask.hours") return ask.goal == "run" || ask.goal == "image" || ask.goal == "serve";
  if (link_key == "ask.n") return own;  // how many of the cards one has
  const ViewField* field = find_field_by_link_key(link_key);
  if (!field || std::string_view(field->section) != "roi") return false;
  const std::string name = field->name;
  if (name == "calculator" || name == "view" || name == "gpu_id" || name == "gpu_count") return false;
  if (name == "provider_kinds") return own || rents;
  if (name == "sales_tax_pct") return buys;  // every purchase, its outlay against the budget
  // A serving endpoint's owned cards work its hours up (ask.hours), not the view's.
  if (name == "hours_per_day") return buys && job && ask.goal != "serve";
  if (roi_field_scope(name) == RoiScope::buyer) return own || (buys && job);
  return own;  // the owner's card figures, renting out, idle power
}

}  // namespace gpuwise
