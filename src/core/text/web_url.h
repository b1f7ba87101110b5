// What the data files accept as a source link: an http(s) URL. One check for every
// file that cites its sources (gpus.json, prices.json, benchmarks.json, the details).
#pragma once
#include <string_view>

namespace gpuwise {

// True for text starting "https://" or "http://" (the rest is the source's business).
bool is_web_url(std::string_view text);

}  // namespace gpuwise
