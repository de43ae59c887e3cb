import Imaging

extension AutoSearch {
    /// How the chains are first read on a sample of the page (`PageSample`), and how many of
    /// the best are then read whole.
    public struct Sampling: Sendable {
        /// About this share of the page's rows, in `bands` bands, and never more than `largestShare`.
        public var share = 0.15
        public var bands = 3
        public var largestShare = 0.4
        /// The chains read whole at most, of those whose samples beat the base's.
        public var finalists = 2
        /// The budget by default when chains are sampled: the samples of about a dozen chains
        /// and two of them read whole, which two engines read in about three plain
        /// recognitions' time (`docs/auto.md`).
        public var defaultBudget = 4.5

        public init(share: Double = 0.15, bands: Int = 3, largestShare: Double = 0.4, finalists: Int = 2) {
            (self.share, self.bands, self.largestShare, self.finalists) = (share, bands, largestShare, finalists)
        }

        func sample(of image: RGBImage, in space: WorkingSpace) -> PageSample? {
            PageSample.choose(in: image, space: space, share: share, count: bands, largestShare: largestShare)
        }
    }
}
