# Build-time assets: font subsets cut from the UI's own strings, and (for the web) the
# data files and static files that sit beside index.html in build/web/site/.
set(GPUWISE_SITE_DIR "${CMAKE_BINARY_DIR}/site")
set(GPUWISE_GEN_DIR "${CMAKE_BINARY_DIR}/generated")
file(MAKE_DIRECTORY "${GPUWISE_GEN_DIR}")

if(GPUWISE_CORE_ONLY)
  return()
endif()

set(LATIN_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
set(CJK_FONT "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
file(GLOB_RECURSE UI_STRING_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/ui/*" "${CMAKE_SOURCE_DIR}/src/core/*")
file(GLOB DATA_JSON_FILES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/data/*.json")
add_custom_command(
  OUTPUT "${GPUWISE_GEN_DIR}/font_latin.cpp" "${GPUWISE_GEN_DIR}/font_latin_codepoints.cpp"
         "${GPUWISE_GEN_DIR}/latin_codepoints.js"
         "${GPUWISE_GEN_DIR}/latin.ttf" "${GPUWISE_GEN_DIR}/cjk.ttf"
  COMMAND /usr/bin/python3 "${CMAKE_SOURCE_DIR}/scripts/subset_fonts.py"
          --sources "${CMAKE_SOURCE_DIR}/src/ui" "${CMAKE_SOURCE_DIR}/src/core" --data ${DATA_JSON_FILES}
          --latin-font "${LATIN_FONT}" --cjk-font "${CJK_FONT}"
          --latin-out "${GPUWISE_GEN_DIR}/latin.ttf" --latin-cpp "${GPUWISE_GEN_DIR}/font_latin.cpp"
          --latin-codepoints-cpp "${GPUWISE_GEN_DIR}/font_latin_codepoints.cpp"
          --latin-codepoints-js "${GPUWISE_GEN_DIR}/latin_codepoints.js"
          --cjk-out "${GPUWISE_GEN_DIR}/cjk.ttf"
  DEPENDS ${UI_STRING_SOURCES} ${DATA_JSON_FILES} "${CMAKE_SOURCE_DIR}/scripts/subset_fonts.py"
  COMMENT "Subsetting UI fonts from the strings in src/ui"
  VERBATIM)
# The desktop build rasterises the DejaVu subset itself; the page draws the same characters
# in the reader's UI font and needs only their list.
if(EMSCRIPTEN)
  add_library(fonts STATIC "${GPUWISE_GEN_DIR}/font_latin_codepoints.cpp")
else()
  add_library(fonts STATIC "${GPUWISE_GEN_DIR}/font_latin.cpp")
endif()

# Icons and the link preview, drawn as SVG in assets/ and rasterised for the browsers
# that want PNG: favicon, Apple touch icon, manifest icons, and the 1200 x 630 card.
if(EMSCRIPTEN)
  find_program(RSVG_CONVERT rsvg-convert REQUIRED)  # Debian's librsvg2-bin (scripts/setup.sh)
  set(ASSETS "${CMAKE_SOURCE_DIR}/assets")
  set(ICONS "${GPUWISE_SITE_DIR}/icons")
  set(SITE_IMAGES "${ICONS}/favicon-32.png" "${ICONS}/apple-touch-icon.png" "${ICONS}/icon-192.png"
      "${ICONS}/icon-512.png" "${ICONS}/icon-maskable-512.png" "${GPUWISE_SITE_DIR}/favicon.svg"
      "${GPUWISE_SITE_DIR}/preview.png")
  add_custom_command(
    OUTPUT ${SITE_IMAGES}
    COMMAND ${CMAKE_COMMAND} -E make_directory "${ICONS}"
    COMMAND ${RSVG_CONVERT} -w 32 -h 32 "${ASSETS}/icon.svg" -o "${ICONS}/favicon-32.png"
    COMMAND ${RSVG_CONVERT} -w 180 -h 180 -b "#17191e" "${ASSETS}/icon.svg" -o "${ICONS}/apple-touch-icon.png"
    COMMAND ${RSVG_CONVERT} -w 192 -h 192 "${ASSETS}/icon.svg" -o "${ICONS}/icon-192.png"
    COMMAND ${RSVG_CONVERT} -w 512 -h 512 "${ASSETS}/icon.svg" -o "${ICONS}/icon-512.png"
    COMMAND ${RSVG_CONVERT} -w 512 -h 512 "${ASSETS}/icon-maskable.svg" -o "${ICONS}/icon-maskable-512.png"
    COMMAND ${CMAKE_COMMAND} -E copy "${ASSETS}/icon.svg" "${GPUWISE_SITE_DIR}/favicon.svg"
    COMMAND ${RSVG_CONVERT} -w 1200 -h 630 "${ASSETS}/preview.svg" -o "${GPUWISE_SITE_DIR}/preview.png"
    DEPENDS "${ASSETS}/icon.svg" "${ASSETS}/icon-maskable.svg" "${ASSETS}/preview.svg"
    COMMENT "Drawing the icons and the link preview from assets/"
    VERBATIM)
  add_custom_target(site_images ALL DEPENDS ${SITE_IMAGES})
endif()
