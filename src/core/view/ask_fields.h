// Which fields of the view change Ask's answer to a question: the question's own (ask.*)
// and the buy-or-rent ones (roi.*) it prices owning with. What `gpuwise ask` reads to refuse
// a flag the question would ignore and to list each flag with the goals that read it; a
// test checks every claim both ways on the shipped data (tests/core/ask/test_ask.cpp).
#pragma once
#include <string_view>

#include "ask/ask.h"

namespace gpuwise {

// Whether the answer to `ask` reads the field with this link key ("ask.hours", "roi.kwh").
// The roi fields follow their RoiScope (money/roi_model.h), so a new one needs no word here:
// the buyer's assumptions are read where owning is priced over the years (the cost of a job:
// train, serve, full fine-tuning) and by the owner; one card's or machine's figures and the
// renting side by the owner alone (goal own: its cards are the view's card and count).
bool ask_reads_field(const AskView& ask, std::string_view link_key);

}  // namespace gpuwise
