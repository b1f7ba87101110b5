// How far an estimate may be off: the shared type every estimated figure carries
// (speed, training, serving, images). A class is engine x vendor family x phase
// ("llamacpp/NVIDIA/decode"); its ratios are the 10th and 90th percentiles of measured /
// predicted over the held-out (leave-one-card-out) predictions of its measured runs, so
// "114 tok/s, 95 to 130" says where nine runs in ten of that class fell. A class without
// measured runs gets a wide band of our own choosing and says "not measured".
#pragma once
#include <string>

namespace gpuwise {

struct Band {
  double low_ratio = 1;   // the low figure is the estimate times this (<= 1)
  double high_ratio = 1;  // the high figure is the estimate times this (>= 1)
  std::string class_key;  // "llamacpp/NVIDIA/decode"
  int samples = 0;        // measured runs behind the ratios; 0: not measured for this class

  bool measured() const { return samples > 0; }
  double low(double estimate) const { return estimate * low_ratio; }
  double high(double estimate) const { return estimate * high_ratio; }
};

}  // namespace gpuwise
