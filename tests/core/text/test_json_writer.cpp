// core's JSON writer (json_util.h dump_json) against nlohmann's own dump(): the same text
// for every shipped data file, every string, every whole number and short decimal; for
// any double, text that reads back to the same double and is never longer.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "text/json_util.h"
#include "test_support.h"

using namespace gpuwise;

namespace {

std::string nlohmann_dump(const json& value, int indent = -1) {
  return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace

TEST_CASE("the writer writes every shipped data file as nlohmann does, compact and indented") {
  for (const char* name : {"gpus.json", "prices.json", "cuda.json", "benchmarks.json", "speed_calibration.json",
                           "pending_rows.json"}) {
    INFO(name);
    const json file = json::parse(test::read_source_file(std::string("data/") + name));
    CHECK(dump_json(file) == nlohmann_dump(file));
    CHECK(dump_json(file, 2) == nlohmann_dump(file, 2));
  }
}

TEST_CASE("the writer's numbers: nlohmann's layout, whole numbers and short decimals exactly") {
  const double samples[] = {0.0, -0.0, 1, -24, 0.5, 0.556, 35.58, 1e-4, 1.5e-4, 1e-5, 2.5e-7, 1e15, 1e16,
                            123456789012345.0, 999999999999999.0, 1234567890123456.0, 1e21, 1.5e300, -7.25e-300,
                            std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min(),
                            std::numeric_limits<double>::min(), 0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0, 100, 1e100};
  for (double x : samples) {
    INFO(x);
    CHECK(dump_json(json(x)) == nlohmann_dump(json(x)));
  }
  CHECK(dump_json(json(std::nan(""))) == "null");
  CHECK(dump_json(json(std::numeric_limits<double>::infinity())) == "null");
  CHECK(dump_json(json(std::numeric_limits<std::int64_t>::min())) == "-9223372036854775808");
  CHECK(dump_json(json(std::numeric_limits<std::uint64_t>::max())) == "18446744073709551615");

  // Decimals as people write them (prices, TFLOPS: m / 10^k), then any double at all.
  // Each reads back as the same double and is never longer than nlohmann's text: its
  // Grisu2 now and then writes a digit more ("-0.9496776730000001" for -0.949677673) or,
  // at 17 digits, another last digit that reads back the same; the writer always writes
  // the fewest digits, correctly rounded. Nearly always the text is the same.
  std::mt19937_64 random(15);
  const auto check = [](double x, int& same_text) {
    const std::string ours = dump_json(json(x));
    const std::string theirs = nlohmann_dump(json(x));
    INFO(ours << " vs " << theirs);
    REQUIRE(json::parse(ours).get<double>() == x);
    REQUIRE(ours.size() <= theirs.size());
    same_text += ours == theirs;
  };
  int same_decimal = 0, same_any = 0;
  for (int i = 0; i < 20000; ++i) {
    check(static_cast<double>(static_cast<std::int64_t>(random() % 2000000001) - 1000000000) /
              std::pow(10.0, static_cast<double>(random() % 12)),
          same_decimal);
    double x;
    const std::uint64_t bits = random();
    std::memcpy(&x, &bits, sizeof x);
    if (std::isfinite(x)) check(x, same_any);
  }
  CHECK(same_decimal > 19500);
  CHECK(same_any > 19000 * 9 / 10);
}

TEST_CASE("the writer's strings: nlohmann's escapes, and U+FFFD for ill-formed UTF-8 where nlohmann puts it") {
  CHECK(dump_json(json("a\"b\\c\b\f\n\r\t\x01\x1f\x7f/")) == "\"a\\\"b\\\\c\\b\\f\\n\\r\\t\\u0001\\u001f\x7f/\"");
  CHECK(dump_json(json("英伟达 €")) == "\"英伟达 €\"");
  // Random strings over the bytes that matter: ASCII, controls, continuation bytes, every
  // lead byte, the boundary seconds of E0, ED, F0 and F4.
  const unsigned char alphabet[] = {'a', '"', '\\', 0x00, 0x1f, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0,
                                    0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff};
  std::mt19937 random(15);
  for (int i = 0; i < 50000; ++i) {
    std::string s(random() % 9, ' ');
    for (char& c : s) c = static_cast<char>(alphabet[random() % sizeof alphabet]);
    INFO(json::binary_t(std::vector<std::uint8_t>(s.begin(), s.end())).size());
    REQUIRE(dump_json(json(s)) == nlohmann_dump(json(s)));
  }
}

TEST_CASE("the writer's containers: empty, nested, indented") {
  const json value = json::parse(R"({"b": [], "a": {}, "c": [1, {"d": [true, false, null]}], "e": "x"})");
  CHECK(dump_json(value) == nlohmann_dump(value));
  CHECK(dump_json(value, 2) == nlohmann_dump(value, 2));
  CHECK(dump_json(value, 4) == nlohmann_dump(value, 4));
  CHECK(dump_json(json::array()) == "[]");
  CHECK(dump_json(json::object(), 2) == "{}");
}
