// The page's font atlas from glyphs the browser draws (font_atlas_web.h). Every glyph is
// one of ImGui's custom glyph rectangles; this file places them and ImGui's own finishing
// step turns them into the font.
//
// ImGui 1.86 (unpatched from Debian) builds an atlas with stb_truetype, which would stay in
// the download although the page has no font file for it. The link therefore redirects
// ImFontAtlas::Build (-Wl,--wrap in src/platform/CMakeLists.txt) to
// __wrap__ZN11ImFontAtlas5BuildEv below, and the linker drops stb_truetype, ImGui's
// TrueType builder and its ProggyClean default font. With the DejaVu subset the page no
// longer embeds, index.wasm lost 17.2 KB gzip (issue 15).
#include "font_atlas_web.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include "browser.h"
#include "imgui.h"
#include "imgui_internal.h"

namespace {

// The glyphs' em, and the baseline's depth below the line's top, as parts of ImGui's font
// size (a line height). 0.8 puts the baseline where the DejaVu subset the page used to
// carry had it; an em of 7/8 keeps its text size with the narrower fonts systems use.
constexpr float kEmOfLine = 0.875f;
constexpr float kBaselineOfLine = 0.8f;

// Places every custom rectangle in rows, tallest first, a pixel apart; then ImGui's
// finishing step draws its white pixel and line textures and makes the font's glyphs.
bool PlaceRectangles(ImFontAtlas& atlas) {
  ImFontAtlasBuildInit(&atlas);
  atlas.ClearTexData();
  const int pad = std::max(1, atlas.TexGlyphPadding);
  double surface = 0;
  for (const ImFontAtlasCustomRect& rect : atlas.CustomRects) surface += double(rect.Width + pad) * (rect.Height + pad);
  // The width ImGui's own builder picks for that surface (rows about as long as the atlas is tall).
  const double side = std::sqrt(surface) + 1;
  atlas.TexWidth = atlas.TexDesiredWidth > 0 ? atlas.TexDesiredWidth
                   : side >= 4096 * 0.7   ? 4096
                   : side >= 2048 * 0.7   ? 2048
                   : side >= 1024 * 0.7   ? 1024
                                          : 512;
  std::vector<int> order(static_cast<std::size_t>(atlas.CustomRects.Size));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return atlas.CustomRects[a].Height > atlas.CustomRects[b].Height; });
  int x = pad, y = pad, row_height = 0;
  for (const int index : order) {
    ImFontAtlasCustomRect& rect = atlas.CustomRects[index];
    if (x + rect.Width + pad > atlas.TexWidth) {
      x = pad;
      y += row_height + pad;
      row_height = 0;
    }
    rect.X = static_cast<unsigned short>(x);
    rect.Y = static_cast<unsigned short>(y);
    x += rect.Width + pad;
    row_height = std::max(row_height, static_cast<int>(rect.Height));
  }
  atlas.TexHeight = ImUpperPowerOfTwo(y + row_height + pad);
  atlas.TexUvScale = ImVec2(1.0f / static_cast<float>(atlas.TexWidth), 1.0f / static_cast<float>(atlas.TexHeight));
  const std::size_t pixels = static_cast<std::size_t>(atlas.TexWidth) * static_cast<std::size_t>(atlas.TexHeight);
  atlas.TexPixelsAlpha8 = static_cast<unsigned char*>(IM_ALLOC(pixels));
  std::memset(atlas.TexPixelsAlpha8, 0, pixels);
  ImFontAtlasBuildFinish(&atlas);
  return true;
}

}  // namespace

// ImFontAtlas::Build, for every caller (ImGui's own texture getters included).
extern "C" bool __wrap__ZN11ImFontAtlas5BuildEv(ImFontAtlas* atlas) { return PlaceRectangles(*atlas); }

namespace gpuwise::platform {

int build_browser_font(ImFontAtlas& atlas, const std::vector<char32_t>& codepoints,
                       const std::vector<unsigned char>& is_cjk, float size_px) {
  atlas.Clear();
  atlas.Flags |= ImFontAtlasFlags_NoMouseCursors;  // the browser draws the mouse cursor, not ImGui
  ImFont* font = IM_NEW(ImFont);
  font->ContainerAtlas = &atlas;
  font->FontSize = size_px;
  const float baseline = std::round(size_px * kBaselineOfLine);
  font->Ascent = baseline;
  font->Descent = baseline - size_px;
  atlas.Fonts.push_back(font);

  GlyphImages glyphs{codepoints, is_cjk, {}, {}};
  const int em = std::max(1, static_cast<int>(std::lround(size_px * kEmOfLine)));
  measure_glyphs(glyphs, em);
  std::vector<int> rects;
  for (std::size_t i = 0; i < glyphs.codepoints.size(); ++i) {  // measure_glyphs gave each four numbers
    const int* box = &glyphs.boxes[i * 4];
    // Whole-pixel advances keep every glyph on the pixel grid it was drawn for (sharp).
    rects.push_back(atlas.AddCustomRectFontGlyph(font, static_cast<ImWchar>(glyphs.codepoints[i]), box[2], box[3],
                                                 std::round(glyphs.advances[i]),
                                                 ImVec2(static_cast<float>(box[0]), baseline + static_cast<float>(box[1]))));
  }
  atlas.Build();
  std::vector<int> places;
  for (const int index : rects) {
    const ImFontAtlasCustomRect* rect = atlas.GetCustomRectByIndex(index);
    places.push_back(rect->X);
    places.push_back(rect->Y);
  }
  return draw_glyphs(glyphs, em, places, atlas.TexPixelsAlpha8, atlas.TexWidth);
}

}  // namespace gpuwise::platform
