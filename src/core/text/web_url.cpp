// is_web_url: the one prefix check of a source link.
#include "text/web_url.h"

namespace gpuwise {

bool is_web_url(std::string_view text) {
  return text.rfind("https://", 0) == 0 || text.rfind("http://", 0) == 0;
}

}  // namespace gpuwise
