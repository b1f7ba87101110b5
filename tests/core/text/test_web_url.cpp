// is_web_url: the one source-link check every data file's reader calls.
#include <catch2/catch.hpp>

#include "text/web_url.h"

using namespace gpuwise;

TEST_CASE("a source link is an http(s) URL") {
  CHECK(is_web_url("https://www.techpowerup.com/gpu-specs/"));
  CHECK(is_web_url("http://example.com"));
  CHECK_FALSE(is_web_url("ftp://example.com"));
  CHECK_FALSE(is_web_url("www.example.com"));
  CHECK_FALSE(is_web_url(" https://example.com"));  // the prefix, exactly
  CHECK_FALSE(is_web_url("HTTPS://example.com"));
  CHECK_FALSE(is_web_url(""));
}
