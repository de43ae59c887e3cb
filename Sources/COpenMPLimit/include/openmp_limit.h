#ifndef FILTEROCR_OPENMP_LIMIT_H
#define FILTEROCR_OPENMP_LIMIT_H

/// Whether Tesseract's parallel regions run on one thread, as filterocr runs them unless the
/// user set OMP_THREAD_LIMIT (see openmp_limit.c). Calling it also keeps that file's
/// definitions in the executable.
int filterocr_openmp_single_threaded(void);

#endif
