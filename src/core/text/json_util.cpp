#include "text/json_util.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace gpuwise {
namespace {

// The DOM builder with parse_error() replaced: nlohmann hands the error object to the
// SAX handler before it would throw, so we keep its text and stop parsing.
struct DomParserKeepingError : nlohmann::detail::json_sax_dom_parser<json> {
  explicit DomParserKeepingError(json& target)
      : nlohmann::detail::json_sax_dom_parser<json>(target, false) {}
  std::size_t error_byte = 0;
  std::string error_text;
  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& ex) {
    error_byte = position;
    error_text = ex.what();
    return false;
  }
};

// nlohmann's messages read "[json.exception.parse_error.101] parse error at line 1,
// column 2: syntax error ..." or "[json.exception.out_of_range.406] number overflow ...";
// keep the human part and say where, in lines and columns, ourselves.
std::string describe_error(std::string_view text, std::size_t byte, const std::string& what) {
  std::string message = what;
  if (message.rfind("[json.exception.", 0) == 0 && message.find("] ") != std::string::npos) {
    message = message.substr(message.find("] ") + 2);
  }
  if (message.rfind("parse error at line ", 0) == 0 && message.find(": ") != std::string::npos) {
    message = message.substr(message.find(": ") + 2);
  }
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  if (byte > 0) --column;  // nlohmann counts the offending character itself
  if (column == 0) column = 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message;
}

}  // namespace

ParsedJson parse_json(std::string_view text) {
  ParsedJson out;
  DomParserKeepingError handler(out.value);
  const bool ok = json::sax_parse(text.begin(), text.end(), &handler,
                                  json::input_format_t::json, /*strict=*/true);
  if (!ok || !handler.error_text.empty()) {
    out.error = handler.error_text.empty()
                    ? std::string("invalid JSON")
                    : describe_error(text, handler.error_byte, handler.error_text);
    out.value = json();
  }
  return out;
}

// [SECTION] Writing
// Our own writer rather than nlohmann's dump(): its serializer (Grisu2, escaping, pretty
// printing) was 5.4 KB of the page's gzip bytes (issue 15). The output is nlohmann's, byte
// for byte, for every shipped data file and every state the tests write
// (tests/core/text/test_json_writer.cpp compares them); a double nlohmann's Grisu2 writes with
// a digit more than needed comes out in its shortest form here, which reads back the same.
namespace {

class Writer {
 public:
  Writer(std::string& out, int indent) : out_(out), indent_(indent) {}

  void value(const json& v, int depth) {
    switch (v.type()) {
      case json::value_t::object: container(v, depth, '{', '}'); break;
      case json::value_t::array: container(v, depth, '[', ']'); break;
      case json::value_t::string: text(v.get_ref<const std::string&>()); break;
      case json::value_t::boolean: out_ += v.get<bool>() ? "true" : "false"; break;
      case json::value_t::number_integer: out_ += std::to_string(v.get<std::int64_t>()); break;
      case json::value_t::number_unsigned: out_ += std::to_string(v.get<std::uint64_t>()); break;
      case json::value_t::number_float: number(v.get<double>()); break;
      default: out_ += "null"; break;  // null, discarded, binary (never written here)
    }
  }

 private:
  void container(const json& v, int depth, char open, char close) {
    out_ += open;
    if (v.empty()) {
      out_ += close;
      return;
    }
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (!first) out_ += ',';
      first = false;
      line_break(depth + 1);
      if (open == '{') {
        text(it.key());
        out_ += indent_ >= 0 ? ": " : ":";
      }
      value(*it, depth + 1);
    }
    line_break(depth);
    out_ += close;
  }

  void line_break(int depth) {
    if (indent_ < 0) return;
    out_ += '\n';
    out_.append(static_cast<std::size_t>(depth) * static_cast<std::size_t>(indent_), ' ');
  }

  // Escapes as nlohmann does (", \\, \b \f \n \r \t, \u00xx for other control
  // characters; UTF-8 kept), and replaces ill-formed UTF-8 with U+FFFD, one for each
  // maximal ill-formed part, the offending byte read again as a new start.
  void text(const std::string& s) {
    out_ += '"';
    std::size_t i = 0;
    while (i < s.size()) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c < 0x80) {
        escape(c);
        ++i;
        continue;
      }
      const std::size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      std::size_t good = 0;  // bytes of a well-formed sequence seen so far
      if (c >= 0xC2 && c <= 0xF4) {
        good = 1;
        while (good < length && i + good < s.size()) {
          const auto next = static_cast<unsigned char>(s[i + good]);
          unsigned char low = 0x80, high = 0xBF;  // Unicode's table 3-7 of well-formed UTF-8
          if (good == 1 && c == 0xE0) low = 0xA0;
          if (good == 1 && c == 0xED) high = 0x9F;
          if (good == 1 && c == 0xF0) low = 0x90;
          if (good == 1 && c == 0xF4) high = 0x8F;
          if (next < low || next > high) break;
          ++good;
        }
      }
      if (good == length) {
        out_.append(s, i, length);
        i += length;
      } else {
        out_ += "\xEF\xBF\xBD";
        i += good > 0 ? good : 1;
      }
    }
    out_ += '"';
  }

  void escape(unsigned char c) {
    switch (c) {
      case '"': out_ += "\\\""; return;
      case '\\': out_ += "\\\\"; return;
      case '\b': out_ += "\\b"; return;
      case '\f': out_ += "\\f"; return;
      case '\n': out_ += "\\n"; return;
      case '\r': out_ += "\\r"; return;
      case '\t': out_ += "\\t"; return;
      default: break;
    }
    if (c < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out_ += buffer;
    } else {
      out_ += static_cast<char>(c);
    }
  }

  // The fewest significant digits that read back as the same double, laid out as nlohmann
  // does: "24.0", "0.556", "0.0001", "1e-05", "1.5e+20" (plain from 1e-4 to below 1e15).
  void number(double x) {
    if (!std::isfinite(x)) {
      out_ += "null";
      return;
    }
    if (x == 0) {
      out_ += std::signbit(x) ? "-0.0" : "0.0";
      return;
    }
    // Whole numbers (most figures, every pixel position) without a search.
    if (std::fabs(x) < 1e15 && std::floor(x) == x) {
      out_ += std::to_string(static_cast<std::int64_t>(x));
      out_ += ".0";
      return;
    }
    // Digits round-trip from some count on (at most 17): find the least by halves.
    char buffer[32];
    int low = 1, high = 17;
    while (low < high) {
      const int middle = (low + high) / 2;
      std::snprintf(buffer, sizeof buffer, "%.*e", middle - 1, x);
      if (std::strtod(buffer, nullptr) == x) {
        high = middle;
      } else {
        low = middle + 1;
      }
    }
    std::snprintf(buffer, sizeof buffer, "%.*e", low - 1, x);
    // buffer: "-d.ddde+XX"; collect the digits and the decimal exponent.
    std::string digits;
    const char* p = buffer;
    if (*p == '-') {
      out_ += '-';
      ++p;
    }
    for (; *p && *p != 'e'; ++p) {
      if (*p != '.') digits += *p;
    }
    const int exponent = std::atoi(p + 1);
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    const int k = static_cast<int>(digits.size());
    const int n = exponent + 1;  // where the decimal point goes, counted from the first digit
    if (k <= n && n <= 15) {
      out_ += digits;
      out_.append(static_cast<std::size_t>(n - k), '0');
      out_ += ".0";
    } else if (0 < n && n <= 15) {
      out_.append(digits, 0, static_cast<std::size_t>(n));
      out_ += '.';
      out_.append(digits, static_cast<std::size_t>(n), std::string::npos);
    } else if (-4 < n && n <= 0) {
      out_ += "0.";
      out_.append(static_cast<std::size_t>(-n), '0');
      out_ += digits;
    } else {
      out_ += digits[0];
      if (k > 1) {
        out_ += '.';
        out_.append(digits, 1, std::string::npos);
      }
      const int e = n - 1;
      std::snprintf(buffer, sizeof buffer, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
      out_ += buffer;
    }
  }

  std::string& out_;
  int indent_;
};

}  // namespace

std::string dump_json(const json& value, int indent) {
  std::string out;
  Writer(out, indent).value(value, 0);
  return out;
}

}  // namespace gpuwise
