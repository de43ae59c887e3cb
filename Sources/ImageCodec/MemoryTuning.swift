internal import CTesseract

/// Process-wide allocator tuning for programs that filter many large images.
public enum MemoryTuning {
    /// Keeps freed image-sized buffers in the process for the next image.
    ///
    /// glibc returns every allocation above 32 MB to the kernel when it is freed, so each
    /// filter of a 12-megapixel image faults in (and the kernel zeroes) 180 MB of fresh pages,
    /// a quarter of the blur's time. Raising the thresholds lets the next filter reuse them.
    /// Call once at start-up, before the first image.
    public static func keepLargeBuffers() {
        _ = mallopt(M_MMAP_THRESHOLD, 512 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 1 << 30)
    }
}
