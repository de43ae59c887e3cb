#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

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
