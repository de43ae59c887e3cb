// Declarations only: the sanitizer runtimes define these functions.
#include "CSanitizers.h"
