#pragma once
namespace gpuwise {
// Set by CMake from project(VERSION); shown by `gpuwise --version` and the About tab.
const char* version();
}
