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
  OUTPUT "${GPUWISE_GEN_DIR}/font_latin.cpp" "${GPUWISE_GEN_DIR}/latin.ttf" "${GPUWISE_GEN_DIR}/cjk.ttf"
  COMMAND /usr/bin/python3 "${CMAKE_SOURCE_DIR}/scripts/subset_fonts.py"
          --sources "${CMAKE_SOURCE_DIR}/src/ui" "${CMAKE_SOURCE_DIR}/src/core" --data ${DATA_JSON_FILES}
          --latin-font "${LATIN_FONT}" --cjk-font "${CJK_FONT}"
          --latin-out "${GPUWISE_GEN_DIR}/latin.ttf" --latin-cpp "${GPUWISE_GEN_DIR}/font_latin.cpp"
          --cjk-out "${GPUWISE_GEN_DIR}/cjk.ttf"
  DEPENDS ${UI_STRING_SOURCES} ${DATA_JSON_FILES} "${CMAKE_SOURCE_DIR}/scripts/subset_fonts.py"
  COMMENT "Subsetting UI fonts from the strings in src/ui"
  VERBATIM)
add_library(fonts STATIC "${GPUWISE_GEN_DIR}/font_latin.cpp")
