// Entry points of the sanitizer runtimes, declared for Swift. Only the builds that link a
// runtime (`make fuzz`, `make tsan`) call them.
#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, for fuzz targets whose `main` the package manager names itself.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

// Thread Sanitizer's annotations for a lock it cannot see.
void __tsan_acquire(void *address);
void __tsan_release(void *address);
