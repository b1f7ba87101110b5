# The link flags of a page built from ImGui + SDL2 for the browser: the site's app and,
# so that the benchmark compares like with like, the stock ImGui example (bench/stock).
#   gpuwise_web_link(TARGET EXPORTED_FUNCTIONS) e.g. "_main,_malloc,_free"
function(gpuwise_web_link target exported_functions)
  # `$` in -s values is mangled when written inline in CMake: keep those in a response file.
  set(rsp "${CMAKE_CURRENT_BINARY_DIR}/${target}-link.rsp")
  file(WRITE "${rsp}"
       "-sDEFAULT_LIBRARY_FUNCS_TO_INCLUDE=$autoResumeAudioContext,$dynCall\n"
       "-sEXPORTED_FUNCTIONS=${exported_functions}\n")
  target_link_options(${target} PRIVATE
    "@${rsp}"
    -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
    -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 -sENVIRONMENT=web
    -sINITIAL_MEMORY=33554432
    -Oz --closure 1)
endfunction()
