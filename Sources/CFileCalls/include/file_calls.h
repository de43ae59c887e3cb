#ifndef FILTEROCR_FILE_CALLS_H
#define FILTEROCR_FILE_CALLS_H

/// Linux calls that Swift's Glibc module does not declare (they need _GNU_SOURCE).

/// Renames `from` (relative to the folder `from_folder`) to `to` (relative to `to_folder`),
/// failing with EEXIST rather than replacing a file already named `to`. Returns 0, or -1
/// with errno set (EINVAL or ENOSYS where the file system cannot refuse to replace).
int filterocr_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to);

#endif
