#define _GNU_SOURCE
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "openmp_limit.h"

// Keeps each Tesseract engine single-threaded.
//
// Debian's Tesseract is built with OpenMP, whose runtime spreads one recognition over all
// cores and makes it several times slower on small machines; filterocr gets its parallelism
// from several engines instead. libgomp reads OMP_THREAD_LIMIT only in its initialiser, before
// main (and from the environment the process started with), and Tesseract asks for its
// threads by number, so nothing set at run time holds. Restarting the process with the
// variable set, as earlier releases did, paid the whole start-up twice. Instead, the two entry
// points Tesseract enters a parallel region by are defined here, in the executable, where they
// come before libgomp's: they enter libgomp's with one thread, which runs the region itself
// and starts none. A limit the user set is libgomp's to apply, as given.

// A limit libgomp cannot read (empty, 0, "abc") is no limit: libgomp would say so on standard
// error and then ignore it, and filterocr would take it for the user's and let each engine
// start OpenMP's threads. libgomp reads the variable in its initialiser, which runs before any
// of the executable's constructors; only the executable's pre-initialisers run earlier, so one
// of them drops such an entry from the environment the process was given (libgomp and getenv
// read that same array). The parsing is libgomp's: spaces around a number from 1 up.
static int usable_limit(const char *value) {
    while (isspace((unsigned char)*value)) ++value;
    if (*value == '\0') return 0;
    errno = 0;
    char *end;
    unsigned long limit = strtoul(value, &end, 10);
    if (errno != 0 || end == value || (long)limit <= 0) return 0;
    while (isspace((unsigned char)*end)) ++end;
    return *end == '\0';
}

static void drop_unusable_limit(int argc, char **argv, char **environment) {
    (void)argc;
    (void)argv;
    static const char name[] = "OMP_THREAD_LIMIT=";
    for (char **entry = environment; entry && *entry; ++entry) {
        if (strncmp(*entry, name, sizeof name - 1) != 0 || usable_limit(*entry + sizeof name - 1)) continue;
        char **rest = entry;
        do { rest[0] = rest[1]; } while (*rest++);
        --entry;
    }
}

__attribute__((section(".preinit_array"), used))
static void (*const drop_unusable_limit_first)(int, char **, char **) = drop_unusable_limit;

typedef void (*parallel_entry)(void (*)(void *), void *, unsigned, unsigned);
typedef void (*sections_entry)(void (*)(void *), void *, unsigned, unsigned, unsigned);

static parallel_entry libgomp_parallel;
static sections_entry libgomp_parallel_sections;
static int single_threaded = 1;
static pthread_once_t resolved = PTHREAD_ONCE_INIT;

static void resolve(void) {
    single_threaded = getenv("OMP_THREAD_LIMIT") == NULL;
    libgomp_parallel = (parallel_entry)dlvsym(RTLD_NEXT, "GOMP_parallel", "GOMP_4.0");
    libgomp_parallel_sections = (sections_entry)dlvsym(RTLD_NEXT, "GOMP_parallel_sections", "GOMP_4.0");
}

int filterocr_openmp_single_threaded(void) {
    pthread_once(&resolved, resolve);
    return single_threaded;
}

void GOMP_parallel(void (*region)(void *), void *data, unsigned threads, unsigned flags) {
    unsigned wanted = filterocr_openmp_single_threaded() ? 1 : threads;
    if (libgomp_parallel) {
        libgomp_parallel(region, data, wanted, flags);
    } else {
        region(data);
    }
}

void GOMP_parallel_sections(void (*region)(void *), void *data, unsigned threads, unsigned count, unsigned flags) {
    unsigned wanted = filterocr_openmp_single_threaded() ? 1 : threads;
    if (libgomp_parallel_sections) {
        libgomp_parallel_sections(region, data, wanted, count, flags);
    } else {
        region(data);
    }
}
