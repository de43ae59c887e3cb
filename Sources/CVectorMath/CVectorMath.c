// CVectorMath is header-only; SwiftPM needs one source file for a C target.
