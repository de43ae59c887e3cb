#ifndef FILTEROCR_FILE_CALLS_H
#define FILTEROCR_FILE_CALLS_H

/// Linux calls that Swift's Glibc module does not declare (they need _GNU_SOURCE).

/// Renames `from` (relative to the folder `from_folder`) to `to` (relative to `to_folder`),
/// failing with EEXIST rather than replacing a file already named `to`. Returns 0, or -1
/// with errno set (EINVAL or ENOSYS where the file system cannot refuse to replace).
int filterocr_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to);

/// Takes a write lock on the one byte at `offset` of the open file `descriptor`, without
/// waiting, as an open file description lock (F_OFD_SETLK): it conflicts with every other
/// lock on that byte, the calling process's own POSIX locks included, and closing another
/// descriptor of the file does not drop it. Returns 0, or -1 with errno set (EAGAIN or
/// EACCES when the byte is locked).
int filterocr_lock_byte(int descriptor, long long offset);

#endif
