// The page's font atlas, built from glyphs the browser draws (browser.h, GlyphImages)
// instead of from font files: no font and no TrueType rasteriser in the download.
#pragma once
#include <vector>

struct ImFontAtlas;

namespace gpuwise::platform {

// Clears `atlas` and makes its one font: `codepoints` (sorted, each at most once; BMP
// only, as ImWchar is 16 bits) at a line height of `size_px` device pixels. `is_cjk`
// says, per codepoint, which glyphs take Chinese forms. Returns how many glyphs the
// browser had to draw for it (the others it had drawn before).
int build_browser_font(ImFontAtlas& atlas, const std::vector<char32_t>& codepoints,
                       const std::vector<unsigned char>& is_cjk, float size_px);

}  // namespace gpuwise::platform
