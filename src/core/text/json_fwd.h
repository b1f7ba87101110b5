// The name `json` without nlohmann's 25 000-line header: for headers that only declare
// functions taking or returning JSON. The .cpp that builds or reads one includes
// text/json_util.h (the whole library and our never-throwing helpers).
#pragma once
#include <nlohmann/json_fwd.hpp>

namespace gpuwise {

using json = nlohmann::json;

}  // namespace gpuwise
