// Declarations only: libFuzzer (linked with -sanitize=fuzzer) defines the driver.
#include "CFuzzing.h"
