# Warnings as errors on every target of ours, in every preset (gcc and clang alike):
# a narrowing conversion or a shadowed name fails the build instead of shipping.
# Third-party code (ImGui, SDL2, nlohmann_json, Catch2; cmake/ThirdParty.cmake) is
# defined in the top directory and never gets these flags; its include directories are
# SYSTEM, so its headers do not warn inside our files either.
add_library(gpuwise_warnings INTERFACE)
target_compile_options(gpuwise_warnings INTERFACE -Wall -Wextra -Wshadow -Wconversion -Werror)
# clang's -Wconversion also turns on -Wsign-conversion, gcc's does not (in C++). The code
# indexes with int (catalog.find() returns -1 for "none"), and most changes are only built
# with gcc: keep one meaning for both compilers, so a clean native build is clean on web
# and fuzz too. (Turning it on would take a cast at 66 int-to-size_t sites, 37 of them in src/ui.)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  target_compile_options(gpuwise_warnings INTERFACE -Wno-sign-conversion)
endif()

# Every target defined in src/, tests/ and bench/ (and their subfolders) is ours: link
# them all to gpuwise_warnings once every folder has been read, so a new target or a
# new folder there gets the flags without anyone remembering to add them.
function(_gpuwise_warnings_in_folder folder)
  get_property(_targets DIRECTORY "${folder}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(_t IN LISTS _targets)
    get_target_property(_type ${_t} TYPE)
    if(_type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|OBJECT_LIBRARY|MODULE_LIBRARY)$")
      target_link_libraries(${_t} PRIVATE gpuwise_warnings)
    endif()
  endforeach()
  get_property(_subfolders DIRECTORY "${folder}" PROPERTY SUBDIRECTORIES)
  foreach(_sub IN LISTS _subfolders)
    _gpuwise_warnings_in_folder("${_sub}")
  endforeach()
endfunction()

function(_gpuwise_warnings_for_our_targets)
  get_property(_subfolders DIRECTORY "${CMAKE_SOURCE_DIR}" PROPERTY SUBDIRECTORIES)
  foreach(_sub IN LISTS _subfolders)
    if(_sub MATCHES "^${CMAKE_SOURCE_DIR}/(src|tests|bench)(/|$)")
      _gpuwise_warnings_in_folder("${_sub}")
    endif()
  endforeach()
endfunction()
# Deferred to the end of the top CMakeLists.txt (which may return() early for fuzz/bench).
cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _gpuwise_warnings_for_our_targets)
